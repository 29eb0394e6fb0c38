import { errorNetworkCause, networkFailure } from '../../../harness/checks/util/stderr.ts';
import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/transport/timeout.ts';
import { checkTester, emptyWire, makeCall, makeObservation, makeTool, runCheckOn } from '../../helpers/check-tester.ts';
import { runCheck } from '../../../harness/checks/define.ts';
import type { ProbeRecord, RequestRecord } from '../../../harness/model/wire.ts';

const page = (outcome: RequestRecord['outcome']): RequestRecord => ({ id: 1, method: 'tools/list', outcome, durationMs: 5000 });
const probe = (outcome: RequestRecord['outcome']): ProbeRecord => ({
  probe: { id: 'protocol/cancellation:slow', check: 'protocol/cancellation', tool: 't', method: 'tools/call', timeoutMs: 2000 },
  request: { id: 2, method: 'tools/call', outcome, durationMs: 2001 },
});
const ok = { result: { content: [] } };
/** A call in flight when the harness ended the process (the surface budget): a timeout record marked endedByHarness. */
const cutCall = () => {
  const call = makeCall('t', {}, { outcome: 'timeout', durationMs: 11_637 });
  return { ...call, request: { ...call.request, endedByHarness: true as const } };
};
/** The sentence a timeout message ends with when the server's stderr names a failed lookup: a warning, and how to re-run. */
const NETWORK = ' Its stderr reports a failed network lookup or connection (ENOTFOUND): it may need a network or a service this run does not provide.';
const REQUEST_CAUSE = `${NETWORK} A warning, not an error: the environment may be to blame; re-run with the network and services it needs, or with a longer --request-timeout.`;
const START_CAUSE = `${NETWORK} A warning, not an error: the environment may be to blame; re-run with the network and services it needs, or with a longer --start-timeout.`;

