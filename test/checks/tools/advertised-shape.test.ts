import shape from '../../../harness/checks/tools/advertised-shape.ts';
import { checkTester, loadCase, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';

const arrayOutput = makeTool('list', { outputSchema: { type: 'array', items: { type: 'string' } } });

checkTester(shape, {
  examples: toolExample,
  valid: [
    { name: 'no-parameter tool (case 16)', observation: makeObservation({ tools: [loadCase('16').tool] }) },
    { name: 'array outputSchema on 2026-07-28', observation: makeObservation({ era: 'modern', tools: [arrayOutput] }) },
    { name: 'object outputSchema on 2025-03-26', observation: makeObservation({ protocolVersion: '2025-03-26', tools: [makeTool('o', { outputSchema: { type: 'object' } })] }) },
    { name: 'full tool on 2025-11-25', observation: makeObservation({ tools: [makeTool('f', { title: 'F', annotations: { readOnlyHint: true }, icons: [{ src: 'data:,' }], outputSchema: { type: 'object' } })] }) },
  ],
  invalid: [
    {
      name: 'inputSchema root anyOf (case 14)',
      observation: makeObservation({ tools: [loadCase('14').tool] }),
      findings: [{ messageId: 'inputRoot', tool: 'update_issue', pointer: '/inputSchema/type', severity: 'error', data: { tool: 'update_issue', detail: ' (root is an anyOf)' } }],
    },
    {
      name: 'array outputSchema on 2025-11-25',
      observation: makeObservation({ tools: [arrayOutput] }),
      findings: [{ messageId: 'outputRoot', tool: 'list', pointer: '/outputSchema/type', severity: 'error', data: { tool: 'list', detail: '', rule: 'revisions before 2026-07-28 require an object root' } }],
    },
    {
      name: 'array outputSchema on 2025-06-18: error (its Tool.outputSchema is an object)',
      observation: makeObservation({ protocolVersion: '2025-06-18', tools: [arrayOutput] }),
      findings: [{ messageId: 'outputRoot', tool: 'list', pointer: '/outputSchema/type', severity: 'error', message: 'list: outputSchema root does not declare type "object"; revisions before 2026-07-28 require an object root.' }],
    },
    {
      name: 'array outputSchema on 2025-03-26 (no Tool.outputSchema): a warning naming 2025-06-18',
      observation: makeObservation({ protocolVersion: '2025-03-26', tools: [arrayOutput] }),
      findings: [
        {
          messageId: 'outputRoot',
          tool: 'list',
          pointer: '/outputSchema/type',
          severity: 'warning',
          message:
            'list: outputSchema root does not declare type "object"; revision 2025-06-18 requires an object root (the negotiated 2025-03-26 defines no outputSchema), and clients such as the MCP SDKs parse tools/list with that shape whatever the revision.',
        },
      ],
    },
    {
      name: 'outputSchema that is not an object on 2024-11-05: a warning',
      observation: makeObservation({ protocolVersion: '2024-11-05', tools: [makeTool('s', { outputSchema: 'text' as never })] }),
      findings: [{ messageId: 'fieldType', tool: 's', pointer: '/outputSchema', severity: 'warning', message: 's: /outputSchema is not an object (the shape revision 2025-06-18 gives it; the negotiated 2024-11-05 defines no outputSchema).' }],
    },
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
