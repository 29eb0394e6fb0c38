/**
 * transport/stdout: nothing but JSON-RPC messages on stdout, from spawn to exit
 * (spec:2025-11-25/basic/transports.mdx §stdio: the server MUST NOT write anything to its stdout that
 * is not a valid MCP message; logs belong on stderr). JSON-RPC batches (arrays) were removed in
 * spec:2025-06-18/changelog.mdx; a batch line is named as such. Each offending line's finding carries
 * the pointer `/stdout/line/N`. A line over the frame limit (`maxLineBytes`) is never parsed: it is
 * named as such (warning: the harness cannot tell what it held) and the request it answered failed at
 * once (outcome `oversize`). A request that drew more than FLOOD_NOTIFICATIONS notifications before its
 * answer is a flood (warning): the harness keeps a bounded sample and counts the rest.
 */
import { defineCheck } from '../define.ts';
import type { RequestRecord, StdoutLine } from '../../model/wire.ts';

/** Notifications tied to one request above which it is reported as a flood. */
export const FLOOD_NOTIFICATIONS = 10_000;

/** Offending lines reported one by one before a summary finding. */
const MAX_LINE_FINDINGS = 20;

/** How an offending line is classified in the message: not JSON, a JSON-RPC batch array, other JSON. */
type LineClass = 'text' | 'batch' | 'json';

const CLASS_TEXT: Record<LineClass, string> = {
  text: 'not a JSON-RPC message (not JSON at all)',
  batch: 'a JSON-RPC batch (a JSON array); batches are not allowed since protocol revision 2025-06-18',
  json: 'not a JSON-RPC message (JSON, but not JSON-RPC 2.0)',
};

/** A `json` line whose head opens an array is a batch; the head itself never reaches the message. */
export function classifyLine(line: Pick<StdoutLine, 'kind' | 'head'>): LineClass {
  if (line.kind === 'text') return 'text';
  return line.head?.trimStart().startsWith('[') ? 'batch' : 'json';
}

/** The finding's JSON pointer for stdout line `n` (sorted naturally by the report: line 2 before 10). */
export function stdoutLinePointer(n: number): string {
  return `/stdout/line/${n}`;
}

export default defineCheck({
  meta: {
    id: 'transport/stdout',
    defaultSeverity: 'error',
    description: 'The server writes nothing but JSON-RPC messages to stdout, from spawn to exit.',
    rationale:
      'stdout is the protocol channel: a banner or a log line there breaks clients that parse every line (Claude Desktop fails the connection), while SDK clients that skip such lines hide the fault. Logs belong on stderr.',
    spec: 'spec:2025-11-25/basic/transports.mdx §stdio; spec:2026-07-28/basic/transports/stdio.mdx',
    messages: {
      nonJsonRpc: 'stdout line {{line}} is {{what}}; a stdio server may only write MCP messages to stdout (send logs to stderr).',
      more: '{{count}} more stdout lines are not JSON-RPC messages ({{total}} in all).',
      oversize: 'stdout line {{line}} exceeds the frame limit ({{bytes}} bytes); the harness does not parse it, and the request it answered failed at once.',
      flood: 'The server sent {{count}} notifications before answering {{method}} (more than {{max}}); the harness kept a sample of {{kept}} and counted the rest.',
    },
    examples: {
      fail: 'stdout line 1: "Example MCP Server version : 1.2.3" before the initialize response',
      pass: 'the banner is written to stderr; stdout carries only JSON-RPC lines',
    },
    needsSession: false,
    transports: ['stdio'],
  },
  check(ctx, report) {
    const { wire } = ctx.observation;
    const offending = wire.stdout.filter((line) => line.kind !== 'jsonrpc');
    const shown = offending.slice(0, MAX_LINE_FINDINGS);
    for (const line of shown) {
      if (line.kind === 'oversize') {
        report({ messageId: 'oversize', severity: 'warning', pointer: stdoutLinePointer(line.line), data: { line: line.line, bytes: line.bytes } });
        continue;
      }
      report({
        messageId: 'nonJsonRpc',
        pointer: stdoutLinePointer(line.line),
        data: { line: line.line, what: CLASS_TEXT[classifyLine(line)] },
        ...(line.head !== undefined ? { evidence: line.head } : {}),
      });
    }
    const total = Math.max(wire.stdoutNonJsonRpc, offending.length);
    if (total > shown.length) report({ messageId: 'more', data: { count: total - shown.length, total } });
    const records: RequestRecord[] = [...(ctx.observation.listing?.pages ?? []), ...ctx.observation.calls.map((c) => c.request), ...ctx.observation.probes.map((p) => p.request)];
    const worst = new Map<string, RequestRecord>(); // one finding per method: its largest flood
    for (const r of records) {
      if ((r.notificationCount ?? 0) > Math.max(FLOOD_NOTIFICATIONS, worst.get(r.method)?.notificationCount ?? 0)) worst.set(r.method, r);
    }
    for (const r of worst.values()) {
      report({ messageId: 'flood', severity: 'warning', data: { count: r.notificationCount ?? 0, method: r.method, max: FLOOD_NOTIFICATIONS, kept: r.notifications?.length ?? 0 } });
    }
  },
});
