/**
 * transport/exit: the server process starts, completes negotiation, and does not exit while in use
 * (spec:2026-07-28/basic/transports/stdio.mdx: an unexpected exit loses every in-flight request).
 * A boot failure is one finding: the start failure with its command and cause, or the exits during
 * negotiation, their count as evidence only (a process that exits before answering the era probe is restarted and
 * probed again, then restarted for `initialize` if it exits again, so a server that dies at once exits three times;
 * twice when its first probe's budget ran out first, a slow start: the message must not depend on it). An
 * `initialize` that is never answered is transport/timeout's.
 * A legacy server that exits on the era probe itself, on its first process and again on the restarted one
 * (server/discover before initialize; rmcp 0.12 does, sweep 20), and serves the process after them: an info note
 * (`probeExited`, `eraProbeExits`), not a crash. A first process that exited before answering while the restarted
 * one did not exit on the same probe (an answer, or none in the start budget) crashed on start, not on the probe: an error (`startExited`, `startCrash`).
 * A server that closed its stdin (or stopped reading it) while it kept running: an error (`stdinClosed`). Over stdio
 * the client writes every message to the server's stdin (spec:2025-11-25/basic/transports.mdx §stdio), so once the
 * pipe has no reader the harness's writes fail (EPIPE) and its requests cannot be delivered; the session ends them
 * as `exit` although no exit came until the harness ended the process (hostile review 4, D8: it passed with exit 0,
 * a note from tools/listing and none here). Recorded by the session (ExitInfo.stdinLost) only for a write that failed
 * while the process ran and before the harness began ending it; on an unexpected exit the crash is the finding (a
 * write that raced the crash also fails). A server that exits when stdin closes at the end of the run never draws
 * it, nor a Streamable HTTP surface (its stdin is not the transport), nor a process that closed its stdout as well (then
 * `stdoutClosed` alone: which pipe the harness met closed first is timing).
 * Its mirror, a server that closed its stdout while it kept running (`exec 1>&-`, `fs.closeSync(1)`;
 * ExitInfo.stdoutClosed, hostile review 29): an error (`stdoutClosed`), once per surface, also when it kept the session
 * from starting, and not after a crash (the crash is the finding). Over stdio the server writes its messages to its
 * stdout (spec:2025-11-25/basic/transports.mdx §stdio), so no request can be answered any more (JSON-RPC 2.0 §5: the
 * server MUST reply to every request; spec:2025-11-25/basic/index.mdx: MCP messages MUST follow JSON-RPC 2.0). The
 * session ends each of its requests at once (outcome `timeout` marked `stdoutClosed`: no timeout of its own, evidence
 * for no other check) instead of after its timeout.
 * Each unexpected exit's finding shows the stderr of the process that exited (ExitInfo.processNo), not the session's
 * last lines (sweep 17: task-master-ai 0.43.1's three crashes each showed the lines of the process after them).
 * An unexpected death by a signal while a process of a fresh-process probe ran beside it (`siblingRan`) says so: a
 * server that kills other instances of itself (by port or pid file) ends this way (sweep 13, @browsermcp/mcp 0.1.3).
 * A stdio fresh-process probe whose own process exited (outcome `exit`) is not an in-flight request of the session's:
 * transport/timeout reports it (`freshProbeExited`, or the note `probeAddressInUse`); a Streamable HTTP fresh probe
 * shares the server process, and its exit's `probeInFlight` is this check's.
 * A server that stopped reading its stdin while the harness had more than its backlog cap waiting (ExitInfo.stdinStalled,
 * SessionOptions.maxPendingStdinBytes; a server flooding requests it never reads the answers of, hostile review D3):
 * an error (`stdinStalled`), once per surface, whatever ended the process (the backlog came before the exit).
 * Its Streamable HTTP form (ExitInfo.answersStalled): a server that kept sending requests while it left the harness's
 * POSTs of their answers open (MAX_ANSWERS_IN_FLIGHT of them) until more than the same cap of answers waited; an error
 * (`answersStalled`), once per surface: a POSTed response MUST get 202 Accepted or an HTTP error status (2025-11-25
 * basic/transports §Sending Messages to the Server, 4).
 * Requests the session did not send once the retention budget passed (`unsent: 'budget'`) are left to
 * harness/retention-budget, which names the surface once; those a session closed by the harness never wrote
 * (`unsent: 'closed'`: an interrupt, or the surface budget, which transport/timeout names) are no one's fault. Nor is
 * a request the crash took while pipelined beside others whose attempt alone was never sent (`retryUnsent`: the close,
 * or a failed restart): only that attempt tells which request crashed the server (harness/session/session.ts), so it is
 * not named as in flight (one the crash took alone is: its plain `exit` record is the crasher's);
 * the exit itself stays `unexpectedExit` (a review: naming it made a call's verdict depend on when the cut landed).
 */
