/**
 * transport/shutdown: the server exits after its stdin closes, without SIGTERM or SIGKILL, and leaves
 * no process of its tree behind (spec:2025-11-25/basic/lifecycle.mdx §Shutdown;
 * spec:2026-07-28/basic/transports/stdio.mdx §Shutdown: servers SHOULD exit promptly on stdin EOF).
 */
import { defineCheck } from '../define.ts';

export default defineCheck({
  meta: {
    id: 'transport/shutdown',
    defaultSeverity: 'warning',
    description: 'The server exits after stdin closes, without SIGTERM/SIGKILL, and leaves no orphaned processes.',
    rationale:
      'Hosts end a stdio server by closing its stdin; a server that ignores EOF keeps the host waiting for its kill timeouts, and orphaned child processes keep ports, files and memory after the host is gone.',
    spec: 'spec:2025-11-25/basic/lifecycle.mdx §Shutdown; spec:2026-07-28/basic/transports/stdio.mdx §Shutdown',
    messages: {
      neededSigterm: 'The server process did not exit within {{graceMs}} ms of stdin closing (timeouts.stdinGraceMs); it needed SIGTERM.',
      neededSigkill: 'The server process did not exit within {{graceMs}} ms of stdin closing (timeouts.stdinGraceMs), nor on SIGTERM; it was killed with SIGKILL.',
      orphans: "{{count}} process(es) of the server's process tree were still alive after shutdown.",
    },
    examples: {
      fail: 'a server that keeps an interval timer running after stdin EOF and only ends on SIGTERM',
      pass: "a server that calls process.exit() (or lets the event loop drain) on stdin 'end'",
    },
    needsSession: false,
    transports: ['stdio'],
  },
  check(ctx, report) {
    const shutdown = ctx.observation.shutdown;
    if (shutdown === undefined) return;
    const durationMs = Math.round(shutdown.durationMs);
    // only the configured budget goes into the message (never the measured time), so it is the same from
    // run to run (baselines, merges)
    const data = { graceMs: Math.round(shutdown.stdinGraceMs) };
    if (shutdown.endedBy === 'sigterm') report({ messageId: 'neededSigterm', data, evidence: { durationMs } });
    if (shutdown.endedBy === 'sigkill') report({ messageId: 'neededSigkill', data, evidence: { durationMs } });
    if (shutdown.survivors > 0) report({ messageId: 'orphans', severity: 'error', data: { count: shutdown.survivors } });
  },
});
