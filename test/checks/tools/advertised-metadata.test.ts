import metadata from '../../../harness/checks/tools/advertised-metadata.ts';
import type { Contract } from '../../../harness/model/contract.ts';
import { checkTester, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const contract: Contract = {
  source: 'contract.ts',
  kind: 'module',
  tools: [{ name: 'a', title: 'A', description: 'Does a.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
};

checkTester(metadata, {
  valid: [
    { name: 'agreeing metadata', observation: makeObservation({ contract, tools: [makeTool('a', { title: 'A', description: 'Does a.', annotations: { readOnlyHint: true, openWorldHint: true } })] }), strict: true },
    { name: 'tools without a contract entry are left to tools/set-diff', observation: makeObservation({ contract, tools: [makeTool('other', { title: 'X' })] }), strict: true },
  ],
  invalid: [
    {
      name: 'description changed, hint flipped, title dropped',
      observation: makeObservation({ contract, tools: [makeTool('a', { description: 'Does b.', annotations: { readOnlyHint: false } })] }),
      findings: [
        { messageId: 'removed', tool: 'a', pointer: '/title' },
        { messageId: 'changed', tool: 'a', pointer: '/description' },
        { messageId: 'changed', tool: 'a', pointer: '/annotations/readOnlyHint' },
      ],
    },
  ],
});