import { defineCheck, type FindingDescriptor } from '../define.ts';
import type { BootFailure, FreshProcessLife, Negotiation } from '../../model/observation.ts';
import type { ExitInfo, RequestRecord } from '../../model/wire.ts';
import { initializeTimeoutMs, readyTimeoutMs, spawnCause } from './boot-error.ts';
import type { Report } from '../util/report.ts';
import { httpStatusNote } from '../util/http-status.ts';
import { bootCause, stderrBootCause, stderrTail } from '../util/stderr.ts';
import { distinctProbes } from '../../probes/records.ts';

export default defineCheck({
  meta: {
    id: 'transport/exit',
    defaultSeverity: 'error',
    description: 'The server process starts, completes negotiation and does not exit while in use.',
    rationale:
      'A server that fails to start or crashes mid-session loses every in-flight request; hosts show the user a dead connection. Each crash is reported with its exit code or signal, and each lost tool call separately. After the first crash the harness sends requests one at a time, so each later crash is one request\'s; a tool whose requests crashed the server twice gets no more (reported as info: what was not tested).',
    spec: 'spec:2026-07-28/basic/transports/stdio.mdx; spec:2025-11-25/basic/transports.mdx §stdio; spec:2025-11-25/basic/lifecycle.mdx',
    messages: {
      spawnFailed: 'The server process could not be started: command {{command}}: {{cause}}.',
      unreachable: "Nothing accepts connections at the surface's URL (Streamable HTTP; is the server running?); no session could start.",
      negotiateFailed: 'The server process started but did not complete protocol negotiation (server/discover or initialize).{{answer}}{{http}}{{cause}}',
      bootExited: 'The server process exited {{how}} during protocol negotiation (server/discover or initialize); the session could not start.{{cause}}',
      unexpectedExit: 'The server process{{which}} exited unexpectedly {{how}} while the harness was still using it.{{sibling}}{{cause}}',
      startExited:
        'The server process exited {{how}} on start, before it answered the era probe (server/discover), while the restarted process did not exit on the same probe: the exit was not the probe\'s. A host that starts the server this way gets a dead connection.{{cause}}',
      probeExited:
        "The server process exited {{how}} on the era probe (server/discover, sent before initialize to tell a 2026-07-28 server from a legacy one); the harness restarted it and negotiated the legacy era. Not a fault of a legacy server: a request before initialize may draw any refusal, even an exit (2026-07-28 basic/versioning §Compatibility Matrix, modern client and legacy server), but a client that probes pays a process restart.",
      stdinClosed:
        "The server process closed its stdin (or stopped reading it) while it kept running: the harness's writes to it failed, so its requests could not be delivered and got no answer. Over stdio the client writes every message to the server's stdin; a server reads it for the whole session (closing it is how the client ends one).",
      stdoutClosed:
        'The server process closed its stdout while it kept running{{when}}: no answer could come from it any more, so the harness ended every request then waiting, and every later one, at once instead of waiting out its timeout. Over stdio the server writes every message to its stdout, and a server MUST answer every request (JSON-RPC 2.0 §5, which MCP messages MUST follow); a server keeps stdout open for the whole session.',
      stdinStalled:
        "The server process stopped reading its stdin while it kept running: more than {{cap}} bytes of the harness's writes waited unread, so the harness dropped its answers to the server's requests after them instead of buffering them without bound. Over stdio the client writes every message to the server's stdin; a server reads it for the whole session.",
      answersStalled:
        "The server kept sending requests of its own while it left {{inFlight}} of the harness's POSTs of their answers without an HTTP answer: more than {{cap}} bytes of further answers waited, so the harness dropped the answers after them instead of queueing them (or opening a connection for each) without bound. Over Streamable HTTP a server MUST answer a POSTed JSON-RPC response with 202 Accepted, or with an HTTP error status when it does not accept it (basic/transports §Sending Messages to the Server).",
      callInFlight: "tools/call of '{{tool}}' ({{call}}) was in flight when the server process exited.",
      probeInFlight: "{{method}} (probe '{{probe}}') was in flight when the server process exited.",
      unsentCrashes: '{{count}} more request(s) to {{what}} were not sent: its requests, sent alone, had crashed the server process twice; the checks that needed them have no verdict for them.',
      unsentRestarts: '{{count}} request(s) to {{what}} were not sent: after the crashes the server process could not be restarted (the restart budget was spent, or a restart failed); the checks that needed them have no verdict for them.',
    },
    examples: {
      fail: 'the process exits with code 1 while a tools/call is in flight',
      pass: 'the process answers every request and exits only after stdin closes',
    },
    needsSession: false,
  },
  check(ctx, report) {
    const { bootError, exits, calls } = ctx.observation;
    const stderr = stderrTail(ctx.observation);
    if (bootError?.phase === 'spawn' || bootError?.phase === 'negotiate') reportBoot(bootError, exits, (f) => report({ ...f, stderr }), stderrBootCause(ctx.observation), httpStatusNote(ctx.observation.wire.http, ['initialize', 'server/discover']));
    // each crash with what its own process wrote (ExitInfo.processNo), not the session's last lines
    else {
      const probeExits = eraProbeExits(ctx.observation.negotiation, exits);
      const startExit = startCrash(ctx.observation.negotiation, exits);
      const repeat = repeatedProbeExit(ctx.observation.negotiation, exits);
      // the crashes counted in order (the harness's own kills and the era probe's exit left out): the ordinal names them
      let crashes = 0;
      for (const exit of exits) {
        if (!exit.unexpected) continue;
        const lines = exit.processNo === undefined ? stderr : stderrTail(ctx.observation, exit.processNo);
        const own = (f: FindingDescriptor) => report({ ...f, stderr: lines });
        if (probeExits.includes(exit)) {
          // one note for the probe's exits, on the first, the same whether the first probe's process exited on it (two
          // exits) or was replaced after the probe's budget (a slow start: one exit): no word of how many
          if (exit === probeExits[0]) own({ messageId: 'probeExited', severity: 'info', data: { how: describeExit(exit) }, evidence: { atMs: Math.round(exit.atMs), exits: probeExits.length } });
        } else if (exit === repeat) {
          continue; // the same probe's exit on the restarted process: the first one's finding says it
        } else if (exit === startExit) {
          crashes += 1;
          own({ messageId: 'startExited', data: { how: describeExit(exit), cause: bootCause(lines) }, evidence: { atMs: Math.round(exit.atMs) } });
        } else reportExit(exit, (crashes += 1), ctx.observation.freshProcesses ?? [], bootCause(lines), own);
      }
    }
    // a crash explains the failed writes that raced it; a process that kept running with its stdin closed is this. One
    // that closed its stdout too draws stdoutClosed alone: whether a write met its closed stdin before the harness read
    // the end of its stdout (and wrote nothing more) is an order of two pipes, not of the server's (closes-stdin.mjs
    // `stdout`: CI under load met the stdout first, an idle run the stdin)
    for (const exit of exits) if (exit.stdinLost && !exit.unexpected && exit.stdoutClosed === undefined) report({ messageId: 'stdinClosed', stderr, evidence: { ...exit.stdinLost } });
    // a stdout the server closed while it kept running (ExitInfo.stdoutClosed): once per surface; a crash after it explains it
    const silenced = exits.find((exit) => exit.stdoutClosed !== undefined && !exit.unexpected)?.stdoutClosed;
    if (silenced) {
      const when = bootError?.phase === 'negotiate' ? ', before it completed protocol negotiation (server/discover or initialize), so no session could start' : '';
      report({ messageId: 'stdoutClosed', stderr, data: { when }, evidence: { ...silenced } });
    }
    // a backlog the server left unread while it ran: recorded before any exit, so a later crash does not explain it
    const stalled = exits.find((exit) => exit.stdinStalled !== undefined)?.stdinStalled;
    if (stalled) report({ messageId: 'stdinStalled', stderr, data: { cap: stalled.capBytes }, evidence: { ...stalled } });
    // Streamable HTTP: answers to the server's requests it left untaken while it sent more (ExitInfo.answersStalled)
    const answers = exits.find((exit) => exit.answersStalled !== undefined)?.answersStalled;
    if (answers) report({ messageId: 'answersStalled', stderr, data: { cap: answers.capBytes, inFlight: answers.inFlight }, evidence: { ...answers } });
    const unsent = new Unsent();
    for (const { scenario, request } of calls) {
      if (request.outcome !== 'exit') continue;
      if (request.unsent === 'budget') continue; // the retention budget's finding counts these (harness/retention-budget)
      if (request.unsent === 'closed') continue; // the harness closed the session (surface budget: transport/timeout says so)
      if (request.retryUnsent !== undefined) continue; // in flight beside others, its attempt alone never ran: not its crash
      if (request.unsent) unsent.add(request.unsent, request.method, scenario.tool);
      else report({ messageId: 'callInFlight', tool: scenario.tool, data: { tool: scenario.tool, call: `scenario '${scenario.name}'` } });
    }
    for (const { probe, request } of distinctProbes(ctx.observation)) { // a request shared by two checks' probes: once
      if (request.outcome !== 'exit') continue;
      // a stdio fresh probe's process was its own, not the session's: transport/timeout's freshProbeExited (review 26)
      if (probe.freshProcess === true && ctx.observation.transport === 'stdio') continue;
      if (request.unsent === 'budget' || request.unsent === 'closed' || request.retryUnsent !== undefined) continue;
      if (request.unsent) unsent.add(request.unsent, probe.method, probe.tool);
      else report({ messageId: 'probeInFlight', ...(probe.tool !== undefined ? { tool: probe.tool } : {}), data: { method: probe.method, probe: probe.id } });
    }
    unsent.report(report);
  },
});

