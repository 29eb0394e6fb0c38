/**
 * contract/every-tool-called: every advertised tool was called at least once during the run (by a
 * scenario file or a generated scenario). A tool whose argument generation was refused is a warning that
 * says why and how to call it (`skipped`: not annotated `readOnlyHint: true`, so by the spec's default it
 * may change state, `destructiveHint: false` included: `--allow-destructive`, best with `--sandbox`; `notGenerated`: generation off or no
 * valid arguments: add a scenario). What was not tested must be impossible to miss (issue 9 §4), yet
 * the safe default stays: nothing destructive is called unasked. Tools the run left out on purpose
 * (`--tool`, another call shard: `outOfScopeTools`) are not judged. Rule: contract (harness/invariants.ts `uncalledTools`; docs/config.md §Command-line overrides).
 */
import { defineCheck } from '../define.ts';
import { uncalledTools } from '../../invariants.ts';

export default defineCheck({
  meta: {
    id: 'contract/every-tool-called',
    defaultSeverity: 'error',
    description: 'Every advertised tool was called at least once.',
    rationale: 'A tool that is advertised but never exercised can be broken without any check noticing; coverage keeps the contract honest.',
    spec: 'rule:contract/every-tool-called (docs/config.md §Command-line overrides; docs/reports.md §Reading many findings)',
    messages: {
      notCalled: '{{tool}} is advertised but was never called; add a scenario for it.',
      skipped: '{{tool}} was not called: it is not annotated readOnlyHint: true, so by the spec\'s default it may change state and no arguments were generated for it; call it with --allow-destructive (best with --sandbox), set generate.destructive, or add a scenario.',
      notGenerated: '{{tool}} was not called: {{reason}}; add a scenario for it.',
    },
    examples: {
      fail: 'tools/list: ["search", "delete"]; calls: ["search"]',
      pass: 'tools/list: ["search", "delete"]; calls: ["search", "delete"]',
    },
  },
  check({ observation }, report) {
    const advertised = (observation.listing?.tools ?? []).map((t) => t.name).filter((n): n is string => typeof n === 'string');
    const called = observation.calls.map((c) => c.scenario.tool);
    const skipped = new Map(observation.skippedTools.map((s) => [s.tool, s]));
    const outOfScope = new Set(observation.outOfScopeTools ?? []);
    for (const tool of uncalledTools(advertised, called)) {
      if (outOfScope.has(tool)) continue; // excluded by --tool or called in another shard

      const skip = skipped.get(tool);
      if (skip && (skip.kind ?? 'destructive') === 'destructive') report({ messageId: 'skipped', severity: 'warning', tool, data: { tool } });
      else if (skip) report({ messageId: 'notGenerated', severity: 'warning', tool, data: { tool, reason: skip.reason } });
      else report({ messageId: 'notCalled', tool, data: { tool } });
    }
  },
});
