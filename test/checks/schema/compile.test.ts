import compile from '../../../harness/checks/schema/compile.ts';
import { checkTester, loadCase, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';
import { deepSchema } from '../../schema/deep.ts';

const case08 = loadCase('08');

checkTester(compile, {
  examples: toolExample,
  valid: [
    { name: 'plain schemas', observation: makeObservation({ tools: [makeTool('a', { outputSchema: { type: 'object' } })] }) },
    { name: 'recursive $ref is valid (case 08 variant)', observation: makeObservation({ tools: [makeTool('v', { outputSchema: case08.exchange?.recursive_variant_outputSchema as never })] }) },
    { name: 'unknown dialect is left to schema/dialect', observation: makeObservation({ tools: [makeTool('d', { inputSchema: { $schema: 'urn:x', type: 'object' } })] }) },
    // JSON Schema Validation §6.1.2 (draft-06 §6.23): an empty enum is valid (it admits no value); ajv refuses to compile one
    // ("enum must have non-empty array"), so the harness compiles an equivalent copy (harness/schema/empty-enum.ts)
    ...[undefined, 'https://json-schema.org/draft/2020-12/schema', 'https://json-schema.org/draft/2019-09/schema', 'http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-06/schema#'].map((uri) => ({
      name: `an empty enum compiles under ${uri ?? 'the 2020-12 default'} (with a not beside it, in $defs, and repeating members elsewhere)`,
      observation: makeObservation({
        tools: [
          makeTool('probe', {
            inputSchema: {
              ...(uri ? { $schema: uri } : {}),
              type: 'object',
              properties: { mode: { type: 'string', enum: [] }, q: { type: 'string' }, r: { not: { type: 'number' }, enum: [] }, s: { $ref: '#/definitions/None' }, t: { enum: ['a', 'a'] } },
              definitions: { None: { enum: [] } },
              required: ['q'],
            },
          }),
        ],
      }),
    })),
    {
      // JSON Schema 2020-12 Validation §6.3.3: a pattern "SHOULD be" ECMA-262; one valid only without the u flag is schema/regex's warning
      name: 'a pattern valid ECMA-262 only without the u flag compiles (schema/regex names it)',
      observation: makeObservation({ tools: [makeTool('p', { inputSchema: { type: 'object', properties: { phone: { type: 'string', pattern: '^\\d{3}\\-\\d{4}$' }, raw: { type: 'string', pattern: 'x{' } } } })] }),
    },
  ],
  invalid: [
    {
      name: 'a pattern that is not ECMA-262 with or without the u flag does not compile',
      observation: makeObservation({ tools: [makeTool('p', { inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '(' } } } })] }),
      findings: [{ messageId: 'compileError', tool: 'p', pointer: '/inputSchema', severity: 'error', data: { tool: 'p', field: 'inputSchema', reason: 'pattern is not a valid ECMA-262 regular expression (with or without the u flag)' } }],
    },
    {
      name: 'dangling $ref in outputSchema (case 08)',
      observation: makeObservation({ tools: [case08.tool] }),
      findings: [{ messageId: 'unresolvedRef', tool: 'upload_design', pointer: '/outputSchema/properties/variantScreenInstance/$ref', severity: 'error' }],
    },
    {
      name: 'remote $ref in inputSchema: a warning',
      observation: makeObservation({ tools: [makeTool('r', { inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.invalid/a.json' } } } })] }),
      // a warning: no revision forbids a server to write one; 2026-07-28 §$ref Resolution tells clients to reject it
      findings: [{ messageId: 'remoteRef', tool: 'r', pointer: '/inputSchema/properties/a/$ref', severity: 'warning' }],
    },
    {
      name: 'a schema nested past the depth guard does not compile (more in deep-schema.test.ts)',
      observation: makeObservation({ tools: [makeTool('deep', { outputSchema: deepSchema(300) })] }),
      findings: [{ messageId: 'compileError', tool: 'deep', pointer: '/outputSchema', severity: 'error' }],
    },
  ],
});