/**
 * Requests the session never sent after crashes (RequestRecord.unsent), counted: one info finding per tool (or
 * method) and reason: its own crashes stopped its requests, or no process could be had any more (the restart
 * budget spent, a restart failed). Evidence of what the run could not test, not a second fault: the crashes are
 * reported above.
 */
class Unsent {
  private readonly byKey = new Map<string, { reason: 'crashes' | 'restarts'; what: string; tool?: string; count: number }>();

  add(reason: 'crashes' | 'restarts', method: string, tool: string | undefined): void {
    const named = method === 'tools/call' && tool !== undefined;
    const key = `${reason}\u0000${named ? `tools/call\u0000${tool}` : method}`;
    const entry = this.byKey.get(key) ?? { reason, what: named ? `tool '${tool}'` : `method ${method}`, ...(named ? { tool } : {}), count: 0 };
    entry.count += 1;
    this.byKey.set(key, entry);
  }

  report(report: Report): void {
    for (const { reason, what, tool, count } of this.byKey.values()) {
      report({ messageId: reason === 'crashes' ? 'unsentCrashes' : 'unsentRestarts', severity: 'info', ...(tool !== undefined ? { tool } : {}), data: { what, count } });
    }
  }
}

/**
 * One finding for a failed boot: the start failure; or the exits during negotiation (count, first
 * time, how the last ended); or a negotiation that failed otherwise (an unanswered initialize is left
 * to transport/timeout). The session's message stays as evidence, with the first exit's time; the server's last
 * stderr lines (masked, see util/stderr.ts) go with boot failures and unexpected exits. Times (ms after spawn) are
 * evidence (`--show-values`), never message text: a message is the same in every run of the same server
 * (docs/determinism.md). A published server that crashes on a failed DNS lookup exited 880 ms after spawn in one
 * run and 900 ms in the next, and the message said so. An exit after stderr reported a failed network lookup or
 * connection says so (`cause`, util/stderr.ts `bootCause`), and so does one after stderr said a credential is missing
 * or was refused (sweep 29: @auth0/auth0-mcp-server 0.1.0-beta.19 with no token): the environment may be to blame. So does a negotiation
 * refused without an exit (`negotiateFailed`), with the JSON-RPC error code initialize drew (`answer`): a proxy to a
 * hosted server answered initialize with -32603 after its stderr showed EAI_AGAIN (@assistant-ui/mcp-docs-server
 * 0.3.2 offline, sweep 20), and the message named neither.
 */
