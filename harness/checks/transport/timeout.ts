/**
 * transport/timeout: every request the harness sent (tool calls, probes, tools/list pages) was
 * answered within its timeout (spec:2025-11-25/basic/lifecycle.mdx §Timeouts); the tools/list pages
 * of a re-list after notifications/tools/list_changed are named as such (`relistPage`). The era probe
 * (`server/discover`) is excluded: silence there is a legitimate legacy answer (digest §1c), unless the
 * server turned out modern (it refused `initialize` with -32022 naming only 2026-07-28) (`discover`). An
 * `initialize` the server never answered within `timeouts.startMs` is reported here (`initialize`),
 * naming the request and the timeout (`initializeIdMismatch` when responses with ids that matched no
 * request came during the handshake: the server answered, under another id; a failed network lookup or connection
 * the server's stderr reports is named, as the environment may be to blame: util/stderr.ts `stderrNetworkCause`; so it is
 * for an unanswered call, probe or page: a server offline may retry a failed lookup for minutes, sweep 12), and so is a Streamable HTTP server the harness started that was not
 * ready within `timeouts.startMs` (`serverNotReady`); other failed handshakes are `transport/exit`'s. A fresh-process
 * probe left unanswered by a process whose own stderr says an address or port is already in use (ProbeRecord.addressInUse)
 * is a note (`probeAddressInUse`): the harness started it while its main session ran the same server, so a server on a
 * fixed port or socket meets the harness's own conflict there (drawio-mcp-server 2.3.0, sweep 25: two errors).
 * A stdio fresh-process probe whose own process exited before answering (outcome `exit`, harness/run/fresh-probes.ts) got no
 * answer either (a Streamable HTTP one has no process of its own: the server's exit is transport/exit's `probeInFlight`), and a host opening a session so meets a dead connection: an error (`freshProbeExited`), not a
 * timeout's wording (sweep 25: a process that exited at once read "got no answer within 15000 ms").
 * Severity: an error by default, a claim that the server left a request unanswered; but when the server's stderr names a
 * failed network lookup or connection (`stderrNetworkCause` non-empty), an unanswered call, probe, tools/list page
 * (`listPage`, `relistPage`) or `initialize` is a warning whose message says how to re-run (`rerun`): the environment
 * (no network, a service not started) may be to blame, and no MUST of the server is shown broken (lifecycle §Timeouts puts
 * the timeout on the sender). @cyanheads/pubmed-mcp-server 2.7.4 offline waits on its client's 60 s network deadline,
 * then answers properly (sweep 18: 7 `call` errors at the harness's 15 s). For a call, probe or page only when a failure
 * was logged after the request was written (RequestRecord.networkLinesAtSend below WireTap.stderrNetworkSeen): a
 * telemetry exporter's refused connection at start says nothing of a hung handler (a review). A request whose wait the
 * harness cut short (it ended the process: the surface budget, a wedged server's kill; `endedByHarness`, `cutShort`) is
 * no timeout of its own (sweep 32). A configured severity rules as for any
 * message with its own (define.ts `findingSeverity`): 'off' reports nothing, 'warning' or 'info' caps it. A run that
 * tested nothing still fails: harness/untested is an error when no error-level finding says why.
 */
import { defineCheck, type FindingDescriptor } from '../define.ts';
import { stderrNetworkCause, stderrTail } from '../util/stderr.ts';
import { distinctProbes } from '../../probes/records.ts';
import type { RequestRecord } from '../../model/wire.ts';
import { listPages } from '../../model/observation.ts';
import { initializeTimeoutMs, readyTimeoutMs } from './boot-error.ts';

/**
 * The `{{rerun}}` of a timeout message, after its network cause (`cause` non-empty, else ''): why it is a warning and
 * how to re-run; `flag`: the budget that ran out (`--request-timeout` for calls, probes and pages, `--start-timeout` for
 * initialize). Data of its own: a value is cut past 200 characters (define.ts `formatMessage`), and the cause's sentence
 * already takes ~150.
 */
function rerun(cause: string, flag: '--request-timeout' | '--start-timeout'): string {
  return cause === '' ? '' : ` A warning, not an error: the environment may be to blame; re-run with the network and services it needs, or with a longer ${flag}.`;
}

