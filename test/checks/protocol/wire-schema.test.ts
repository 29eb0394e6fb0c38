import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/protocol/wire-schema.ts';
import { checkTester, emptyWire, makeCall, makeObservation, runCheckOn } from '../../helpers/check-tester.ts';
import { callFrame, drive, envelope, init } from '../../probes/drive.ts';

const good = { content: [{ type: 'text', text: 'ok' }] };
/** A surface whose first tools/list page got `response` (outcome `outcome`): the `list`-phase boot error observe.ts sets. */
const listFailed = (response: Record<string, unknown>, outcome: 'success' | 'protocol-error', reason: 'list-invalid' | 'list-error') =>
  makeObservation({
    bootError: { phase: 'list', reason, message: 'tools/list failed' },
    listing: { pages: [{ id: 1, method: 'tools/list', response: { jsonrpc: '2.0', id: 1, ...response } as never, outcome, durationMs: 1 }], tools: [], truncated: false, stop: 'error' },
  });


checkTester(check, {
  valid: [
    { name: 'valid 2025-11-25 call result', observation: makeObservation({ calls: [makeCall('t', { result: good })] }) },
    { name: 'notifications/cancelled from a server that sent a request (it may cancel its own): not judged', observation: makeObservation({ wire: { ...emptyWire(), serverRequests: ['roots/list'], notifications: { 'notifications/cancelled': 1 } } }) },
    { name: 'notifications/cancelled on 2026-07-28: not judged here', observation: makeObservation({ era: 'modern', wire: { ...emptyWire(), notifications: { 'notifications/cancelled': 1 } } }) },
    { name: 'notifications other than progress name no token: silent', observation: makeObservation({ wire: { ...emptyWire(), notifications: { 'notifications/message': 3, 'notifications/tools/list_changed': 1 } } }) },
    {
      name: 'progress on a session where a request carried a progressToken: not judged here (the harness sends none today)',
      observation: makeObservation({ wire: { ...emptyWire(), notifications: { 'notifications/progress': 2 } }, calls: [{ ...makeCall('t', { result: good }), request: { ...makeCall('t', { result: good }).request, params: { name: 't', arguments: {}, _meta: { progressToken: 7 } } } }] }),
    },
    { name: 'valid 2026-07-28 call result', observation: makeObservation({ era: 'modern', calls: [makeCall('t', { result: { ...good, resultType: 'complete' } })] }) },
    { name: 'valid 2024-11-05 call result (draft-07 schema)', observation: makeObservation({ protocolVersion: '2024-11-05', calls: [makeCall('t', { result: good })] }) },
    { name: 'valid 2025-03-26 audio block', observation: makeObservation({ protocolVersion: '2025-03-26', calls: [makeCall('t', { result: { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] } })] }) },
    { name: 'valid error frame', observation: makeObservation({ calls: [makeCall('t', { error: { code: -32602, message: 'x' } })] }) },
    { name: 'a listing that failed with a well-formed JSON-RPC error: its frame validates', observation: listFailed({ error: { code: -32603, message: 'x' } }, 'protocol-error', 'list-error') },
    {
      name: 'a surface that did not negotiate: its frames are not validated (only unmatched responses)',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'initialize-timeout', timeoutMs: 750, message: 'no answer' }, wire: { ...emptyWire(), frames: [{ jsonrpc: '1.0', id: 5, result: {} }] } }),
    },
    {
      name: 'an error without an id on 2025-11-25 (JSONRPCErrorResponse.id is optional there: a Streamable HTTP refusal)',
      observation: makeObservation({ wire: { ...emptyWire(), frames: [{ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' } }] } }),
    },
    {
      name: 'JSON on stdout that is not JSON-RPC at all (a log line) is transport/stdout\'s alone, not a response missing its id',
      observation: makeObservation({ wire: { ...emptyWire(), frames: [{ level: 'info', msg: 'tool called' }, { method: 'GET', path: '/health' }, { level: 'error', error: 'boom' }] } }),
    },
  ],
  invalid: [
    // hostile review 4 (D4): a surface whose first tools/list page failed was never validated, so "result": null passed
    ...[null, 5, 'x', true, []].map((result) => ({
      name: `a tools/list result that is not an object (${JSON.stringify(result)}) on a surface whose listing failed`,
      observation: listFailed({ result }, 'success', 'list-invalid'),
      findings: [{ messageId: 'invalid', severity: 'error' as const, pointer: '/result', message: 'A tools/list message from the server fails the 2025-11-25 wire schema at /result: must be object (type).' }],
    })),
    {
      name: 'a frame that claims to be JSON-RPC (jsonrpc "2.0") with a broken shape is still judged here',
      observation: makeObservation({ wire: { ...emptyWire(), frames: [{ jsonrpc: '2.0', id: 7 }, { level: 'info' }] } }),
      findings: [{ messageId: 'invalid', pointer: '', severity: 'error' }],
    },
    {
      name: 'an id with a result but no jsonrpc member: a JSON-RPC response with its version missing',
      observation: makeObservation({ wire: { ...emptyWire(), frames: [{ id: 7, result: {} }] } }),
      findings: [{ messageId: 'invalid', pointer: '', severity: 'error' }],
    },
    { name: 'missing content, reported once for two frames', observation: makeObservation({ calls: [makeCall('t', { result: { isError: false } }), makeCall('u', { result: {} })] }), findings: [{ messageId: 'invalid', pointer: '/result' }] },
    { name: 'resultType required on 2026-07-28', observation: makeObservation({ era: 'modern', calls: [makeCall('t', { result: good })] }), findings: [{ messageId: 'invalid', pointer: '/result' }] },
    { name: 'envelope: jsonrpc 1.0 and both result and error', observation: makeObservation({ wire: { stdout: [], stdoutNonJsonRpc: 0, stdinLines: 0, stderrTail: '', stderrBytes: 0, unmatchedFrames: 0, serverRequests: [], frames: [{ jsonrpc: '1.0', id: 5, result: {} }, { jsonrpc: '2.0', id: 6, result: {}, error: { code: 1, message: 'x' } }] } }), findings: [{ messageId: 'invalid', pointer: '/jsonrpc' }, { messageId: 'invalid', pointer: '' }] },
    { name: 'responses whose id matched no request', observation: makeObservation({ wire: { ...emptyWire(), unmatchedFrames: 2 } }), findings: [{ messageId: 'unmatchedResponse', severity: 'error' }] },
    {
      name: 'an error without an id on 2025-06-18 (its JSONRPCError requires the id): a schema failure, not a reply to a notification',
      observation: makeObservation({ protocolVersion: '2025-06-18', wire: { ...emptyWire(), frames: [{ jsonrpc: '2.0', error: { code: -32000, message: 'x' } }] } }),
      findings: [{ messageId: 'invalid', severity: 'error' }],
    },
    {
      name: 'an error with "id": null (a Streamable HTTP refusal, JSON-RPC 2.0 §5\'s form) is one warning, not a schema error at /id',
      observation: makeObservation({
        wire: {
          ...emptyWire(),
          frames: [
            { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' } },
            { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Forbidden: invalid Origin' } },
          ],
        },
      }),
      findings: [{ messageId: 'errorIdNull', severity: 'warning', pointer: '/id', data: { count: 2, revision: '2025-11-25', absent: ', or absent' } }],
    },
    {
      name: 'an error with "id": null on 2025-06-18 (id required there) is the same warning; the rest of the frame is still validated',
      observation: makeObservation({ protocolVersion: '2025-06-18', wire: { ...emptyWire(), frames: [{ jsonrpc: '2.0', id: null, error: { code: 'bad', message: 'x' } }] } }),
      findings: [
        { messageId: 'invalid', severity: 'error', pointer: '/error/code' },
        { messageId: 'errorIdNull', severity: 'warning', data: { count: 1, revision: '2025-06-18', absent: '' } },
      ],
    },
    {
      name: 'a reply to a notification (no id) is named as such, once (not also as a schema failure of its envelope)',
      observation: makeObservation({ wire: { ...emptyWire(), unmatchedFrames: 1, unmatched: { unknownId: 0, noId: 1, inHandshake: 0 }, frames: [{ jsonrpc: '2.0', result: {} }] } }),
      findings: [{ messageId: 'responseWithoutId', severity: 'error', data: { count: 1, when: '' } }],
    },
    {
      name: 'a rewritten id during the handshake, on a surface that did not boot',
      observation: makeObservation({
        bootError: { phase: 'negotiate', reason: 'initialize-timeout', timeoutMs: 750, message: 'no answer to initialize within 750 ms' },
        wire: { ...emptyWire(), unmatchedFrames: 1, unmatched: { unknownId: 1, noId: 0, inHandshake: 1 } },
      }),
      findings: [{ messageId: 'unmatchedResponse', severity: 'error', data: { count: 1, when: ', 1 of them during the handshake (initialize / server/discover)' } }],
    },
    {
      name: 'progress notifications though no request carried a progressToken (MUST only reference provided tokens; a warning until reproduced on a published server)',
      observation: makeObservation({ wire: { ...emptyWire(), notifications: { 'notifications/progress': 2 } }, calls: [makeCall('t', { result: good })] }),
      findings: [{ messageId: 'progressUnrequested', severity: 'warning', message: 'The server sent notifications/progress, but no request of the harness carried a progressToken; progress notifications must only reference tokens that were provided in an active request (2025-11-25 basic/utilities/progress §Behavior Requirements).' }],
    },
    {
      name: '2026-07-28: progress is a pattern page there',
      observation: makeObservation({ era: 'modern', wire: { ...emptyWire(), notifications: { 'notifications/progress': 1 } } }),
      findings: [{ messageId: 'progressUnrequested', severity: 'warning', message: 'The server sent notifications/progress, but no request of the harness carried a progressToken; progress notifications must only reference tokens that were provided in an active request (2026-07-28 basic/patterns/progress §Behavior Requirements).' }],
    },
    {
      name: 'notifications/cancelled from a server that sent no request: it can only name a request of the harness (MUST reference one issued in the same direction)',
      observation: makeObservation({ wire: { ...emptyWire(), notifications: { 'notifications/cancelled': 1 } } }),
      findings: [{ messageId: 'cancelUnrequested', severity: 'warning', message: "The server sent notifications/cancelled, but it sent the harness no request to cancel; a cancellation must only reference a request previously issued in the same direction (2025-11-25 basic/utilities/cancellation §Behavior Requirements), and the harness's own requests are not the server's to cancel." }],
    },
    {
      name: 'unmatched responses on a revision without a bundled schema',
      observation: makeObservation({ protocolVersion: '2099-01-01', wire: { ...emptyWire(), unmatchedFrames: 1 } }),
      findings: [{ messageId: 'unmatchedResponse' }, { messageId: 'notChecked', severity: 'info' }],
    },
    {
      name: 'a revision without a bundled schema: a note says nothing was validated (not silence)',
      observation: makeObservation({ protocolVersion: '2099-01-01', calls: [makeCall('t', { result: { isError: false } })] }),
      findings: [{ messageId: 'notChecked', severity: 'info', message: 'No wire schema is bundled for the negotiated revision 2099-01-01; the messages were not validated against a schema (response ids were still checked).' }],
    },
    { name: '2024-11-05 (draft-07, bundled): content is required', observation: makeObservation({ protocolVersion: '2024-11-05', calls: [makeCall('t', { result: { isError: false } })] }), findings: [{ messageId: 'invalid', pointer: '/result', message: 'A tools/call message from the server fails the 2024-11-05 wire schema at /result: must have required property \'content\' (required).' }] },
    { name: '2024-11-05: an audio block (2025-03-26 on) is not a content block', observation: makeObservation({ protocolVersion: '2024-11-05', calls: [makeCall('t', { result: { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] } })] }), findings: [{ messageId: 'invalid', pointer: '/result/content/0' }] },
    { name: '2025-03-26: a resource_link block (2025-06-18 on) is not a content block', observation: makeObservation({ protocolVersion: '2025-03-26', calls: [makeCall('t', { result: { content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] } })] }), findings: [{ messageId: 'invalid', pointer: '/result/content/0', message: 'A tools/call message from the server fails the 2025-03-26 wire schema at /result/content/0: must match a schema in anyOf (anyOf).' }] },
  ],
});

describe('unmatched responses', () => {
  it('gives the count and no value', () => {
    const [finding] = runCheckOn(check, makeObservation({ wire: { ...emptyWire(), unmatchedFrames: 3 } }));
    expect(finding.message).toMatch(/^3 response\(s\) from the server carried an id that matched no request/);
  });
});

describe('fixture bad-wire.mjs', () => {
  it('answers tools/call without content and tools/list with jsonrpc 1.0', async () => {
    const frames = await drive('bad-wire.mjs', [init(), callFrame(1, 'ping_tool', {}), { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }], { expectIds: [0, 1, 2] });
    expect(frames.find((f) => f.id === 1)?.result.content).toBeUndefined();
    expect(frames.find((f) => f.id === 2)?.jsonrpc).toBe('1.0');
  });
  it('--modern omits resultType', async () => {
    const [frame] = await drive('bad-wire.mjs', [callFrame(1, 'ping_tool', {}, envelope())], { args: ['--modern'], expectIds: [1] });
    expect(frame.result.resultType).toBeUndefined();
  });
});

describe('a modern answer is judged by the revision its request named (sweep 13: kubernetes-mcp-server 0.0.67)', () => {
  const KEY = 'io.modelcontextprotocol/protocolVersion';
  // the server's answers: to a request naming 1900-01-01 or none, no resultType; to one naming 2026-07-28, with it
  const legacyList = { ttlMs: 0, cacheScope: 'public', tools: [] };
  const modernList = { ...legacyList, resultType: 'complete' };
  /** A main-session probe record as the session writes it: params with the `_meta` envelope naming `version` (none when null). */
  const probeRecord = (id: number, version: string | null, response: Record<string, unknown>, probe: Record<string, unknown> = {}) => ({
    probe: { id: `p${id}`, check: 'protocol/version-negotiation', method: 'tools/list', params: {}, ...probe },
    request: { id, method: 'tools/list', params: version === null ? {} : { _meta: { [KEY]: version } }, response: { jsonrpc: '2.0', id, ...response }, outcome: 'result' in response ? 'success' : 'protocol-error', durationMs: 1 },
  });
  const modern = (probes: unknown[], frames: unknown[] = []) => ({ ...makeObservation({ era: 'modern', probes: probes as never }), wire: { ...emptyWire(), frames } });
  const unsupported = probeRecord(34, '1900-01-01', { result: legacyList }, { protocolVersion: '1900-01-01' });
  const noEnvelope = probeRecord(35, null, { result: legacyList }, { envelope: false });

  it('a result served to a request naming an unsupported version, or none, is not held to the negotiated schema (version-negotiation owns it)', () => {
    expect(runCheckOn(check, modern([unsupported, noEnvelope]))).toEqual([]);
    // the tap's copy of the same answers (another object, the same ids) neither
    expect(runCheckOn(check, modern([unsupported, noEnvelope], [{ jsonrpc: '2.0', id: 34, result: legacyList }, { jsonrpc: '2.0', id: 35, result: legacyList }]))).toEqual([]);
  });

  it('an answer to a request naming the negotiated revision still is: the same result draws the resultType finding, once', () => {
    const named = probeRecord(37, '2026-07-28', { result: legacyList });
    const found = runCheckOn(check, modern([unsupported, noEnvelope, named]));
    expect(found.map((f) => [f.messageId, f.pointer, f.message])).toEqual([
      ['invalid', '/result', "A tools/list message from the server fails the 2026-07-28 wire schema at /result: must have required property 'resultType' (required)."],
    ]);
    expect(runCheckOn(check, modern([probeRecord(37, '2026-07-28', { result: modernList })]))).toEqual([]);
  });

  it("an error answer to such a request is the negotiated revision's own message and is still validated", () => {
    const refused = probeRecord(34, '1900-01-01', { error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: '1900-01-01' } } });
    expect(runCheckOn(check, modern([refused]))).toEqual([]);
    const broken = probeRecord(35, null, { error: { code: 'bad', message: 'x' } }, { envelope: false });
    expect(runCheckOn(check, modern([broken])).map((f) => [f.pointer, f.message.includes('the 2026-07-28 wire schema')])).toEqual([['/error/code', true]]);
  });

  it('a result to a request naming another bundled revision is validated against that revision', () => {
    const older = probeRecord(40, '2025-11-25', { result: { nextCursor: 5 } });
    expect(runCheckOn(check, modern([older])).map((f) => [f.pointer, f.message.includes('the 2025-11-25 wire schema')])).toEqual([
      ['/result', true],
      ['/result/nextCursor', true],
    ]);
  });

  it('on the legacy era nothing changes: a request without the envelope is the session\'s own', () => {
    const legacy = { ...makeObservation({ probes: [probeRecord(41, null, { result: { tools: 5 } }, { envelope: false })] as never }) };
    expect(runCheckOn(check, legacy).map((f) => f.pointer)).toEqual(['/result/tools']);
  });
});