function reportBoot(bootError: BootFailure, exits: readonly ExitInfo[], report: Report, cause: string, http: string): void {
  const evidence = bootError.message;
  if (bootError.reason === 'unreachable') return report({ messageId: 'unreachable', evidence });
  if (readyTimeoutMs(bootError) !== undefined) return; // transport/timeout's
  if (bootError.phase === 'spawn') return report({ messageId: 'spawnFailed', data: { ...spawnCause(bootError) }, evidence });
  const crashes = exits.filter((e) => e.unexpected);
  if (crashes.length > 0) {
    // how many exits is evidence, not the message: a first probe replaced after its budget (a slow start) is one exit
    // fewer than one its process exited on (a reviewer, review 25: 2 or 3 by how fast the server started)
    return report({ messageId: 'bootExited', data: { how: describeExit(crashes[crashes.length - 1]), cause }, evidence: { session: evidence, firstExitAtMs: Math.round(crashes[0].atMs), exits: crashes.length } });
  }
  if (initializeTimeoutMs(bootError) !== undefined) return;
  if (bootError.reason === 'stdout-closed') return; // the exit's stdoutClosed names it (check)
  const answer = bootError.reason === 'initialize-error' && bootError.errorCode !== undefined ? ` initialize was answered with JSON-RPC error ${bootError.errorCode}.` : '';
  report({ messageId: 'negotiateFailed', data: { answer, http, cause }, evidence });
}


