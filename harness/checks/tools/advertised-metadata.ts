/**
 * tools/advertised-metadata: each advertised tool's title, description and annotations agree with
 * its contract tool, and so does every `_meta` key the contract tool declares (check option
 * `metaKeys: string[]` narrows which). Annotations: against a contract module only the keys the entry
 * declares are compared (an absent key is not a claim: entries are often a Partial over the project's
 * own defaults), an absent advertised hint as its schema.ts default; against a lock (a record of what
 * the server advertised) every key either side has. Messages never quote texts or values.
 * Rule: contract (harness/invariants.ts `advertisedMetadataProblems`; docs/config.md §Contract modules).
 */
import { z } from 'zod';
import { defineCheck } from '../define.ts';
import { contractPairs } from '../util/contract.ts';
import { advertisedMetadataProblems, type MetadataProblem } from '../../invariants.ts';

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
    spec: 'rule:contract/metadata (docs/config.md §Contract modules); schema.ts ToolAnnotations',
    messages: {
      changed: '{{tool}} advertises {{field}} that differs from its contract.',
      added: '{{tool}} advertises {{field}}, which its contract does not declare.',
      removed: '{{tool}} advertises no {{field}}, which its contract declares.',
    } satisfies Record<MetadataProblem['messageId'], string>,
    examples: {
      fail: 'contract: {"annotations":{"readOnlyHint":true}}; advertised: {"annotations":{"readOnlyHint":false}}',
      pass: 'contract: {"annotations":{"readOnlyHint":true}}; advertised: {"annotations":{"readOnlyHint":true}}',
    },
    needsContract: true,
    optionsSchema: advertisedMetadataOptions,
  },
  check({ observation, options }, report) {
    const declaredAnnotationsOnly = observation.contract?.kind !== 'lock';
    for (const [contractTool, tool] of contractPairs(observation)) {
      for (const problem of advertisedMetadataProblems(contractTool, tool, { declaredAnnotationsOnly, metaKeys: options.metaKeys })) report(problem);
    }
  },
});