export default defineCheck({
  meta: {
    id: 'transport/timeout',
    defaultSeverity: 'error',
    description: 'Every request (tool calls, probes, tools/list pages) is answered within its timeout.',
    rationale:
      'A request that never gets an answer stalls the host and its model until the host gives up; it usually means a hung handler, a swallowed exception or a response written to the wrong stream.',
    spec: 'spec:2025-11-25/basic/lifecycle.mdx §Timeouts',
    messages: {
      call: "tools/call of '{{tool}}' (scenario '{{scenario}}') got no answer within {{timeoutMs}} ms.{{cause}}{{rerun}}",
      probe: "{{method}} (probe '{{probe}}') got no answer within {{timeoutMs}} ms.{{cause}}{{rerun}}",
      freshProbeExited:
        "{{method}} (probe '{{probe}}') got no answer: the process the harness started for it alone exited before answering. A host that opens a session this way gets a dead connection.",
      probeAddressInUse:
        "{{method}} (probe '{{probe}}') got no answer on a process of its own, started while the harness's main session ran the same server: that process's stderr says an address or port is already in use. The server cannot run twice at once (a fixed port or socket), so the probe went unanswered for the harness's own conflict; its question was not tested.",
      listPage: 'tools/list page {{page}} got no answer within {{timeoutMs}} ms.{{cause}}{{rerun}}',
      relistPage: 'tools/list page {{page}} of the re-list after notifications/tools/list_changed got no answer within {{timeoutMs}} ms; the changed tool set was not tested.{{cause}}{{rerun}}',
      discover: 'server/discover got no answer within {{timeoutMs}} ms, on a modern server (it refused initialize with -32022 naming only 2026-07-28).',
      initialize: 'initialize got no answer within {{timeoutMs}} ms (timeouts.startMs): the server never completed the handshake, so no session could start.{{cause}}{{rerun}}',
      initializeIdMismatch:
        'initialize got no response carrying its id within {{timeoutMs}} ms (timeouts.startMs), but the server sent {{count}} response(s) during the handshake whose id matched no request: it answered under another id (see protocol/wire-schema), so no session could start.',
      serverNotReady: 'The Streamable HTTP server the harness started was not ready within {{timeoutMs}} ms (timeouts.startMs: its URL did not answer, or no output line matched ready.line); no session could start.',
      surfaceBudget: 'The surface did not finish within its time budget (timeouts.surfaceMs {{timeoutMs}} ms); the calls and probes after that were not made.',
    },
    fixes: {
      call: "When the message names a failed network lookup or connection the server's stderr reported after the call was sent, the finding is a warning: the tool may be waiting on a network or service this run lacks (a client retrying to its own deadline); re-run with them, or with a `--request-timeout` longer than that deadline, to see how it answers. A handler that never answers (a hung await, a swallowed exception, an answer written to stderr) needs a fix in the server. A tool that is slow by design (a long poll, a long job) needs a longer budget instead: raise `timeouts.requestMs` (`--request-timeout`) or give its scenario a `timeoutMs`; clients built on the MCP TypeScript SDK wait 60 s by default, the harness 15 s. A tool that outlasts any host's patience should report progress or run as a task.",
      probeAddressInUse:
        "A second client starting the server beside a first meets the same conflict: let a second process exit with a message when its port is taken (or share one listener), rather than stay up without answering. To test the probe's question, make the port configurable and give the surface a free one per process where the server allows it.",
      probe: "When the message names a failed network lookup or connection the server's stderr reported after the probe was sent, the finding is a warning (the environment may be to blame): re-run with the network, or a longer `--request-timeout`. A probe repeats a call with changed arguments or asks a protocol question (ping, cancellation, unknown tool): a handler that hangs on invalid arguments instead of rejecting them needs a fix; a server slow on every request needs a longer `timeouts.requestMs` (`--request-timeout`), which probes share with the calls.",
    },
    examples: {
      fail: 'tools/call of a tool whose handler never resolves: no response within the 10000 ms timeout',
      pass: 'every tools/call and tools/list request gets a response before its timeout',
    },
    needsSession: false,
  },
  check(ctx, emit) {
    const { calls, listing, bootError } = ctx.observation;
    // the server's last stderr lines (its own output, sent strings masked) say what it was doing
    const stderr = stderrTail(ctx.observation);
    // a failed network lookup or connection anywhere in the kept tail: the environment may be to blame (sweep 12)
    const cause = stderrNetworkCause(ctx.observation);
    const again = rerun(cause, '--request-timeout');
    // the environment may be to blame: a warning (a configured severity still caps it: define.ts findingSeverity); for a
    // request, only when a failure was logged after it was written (a review: a telemetry exporter's refused connection
    // at start made a hung handler's timeout a warning); a record without the count (a tap that heard no stderr then, or
    // the Streamable HTTP session's, whose server's stderr has its own tap) goes by the stderr as a whole
    const blamed = cause === '' ? {} : { severity: 'warning' as const };
    const seen = ctx.observation.wire.stderrNetworkSeen;
    const blamedFor = (request: RequestRecord) => (request.networkLinesAtSend === undefined || seen === undefined || seen > request.networkLinesAtSend ? blamed : {});
    const againFor = (request: RequestRecord) => ('severity' in blamedFor(request) ? again : '');
    const report = (f: FindingDescriptor) => emit({ ...f, stderr });
    const initMs = initializeTimeoutMs(bootError);
    const strays = ctx.observation.wire.unmatched?.inHandshake ?? 0;
    if (initMs !== undefined && strays > 0) report({ messageId: 'initializeIdMismatch', data: { timeoutMs: initMs, count: strays } });
    else if (initMs !== undefined) report({ messageId: 'initialize', ...blamed, data: { timeoutMs: initMs, cause, rerun: rerun(cause, '--start-timeout') } });
    const readyMs = readyTimeoutMs(bootError);
    if (readyMs !== undefined) report({ messageId: 'serverNotReady', data: { timeoutMs: readyMs }, evidence: bootError?.message });
    const n = ctx.observation.negotiation;
    if (n?.era === 'modern' && (n.probe?.outcome === 'timeout' || n.probe?.outcome === 'not-json')) {
      report({ messageId: 'discover', data: { timeoutMs: n.probe.timeoutMs ?? n.probe.durationMs } });
    }
    for (const { scenario, request } of calls) {
      if (request.outcome !== 'timeout' || cutShort(request)) continue;
      // the arguments are evidence (--show-values): what to send to see the wait again
      report({ messageId: 'call', ...blamedFor(request), tool: scenario.tool, data: { tool: scenario.tool, scenario: scenario.name, timeoutMs: limitMs(request, scenario.timeoutMs), cause, rerun: againFor(request) }, evidence: { arguments: scenario.arguments } });
    }
    for (const { probe, request, addressInUse } of distinctProbes(ctx.observation)) { // a request shared by two checks' probes: once
      // a fresh-process probe whose own process exited before answering got no answer either, but not for a wait
      // (stdio only: a Streamable HTTP fresh probe opens no process, and the server's exit is transport/exit's)
      const freshExit = request.outcome === 'exit' && probe.freshProcess === true && ctx.observation.transport === 'stdio';
      if ((request.outcome !== 'timeout' || cutShort(request)) && !freshExit) continue;
      if (addressInUse) {
        // the harness's second process met its own main session's port: no claim on the server (sweep 25)
        report({ messageId: 'probeAddressInUse', severity: 'info', ...(probe.tool !== undefined ? { tool: probe.tool } : {}), data: { method: probe.method, probe: probe.id } });
        continue;
      }
      if (freshExit) {
        report({ messageId: 'freshProbeExited', ...(probe.tool !== undefined ? { tool: probe.tool } : {}), data: { method: probe.method, probe: probe.id }, ...(probe.params !== undefined ? { evidence: { params: probe.params } } : {}) });
        continue;
      }
      const data = { method: probe.method, probe: probe.id, timeoutMs: limitMs(request, probe.timeoutMs), cause, rerun: againFor(request) };
      report({ messageId: 'probe', ...blamedFor(request), ...(probe.tool !== undefined ? { tool: probe.tool } : {}), data, ...(probe.params !== undefined ? { evidence: { params: probe.params } } : {}) });
    }
    for (const { record, page, relist } of listPages({ listing, listChanged: ctx.observation.listChanged })) {
      if (record.outcome === 'timeout' && !cutShort(record)) report({ messageId: relist === undefined ? 'listPage' : 'relistPage', ...blamedFor(record), data: { page, timeoutMs: limitMs(record), cause, rerun: againFor(record) } });
    }
  },
});