/**
 * How long before a signal death a fresh-process probe's process (or spare) that had already ended still counts as
 * started "shortly before" it, ms: a server that kills other instances at start-up does so within its start-up
 * (@browsermcp/mcp 0.1.3: the main process died 0.35 s after the probe's process started), and the process may be
 * stopped (its probe answered) before the main one's exit is seen.
 */
export const SIBLING_RECENT_MS = 2000;

/** The sentence `unexpectedExit` ends with when another process of the same server ran as the session's died. */
export const SIBLING_SENTENCE =
  ' Another process of the same server, started by the harness for a fresh-process probe, was running: a server that kills other instances of itself (by port or pid file) ends this way.';

/**
 * Whether a process of a fresh-process probe (or a spare; SurfaceObservation.freshProcesses) ran beside the session's
 * process when it died of a signal: one that started after the session's first spawn and at or before the exit, and
 * was still running then or had started at most SIBLING_RECENT_MS before it. An exit with a code, or one the harness
 * caused (not `unexpected`), never: a signal the harness did not send came from elsewhere, and a server that ends
 * other instances of itself at start-up (`lsof -ti:9009 | xargs kill -9` in @browsermcp/mcp 0.1.3, sweep 13) kills the
 * session's process when the harness starts another for a fresh-process probe; the finding is still the server's.
 */
export function siblingRan(exit: Pick<ExitInfo, 'atMs' | 'signal' | 'unexpected'>, fresh: readonly FreshProcessLife[]): boolean {
  if (exit.signal === null || !exit.unexpected) return false;
  return fresh.some((p) => p.startMs >= 0 && p.startMs <= exit.atMs && (p.endMs === undefined || p.endMs >= exit.atMs || exit.atMs - p.startMs <= SIBLING_RECENT_MS));
}

/**
 * ` (unexpected exit N of this session, in a process the harness restarted)` for the session's Nth crash, N > 1, so two
 * crashes of a server that fails the same way after its restart read as two, not one finding twice. Counted over the
 * unexpected exits only, in order, the era probe's exit left out: not the process number (`ExitInfo.processNo`, which the
 * stderr labels carry), because a process the harness itself ended during negotiation (a probe that timed out on a slow
 * machine) shifts every later number (a reviewer: crashes read as processes 2, 3, 4 with a 5 s probe timeout and 3, 4, 5
 * with 100 ms). Empty for the first crash, whether or not a restart followed it: whether the session went on can depend
 * on when the exit fell (a server killed by another instance of itself near the end of the run), and a message is the
 * same in every run of the same server (docs/determinism.md).
 */
export function crashLabel(ordinal: number): string {
  return ordinal > 1 ? ` (unexpected exit ${ordinal} of this session, in a process the harness restarted)` : '';
}

/**
 * One unexpected exit, named by its code or signal and, after the session's first crash, by its ordinal
 * (`crashLabel`), with the sentence on another process of the same server when one ran (`siblingRan`), and the one
 * naming a failed network lookup or connection when the lines of its own stderr shown with it report one (`cause`,
 * util/stderr.ts `networkCause`, as `bootExited` says it): still an error, a crash is the server's however it was
 * triggered (sweep 21: @xeroapi/xero-mcp-server 0.0.17 died of an unhandled EAI_AGAIN rejection offline, and the
 * message did not say what its stderr showed). The process's stderr is read to its end before the exit is judged, so
 * the sentence does not depend on timing. Its time (ms after spawn) is evidence.
 */
