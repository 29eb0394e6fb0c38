/**
 * transport/shutdown: the server exits after its stdin closes, without SIGTERM or SIGKILL, and leaves
 * no process of its tree behind.
 * - Needing SIGTERM or SIGKILL: a warning on 2026-07-28 (spec:2026-07-28/basic/transports/stdio.mdx §Shutdown:
 *   "Servers SHOULD exit promptly when their standard input is closed"); a note on the revisions before it,
 *   which give the server no exit rule: their lifecycle (spec:2025-11-25/basic/lifecycle.mdx §Shutdown, the same
 *   text since 2024-11-05) has the client close stdin, wait, and send SIGTERM, then SIGKILL, "if the server does
 *   not exit within a reasonable time", so a legacy server that ends on SIGTERM breaks nothing (the sweep of
 *   published servers: @openbnb/mcp-server-airbnb, a 10 s timer after a failed start-up fetch; a server exiting
 *   2.1-3.2 s after EOF drew the warning in 3 runs of 8).
 * - Processes of its tree still alive after shutdown: an error (the harness's own rule: a host is left with them); the
 *   message says whether the harness's sweep ended them all (harness/session/stdio/sweep.ts). On Streamable HTTP, the
 *   tree of the server the harness started (command + url) once it exited on its stop (SIGTERM to the tree, as
 *   Playwright's webServer): the same finding. The stdin steps have no HTTP counterpart (no stdin), so only it applies.
 * - A restart the harness abandoned mid-handshake when it closed the session (an interrupt, the surface budget:
 *   ShutdownInfo.abandoned): only its survivors are judged; the steps it took to end say nothing of its shutdown.
 * - Its stdout or stderr still open once the leader exited and its tree was swept (`stdioHeld`, an error like orphans):
 *   a process the sweep cannot find (no marker, another session: docs/security.md) holds the pipe. A pipe's end reaches
 *   its reader once its last writer is gone, so this reads no clock (harness/session/stdio/server-process.ts
 *   `stdioHeldOpen`). Hostile review 29: a server whose helper daemonised (double fork, setsid, a clean environment)
 *   with the pipes inherited passed with exit 0 while the helper outlived the run. The same after a process's unexpected
 *   exit (ExitInfo.stdioHeld: its tree is swept and its pipes read the same way before they are released): a server that
 *   crashed mid-run with such a helper drew nothing before (verdicts/crash-holding-pipes.mjs). Once per surface.
 */
import { defineCheck } from '../define.ts';
import { atLeastRevision } from '../../wire/revision.ts';

/** The revision whose stdio transport asks servers to exit on stdin EOF (spec:2026-07-28/basic/transports/stdio.mdx §Shutdown). */
const EXIT_ON_EOF_REVISION = '2026-07-28';

/** The end of the orphans message when the harness's sweep saw none left (harness/session/stdio/sweep.ts). */
const KILLED = 'The harness killed them; none was left when it looked again.';
/** ... and when the sweep hit its bounds first: never imply they were all ended. */
const MAY_REMAIN = 'The harness could not confirm that it ended them all (they kept starting new processes, or did not stop, until its sweep gave up): some may still be running.';

