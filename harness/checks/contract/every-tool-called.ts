/**
 * contract/every-tool-called: every advertised tool was called at least once during the run (by a
 * scenario file or a generated scenario). Tools whose argument generation was refused (destructive,
 * not allowed) are noted at info with the reason kind instead; tools the run left out on purpose
 * (`--tool`, another call shard: `outOfScopeTools`) are not judged. Rule: contract (design §7 checkEveryToolCalled).
 */
import { defineCheck } from '../define.ts';
import { uncalledTools } from '../../invariants.ts';

export default defineCheck({
  meta: {
    id: 'contract/every-tool-called',
    defaultSeverity: 'error',
    description: 'Every advertised tool was called at least once.',
    rationale: 'A tool that is advertised but never exercised can be broken without any check noticing; coverage keeps the contract honest.',
    spec: 'rule:contract/every-tool-called (design §7 checkEveryToolCalled)',
    messages: {
      notCalled: '{{tool}} is advertised but was never called; add a scenario for it.',
      skipped: '{{tool}} is advertised but was not called: {{reason}}; add a scenario.',
    },
    examples: {
      fail: 'tools/list: ["search", "delete"]; calls: ["search"]',
      pass: 'tools/list: ["search", "delete"]; calls: ["search", "delete"]',
    },
  },
  check({ observation }, report) {
    const advertised = (observation.listing?.tools ?? []).map((t) => t.name).filter((n): n is string => typeof n === 'string');
    const called = observation.calls.map((c) => c.scenario.tool);
    const skipped = new Map(observation.skippedTools.map((s) => [s.tool, s.reason]));
    const outOfScope = new Set(observation.outOfScopeTools ?? []);
    for (const tool of uncalledTools(advertised, called)) {
      if (outOfScope.has(tool)) continue; // excluded by --tool or called in another shard

      const reason = skipped.get(tool);
      if (reason !== undefined) report({ messageId: 'skipped', severity: 'info', tool, data: { tool, reason } });
      else report({ messageId: 'notCalled', tool, data: { tool } });
    }
  },
});