function reportExit(exit: ExitInfo, ordinal: number, fresh: readonly FreshProcessLife[], cause: string, report: Report): void {
  report({ messageId: 'unexpectedExit', data: { which: crashLabel(ordinal), how: describeExit(exit), sibling: siblingRan(exit, fresh) ? SIBLING_SENTENCE : '', cause }, evidence: { atMs: Math.round(exit.atMs) } });
}

/**
 * The exits the era probe caused, when negotiation went legacy because `server/discover` ended the process (probe
 * outcome `exit`) on the first process and again on the restarted one (`firstProbe` outcome `exit`,
 * harness/session/negotiate.ts): the session's first two unexpected exits, since nothing but negotiation ran before
 * them (`exits` is in order; a first probe the harness timed out and killed is an expected exit before them, and then
 * the probe's exit is the one unexpected exit of the re-probe). An exit on the first probe alone could be a crash on
 * start (a server that fails its first start, or at random, read as exiting on the probe, a note: a reviewer's
 * fixtures); the second probe tells them apart (`startCrash`). rmcp 0.12 (the official
 * Rust SDK; @openai/codex-shell-tool-mcp 0.97.0, sweep 20) exits with code 1 on any request before `initialize`.
 * A legacy server owes no answer to a request sent before `initialize` (2025-11-25 basic/lifecycle: the client
 * SHOULD NOT send one; 2026-07-28 basic/versioning §Compatibility Matrix: a legacy server may answer the modern
 * client's request with an implementation-defined error or silence), and the harness's negotiation reads the exit
 * as "legacy" and restarts the process (harness/session/negotiate.ts): an info note, never `unexpectedExit`.
 * Undefined otherwise, also on a modern negotiation (initialize refused with -32022), whose dead probe is
 * protocol/discover's `missing` and stays a crash here.
 */
export function eraProbeExits(negotiation: Pick<Negotiation, 'era' | 'probe'> | undefined, exits: readonly ExitInfo[]): ExitInfo[] {
  if (negotiation?.era !== 'legacy' || negotiation.probe.outcome !== 'exit') return [];
  return exits.filter((exit) => exit.unexpected).slice(0, negotiation.probe.firstProbe?.outcome === 'exit' ? 2 : 1);
}

/**
 * The restarted process's exit when the era probe ended it as it ended the first (`firstProbe` and the probe both
 * outcome `exit`), on a negotiation that is not legacy (a modern server whose server/discover crashes it, initialize
 * refused with -32022): the same behaviour as the first exit, which draws the finding, so it draws none of its own. A
 * server slower to start than `probeMs` has its first probe's process replaced, not exited, and shows that exit once:
 * counted twice, the same server drew two unexpectedExit errors on a fast start and one on a slow one (a reviewer,
 * review 25, fixture verdicts/slow-probe-exit.mjs --modern). Undefined otherwise (a legacy negotiation's are
 * `eraProbeExits`). Pure.
 */
export function repeatedProbeExit(negotiation: Pick<Negotiation, 'era' | 'probe'> | undefined, exits: readonly ExitInfo[]): ExitInfo | undefined {
  if (negotiation === undefined || negotiation.era === 'legacy' || negotiation.probe.outcome !== 'exit' || negotiation.probe.firstProbe?.outcome !== 'exit') return undefined;
  return exits.filter((exit) => exit.unexpected)[1];
}

/**
 * The first process's exit when it ended before answering the era probe and the restarted process did not end on the
 * same probe (`firstProbe` outcome `exit`, the second probe's anything else: an answer, non-JSON, or no answer in the
 * start budget): the exit was the start's, not the probe's, so a crash (`startExited`, an error as any unexpected
 * exit), on any era. Undefined otherwise. Pure.
 */
export function startCrash(negotiation: Pick<Negotiation, 'probe'> | undefined, exits: readonly ExitInfo[]): ExitInfo | undefined {
  if (negotiation?.probe.firstProbe?.outcome !== 'exit' || negotiation.probe.outcome === 'exit') return undefined;
  return exits.find((exit) => exit.unexpected);
}

/** `with code 1`, `by signal SIGSEGV`, or `without code or signal`. */
function describeExit(exit: Pick<ExitInfo, 'code' | 'signal'>): string {
  if (exit.signal !== null) return `by signal ${exit.signal}`;
  return exit.code !== null ? `with code ${exit.code}` : 'without code or signal';
}
