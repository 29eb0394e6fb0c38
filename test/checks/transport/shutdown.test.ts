import check from '../../../harness/checks/transport/shutdown.ts';
import { checkTester, makeObservation } from '../../helpers/check-tester.ts';

const MODERN = '2026-07-28';
const LEGACY_BASIS = ' Revision 2025-11-25 sets the server no exit rule (its client sends SIGTERM after a reasonable time); 2026-07-28 asks servers to exit promptly when stdin closes, and hosts wait for it.';

checkTester(check, {
  valid: [
    { name: 'exited after stdin closed', observation: makeObservation({ shutdown: { endedBy: 'stdin-close', durationMs: 30, survivors: 0, stdinGraceMs: 2000 } }) },
    { name: 'had already exited', observation: makeObservation({ shutdown: { endedBy: 'already-exited', durationMs: 0, survivors: 0, stdinGraceMs: 2000 } }) },
    { name: 'no shutdown recorded', observation: makeObservation() },
    // a review: a restart that never answered initialize held the surface budget; the close now stops it mid-handshake,
    // and a server need not read stdin before its handshake ends
    {
      name: 'a restart the harness abandoned mid-handshake needed SIGTERM: not judged (ShutdownInfo.abandoned)',
      observation: makeObservation({ protocolVersion: MODERN, shutdown: { endedBy: 'sigterm', durationMs: 2010, survivors: 0, stdinGraceMs: 2000, abandoned: true } }),
    },
    {
      name: 'Streamable HTTP: the session ended and the server the harness started left nothing',
      observation: makeObservation({ transport: 'streamable-http', shutdown: { endedBy: 'session-end', durationMs: 5, survivors: 0, stdinGraceMs: 0 } }),
    },
  ],
  invalid: [
    // spec:2026-07-28/basic/transports/stdio.mdx §Shutdown: "Servers SHOULD exit promptly when their standard input is closed"
    {
      name: 'needed SIGTERM on 2026-07-28: a warning; the message names the configured grace, never the measured time',
      observation: makeObservation({ protocolVersion: MODERN, shutdown: { endedBy: 'sigterm', durationMs: 2010, survivors: 0, stdinGraceMs: 2000 } }),
      findings: [{ messageId: 'neededSigterm', severity: 'warning', message: 'The server process did not exit within 2000 ms of stdin closing (timeouts.stdinGraceMs); it needed SIGTERM.' }],
    },
    {
      name: 'the grace comes from the surface timeouts (500 ms)',
      observation: makeObservation({ protocolVersion: MODERN, shutdown: { endedBy: 'sigterm', durationMs: 612, survivors: 0, stdinGraceMs: 500 } }),
      findings: [{ messageId: 'neededSigterm', message: 'The server process did not exit within 500 ms of stdin closing (timeouts.stdinGraceMs); it needed SIGTERM.' }],
    },
    { name: 'needed SIGKILL on 2026-07-28: a warning', observation: makeObservation({ protocolVersion: MODERN, shutdown: { endedBy: 'sigkill', durationMs: 4020, survivors: 0, stdinGraceMs: 2000 } }), findings: [{ messageId: 'neededSigkill', severity: 'warning' }] },
    // the legacy lifecycle (2024-11-05 to 2025-11-25 §Shutdown) has the client send SIGTERM "if the server does not exit
    // within a reasonable time" and asks nothing of the server: a note (the sweep: @openbnb/mcp-server-airbnb, a 10 s timer)
    {
      name: 'a restart the harness abandoned mid-handshake left processes of its tree: still orphans',
      observation: makeObservation({ protocolVersion: MODERN, shutdown: { endedBy: 'sigterm', durationMs: 2010, survivors: 1, stdinGraceMs: 2000, abandoned: true } }),
      findings: [{ messageId: 'orphans', severity: 'error' }],
    },
    {
      name: 'needed SIGTERM on 2025-11-25: a note that says why',
      observation: makeObservation({ shutdown: { endedBy: 'sigterm', durationMs: 2010, survivors: 0, stdinGraceMs: 2000 } }),
      findings: [{ messageId: 'neededSigterm', severity: 'info', message: `The server process did not exit within 2000 ms of stdin closing (timeouts.stdinGraceMs); it needed SIGTERM.${LEGACY_BASIS}` }],
    },
    {
      name: 'needed SIGKILL on 2024-11-05: a note',
      observation: makeObservation({ protocolVersion: '2024-11-05', shutdown: { endedBy: 'sigkill', durationMs: 4020, survivors: 0, stdinGraceMs: 2000 } }),
      findings: [{ messageId: 'neededSigkill', severity: 'info', message: "The server process did not exit within 2000 ms of stdin closing (timeouts.stdinGraceMs), nor on SIGTERM; it was killed with SIGKILL. Revision 2024-11-05 sets the server no exit rule (its client sends SIGTERM after a reasonable time); 2026-07-28 asks servers to exit promptly when stdin closes, and hosts wait for it." }],
    },
    {
      name: 'stdout or stderr still open once the known tree was gone: an escaped daemon holds it (error, beside any orphans)',
      observation: makeObservation({ shutdown: { endedBy: 'stdin-close', durationMs: 20, survivors: 0, stdinGraceMs: 2000, stdioHeld: true } }),
      findings: [{ messageId: 'stdioHeld', severity: 'error', message: "After the server process exited and every process of its tree the harness could find was ended, the server's stdout or stderr was still open: a process started by the server that left its process group and dropped the harness's marker from its environment (a daemon) still holds it, and was left running." }],
    },
    {
      // the stop's notes on hostile review 29: a crash mid-run with a daemon holding its pipes drew nothing
      name: 'a crashed process whose stdout or stderr a daemon still held once its tree was swept: the same error, once',
      observation: makeObservation({
        exits: [{ atMs: 90, code: 1, signal: null, unexpected: true, stdioHeld: true }, { atMs: 190, code: 1, signal: null, unexpected: true, stdioHeld: true }, { atMs: 400, code: 0, signal: null, unexpected: false }],
        shutdown: { endedBy: 'stdin-close', durationMs: 20, survivors: 0, stdinGraceMs: 2000 },
      }),
      findings: [{ messageId: 'stdioHeld', severity: 'error' }],
    },
    {
      name: 'a crash with a held pipe that kept the session from starting (no shutdown of its own): the error still',
      observation: makeObservation({ exits: [{ atMs: 90, code: 1, signal: null, unexpected: true, stdioHeld: true }] }),
      findings: [{ messageId: 'stdioHeld', severity: 'error' }],
    },
    {
      name: 'orphaned children are an error; the sweep ended them all, and the message says so',
      observation: makeObservation({ shutdown: { endedBy: 'stdin-close', durationMs: 20, survivors: 2, stdinGraceMs: 2000 } }),
      findings: [{ messageId: 'orphans', severity: 'error', message: "2 process(es) of the server's process tree were still alive after shutdown. The harness killed them; none was left when it looked again." }],
    },
    {
      // a tree that kept forking past the sweep's bounds (the hostile-server review's B3): never imply they were all killed
      name: 'orphans the sweep could not confirm ended: the message says some may still be running (same messageId: the id does not depend on the machine)',
      observation: makeObservation({ shutdown: { endedBy: 'stdin-close', durationMs: 20, survivors: 5, survivorsMayRemain: true, stdinGraceMs: 2000 } }),
      findings: [{
        messageId: 'orphans',
        severity: 'error',
        message: "5 process(es) of the server's process tree were still alive after shutdown. The harness could not confirm that it ended them all (they kept starting new processes, or did not stop, until its sweep gave up): some may still be running.",
      }],
    },
    {
      // harness/run/observe.ts: the survivors of the server the harness started (command + url), once it stopped
      name: 'Streamable HTTP: processes of the started server\'s tree left after its stop are the same error',
      observation: makeObservation({ transport: 'streamable-http', shutdown: { endedBy: 'session-end', durationMs: 5, survivors: 1, stdinGraceMs: 0 } }),
      findings: [{ messageId: 'orphans', severity: 'error', message: "1 process(es) of the server's process tree were still alive after shutdown. The harness killed them; none was left when it looked again." }],
    },
    {
      name: 'Streamable HTTP: no stdin step is judged (only stdio has one)',
      observation: makeObservation({ transport: 'streamable-http', protocolVersion: MODERN, shutdown: { endedBy: 'sigterm', durationMs: 5, survivors: 1, stdinGraceMs: 0 } }),
      findings: [{ messageId: 'orphans', severity: 'error' }],
    },
    {
      name: 'both at once',
      observation: makeObservation({ protocolVersion: MODERN, shutdown: { endedBy: 'sigkill', durationMs: 4020, survivors: 1, stdinGraceMs: 2000 } }),
      findings: [{ messageId: 'neededSigkill' }, { messageId: 'orphans', severity: 'error' }],
    },
  ],
});
