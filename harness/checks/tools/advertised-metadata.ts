/**
 * tools/advertised-metadata: each advertised tool's title, description and annotations agree with
 * its contract tool (absent hints compare as their schema.ts defaults). Messages never quote texts.
 * Rule: contract (design §7, `checkAdvertisedMetadata`).
 */
import { defineCheck } from '../define.ts';
import { contractPairs } from '../util/contract.ts';
import { advertisedMetadataProblems } from '../../invariants.ts';

export default defineCheck({
  meta: {
    id: 'tools/advertised-metadata',
    defaultSeverity: 'error',
    description: "Each tool's title, description and annotations agree with its contract.",
    rationale: 'Models choose tools by their description and hosts gate confirmation prompts on annotations; a surface that drifts from the contract changes agent behaviour silently.',
    spec: 'rule:contract/metadata (design §7 checkAdvertisedMetadata); schema.ts ToolAnnotations',
    messages: {
      changed: '{{tool}} advertises {{field}} that differs from its contract.',
      added: '{{tool}} advertises {{field}}, which its contract does not declare.',
      removed: '{{tool}} advertises no {{field}}, which its contract declares.',
    },
    examples: {
      fail: 'contract: {"annotations":{"readOnlyHint":true}}; advertised: {"annotations":{"readOnlyHint":false}}',
      pass: 'contract: {"annotations":{"readOnlyHint":true}}; advertised: {"annotations":{"readOnlyHint":true}}',
    },
    needsContract: true,
  },
  check({ observation }, report) {
    for (const [contractTool, tool] of contractPairs(observation)) {
      for (const p of advertisedMetadataProblems(contractTool, tool)) {
        report({ messageId: p.kind, tool: tool.name, pointer: p.pointer, data: { tool: tool.name, field: p.data?.field ?? p.pointer } });
      }
    }
  },
});