checkTester(check, {
  reportedByRunner: { surfaceBudget: 'test/e2e/budget.test.ts' },
  valid: [
    {
      name: 'everything answered',

      observation: makeObservation({ tools: [makeTool('t')], calls: [makeCall('t', ok)], probes: [probe('success')], listing: { pages: [page('success')], tools: [], truncated: false } }),
    },
    { name: 'a cancelled probe is not a timeout', observation: makeObservation({ probes: [probe('cancelled')] }) },
    {
      // sweep 32: the call in flight when the surface budget closed the session, a probe and a page a wedged server's kill
      // took: the harness ended the process, their own budgets did not run out
      name: 'a call, a probe and a list page whose wait the harness cut short (endedByHarness) are no timeouts of their own',
      observation: makeObservation({
        calls: [cutCall()],
        probes: [{ ...probe('timeout'), request: { ...probe('timeout').request, endedByHarness: true } }],
        listing: { pages: [page('success'), { ...page('timeout'), endedByHarness: true }], tools: [], truncated: false },
      }),
    },
    {
      // hostile review 29: the server closed its stdout and kept running; its requests ended at once (transport/exit's stdoutClosed)
      name: 'a call, a probe and a list page a closed stdout ended (stdoutClosed) are no timeouts of their own',
      observation: makeObservation({
        calls: [{ ...makeCall('t', {}, { outcome: 'timeout', durationMs: 3 }), request: { ...makeCall('t', {}, { outcome: 'timeout', durationMs: 3 }).request, stdoutClosed: true } }],
        probes: [{ ...probe('timeout'), request: { ...probe('timeout').request, stdoutClosed: true } }],
        listing: { pages: [page('success'), { ...page('timeout'), stdoutClosed: true }], tools: [], truncated: false },
      }),
    },
    { name: "an in-session probe the server's exit took is transport/exit's, not this check's", observation: makeObservation({ probes: [probe('exit')] }) },
    {
      // review 26: a Streamable HTTP fresh probe opens no process of its own; the server's exit is transport/exit's
      name: "a Streamable HTTP fresh-process probe the server's exit took is transport/exit's (it has no process of its own)",
      observation: makeObservation({ transport: 'streamable-http', probes: [{ ...probe('exit'), probe: { ...probe('exit').probe, freshProcess: true }, aliveAfter: false }] }),
    },
    { name: 'a legacy server that never answered server/discover: silence is a legacy answer', observation: makeObservation({ era: 'legacy', negotiation: { probe: { outcome: 'timeout', durationMs: 15000, timeoutMs: 15000, restarted: true } } as never }) },
    { name: 'a handshake refused with an error is not a timeout', observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'initialize-error', errorCode: -32600, message: 'legacy handshake failed: initialize was answered with JSON-RPC error -32600' } }) },
  ],
  invalid: [
    {
      name: 'an HTTP server the harness started was not ready within startMs',
      observation: makeObservation({ bootError: { phase: 'spawn', reason: 'ready-timeout', timeoutMs: 900, message: 'the server was not ready within 900 ms: no line of its output matched /x/' } }),
      findings: [{ messageId: 'serverNotReady', severity: 'error' }],
    },
    {
      name: 'initialize never answered within startMs',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'initialize-timeout', timeoutMs: 750, message: 'legacy handshake failed: no answer to initialize within 750 ms (after server/discover drew timeout)' } }),
      findings: [{ messageId: 'initialize', severity: 'error' }],
    },
    {
      name: "initialize never answered, the server's stderr reporting a failed DNS lookup (@stripe/mcp 0.3.3 without a network)",
      observation: makeObservation({
        bootError: { phase: 'negotiate', reason: 'initialize-timeout', timeoutMs: 750, message: 'legacy handshake failed: no answer to initialize within 750 ms' },
        wire: { ...emptyWire(), stderrTail: 'Error: getaddrinfo ENOTFOUND mcp.stripe.com\n' },
      }),
      findings: [{ messageId: 'initialize', severity: 'warning', data: { timeoutMs: 750, cause: NETWORK, rerun: START_CAUSE.slice(NETWORK.length) } }],
    },
    {
      name: 'initialize answered under another id: named as such, not as no answer',
      observation: makeObservation({
        bootError: { phase: 'negotiate', reason: 'initialize-timeout', timeoutMs: 750, message: 'legacy handshake failed: no answer to initialize within 750 ms' },
        wire: { ...emptyWire(), unmatchedFrames: 1, unmatched: { unknownId: 1, noId: 0, inHandshake: 1 } },
      }),
      findings: [{ messageId: 'initializeIdMismatch', severity: 'error', data: { timeoutMs: 750, count: 1 } }],
    },
    {
      name: 'tool call timed out',
      observation: makeObservation({ calls: [makeCall('t', {}, { outcome: 'timeout', durationMs: 10_000 })] }),
      findings: [{ messageId: 'call', tool: 't', severity: 'error' }],
    },
    {
      name: 'server/discover unanswered by a server that turned out modern (-32022 on initialize)',
      observation: makeObservation({ era: 'modern', negotiation: { probe: { outcome: 'timeout', durationMs: 15003, timeoutMs: 15000, restarted: true } } as never }),
      findings: [{ messageId: 'discover' }],
    },
    { name: 'probe timed out', observation: makeObservation({ probes: [probe('timeout')] }), findings: [{ messageId: 'probe', tool: 't' }] },
    {
      // sweep 25, drawio-mcp-server 2.3.0: its second process found its fixed port taken by the main session's
      name: "a fresh-process probe unanswered by a second process whose stderr says an address is in use: a note, the harness's own conflict",
      observation: makeObservation({ probes: [{ ...probe('timeout'), addressInUse: true }] }),
      findings: [{ messageId: 'probeAddressInUse', severity: 'info', tool: 't' }],
    },
    {
      name: 'the same address-in-use note when that process exited rather than hung',
      observation: makeObservation({ probes: [{ ...probe('exit'), probe: { ...probe('exit').probe, freshProcess: true }, addressInUse: true }] }),
      findings: [{ messageId: 'probeAddressInUse', severity: 'info', tool: 't' }],
    },
    {
      // sweep 25: a fresh process that exited at once read "got no answer within 15000 ms"
      name: "a fresh-process probe whose own process exited before answering: freshProbeExited, an error, not a timeout's wording",
      observation: makeObservation({ probes: [{ probe: { id: 'protocol/version-negotiation:legacy-initialize', check: 'protocol/version-negotiation', method: 'initialize', freshProcess: true }, aliveAfter: false, request: { id: 'mcp-harness-fresh-probe', method: 'initialize', outcome: 'exit', durationMs: 40 } }] }),
      findings: [{
        messageId: 'freshProbeExited', severity: 'error',
        message: "initialize (probe 'protocol/version-negotiation:legacy-initialize') got no answer: the process the harness started for it alone exited before answering. A host that opens a session this way gets a dead connection.",
      }],
    },
    {
      name: 'second list page timed out',
      observation: makeObservation({ listing: { pages: [page('success'), page('timeout')], tools: [], truncated: false } }),
      findings: [{ messageId: 'listPage' }],
    },
    {
      name: 'the re-list after notifications/tools/list_changed timed out: named as the re-list',
      observation: makeObservation({
        listing: { pages: [page('success')], tools: [], truncated: false },
        listChanged: { count: 1, late: 0, declared: true, relists: [{ listing: { pages: [page('timeout')], tools: [], truncated: false, stop: 'error' }, added: [], removed: [], changed: [] }] },
      }),
      findings: [{ messageId: 'relistPage', message: 'tools/list page 1 of the re-list after notifications/tools/list_changed got no answer within 5000 ms; the changed tool set was not tested.' }],
    },
  ],
});

