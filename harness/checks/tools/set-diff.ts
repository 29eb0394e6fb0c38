/**
 * tools/set-diff: the advertised tool set equals the contract's (by name): no contract tool missing,
 * no tool advertised beyond the contract. Rule: contract (harness/invariants.ts `toolSetProblems`; docs/config.md §Contract modules).
 */
import { defineCheck } from '../define.ts';
import { toolSetProblems, type ToolSetProblem } from '../../invariants.ts';
import { advertisedForContract, comparedContract } from '../util/contract.ts';

export default defineCheck({
  meta: {
    id: 'tools/set-diff',
    defaultSeverity: 'error',
    description: "The advertised tool set equals the contract's: nothing missing, nothing unexpected.",
    rationale: 'A surface that drops a tool breaks every caller of it; one that advertises an unlisted tool exposes behaviour nobody reviewed.',
    spec: 'rule:contract/tool-set (docs/config.md §Contract modules)',
    messages: {
      missing: '{{tool}} is in the contract but not advertised.',
      unexpected: '{{tool}} is advertised but not in the contract.',
    } satisfies Record<ToolSetProblem['messageId'], string>,
    examples: {
      fail: 'contract: ["search", "fetch"]; tools/list: ["search"]',
      pass: 'contract: ["search", "fetch"]; tools/list: ["fetch", "search"]',
    },
    needsContract: true,
  },
  check({ observation }, report) {
    const advertised = advertisedForContract(observation);
    const contract = comparedContract(observation);
    if (!contract || !advertised) return;
    for (const problem of toolSetProblems(contract.tools, advertised)) report(problem);
  },
});