/**
 * Whether a `timeout` record is a wait the harness cut short, not one whose own budget ran out: the server closed its
 * stdout and kept running, so no answer could come and the session ended the request at once (`stdoutClosed`: transport/exit
 * names that once, hostile review 29); or the harness ended the
 * process while the request waited (session/exchange.ts `unanswered`: the surface budget `timeouts.surfaceMs` closed
 * the session, or a wedged server was killed after another request's timeout and failed liveness check: the record's
 * `endedByHarness`), so it has no `timeoutMs`, only the wall time it had waited. Not a finding of its own: the surface budget is `surfaceBudget`,
 * the wedge the timed-out request's, and the wall time is no budget a message can name the same in every run (sweep
 * 32: @ajpanada/mcp-azure-devops 2.0.4 offline, whose calls hang, read "got no answer within 11637 ms" for the call in
 * flight at the surface budget in one run and drew nothing in the next, where no call was in flight then).
 */
function cutShort(request: RequestRecord): boolean {
  return request.outcome === 'timeout' && (request.endedByHarness === true || request.stdoutClosed === true);
}

/** The timeout that applied, ms: the scenario's or probe's, else the one the session recorded, else the wall time. */
function limitMs(request: RequestRecord, configuredMs?: number): number {
  return Math.round(configuredMs ?? request.timeoutMs ?? request.durationMs);
}
