/**
 * tools/input-narrowing: a surface's advertised inputSchema (and outputSchema, where it overrides
 * one) only narrows its contract's, under the enumerated narrowings of the comparator
 * (harness/schema/narrowing.ts). With the surface option `overrides: 'none'` the advertised schemas
 * must equal the contract's exactly (key order ignored); even a narrowing is reported.
 * Rule: contract (harness/invariants.ts `inputNarrowingProblems`; docs/architecture.md §The narrowing comparator); MCP anchor spec:2025-11-25/server/tools.mdx §Security Considerations.
 */
import { defineCheck } from '../define.ts';
import { contractPairs } from '../util/contract.ts';
import { inputNarrowingProblems, type NarrowingProblem } from '../../invariants.ts';
import { schemasIdentical } from '../../schema/compare.ts';

export default defineCheck({
  meta: {
    id: 'tools/input-narrowing',
    defaultSeverity: 'error',
    description: "A surface's advertised inputSchema and outputSchema only narrow its contract's (enumerated narrowings).",
    rationale: 'A surface derived from a shared contract that loses a type, a bound or an enum restriction accepts inputs the contract forbids; one whose outputSchema loosens promises less than its callers rely on.',
    spec: 'rule:contract/narrowing (docs/architecture.md §The narrowing comparator); spec:2025-11-25/server/tools.mdx §Security Considerations',
    messages: {
      undeclaredProperty: '{{tool}} advertises {{side}} property {{property}}, which its contract does not declare.',
      undeclaredRequired: '{{tool}} requires {{side}} property {{property}}, which its contract does not require.',
      widened: '{{tool}} advertises {{detail}}; per-surface overrides may only narrow.',
      schemaPresence: '{{tool}} {{detail}}.',
      notIdentical: "{{tool}} advertises {{field}} that differs from its contract, and the surface's overrides option is 'none'.",
    } satisfies Record<NarrowingProblem['messageId'] | 'notIdentical', string>,
    examples: {
      fail: 'contract: {"properties":{"name":{"type":"string"}}}; advertised: {"properties":{"name":{}}}',
      pass: 'contract: {"properties":{"n":{"type":"integer","maximum":100}}}; advertised: {"properties":{"n":{"type":"integer","maximum":50}}}',
    },
    needsContract: true,
  },
  check({ observation }, report) {
    for (const [contractTool, tool] of contractPairs(observation)) {
      for (const problem of inputNarrowingProblems(contractTool, tool)) report(problem);
      if (observation.options.overrides !== 'none') continue;
      for (const field of ['inputSchema', 'outputSchema'] as const) {
        if (!schemasIdentical(contractTool[field], tool[field])) report({ messageId: 'notIdentical', tool: tool.name, pointer: `/${field}`, data: { tool: tool.name, field } });
      }
    }
  },
});
