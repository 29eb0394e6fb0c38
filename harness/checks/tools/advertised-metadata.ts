/**
 * tools/advertised-metadata: each advertised tool's title, description and annotations agree with
 * its contract tool, and so does every `_meta` key the contract tool declares (check option
 * `metaKeys: string[]` narrows which). Annotations: against a contract module only the keys the entry
 * declares are compared (an absent key is not a claim: entries are often a Partial over the project's
 * own defaults), an absent advertised hint as its schema.ts default; against a lock (a record of what
 * the server advertised) every key either side has. Messages never quote texts or values.
 * Rule: contract (design §7, `checkAdvertisedMetadata`).
 */
import { z } from 'zod';
import { defineCheck } from '../define.ts';
import { contractPairs } from '../util/contract.ts';
import { isJsonObject, jsonEqual } from '../util/json.ts';
import { advertisedMetadataProblems } from '../../invariants.ts';
import { joinPointer } from '../../schema/pointer.ts';

/**
 * The `_meta` keys a contract tool declares (all, or those of `keys`) that the advertised tool does
 * not carry with an equal value: `[messageId, pointer]` pairs (`/_meta/<key>`).
 */
export function metaDifferences(contract: unknown, advertised: unknown, keys?: readonly string[]): Array<['changed' | 'removed', string]> {
  const want = isJsonObject(contract) ? contract : {};
  const got = isJsonObject(advertised) ? advertised : {};
  const names = Object.keys(want).filter((k) => keys === undefined || keys.includes(k));
  return names.flatMap((k): Array<['changed' | 'removed', string]> => {
    if (!Object.prototype.hasOwnProperty.call(got, k)) return [['removed', joinPointer('/_meta', k)]];
    return jsonEqual(want[k], got[k]) ? [] : [['changed', joinPointer('/_meta', k)]];
  });
}

/** The options of tools/advertised-metadata. */
export const advertisedMetadataOptions = z.strictObject({
  metaKeys: z.array(z.string()).optional().describe('The `_meta` keys compared (default every key the contract tool declares).'),
});

export default defineCheck({
  meta: {
    id: 'tools/advertised-metadata',
    defaultSeverity: 'error',
    description: "Each tool's title, description, annotations and declared _meta keys agree with its contract.",
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
    optionsSchema: advertisedMetadataOptions,
  },
  check({ observation, options }, report) {
    const keys = options.metaKeys;
    const declaredAnnotationsOnly = observation.contract?.kind !== 'lock';
    for (const [contractTool, tool] of contractPairs(observation)) {
      for (const p of advertisedMetadataProblems(contractTool, tool, { declaredAnnotationsOnly })) {
        report({ messageId: p.kind, tool: tool.name, pointer: p.pointer, data: { tool: tool.name, field: p.data?.field ?? p.pointer } });
      }
      for (const [messageId, pointer] of metaDifferences(contractTool._meta, (tool as { _meta?: unknown })._meta, keys)) {
        report({ messageId, tool: tool.name, pointer, data: { tool: tool.name, field: pointer } });
      }
    }
  },
});
