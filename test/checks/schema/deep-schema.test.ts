/**
 * A tool whose schemas are nested ~2,000 levels deep (reviewer finding: such a surface crashed the
 * run with a stack overflow in canonical hashing and spent seconds in $ref indexing). schema/compile
 * reports it once; every other check (all of the catalog, plan and check) runs over it without throwing.
 */
import { describe, expect, it } from 'vitest';
import compile from '../../../harness/checks/schema/compile.ts';
import { checkLoaders } from '../../../harness/checks/index.ts';
import { MAX_SCHEMA_DEPTH } from '../../../harness/schema/depth.ts';
import { createSchemaService } from '../../../harness/schema/ajv.ts';
import { describeDifference, schemaDifferences } from '../../../harness/schema/narrowing.ts';
import type { Contract } from '../../../harness/model/contract.ts';
import { checkTester, makeCall, makeObservation, makeTool, runCheckOn } from '../../helpers/check-tester.ts';
import { deepSchema } from '../../schema/deep.ts';

const deep = makeTool('deep', { annotations: { readOnlyHint: true }, inputSchema: deepSchema(2_000), outputSchema: deepSchema(2_000, { $ref: '#' }) });
const recursive = makeTool('tree', { inputSchema: { type: 'object', properties: { child: { $ref: '#' } } } });

checkTester(compile, {
  coverage: false,
  valid: [{ name: 'a recursive root ($ref "#", as zod emits) compiles', observation: makeObservation({ tools: [recursive] }) }],
  invalid: [
    {
      name: 'a schema nested 2,000 levels is a compile error, not a crash',
      observation: makeObservation({ tools: [deep] }),
      findings: [
        { messageId: 'compileError', tool: 'deep', pointer: '/inputSchema' },
        { messageId: 'compileError', tool: 'deep', pointer: '/outputSchema' },
      ],
    },
  ],
});

describe('a 2,000-level schema', () => {
  it('names the depth limit in the schema/compile message', () => {
    const [finding] = runCheckOn(compile, makeObservation({ tools: [deep] }));
    expect(finding.message).toBe(`deep: inputSchema does not compile (nested deeper than ${MAX_SCHEMA_DEPTH} levels; not evaluated).`);
  });

  it('crashes no check of the catalog (plan and check), with a call, probes and a contract of the same tool', async () => {
    const contract: Contract = { source: 'c.json', kind: 'lock', tools: [{ name: 'deep', inputSchema: deepSchema(2_000, { type: 'number' }) }] };
    const calls = [makeCall('deep', { result: { content: [], structuredContent: deepSchema(2_000) } }, { scenario: { arguments: { child: {} } } })];
    const observation = makeObservation({ tools: [deep, recursive], contract, calls });
    for (const [id, load] of Object.entries(checkLoaders)) {
      const check = (await load()).default;
      expect(() => check.plan?.({ observation, schemas: createSchemaService(), options: {} }), id).not.toThrow();
      expect(() => runCheckOn(check, observation), id).not.toThrow();
    }
  });

  it('is one too-deep difference for the narrowing comparator', () => {
    const diffs = schemaDifferences(deepSchema(2_000, { type: 'number' }), deepSchema(2_000));
    expect(diffs).toEqual([{ pointer: '', kind: 'too-deep', keyword: 'schema' }]);
    expect(describeDifference(diffs[0], '/inputSchema')).toContain(`nested deeper than ${MAX_SCHEMA_DEPTH} levels`);
    expect(schemaDifferences(deepSchema(2_000), deepSchema(2_000))).toEqual([]);
  });
});

describe('narrowing under the limit', () => {
  it('still compares keyword by keyword just under the depth limit', () => {
    const levels = MAX_SCHEMA_DEPTH / 2 - 1;
    const diffs = schemaDifferences(deepSchema(levels, { type: 'number', maximum: 5 }), deepSchema(levels, { type: 'number', maximum: 9 }));
    expect(diffs).toEqual([expect.objectContaining({ kind: 'loosened-bound', keyword: 'maximum' })]);
  });
});