describe('transport/timeout details', () => {
  it('names the configured timeout when the scenario sets one, else the wall time', () => {
    const [configured] = runCheckOn(check, makeObservation({ calls: [makeCall('t', {}, { outcome: 'timeout', durationMs: 3012.4, scenario: { timeoutMs: 3000 } })] }));
    expect(configured.message).toContain('3000 ms');
    const [wall] = runCheckOn(check, makeObservation({ listing: { pages: [page('timeout')], tools: [], truncated: false } }));
    expect(wall.message).toContain('5000 ms');
    expect(wall.message).toContain('page 1');
  });
});

describe('transport/timeout: initialize', () => {
  const bootError = { phase: 'negotiate' as const, reason: 'initialize-timeout' as const, timeoutMs: 750, message: 'legacy handshake failed: no answer to initialize within 750 ms (after server/discover drew timeout)' };
  const withStderr = (stderrTail: string) => makeObservation({ bootError, wire: { ...makeObservation().wire, stderrTail } });
  it('says what did not answer and the timeout in ms', () => {
    const [finding] = runCheckOn(check, makeObservation({ bootError }));
    expect(finding.message).toBe('initialize got no answer within 750 ms (timeouts.startMs): the server never completed the handshake, so no session could start.');
  });
  it("names a failed network lookup the server's stderr reports, never the host: a warning, the environment may be to blame (harness/untested still fails the run: nothing was tested)", () => {
    // @stripe/mcp 0.3.3, a stdio proxy to its remote server, run without a network
    const [finding] = runCheckOn(check, withStderr('Starting proxy\nError: getaddrinfo ENOTFOUND mcp.stripe.com\n'));
    // the messageId (and so the finding's id) stays 'initialize': whether the lookup failed in time depends on the resolver
    expect(finding).toMatchObject({ messageId: 'initialize', severity: 'warning' });
    expect(finding.message).toBe(`initialize got no answer within 750 ms (timeouts.startMs): the server never completed the handshake, so no session could start.${START_CAUSE}`);
    expect(finding.stderr).toContain('Error: getaddrinfo ENOTFOUND mcp.stripe.com');
  });
  it('a stderr without a network failure keeps the plain message, and the error', () => {
    const [finding] = runCheckOn(check, withStderr('Loading config\nwaiting for the database lock\n'));
    expect(finding.severity).toBe('error');
    expect(finding.message).toBe('initialize got no answer within 750 ms (timeouts.startMs): the server never completed the handshake, so no session could start.');
  });
});