export default defineCheck({
  meta: {
    id: 'transport/shutdown',
    defaultSeverity: 'warning',
    description: 'The server exits after stdin closes, without SIGTERM/SIGKILL, and leaves no orphaned processes (a Streamable HTTP server the harness starts: none once it stopped).',
    rationale:
      'Hosts end a stdio server by closing its stdin; a server that ignores EOF keeps the host waiting for its kill timeouts, and orphaned child processes keep ports, files and memory after the host is gone.',
    spec: 'spec:2025-11-25/basic/lifecycle.mdx §Shutdown; spec:2026-07-28/basic/transports/stdio.mdx §Shutdown',
    messages: {
      neededSigterm: 'The server process did not exit within {{graceMs}} ms of stdin closing (timeouts.stdinGraceMs); it needed SIGTERM.{{basis}}',
      neededSigkill: 'The server process did not exit within {{graceMs}} ms of stdin closing (timeouts.stdinGraceMs), nor on SIGTERM; it was killed with SIGKILL.{{basis}}',
      orphans: "{{count}} process(es) of the server's process tree were still alive after shutdown. {{outcome}}",
      stdioHeld:
        "After the server process exited and every process of its tree the harness could find was ended, the server's stdout or stderr was still open: a process started by the server that left its process group and dropped the harness's marker from its environment (a daemon) still holds it, and was left running.",
    },
    fixes: {
      stdioHeld:
        "A helper the server starts must not outlive it: keep it in the server's process group (no `detached: true` / `setsid`), or end it when stdin closes; never hand it the server's stdout and stderr (`stdio: 'ignore'` or a log file), which the host reads until every writer is gone. Look for it by hand (`ps -eo pid,sid,args`): the harness cannot tell it from any other process of the user and did not kill it (docs/security.md).",
      orphans:
        "End the processes you start when stdin closes, or (a Streamable HTTP server) on SIGTERM: kill them, or have them watch their parent. The message's last sentence says what the harness did: 'The harness killed them' when its sweep (freeze every process carrying the server's marker or in its process group, kill them, look again until none is left) ended them all; 'some may still be running' when they kept starting new processes or did not stop until the sweep gave up (2 s): look for them by hand. A process that removed `MCP_HARNESS_PROCESS` from its environment and left the process group is not found at all, with or without `--isolate` (docs/security.md).",
    },
    examples: {
      fail: 'a server that keeps an interval timer running after stdin EOF and only ends on SIGTERM',
      pass: "a server that calls process.exit() (or lets the event loop drain) on stdin 'end'",
    },
    needsSession: false,
    transports: ['stdio', 'streamable-http'],
  },
  check(ctx, report) {
    const shutdown = ctx.observation.shutdown;
    // a process that crashed (ExitInfo.stdioHeld) left a daemon holding its pipes just the same: named once with the shutdown's
    const crashHeld = ctx.observation.exits.some((exit) => exit.unexpected && exit.stdioHeld === true);
    if (shutdown === undefined) {
      if (crashHeld) report({ messageId: 'stdioHeld', severity: 'error' });
      return;
    }
    const durationMs = Math.round(shutdown.durationMs);
    // only the configured budget goes into the message (never the measured time), so it is the same from
    // run to run (baselines, merges)
    const version = ctx.observation.negotiation?.protocolVersion;
    // an unknown revision (no handshake) is judged by the newest rule, as the other revision-bound checks do
    const bound = version === undefined || atLeastRevision(version, EXIT_ON_EOF_REVISION);
    const basis = bound
      ? ''
      : ` Revision ${version} sets the server no exit rule (its client sends SIGTERM after a reasonable time); ${EXIT_ON_EOF_REVISION} asks servers to exit promptly when stdin closes, and hosts wait for it.`;
    const data = { graceMs: Math.round(shutdown.stdinGraceMs), basis };
    const severity = bound ? 'warning' : 'info';
    // the stdin steps are stdio's (a Streamable HTTP connection has no stdin; its server is stopped with SIGTERM)
    // nor for a restart the harness abandoned mid-handshake when it closed the session (ShutdownInfo.abandoned): a server
    // need not read stdin before its handshake ends, so the signal it took says nothing of its shutdown
    const stdio = ctx.observation.transport === 'stdio' && shutdown.abandoned !== true;
    if (stdio && shutdown.endedBy === 'sigterm') report({ messageId: 'neededSigterm', severity, data, evidence: { durationMs } });
    if (stdio && shutdown.endedBy === 'sigkill') report({ messageId: 'neededSigkill', severity, data, evidence: { durationMs } });
    // whether the sweep converged within its bounds depends on the machine: message data, never the messageId
    if (shutdown.survivors > 0) report({ messageId: 'orphans', severity: 'error', data: { count: shutdown.survivors, outcome: shutdown.survivorsMayRemain ? MAY_REMAIN : KILLED } });
    // a pipe still open with no process of the tree left: an escaped process holds it (ShutdownInfo.stdioHeld)
    if (shutdown.stdioHeld === true || crashHeld) report({ messageId: 'stdioHeld', severity: 'error' });
  },
});
