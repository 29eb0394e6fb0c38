/**
 * transport/stdout: nothing but JSON-RPC messages on stdout, from spawn to exit
 * (spec:2025-11-25/basic/transports.mdx §stdio: the server MUST NOT write anything to its stdout that
 * is not a valid MCP message; logs belong on stderr). A line shaped like a JSON-RPC message but broken
 * (`isJsonRpcShaped`: a `jsonrpc` member, or an id with result/error/method) counts as JSON-RPC here: its
 * shape is protocol/wire-schema's finding, so each line has one judge. A JSON-RPC batch (an array of
 * messages) is a valid MCP message on 2025-03-26 only (spec:2025-03-26/basic/index.mdx §Batching:
 * implementations "MAY support sending JSON-RPC batches, but MUST support receiving JSON-RPC batches"): the
 * session records such a line as JSON-RPC once it negotiated that revision and routes its members (their
 * shape is protocol/wire-schema's), so it never reaches this check. 2024-11-05 has no batches
 * (basic/messages.mdx: three message types) and spec:2025-06-18/changelog.mdx removed them: there, and on a
 * 2025-03-26 session for an array written before the initialize answer (lifecycle.mdx keeps initialization
 * out of batches) or not a batch at all (empty, or holding something other than JSON-RPC messages), an array
 * line is named as such, in the negotiated revision's words. ONE finding per kind of offending line
 * (`text`, `json`, `batch`, `oversize`), pointer `/stdout/<kind>`: its id never depends on line numbers,
 * which move with how concurrent answers interleave (trials F6: same input, same ids). The message
 * names how many lines and the first line numbers, and which of them the harness read after it began ending the
 * process (`StdoutLine.ending`: stdin closed for shutdown, SIGTERM, SIGKILL; sweep 15: mcp-server-kubernetes 4.1.7
 * logs "Received SIGTERM" to stdout), in event order, never wall time: the verdict stands (the process still speaks
 * the transport until it exits), the clause points at a shutdown or signal handler. An unterminated last line read after
 * that point is a frame the exit tore and never reaches this check (session/stdio/server-process.ts; hostile review 27). A line over the frame limit (`maxLineBytes`) is
 * never parsed: it is named as such (warning: the harness cannot tell what it held) and the request it
 * answered failed at once (outcome `oversize`). Lines beyond the bounded record are counted (`more`). A request that drew more than FLOOD_NOTIFICATIONS notifications before its
 * answer is a flood (warning): the harness keeps a bounded sample and counts the rest. Notifications that name no
 * request (no `progressToken` or `requestId`) are counted for the session, and more than FLOOD_NOTIFICATIONS of them
 * is a flood too (`floodUntied`): tied to whatever was in flight, the verdict depended on timing (hostile review 4, D5).
 * Lines whose bytes are not valid UTF-8 (`invalidUtf8`, error, pointer `/stdout/utf8`): one finding for the surface with
 * the count, naming the first line and what it was (the response to which request, or the method), never the bytes.
 * spec:2025-03-26 and later basic/transports.mdx: "JSON-RPC messages MUST be UTF-8 encoded"; 2024-11-05 says nothing
 * of it, and there RFC 8259 §8.1 rules (JSON exchanged between systems MUST be UTF-8). The line splitter decodes such
 * bytes as U+FFFD, so the message itself is judged as decoded (hostile review D9: it passed with 0 findings).
 * A byte order mark (U+FEFF) before a JSON-RPC message (`byteOrderMark`, error, pointer `/stdout/bom`: RFC 8259 §8.1,
 * JSON texts exchanged between systems MUST NOT begin with one; the TypeScript SDK's client JSON.parses each line and
 * drops it): one finding for the surface, counted, naming the first line. The session reads the message after the mark
 * (RFC 8259 lets a parser ignore it), so the one fault is not also every request it answered timing out: before, each
 * legacy-era process's opening answer behind a mark was lost (a .NET-style preamble: one nonJsonRpc error and three
 * fresh-process `transport/timeout` errors, 52 s).
 */
import { defineCheck } from '../define.ts';
import type { HarnessEnding, InvalidUtf8Line, RequestRecord, StdoutLine } from '../../model/wire.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import { listPages } from '../../model/observation.ts';
import { revisionHasBatches } from '../../model/protocol.ts';

