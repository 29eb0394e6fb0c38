/**
 * transport/exit: the server process starts, completes negotiation, and does not exit while in use
 * (spec:2026-07-28/basic/transports/stdio.mdx: an unexpected exit loses every in-flight request).
 */
import { defineCheck } from '../define.ts';
import type { ExitInfo } from '../../types.ts';
import type { Report } from '../util/report.ts';

export default defineCheck({
  meta: {
    id: 'transport/exit',
    defaultSeverity: 'error',
    description: 'The server process starts, completes negotiation and does not exit while in use.',
    rationale:
      'A server that fails to start or crashes mid-session loses every in-flight request; hosts show the user a dead connection. Each crash is reported with its exit code or signal, and each lost tool call separately.',
    spec: 'spec:2026-07-28/basic/transports/stdio.mdx; spec:2025-11-25/basic/lifecycle.mdx',
    messages: {
      spawnFailed: 'The server process could not be started.',
      negotiateFailed: 'The server process started but did not complete protocol negotiation (server/discover or initialize).',
      unexpectedExit: 'The server process exited unexpectedly {{how}} at {{atMs}} ms after spawn, while the harness was still using it.',
      callInFlight: "tools/call of '{{tool}}' ({{call}}) was in flight when the server process exited.",
      probeInFlight: "{{method}} (probe '{{probe}}') was in flight when the server process exited.",
    },
    examples: {
      fail: 'the process exits with code 1 while a tools/call is in flight',
      pass: 'the process answers every request and exits only after stdin closes',
    },
    needsSession: false,
  },
  check(ctx, report) {
    const { bootError, exits, calls, probes } = ctx.observation;
    if (bootError?.phase === 'spawn') report({ messageId: 'spawnFailed', evidence: bootError.message });
    if (bootError?.phase === 'negotiate') report({ messageId: 'negotiateFailed', evidence: bootError.message });
    for (const exit of exits) if (exit.unexpected) reportExit(exit, report);
    for (const { scenario, request } of calls) {
      if (request.outcome === 'exit') report({ messageId: 'callInFlight', tool: scenario.tool, data: { tool: scenario.tool, call: `scenario '${scenario.name}'` } });
    }
    for (const { probe, request } of probes) {
      if (request.outcome !== 'exit') continue;
      report({ messageId: 'probeInFlight', ...(probe.tool !== undefined ? { tool: probe.tool } : {}), data: { method: probe.method, probe: probe.id } });
    }
  },
});

/** One unexpected exit, named by its code or signal. */
function reportExit(exit: ExitInfo, report: Report): void {
  report({ messageId: 'unexpectedExit', data: { how: describeExit(exit), atMs: Math.round(exit.atMs) } });
}

/** `with code 1`, `by signal SIGSEGV`, or `without code or signal`. */
function describeExit(exit: Pick<ExitInfo, 'code' | 'signal'>): string {
  if (exit.signal !== null) return `by signal ${exit.signal}`;
  return exit.code !== null ? `with code ${exit.code}` : 'without code or signal';
}