describe('transport/timeout: an unanswered call, probe or page whose server logged a failed network lookup (sweep 12)', () => {
  // @apify/actors-mcp-server 0.10.6 offline: the lookup fails once, then the client logs its retries for minutes
  const retries = Array.from({ length: 30 }, (_, i) => `WARN ApifyClient: API request failed ${i + 1} times. Max attempts: 9.`).join('\n');
  const offline = `Error: getaddrinfo ENOTFOUND api.apify.com\n${retries}\n`;
  const cause = REQUEST_CAUSE;
  const timedOut = (stderrTail: string) =>
    makeObservation({
      calls: [makeCall('search-actors', {}, { outcome: 'timeout', durationMs: 15_000 })],
      probes: [probe('timeout')],
      listing: { pages: [page('timeout')], tools: [], truncated: false },
      wire: { ...emptyWire(), stderrTail },
    });

  it('names the failure even when it is far above the lines a finding shows, at warning (the environment may be to blame); the id stays the same', () => {
    const findings = runCheckOn(check, timedOut(offline));
    expect(findings.map((f) => f.messageId).sort()).toEqual(['call', 'listPage', 'probe']);
    for (const f of findings) {
      expect(f.severity).toBe('warning');
      expect(f.message.endsWith(cause), f.message).toBe(true);
      expect(f.message).not.toContain('api.apify.com');
      expect(f.stderr).not.toContain('Error: getaddrinfo ENOTFOUND api.apify.com'); // not among the ten lines shown
    }
    expect(findings.find((f) => f.messageId === 'call')?.message).toBe(`tools/call of 'search-actors' (scenario 'search-actors-call') got no answer within 15000 ms.${cause}`);
  });

  // a review: a telemetry exporter's refused connection logged before a request (the tap's count as the request was
  // written, RequestRecord.networkLinesAtSend) says nothing of that request's hang
  it('a failure logged only before the request was written leaves its timeout an error; one logged after it, a warning', () => {
    const observed = (atSend: number, seen: number) =>
      makeObservation({
        calls: [(({ scenario, request }) => ({ scenario, request: { ...request, networkLinesAtSend: atSend } }))(makeCall('search-actors', {}, { outcome: 'timeout', durationMs: 15_000 }))],
        wire: { ...emptyWire(), stderrTail: offline, stderrNetworkSeen: seen },
      });
    const [before] = runCheckOn(check, observed(1, 1));
    expect([before.messageId, before.severity]).toEqual(['call', 'error']);
    expect(before.message).not.toContain('A warning, not an error');
    const [after] = runCheckOn(check, observed(1, 2));
    expect([after.messageId, after.severity]).toEqual(['call', 'warning']);
    expect(after.message.endsWith(cause)).toBe(true);
  });

  it('without a network failure in stderr the messages stay plain, and errors (the twin)', () => {
    const findings = runCheckOn(check, timedOut(`${retries}\n`));
    expect(findings.map((f) => [f.messageId, f.severity]).sort()).toEqual([['call', 'error'], ['listPage', 'error'], ['probe', 'error']]);
    for (const f of findings) expect(f.message).not.toContain('network');
  });

  it('the re-list after notifications/tools/list_changed that timed out: a warning too', () => {
    const observation = makeObservation({
      listing: { pages: [page('success')], tools: [], truncated: false },
      listChanged: { count: 1, late: 0, declared: true, relists: [{ listing: { pages: [page('timeout')], tools: [], truncated: false, stop: 'error' }, added: [], removed: [], changed: [] }] },
      wire: { ...emptyWire(), stderrTail: 'TypeError: fetch failed\n' },
    });
    const [finding] = runCheckOn(check, observation);
    expect(finding).toMatchObject({ messageId: 'relistPage', severity: 'warning' });
    expect(finding.message).toBe(`tools/list page 1 of the re-list after notifications/tools/list_changed got no answer within 5000 ms; the changed tool set was not tested.${REQUEST_CAUSE.replace('(ENOTFOUND)', '(fetch failed)')}`);
  });

  it("a configured severity still rules (docs/ci.md): 'warning' gives warnings, 'info' notes; 'error', the default, leaves the network-caused warning as it is, as for every message with its own severity", () => {
    const ctx = { observation: timedOut(offline), schemas: undefined as never, options: {} };
    const severities = (severity: 'error' | 'warning' | 'info') => [...new Set(runCheck(check, ctx, severity, true).map((f) => f.severity))];
    expect(severities('warning')).toEqual(['warning']);
    expect(severities('info')).toEqual(['info']);
    expect(severities('error')).toEqual(['warning']);
    const plain = { ...ctx, observation: timedOut(`${retries}\n`) };
    expect([...new Set(runCheck(check, plain, 'warning', true).map((f) => f.severity))]).toEqual(['warning']);
    expect([...new Set(runCheck(check, plain, 'error', true).map((f) => f.severity))]).toEqual(['error']);
  });
});

