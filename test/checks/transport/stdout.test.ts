import { describe, expect, it } from 'vitest';
import check, { describeLine } from '../../../harness/checks/transport/stdout.ts';
import { checkTester, emptyWire, makeCall, makeObservation, runCheckOn } from '../../helpers/check-tester.ts';
import type { StdoutLine } from '../../../harness/model/wire.ts';
import { findingId } from '../../../harness/report/ids.ts';

const rpc = (line: number): StdoutLine => ({ line, atMs: line, kind: 'jsonrpc', bytes: 40 });
const text = (line: number, head = 'Server version : 1.2.3'): StdoutLine => ({ line, atMs: line, kind: 'text', bytes: head.length, head });
const flooded = (notificationCount: number) => { const c = makeCall('chatty', { result: { content: [] } }); c.request.notificationCount = notificationCount; return c; };
const wire = (stdout: StdoutLine[], stdoutNonJsonRpc = stdout.filter((l) => l.kind !== 'jsonrpc').length) => ({ ...emptyWire(), stdout, stdoutNonJsonRpc });

checkTester(check, {
  valid: [
    { name: 'only JSON-RPC', observation: makeObservation({ wire: wire([rpc(1), rpc(2)]) }) },
    { name: 'nothing written', observation: makeObservation() },
    { name: 'valid UTF-8 on every line (no invalidUtf8 record)', observation: makeObservation({ wire: { ...wire([rpc(1)]), invalidUtf8: undefined } }), strict: true },
    { name: 'exactly 10,000 notifications that name no request: no flood', observation: makeObservation({ wire: { ...emptyWire(), untiedNotifications: 10_000 } }) },
  ],
  invalid: [
    // hostile review D9: invalid UTF-8 inside JSON strings passed with 0 findings
    {
      name: 'stdout lines that are not valid UTF-8: one error for the surface, counted, naming the first line and the request it answered',
      observation: makeObservation({ wire: { ...wire([rpc(1), rpc(2)]), invalidUtf8: { lines: 7, first: { line: 3, kind: 'jsonrpc', id: 3 } } }, tools: [], listing: { pages: [{ id: 3, method: 'tools/list', outcome: 'success', durationMs: 1 }], tools: [], truncated: false, stop: 'end' } }),
      findings: [
        {
          messageId: 'invalidUtf8',
          severity: 'error',
          pointer: '/stdout/utf8',
          message: '7 stdout line(s) carried bytes that are not valid UTF-8 (first: line 3, the response to tools/list (id 3)); JSON-RPC messages MUST be UTF-8 encoded (basic/transports). A client decodes such bytes as U+FFFD or rejects the message.',
        },
      ],
    },
    {
      name: 'invalid UTF-8 on 2024-11-05 (no transport sentence): RFC 8259 rules; a notification, a server request, an unknown id, a non-JSON-RPC line are named so',
      observation: makeObservation({ protocolVersion: '2024-11-05', wire: { ...wire([rpc(1)]), invalidUtf8: { lines: 1, first: { line: 1, kind: 'jsonrpc', method: 'notifications/message' } } } }),
      findings: [{ messageId: 'invalidUtf8', severity: 'error', data: { count: 1, line: 1, what: 'a notifications/message notification', rule: 'JSON exchanged between systems MUST be UTF-8 encoded (RFC 8259 §8.1)' } }],
    },
    {
      name: 'a byte order mark before JSON-RPC messages: one error for the surface, counted, naming the first line (the message itself read)',
      observation: makeObservation({ wire: { ...wire([rpc(1), rpc(2)]), byteOrderMark: { lines: 3, first: { line: 1, kind: 'jsonrpc', id: 1 } } }, tools: [], listing: { pages: [{ id: 3, method: 'tools/list', outcome: 'success', durationMs: 1 }], tools: [], truncated: false, stop: 'end' } }),
      findings: [
        {
          messageId: 'byteOrderMark',
          severity: 'error',
          pointer: '/stdout/bom',
          message: '3 stdout line(s) began with a byte order mark (U+FEFF) before the JSON-RPC message (first: line 1, the response to a negotiation request (server/discover or initialize, id 1)); JSON texts exchanged between systems MUST NOT begin with one (RFC 8259 §8.1), so a client that parses each line as JSON loses the message. The harness read the message after the mark.',
        },
      ],
    },
    {
      name: 'case 20: banner before the initialize response',
      observation: makeObservation({ wire: wire([text(1), rpc(2)]) }),
      findings: [{ messageId: 'nonJsonRpc', severity: 'error' }],
    },
    {
      name: 'JSON that is not JSON-RPC, mid-session',
      observation: makeObservation({ wire: wire([rpc(1), { line: 2, atMs: 5, kind: 'json', bytes: 20, head: '{"level":"info"}' }, rpc(3)]) }),
      findings: [{ messageId: 'nonJsonRpc' }],
    },
    {
      name: 'a JSON-RPC batch array on stdout',
      observation: makeObservation({ wire: wire([rpc(1), { line: 2, atMs: 5, kind: 'json', bytes: 60, head: ' [{"jsonrpc":"2.0","id":1,"result":{}}]' }]) }),
      findings: [{ messageId: 'nonJsonRpc', pointer: '/stdout/batch' }],
    },
    {
      name: '2025-06-18 (batching removed): a batch line is not an MCP message',
      observation: makeObservation({ protocolVersion: '2025-06-18', wire: wire([rpc(1), { line: 2, atMs: 5, kind: 'json', bytes: 60, head: '[{"jsonrpc":"2.0","id":1,"result":{}}]' }]) }),
      findings: [{ messageId: 'nonJsonRpc', severity: 'error', pointer: '/stdout/batch', data: { lines: 'line 2', is: 'is', what: 'a JSON-RPC batch (a JSON array); batches are not allowed since protocol revision 2025-06-18', when: '' } }],
    },
    {
      name: '2024-11-05 (no batches yet): a batch line is not an MCP message, in that revision\'s words',
      observation: makeObservation({ protocolVersion: '2024-11-05', wire: wire([rpc(1), { line: 2, atMs: 5, kind: 'json', bytes: 60, head: '[{"jsonrpc":"2.0","id":1,"result":{}}]' }]) }),
      findings: [{ messageId: 'nonJsonRpc', severity: 'error', pointer: '/stdout/batch', data: { lines: 'line 2', is: 'is', what: 'a JSON-RPC batch (a JSON array); protocol revision 2024-11-05 has no batches (2025-03-26 added them, 2025-06-18 removed them)', when: '' } }],
    },
    {
      name: '2025-03-26: an array the session did not take as a batch (before the initialize answer, or not a batch) is still named',
      observation: makeObservation({ protocolVersion: '2025-03-26', wire: wire([{ line: 1, atMs: 1, kind: 'json', bytes: 2, head: '[]' }, rpc(2)]) }),
      findings: [{ messageId: 'nonJsonRpc', severity: 'error', pointer: '/stdout/batch', data: { lines: 'line 1', is: 'is', what: 'a JSON array that protocol revision 2025-03-26 does not take as a JSON-RPC batch (written before the initialize response, or empty, or holding something other than JSON-RPC messages)', when: '' } }],
    },
    {
      name: '21 recorded offending lines and 4 beyond the record: one finding naming 5 lines, and one summary',
      observation: makeObservation({ wire: wire(Array.from({ length: 21 }, (_, i) => text(i + 1)), 25) }),
      findings: [
        { messageId: 'nonJsonRpc', pointer: '/stdout/text', data: { lines: 'lines 1, 2, 3, 4, 5 and 16 more', is: 'are', what: 'not JSON-RPC (not JSON at all)', when: '' } },
        { messageId: 'more', severity: 'error', pointer: '/stdout/more', data: { count: 4, total: 25 } },
      ],
    },
    // sweep 15: mcp-server-kubernetes 4.1.7 writes "Received SIGTERM, shutting down..." to stdout in its SIGTERM handler
    {
      name: 'a line read after the shutdown sent SIGTERM: the same error, and the message says when it came',
      observation: makeObservation({ wire: wire([rpc(1), rpc(2), { ...text(3, 'Received SIGTERM, shutting down...'), ending: 'shutdown-sigterm' }]) }),
      findings: [
        {
          messageId: 'nonJsonRpc',
          severity: 'error',
          pointer: '/stdout/text',
          message: 'stdout line 3 is not JSON-RPC (not JSON at all), which arrived after the harness sent SIGTERM during shutdown; a stdio server may only write MCP messages to stdout (send logs to stderr).',
        },
      ],
    },
    {
      name: 'the twin: a line written during normal operation says nothing of shutdown',
      observation: makeObservation({ wire: wire([rpc(1), text(2, 'Received SIGTERM, shutting down...'), rpc(3)]) }),
      findings: [{ messageId: 'nonJsonRpc', severity: 'error', pointer: '/stdout/text', message: 'stdout line 2 is not JSON-RPC (not JSON at all); a stdio server may only write MCP messages to stdout (send logs to stderr).' }],
    },
    {
      name: 'some lines during the session, some after each shutdown step: each step names its lines, in the order of the steps',
      observation: makeObservation({
        wire: wire([text(1), rpc(2), { ...text(3), ending: 'shutdown-stdin-close' }, { ...text(4), ending: 'shutdown-sigterm' }, { ...text(5), ending: 'shutdown-sigterm' }, { ...text(6), ending: 'shutdown-sigkill' }]),
      }),
      findings: [
        {
          messageId: 'nonJsonRpc',
          data: {
            lines: 'lines 1, 3, 4, 5 and 6',
            is: 'are',
            what: 'not JSON-RPC (not JSON at all)',
            when: '; line 3 arrived after the harness closed its stdin to shut it down; lines 4 and 5 arrived after the harness sent SIGTERM during shutdown; line 6 arrived after the harness sent SIGKILL during shutdown',
          },
        },
      ],
    },
    {
      name: 'several lines all after one step, and a wedged process the harness killed: one clause each',
      observation: makeObservation({ wire: wire([rpc(1), { ...text(2), ending: 'killed' }, { ...text(3), ending: 'killed' }, { line: 4, atMs: 4, kind: 'json', bytes: 20, head: '{"level":"info"}', ending: 'shutdown-stdin-close' }]) }),
      findings: [
        { messageId: 'nonJsonRpc', pointer: '/stdout/text', data: { lines: 'lines 2 and 3', is: 'are', what: 'not JSON-RPC (not JSON at all)', when: ', all of which arrived after the harness killed it (SIGKILL)' } },
        { messageId: 'nonJsonRpc', pointer: '/stdout/json', data: { lines: 'line 4', is: 'is', what: 'not JSON-RPC (JSON, but not JSON-RPC 2.0)', when: ', which arrived after the harness closed its stdin to shut it down' } },
      ],
    },
    {
      name: 'a line over the frame limit is a warning',
      observation: makeObservation({ wire: wire([rpc(1), { line: 2, atMs: 2, kind: 'oversize', bytes: 200_000 }]) }),
      findings: [{ messageId: 'oversize', severity: 'warning', pointer: '/stdout/oversize', data: { lines: 'line 2', exceeds: 'exceeds', bytes: 200_000 } }],
    },
    {
      // hostile review 4, D5: notifications that name no request are the session's, whatever was in flight
      name: 'more than 10,000 notifications that name no request in the session: one floodUntied warning',
      observation: makeObservation({ calls: [makeCall('chatty', { result: { content: [] } })], wire: { ...emptyWire(), untiedNotifications: 10_001 } }),
      findings: [{ messageId: 'floodUntied', severity: 'warning', data: { count: 10_001, max: 10_000 }, message: 'The server sent 10001 notifications that name no request (no progressToken or requestId) during the session (more than 10000); the harness counted them and kept none.' }],
    },
    {
      name: 'more than 10,000 notifications before an answer: one flood warning per method',
      observation: makeObservation({ calls: [flooded(10_001), flooded(12_000)] }),
      findings: [{ messageId: 'flood', severity: 'warning', data: { count: 12_000, method: 'tools/call', max: 10_000, kept: 0 } }],
    },
    {
      name: 'a failed boot still gets its stdout judged',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'initialize-timeout', timeoutMs: 500, message: 'no answer' }, wire: wire([text(1)]) }),
      findings: [{ messageId: 'nonJsonRpc' }],
    },
  ],
});

