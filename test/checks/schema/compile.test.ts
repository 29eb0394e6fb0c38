import compile from '../../../harness/checks/schema/compile.ts';
import { checkTester, loadCase, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const case08 = loadCase('08');

checkTester(compile, {
  valid: [
    { name: 'plain schemas', observation: makeObservation({ tools: [makeTool('a', { outputSchema: { type: 'object' } })] }), strict: true },
    { name: 'recursive $ref is valid (case 08 variant)', observation: makeObservation({ tools: [makeTool('v', { outputSchema: case08.exchange?.recursive_variant_outputSchema as never })] }), strict: true },
    { name: 'unknown dialect is left to schema/dialect', observation: makeObservation({ tools: [makeTool('d', { inputSchema: { $schema: 'urn:x', type: 'object' } })] }), strict: true },
  ],
  invalid: [
    {
      name: 'dangling $ref in outputSchema (case 08)',
      observation: makeObservation({ tools: [case08.tool] }),
      findings: [{ messageId: 'unresolvedRef', tool: 'upload_design', pointer: '/outputSchema/properties/variantScreenInstance/$ref', severity: 'error' }],
    },
    {
      name: 'remote $ref in inputSchema',
      observation: makeObservation({ tools: [makeTool('r', { inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.invalid/a.json' } } } })] }),
      findings: [{ messageId: 'remoteRef', tool: 'r', pointer: '/inputSchema/properties/a/$ref' }],
    },
  ],
});
