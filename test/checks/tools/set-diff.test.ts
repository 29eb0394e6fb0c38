import setDiff from '../../../harness/checks/tools/set-diff.ts';
import type { Contract } from '../../../harness/model/contract.ts';
import { checkTester, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const contract = (...names: string[]): Contract => ({ source: 'contract.ts', kind: 'module', tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) });

checkTester(setDiff, {
  valid: [{ name: 'same set, other order', observation: makeObservation({ contract: contract('a', 'b'), tools: [makeTool('b'), makeTool('a')] }) }],
  invalid: [
    {
      name: 'one missing, one unexpected',
      observation: makeObservation({ contract: contract('a', 'b'), tools: [makeTool('a'), makeTool('z')] }),
      findings: [
        { messageId: 'missing', tool: 'b', severity: 'error', data: { tool: 'b' } },
        { messageId: 'unexpected', tool: 'z', severity: 'error' },
      ],
    },
  ],
});
