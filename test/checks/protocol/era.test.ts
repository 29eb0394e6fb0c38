import check from '../../../harness/checks/protocol/era.ts';
import { checkTester, makeObservation } from '../../helpers/check-tester.ts';

checkTester(check, {
  valid: [
    { name: 'modern era', observation: makeObservation({ era: 'modern' }) },
    { name: 'no negotiation (boot failed)', observation: { ...makeObservation(), negotiation: undefined } },
  ],
  invalid: [
    {
      name: 'legacy on the newest legacy revision (2025-11-25) is a note only',
      observation: makeObservation({ era: 'legacy', protocolVersion: '2025-11-25' }),
      findings: [{ messageId: 'legacyEra', severity: 'info' }],
    },
    {
      name: 'legacy on 2025-06-18, a revision the server supports, is a note (lifecycle §Version Negotiation)',
      observation: makeObservation({ era: 'legacy', protocolVersion: '2025-06-18' }),
      findings: [{ messageId: 'supersededRevision', severity: 'info', pointer: '/initialize/protocolVersion' }],
    },
    { name: 'legacy on 2024-11-05 is a note', observation: makeObservation({ era: 'legacy', protocolVersion: '2024-11-05' }), findings: [{ messageId: 'supersededRevision', severity: 'info' }] },
    {
      name: 'unknown revision from initialize',
      observation: makeObservation({ era: 'legacy', protocolVersion: '2099-01-01' }),
      findings: [{ messageId: 'unknownVersion', severity: 'warning' }],
    },
    {
      name: 'initialize answered with the modern revision',
      observation: makeObservation({ era: 'legacy', protocolVersion: '2026-07-28' }),
      findings: [{ messageId: 'modernViaInitialize', severity: 'warning' }],
    },
  ],
});
