import check from '../../../harness/checks/transport/shutdown.ts';
import { checkTester, makeObservation } from '../../helpers/check-tester.ts';

checkTester(check, {
  valid: [
    { name: 'exited after stdin closed', observation: makeObservation({ shutdown: { endedBy: 'stdin-close', durationMs: 30, survivors: 0, stdinGraceMs: 2000 } }) },
    { name: 'had already exited', observation: makeObservation({ shutdown: { endedBy: 'already-exited', durationMs: 0, survivors: 0, stdinGraceMs: 2000 } }) },
    { name: 'no shutdown recorded', observation: makeObservation() },
  ],
  invalid: [
    {
      name: 'needed SIGTERM: the message names the configured grace, never the measured time',
      observation: makeObservation({ shutdown: { endedBy: 'sigterm', durationMs: 2010, survivors: 0, stdinGraceMs: 2000 } }),
      findings: [{ messageId: 'neededSigterm', severity: 'warning', message: 'The server process did not exit within 2000 ms of stdin closing (timeouts.stdinGraceMs); it needed SIGTERM.' }],
    },
    {
      name: 'the grace comes from the surface timeouts (500 ms)',
      observation: makeObservation({ shutdown: { endedBy: 'sigterm', durationMs: 612, survivors: 0, stdinGraceMs: 500 } }),
      findings: [{ messageId: 'neededSigterm', message: 'The server process did not exit within 500 ms of stdin closing (timeouts.stdinGraceMs); it needed SIGTERM.' }],
    },
    { name: 'needed SIGKILL', observation: makeObservation({ shutdown: { endedBy: 'sigkill', durationMs: 4020, survivors: 0, stdinGraceMs: 2000 } }), findings: [{ messageId: 'neededSigkill', severity: 'warning' }] },
    {
      name: 'orphaned children are an error',
      observation: makeObservation({ shutdown: { endedBy: 'stdin-close', durationMs: 20, survivors: 2, stdinGraceMs: 2000 } }),
      findings: [{ messageId: 'orphans', severity: 'error' }],
    },
    {
      name: 'both at once',
      observation: makeObservation({ shutdown: { endedBy: 'sigkill', durationMs: 4020, survivors: 1, stdinGraceMs: 2000 } }),
      findings: [{ messageId: 'neededSigkill' }, { messageId: 'orphans', severity: 'error' }],
    },
  ],
});