describe('transport/timeout: a request two checks shared', () => {
  it('timed out once: one probe finding, under the first probe in plan order; two requests sent apart: two', () => {
    const request = { id: 9, method: 'tools/call', outcome: 'timeout' as const, durationMs: 2001 };
    const record = (id: string, check: string, req = request) => ({ probe: { id, check, tool: 't', method: 'tools/call', timeoutMs: 2000 }, request: req });
    const shared = runCheckOn(check, makeObservation({ probes: [record('errors/classification:t:invalid-arguments', 'errors/classification'), record('errors/input-enforcement:t:wrong-type:a', 'errors/input-enforcement')] }));
    expect(shared.map((f) => f.message)).toEqual(["tools/call (probe 'errors/classification:t:invalid-arguments') got no answer within 2000 ms."]);
    const apart = runCheckOn(check, makeObservation({ probes: [record('a:1', 'a/b'), record('c:2', 'c/d', { ...request, id: 10 })] }));
    expect(apart).toHaveLength(2);
  });
});

describe('networkFailure (checks/util/stderr.ts)', () => {
  it("returns the failure's name from the last line that names one, never the host; undefined without one", () => {
    expect(networkFailure(['connect ECONNREFUSED 127.0.0.1:5432', 'retrying', 'Error: getaddrinfo EAI_AGAIN api.example.com'])).toBe('EAI_AGAIN');
    expect(networkFailure(['TypeError: fetch failed'])).toBe('fetch failed');
    // Python's and Go's wording, by fixed names
    expect(networkFailure(['socket.gaierror: [Errno -3] Temporary failure in name resolution'])).toBe('name resolution failed');
    expect(networkFailure(['dial tcp: lookup api.example.com: no such host'])).toBe('name resolution failed');
    expect(networkFailure(['ConnectionRefusedError: [Errno 111] Connection refused'])).toBe('connection refused');
    expect(networkFailure(['ENOTFOUNDATION is not an errno', 'refetch failedness'])).toBeUndefined();
    // sweep 26, @mui/mcp offline: "Could not fetch <url>: ..."; not a fetch the service refused with an HTTP status
    expect(networkFailure(['Could not fetch https://llms.example.invalid/material-ui/llms.txt: fetch failed'])).toBe('fetch failed');
    expect(networkFailure(['Could not fetch https://llms.example.invalid/material-ui/llms.txt'])).toBe('could not fetch');
    expect(networkFailure(["Couldn't fetch 'https://docs.example.invalid/index.json'"])).toBe('could not fetch');
    // no URL: nothing says the network is missing (a server's own lookup that failed)
    expect(networkFailure(["Couldn't fetch the index"])).toBeUndefined();
    expect(networkFailure(['Could not fetch user 42 from the database'])).toBeUndefined();
    expect(networkFailure(['Could not fetch https://example.com/x: HTTP 404'])).toBeUndefined();
    expect(networkFailure(['Could not fetch issue 12 (status code 503)'])).toBeUndefined();
    // a status line, or its reason alone at the end: the service answered (review 27)
    expect(networkFailure(['Could not fetch https://docs.example.invalid/llms.txt: 404 Not Found'])).toBeUndefined();
    expect(networkFailure(['Could not fetch https://docs.example.invalid/llms.txt: Service Unavailable'])).toBeUndefined();
    expect(networkFailure(['Could not fetch https://docs.example.invalid/llms.txt: request timed out after 500 ms'])).toBe('could not fetch');
    expect(networkFailure(['the prefetch could notify'])).toBeUndefined();
    // sweep 26, the Stainless SDKs' APIConnectionError: the whole message, or after a label's colon; not inside prose
    expect(networkFailure(['Connection error.'])).toBe('connection error');
    expect(networkFailure(['Error: Connection error.'])).toBe('connection error');
    expect(networkFailure(['openai.APIConnectionError: Connection error.'])).toBe('connection error');
    expect(networkFailure(['MCP error -32603: Connection error'])).toBe('connection error');
    expect(networkFailure(['Database connection error: relation "prices" does not exist'])).toBeUndefined();
    expect(networkFailure(['Invalid configuration: the connection error handler is not registered'])).toBeUndefined();
    expect(networkFailure(['There was a connection error.'])).toBeUndefined();
    expect(networkFailure(['Reconnection error.'])).toBeUndefined();
    // sweep 31, @iterable/mcp offline: an axios-style "Network error" as a label or the whole message; not inside prose
    expect(networkFailure(['MCP error -32603: Iterable network error: Network error: No response received from Iterable API'])).toBe('network error');
    expect(networkFailure(['AxiosError: Network Error'])).toBe('network error');
    expect(networkFailure(['Network error.'])).toBe('network error');
    expect(networkFailure(['Network error rate over budget for tenant 4'])).toBeUndefined();
    expect(networkFailure(['Invalid settings: the network error handler is not registered'])).toBeUndefined();
    expect(networkFailure(['Neural network error: weights file is corrupt'])).toBeUndefined();
    // review 28: the label over axios's message for an answered request: the service answered, no network is missing
    expect(networkFailure(['Network error: Request failed with status code 404'])).toBeUndefined();
    expect(networkFailure(['MCP error -32603: Network error: HTTP 503 Service Unavailable'])).toBeUndefined();
    expect(networkFailure(['Network error: Response not successful: Received status code 500'])).toBeUndefined();
    expect(networkFailure([])).toBeUndefined();
  });
});

describe('errorNetworkCause (checks/util/stderr.ts)', () => {
  it("names the failure a JSON-RPC error's own message names, never the host; '' for anything else", () => {
    expect(errorNetworkCause('getaddrinfo EAI_AGAIN www.googleapis.com')).toBe(' Its error message names a failed network lookup or connection (EAI_AGAIN): the server may need a network or a service this run does not provide.');
    expect(errorNetworkCause('fetch failed')).toContain('(fetch failed)');
    expect(errorNetworkCause('getaddrinfo EAI_AGAIN www.googleapis.com')).not.toContain('googleapis');
    expect(errorNetworkCause('Internal error: tool registry not loaded')).toBe('');
    expect(errorNetworkCause(undefined)).toBe('');
    expect(errorNetworkCause({ message: 'fetch failed' })).toBe('');
  });
});
