import shape from '../../../harness/checks/tools/advertised-shape.ts';
import { checkTester, loadCase, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';

const arrayOutput = makeTool('list', { outputSchema: { type: 'array', items: { type: 'string' } } });

checkTester(shape, {
  examples: toolExample,
  valid: [
    { name: 'no-parameter tool (case 16)', observation: makeObservation({ tools: [loadCase('16').tool] }) },
    { name: 'array outputSchema on 2026-07-28', observation: makeObservation({ era: 'modern', tools: [arrayOutput] }) },
    { name: 'full tool on 2025-11-25', observation: makeObservation({ tools: [makeTool('f', { title: 'F', annotations: { readOnlyHint: true }, icons: [{ src: 'data:,' }], outputSchema: { type: 'object' } })] }) },
  ],
  invalid: [
    {
      name: 'inputSchema root anyOf (case 14)',
      observation: makeObservation({ tools: [loadCase('14').tool] }),
      findings: [{ messageId: 'inputRoot', tool: 'update_issue', pointer: '/inputSchema/type', severity: 'error', data: { tool: 'update_issue', detail: ' (root is an anyOf)' } }],
    },
    { name: 'array outputSchema on 2025-11-25', observation: makeObservation({ tools: [arrayOutput] }), findings: [{ messageId: 'outputRoot', tool: 'list', pointer: '/outputSchema/type', data: { tool: 'list', detail: '' } }] },
    {
      name: 'wrong field types',
      observation: makeObservation({ tools: [makeTool('w', { description: 5 as never, icons: {} as never, annotations: [] as never })] }),
      findings: [
        { messageId: 'fieldType', pointer: '/description' },
        { messageId: 'fieldType', pointer: '/annotations' },
        { messageId: 'fieldType', pointer: '/icons' },
      ],
    },
  ],
});
