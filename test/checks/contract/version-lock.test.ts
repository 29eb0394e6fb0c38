import versionLock from '../../../harness/checks/contract/version-lock.ts';
import { hashToolSchemas } from '../../../harness/invariants.ts';
import type { Contract } from '../../../harness/model/contract.ts';
import type { Negotiation } from '../../../harness/model/observation.ts';
import { checkTester, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const tools = [makeTool('a')];
const server = (version: string) => ({ serverInfo: { name: 's', version } }) as Partial<Negotiation> as Negotiation;
const lock = (version: string, schemaHash: string): Contract => ({ source: 'mcp.lock.json', kind: 'lock', tools: [], serverInfo: { name: 's', version }, schemaHash });

checkTester(versionLock, {
  valid: [
    { name: 'declared version equals serverInfo.version', observation: makeObservation({ tools, negotiation: server('1.2.0'), options: { declaredVersion: '1.2.0' } as never }), strict: true },
    { name: 'lock unchanged', observation: makeObservation({ tools, negotiation: server('1.0.0'), contract: lock('1.0.0', hashToolSchemas(tools)) }), strict: true },
    { name: 'schema changed with a version bump', observation: makeObservation({ tools, negotiation: server('1.1.0'), contract: lock('1.0.0', 'f'.repeat(64)) }), strict: true },
    {
      name: 'every declared source agrees (manifest, a module constant, a literal)',
      observation: makeObservation({ tools, negotiation: server('3.2.1'), options: { declaredVersion: '3.2.1', declaredVersions: [{ source: 'its package manifest', version: '3.2.1' }, { source: 'src/compat.ts#LATEST', version: '3.2.1' }, { source: 'the config', version: '3.2.1' }] } as never }),
      strict: true,
    },
  ],
  invalid: [
    {
      name: 'each declared source that differs is named',
      observation: makeObservation({ tools, negotiation: server('3.2.1'), options: { declaredVersion: '3.2.1', declaredVersions: [{ source: 'its package manifest', version: '3.2.1' }, { source: 'src/compat.ts#LATEST', version: '3.2.0' }, { source: 'src/other.ts#V' }] } as never }),
      findings: [
        { messageId: 'sourceMismatch', pointer: '/serverInfo/version', message: 'serverInfo.version differs from the version src/compat.ts#LATEST declares.' },
        { messageId: 'sourceMissing', pointer: '/serverInfo/version', message: 'src/other.ts#V declares no version to agree with serverInfo.version.' },
      ],
    },
    { name: 'declared version differs', observation: makeObservation({ tools, negotiation: server('1.1.0'), options: { declaredVersion: '1.2.0' } as never }), findings: [{ messageId: 'declaredMismatch', pointer: '/serverInfo/version' }] },
    { name: 'schema changed under the same version', observation: makeObservation({ tools, negotiation: server('1.0.0'), contract: lock('1.0.0', 'f'.repeat(64)) }), findings: [{ messageId: 'unversionedChange', severity: 'error' }] },
  ],
});
