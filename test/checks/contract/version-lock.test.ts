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
  ],
  invalid: [
    { name: 'declared version differs', observation: makeObservation({ tools, negotiation: server('1.1.0'), options: { declaredVersion: '1.2.0' } as never }), findings: [{ messageId: 'declaredMismatch', pointer: '/serverInfo/version' }] },
    { name: 'schema changed under the same version', observation: makeObservation({ tools, negotiation: server('1.0.0'), contract: lock('1.0.0', 'f'.repeat(64)) }), findings: [{ messageId: 'unversionedChange', severity: 'error' }] },
  ],
});