/** Notifications tied to one request above which it is reported as a flood. */
export const FLOOD_NOTIFICATIONS = 10_000;

/** Line numbers a message names before it says "and N more". */
const NAMED_LINES = 5;

/** How an offending line is classified in the message: not JSON, a JSON-RPC batch array, other JSON. */
type LineClass = 'text' | 'batch' | 'json';
/** The kinds that get one finding each, in report order. */
const KINDS = ['text', 'json', 'batch', 'oversize'] as const;
type Kind = (typeof KINDS)[number];

const CLASS_TEXT: Record<LineClass, string> = {
  text: 'not JSON-RPC (not JSON at all)',
  batch: 'a JSON-RPC batch (a JSON array); batches are not allowed since protocol revision 2025-06-18',
  json: 'not JSON-RPC (JSON, but not JSON-RPC 2.0)',
};

/**
 * What an array line is, in the words of the negotiated revision: 2024-11-05 had no batches yet; on 2025-03-26
 * (which has them) the session accepted every batch after the initialize answer, so this one came before it or
 * is not a batch; with no revision agreed (the session did not boot), that only 2025-03-26 has them; any other
 * revision is named as since 2025-06-18.
 */
function batchText(protocolVersion: string | undefined): string {
  if (protocolVersion === undefined) return 'a JSON-RPC batch (a JSON array) before any protocol revision was agreed (only 2025-03-26 has batches, from its initialize response on)';
  if (protocolVersion === '2024-11-05') return 'a JSON-RPC batch (a JSON array); protocol revision 2024-11-05 has no batches (2025-03-26 added them, 2025-06-18 removed them)';
  if (revisionHasBatches(protocolVersion)) {
    return 'a JSON array that protocol revision 2025-03-26 does not take as a JSON-RPC batch (written before the initialize response, or empty, or holding something other than JSON-RPC messages)';
  }
  return CLASS_TEXT.batch;
}

/** A `json` line whose head opens an array is a batch; the head itself never reaches the message. */
export function classifyLine(line: Pick<StdoutLine, 'kind' | 'head'>): LineClass {
  if (line.kind === 'text') return 'text';
  return line.head?.trimStart().startsWith('[') ? 'batch' : 'json';
}

/** The finding's JSON pointer for one kind of offending line: `/stdout/text`, `/stdout/json`, `/stdout/batch`, `/stdout/oversize`. */
export function stdoutKindPointer(kind: Kind): string {
  return `/stdout/${kind}`;
}