describe('transport/stdout details', () => {
  it('names the line number, keeps the head as evidence only; the pointer names the kind, not the line', () => {
    const [finding] = runCheckOn(check, makeObservation({ wire: wire([rpc(1), text(2, 'secret-token-123')]) }));
    expect(finding.message).toContain('stdout line 2 is not JSON-RPC');
    expect(finding.message).not.toContain('secret-token-123');
    expect(finding.evidence).toBe('secret-token-123');
    expect(finding.pointer).toBe('/stdout/text');
  });

  it('one finding per kind, whose id does not move with the line numbers (trials F6)', () => {
    const json = (line: number): StdoutLine => ({ line, atMs: line, kind: 'json', bytes: 20, head: '{"level":"info"}' });
    const runA = runCheckOn(check, makeObservation({ wire: wire([rpc(1), text(2), rpc(3), json(4), text(5), rpc(6)]) }));
    const runB = runCheckOn(check, makeObservation({ wire: wire([rpc(1), rpc(2), text(3), rpc(4), text(6), json(9)]) }));
    const ids = (findings: typeof runA) => findings.map((f) => findingId({ ...f, surface: 's' }));
    expect(runA.map((f) => f.pointer)).toEqual(['/stdout/text', '/stdout/json']);
    expect(ids(runB)).toEqual(ids(runA));
    expect(runA[0].message).toContain('stdout lines 2 and 5 are not JSON-RPC (not JSON at all)');
    expect(runB[0].message).toContain('stdout lines 3 and 6 are');
  });

  it('says a batch array is a JSON-RPC batch, not allowed since 2025-06-18; other JSON stays generic', () => {
    const batch: StdoutLine = { line: 1, atMs: 1, kind: 'json', bytes: 60, head: '[{"jsonrpc":"2.0","id":7,"result":{}}]' };
    const object: StdoutLine = { line: 2, atMs: 2, kind: 'json', bytes: 20, head: '{"level":"info"}' };
    const findings = runCheckOn(check, makeObservation({ wire: wire([batch, object]) }));
    const first = findings.find((f) => f.pointer === '/stdout/batch')!;
    const second = findings.find((f) => f.pointer === '/stdout/json')!;
    expect(first.message).toContain('a JSON-RPC batch');
    expect(first.message).toContain('not allowed since protocol revision 2025-06-18');
    expect(first.message).not.toContain('"id":7');
    expect(second.message).toContain('JSON, but not JSON-RPC 2.0');
    expect(second.message).not.toContain('batch');
  });

  it('names the first 5 line numbers and counts the rest, and counts lines beyond the truncated tap', () => {
    const lines = Array.from({ length: 30 }, (_, i) => text(i + 1));
    const findings = runCheckOn(check, makeObservation({ wire: wire(lines, 45) }));
    const [one, ...others] = findings.filter((f) => f.messageId === 'nonJsonRpc');
    expect(others).toEqual([]);
    expect(one.message).toContain('stdout lines 1, 2, 3, 4, 5 and 25 more are');
    const summary = findings.filter((f) => f.messageId === 'more');
    expect(summary.map((f) => [f.pointer, f.message.startsWith('15 more'), f.message.includes('(45 in all)')])).toEqual([['/stdout/more', true, true]]);
  });

  it('an over-long line is one warning per surface, naming the largest size', () => {
    const big = (line: number, bytes: number): StdoutLine => ({ line, atMs: line, kind: 'oversize', bytes });
    const findings = runCheckOn(check, makeObservation({ wire: wire([big(2, 5_000_000), rpc(3), big(4, 6_000_000)]) }));
    expect(findings.map((f) => [f.messageId, f.severity, f.pointer])).toEqual([['oversize', 'warning', '/stdout/oversize']]);
    expect(findings[0].message).toContain('stdout lines 2 and 4 exceed the frame limit (the largest 6000000 bytes)');
  });
});

describe('describeLine (invalidUtf8: what the first line was, value-free)', () => {
  const obs = makeObservation();
  it('names a server request by its method only, an unknown id by the id, a non-JSON-RPC line by its kind', () => {
    expect(describeLine({ line: 1, kind: 'jsonrpc', method: 'roots/list', id: 'srv-1' }, obs)).toBe('a roots/list request');
    expect(describeLine({ line: 1, kind: 'jsonrpc', id: 42 }, obs)).toBe('the response to request id 42');
    const listing = { pages: [{ id: 3, method: 'tools/list', outcome: 'success' as const, durationMs: 1 }], tools: [], truncated: false, stop: 'end' as const };
    expect(describeLine({ line: 1, kind: 'jsonrpc', id: 2 }, makeObservation({ listing }))).toBe('the response to a negotiation request (server/discover or initialize, id 2)');
    expect(describeLine({ line: 1, kind: 'jsonrpc', id: 4 }, makeObservation({ listing }))).toBe('the response to request id 4');
    expect(describeLine({ line: 1, kind: 'jsonrpc' }, obs)).toBe('a JSON-RPC response with no id');
    expect(describeLine({ line: 1, kind: 'text' }, obs)).toBe('a line that is not a JSON-RPC message');
  });
});
