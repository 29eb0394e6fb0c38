import check from '../../../harness/checks/transport/shutdown.ts';
import { checkTester, makeObservation } from '../../helpers/check-tester.ts';

checkTester(check, {
  valid: [
    { name: 'exited after stdin closed', observation: makeObservation({ shutdown: { endedBy: 'stdin-close', durationMs: 30, survivors: 0 } }), strict: true },
    { name: 'had already exited', observation: makeObservation({ shutdown: { endedBy: 'already-exited', durationMs: 0, survivors: 0 } }), strict: true },
    { name: 'no shutdown recorded', observation: makeObservation(), strict: true },
  ],
  invalid: [
    { name: 'needed SIGTERM', observation: makeObservation({ shutdown: { endedBy: 'sigterm', durationMs: 2010, survivors: 0 } }), findings: [{ messageId: 'neededSigterm', severity: 'warning' }] },
    { name: 'needed SIGKILL', observation: makeObservation({ shutdown: { endedBy: 'sigkill', durationMs: 4020, survivors: 0 } }), findings: [{ messageId: 'neededSigkill', severity: 'warning' }] },
    {
      name: 'orphaned children are an error',
      observation: makeObservation({ shutdown: { endedBy: 'stdin-close', durationMs: 20, survivors: 2 } }),
      findings: [{ messageId: 'orphans', severity: 'error' }],
    },
    {
      name: 'both at once',
      observation: makeObservation({ shutdown: { endedBy: 'sigkill', durationMs: 4020, survivors: 1 } }),
      findings: [{ messageId: 'neededSigkill' }, { messageId: 'orphans', severity: 'error' }],
    },
  ],
});