/** "line 4", "lines 4 and 9", "lines 1, 2, 3, 4, 5 and 7 more": the first NAMED_LINES line numbers. */
export function lineList(numbers: readonly number[]): string {
  if (numbers.length === 1) return `line ${numbers[0]}`;
  const named = numbers.slice(0, NAMED_LINES);
  const rest = numbers.length - named.length;
  if (rest > 0) return `lines ${named.join(', ')} and ${rest} more`;
  return `lines ${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}

/** What the harness had done to end the process before it read a line (`StdoutLine.ending`), as the message says it. */
const ENDING_TEXT: Record<HarnessEnding, string> = {
  'shutdown-stdin-close': 'the harness closed its stdin to shut it down',
  'shutdown-sigterm': 'the harness sent SIGTERM during shutdown',
  'shutdown-sigkill': 'the harness sent SIGKILL during shutdown',
  terminated: 'the harness sent SIGTERM to stop it',
  killed: 'the harness killed it (SIGKILL)',
};

/**
 * `, which arrived after the harness sent SIGTERM during shutdown` for the lines of one kind that the harness read
 * after it began ending the process (`; line 61 arrived after ...` when only some did, one clause per step in the order
 * of the steps); '' when none did. The order of events in the harness (`StdoutLine.ending`), never wall time. The
 * verdict is the same either way (the transport allows nothing but MCP messages on stdout until the process exits); the
 * clause tells the reader where to look: a shutdown or signal handler.
 */
export function endingClause(lines: readonly StdoutLine[]): string {
  const byStep = new Map<HarnessEnding, number[]>();
  for (const l of lines) if (l.ending !== undefined) byStep.set(l.ending, [...(byStep.get(l.ending) ?? []), l.line]);
  if (byStep.size === 0) return '';
  const [only] = byStep.keys();
  if (byStep.size === 1 && (byStep.get(only) as number[]).length === lines.length) return `, ${lines.length === 1 ? 'which' : 'all of which'} arrived after ${ENDING_TEXT[only]}`;
  const order = Object.keys(ENDING_TEXT) as HarnessEnding[];
  return order.filter((step) => byStep.has(step)).map((step) => `; ${lineList(byStep.get(step) as number[])} arrived after ${ENDING_TEXT[step]}`).join('');
}

/** The offending lines of the record grouped by kind, stdout order kept within a kind. */
function byKind(lines: readonly StdoutLine[]): Map<Kind, StdoutLine[]> {
  const groups = new Map<Kind, StdoutLine[]>();
  for (const line of lines) {
    if (line.kind === 'jsonrpc') continue;
    const kind: Kind = line.kind === 'oversize' ? 'oversize' : classifyLine(line);
    groups.set(kind, [...(groups.get(kind) ?? []), line]);
  }
  return groups;
}

export default defineCheck({
  meta: {
    id: 'transport/stdout',
    defaultSeverity: 'error',
    description: 'The server writes nothing but JSON-RPC messages, UTF-8 encoded, to stdout, from spawn to exit.',
    rationale:
      'stdout is the protocol channel: a banner or a log line there breaks clients that parse every line (Claude Desktop fails the connection), while SDK clients that skip such lines hide the fault. Logs belong on stderr. Bytes that are not valid UTF-8 are silently replaced (U+FFFD) by most decoders and rejected by strict ones: the text a client shows or acts on is not what the server meant.',
    spec: 'spec:2025-11-25/basic/transports.mdx §stdio (and its opening: JSON-RPC messages MUST be UTF-8 encoded); spec:2026-07-28/basic/transports/stdio.mdx; spec:2025-03-26/basic/index.mdx §Batching; RFC 8259 §8.1',
    messages: {
      nonJsonRpc: 'stdout {{lines}} {{is}} {{what}}{{when}}; a stdio server may only write MCP messages to stdout (send logs to stderr).',
      more: '{{count}} more stdout lines beyond the harness\'s record are not JSON-RPC messages ({{total}} in all).',
      oversize: 'stdout {{lines}} {{exceeds}} the frame limit (the largest {{bytes}} bytes); the harness does not parse such a line, and the request it answered failed at once.',
      flood: 'The server sent {{count}} notifications before answering {{method}} (more than {{max}}); the harness kept a sample of {{kept}} and counted the rest.',
      invalidUtf8: '{{count}} stdout line(s) carried bytes that are not valid UTF-8 (first: line {{line}}, {{what}}); {{rule}}. A client decodes such bytes as U+FFFD or rejects the message.',
      byteOrderMark: '{{count}} stdout line(s) began with a byte order mark (U+FEFF) before the JSON-RPC message (first: line {{line}}, {{what}}); JSON texts exchanged between systems MUST NOT begin with one (RFC 8259 §8.1), so a client that parses each line as JSON loses the message. The harness read the message after the mark.',
      floodUntied: 'The server sent {{count}} notifications that name no request (no progressToken or requestId) during the session (more than {{max}}); the harness counted them and kept none.',
    },
    examples: {
      fail: 'stdout line 1: "Example MCP Server version : 1.2.3" before the initialize response; a tools/list response whose description holds the bytes FF 80 C0 AF',
      pass: 'the banner is written to stderr; stdout carries only JSON-RPC lines',
    },
    needsSession: false,
    transports: ['stdio'],
  },
  check(ctx, report) {
    const { wire } = ctx.observation;
    const groups = byKind(wire.stdout);
    for (const kind of KINDS) {
      const lines = groups.get(kind);
      if (lines === undefined) continue;
      const numbers = lines.map((l) => l.line);
      const one = lines.length === 1;
      if (kind === 'oversize') {
        const bytes = lines.reduce((most, l) => Math.max(most, l.bytes), 0); // no spread: server-sized
        report({ messageId: 'oversize', severity: 'warning', pointer: stdoutKindPointer(kind), data: { lines: lineList(numbers), exceeds: one ? 'exceeds' : 'exceed', bytes } });
        continue;
      }
      const head = lines[0].head;
      report({
        messageId: 'nonJsonRpc',
        pointer: stdoutKindPointer(kind),
        data: { lines: lineList(numbers), is: one ? 'is' : 'are', what: kind === 'batch' ? batchText(ctx.observation.negotiation?.protocolVersion) : CLASS_TEXT[kind], when: endingClause(lines) },
        ...(head !== undefined ? { evidence: head } : {}),
      });
    }
    const bad = wire.invalidUtf8;
    if (bad !== undefined) {
      const rule = ctx.observation.negotiation?.protocolVersion === '2024-11-05' ? 'JSON exchanged between systems MUST be UTF-8 encoded (RFC 8259 §8.1)' : 'JSON-RPC messages MUST be UTF-8 encoded (basic/transports)';
      report({ messageId: 'invalidUtf8', pointer: '/stdout/utf8', data: { count: bad.lines, line: bad.first.line, what: describeLine(bad.first, ctx.observation), rule } });
    }
    const marked = wire.byteOrderMark;
    if (marked !== undefined) report({ messageId: 'byteOrderMark', pointer: '/stdout/bom', data: { count: marked.lines, line: marked.first.line, what: describeLine(marked.first, ctx.observation) } });
    const recorded = [...groups.values()].reduce((n, g) => n + g.length, 0);
    const total = Math.max(wire.stdoutNonJsonRpc, recorded);
    if (total > recorded) report({ messageId: 'more', pointer: '/stdout/more', data: { count: total - recorded, total } });
    const records: RequestRecord[] = [...listPages(ctx.observation).map((p) => p.record), ...ctx.observation.calls.map((c) => c.request), ...ctx.observation.probes.map((p) => p.request)];
    const worst = new Map<string, RequestRecord>(); // one finding per method: its largest flood
    for (const r of records) {
      if ((r.notificationCount ?? 0) > Math.max(FLOOD_NOTIFICATIONS, worst.get(r.method)?.notificationCount ?? 0)) worst.set(r.method, r);
    }
    for (const r of worst.values()) {
      report({ messageId: 'flood', severity: 'warning', data: { count: r.notificationCount ?? 0, method: r.method, max: FLOOD_NOTIFICATIONS, kept: r.notifications?.length ?? 0 } });
    }
    // notifications that name no request are the session's: which requests were in flight when they came is timing
    const untied = wire.untiedNotifications ?? 0;
    if (untied > FLOOD_NOTIFICATIONS) report({ messageId: 'floodUntied', severity: 'warning', data: { count: untied, max: FLOOD_NOTIFICATIONS } });
  },
});

/**
 * What a stdout line was, value-free: `the response to tools/list (id 3)` (the harness's request with that id; its id
 * is the harness's; an unrecorded id below the first listing page's is the negotiation's), `a notifications/message notification`, `a roots/list request`, or `a line that is not a JSON-RPC
 * message`. A server request's id is the server's: not named.
 */
export function describeLine(line: InvalidUtf8Line, observation: Pick<SurfaceObservation, 'calls' | 'probes' | 'listing' | 'listChanged'>): string {
  if (line.kind !== 'jsonrpc') return 'a line that is not a JSON-RPC message';
  if (line.method !== undefined) return line.id === undefined ? `a ${line.method} notification` : `a ${line.method} request`;
  if (line.id === undefined) return 'a JSON-RPC response with no id';
  const records = [...listPages(observation).map((p) => p.record), ...observation.calls.map((c) => c.request), ...observation.probes.flatMap((p) => [p.request, ...(p.pages ?? [])])];
  const method = records.find((r) => r.id === line.id)?.method;
  if (method !== undefined) return `the response to ${method} (id ${line.id})`;
  // the negotiation's requests are not recorded; the session numbers its requests in order, so one before the listing's is one of them
  const listed = observation.listing?.pages[0]?.id;
  if (typeof line.id === 'number' && typeof listed === 'number' && line.id < listed) return `the response to a negotiation request (server/discover or initialize, id ${line.id})`;
  return `the response to request id ${line.id}`;
}
