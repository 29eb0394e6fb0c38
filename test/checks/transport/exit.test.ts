import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from '../../e2e/helpers/cli.ts';
import check, { eraProbeExits, startCrash, SIBLING_RECENT_MS, SIBLING_SENTENCE, siblingRan } from '../../../harness/checks/transport/exit.ts';
import { checkTester, makeCall, makeObservation, runCheckOn } from '../../helpers/check-tester.ts';
import type { BootFailure } from '../../../harness/model/observation.ts';
import type { ExitInfo, HttpExchange } from '../../../harness/model/wire.ts';

/** A POST of the negotiation on a Streamable HTTP connection, answered with `status`. */
const httpPost = (seq: number, method: string, status: number): HttpExchange => ({ seq, connection: 1, atMs: seq, method: 'POST', message: { kind: 'request', id: seq, method }, session: 'none', status, bodyBytes: 0, messages: 0 });

const finalExit: ExitInfo = { atMs: 900, code: 0, signal: null, unexpected: false };
const crash: ExitInfo = { atMs: 120, code: 1, signal: null, unexpected: true };

checkTester(check, {
  valid: [
    { name: 'only the final, expected exit', observation: makeObservation({ exits: [finalExit] }) },
    {
      // review 26: since 5d4c862 a stdio fresh probe whose own process exited has outcome exit; that process is not the
      // session's, and transport/timeout reports it (freshProbeExited, or the note probeAddressInUse)
      name: "a stdio fresh-process probe whose own process exited is not the server's in-flight exit",
      observation: makeObservation({
        exits: [finalExit],
        probes: [{ probe: { id: 'protocol/version-negotiation:legacy-initialize', check: 'protocol/version-negotiation', method: 'initialize', freshProcess: true }, aliveAfter: false, addressInUse: true, request: { id: 'mcp-harness-fresh-probe', method: 'initialize', outcome: 'exit', durationMs: 40 } }],
      }),
    },
    {
      // the retention budget's own finding names these (harness/retention-budget, run/surface.ts)
      name: 'requests not sent once the retention budget passed are not exits',
      observation: makeObservation({
        exits: [finalExit],
        calls: [{ scenario: { name: 'generated', tool: 'big', arguments: {}, expect: 'success', origin: 'generated' }, request: { id: 2, method: 'tools/call', outcome: 'exit', durationMs: 0, unsent: 'budget' } }],
        probes: [{ probe: { id: 'p1', check: 'errors/classification', method: 'tools/call', tool: 'big' }, request: { id: 3, method: 'tools/call', outcome: 'exit', durationMs: 0, unsent: 'budget' } }],
      }),
      strict: true,
    },
    { name: 'a list-phase boot error is not a transport exit', observation: makeObservation({ bootError: { phase: 'list', reason: 'list-error', errorCode: -32603, message: 'x' } }) },
    {
      name: 'an unanswered initialize is left to transport/timeout',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'initialize-timeout', timeoutMs: 500, message: 'legacy handshake failed: no answer to initialize within 500 ms (after server/discover drew timeout)' } }),
    },
    {
      name: 'an HTTP server the harness started that was not ready in time is left to transport/timeout',
      observation: makeObservation({ bootError: { phase: 'spawn', reason: 'ready-timeout', timeoutMs: 900, message: 'the server was not ready within 900 ms' } }),
      strict: true,
    },
  ],
  invalid: [
    // hostile review 4 (D8): a server that closed its stdin after initialize and kept running passed with exit 0
    {
      name: 'the stdin pipe lost its reader while the process ran (EPIPE), the process ended by the harness: an error',
      observation: makeObservation({ exits: [{ ...finalExit, stdinLost: { atMs: 40, code: 'EPIPE' } }] }),
      findings: [{
        messageId: 'stdinClosed', severity: 'error', evidence: { atMs: 40, code: 'EPIPE' },
        message: "The server process closed its stdin (or stopped reading it) while it kept running: the harness's writes to it failed, so its requests could not be delivered and got no answer. Over stdio the client writes every message to the server's stdin; a server reads it for the whole session (closing it is how the client ends one).",
      }],
    },
    // hostile review 29: a server that closed its stdout and kept running made every later request wait out its timeout
    {
      name: 'stdout ended while the process ran, the process ended by the harness: an error, once per surface',
      observation: makeObservation({ exits: [{ ...finalExit, stdoutClosed: { atMs: 40 } }, { ...finalExit, stdoutClosed: { atMs: 90 } }] }),
      findings: [{
        messageId: 'stdoutClosed', severity: 'error', evidence: { atMs: 40 },
        message: 'The server process closed its stdout while it kept running: no answer could come from it any more, so the harness ended every request then waiting, and every later one, at once instead of waiting out its timeout. Over stdio the server writes every message to its stdout, and a server MUST answer every request (JSON-RPC 2.0 §5, which MCP messages MUST follow); a server keeps stdout open for the whole session.',
      }],
    },
    {
      name: 'a process that closed its stdin and its stdout draws stdoutClosed alone, whichever pipe a write met first',
      observation: makeObservation({ exits: [{ ...finalExit, stdinLost: { atMs: 40, code: 'EPIPE' }, stdoutClosed: { atMs: 41 } }] }),
      findings: [{ messageId: 'stdoutClosed', severity: 'error', evidence: { atMs: 41 } }],
    },
    {
      name: 'stdout ended before negotiation completed: the stdoutClosed error says the session could not start, and no negotiateFailed beside it',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'stdout-closed', message: 'the server closed its stdout before it answered server/discover' }, exits: [{ ...finalExit, stdoutClosed: { atMs: 30 } }] }),
      findings: [{
        messageId: 'stdoutClosed', severity: 'error',
        message: 'The server process closed its stdout while it kept running, before it completed protocol negotiation (server/discover or initialize), so no session could start: no answer could come from it any more, so the harness ended every request then waiting, and every later one, at once instead of waiting out its timeout. Over stdio the server writes every message to its stdout, and a server MUST answer every request (JSON-RPC 2.0 §5, which MCP messages MUST follow); a server keeps stdout open for the whole session.',
      }],
    },
    // hostile review D3: a server that stopped reading stdin while it flooded requests; their answers queued without bound
    {
      name: 'the server left more than the stdin backlog cap unread while it ran: an error naming the cap',
      observation: makeObservation({ exits: [{ ...finalExit, stdinStalled: { atMs: 40, waitingBytes: 16_700_000, capBytes: 16_777_216, droppedLines: 1980 } }] }),
      findings: [{
        messageId: 'stdinStalled', severity: 'error', evidence: { atMs: 40, waitingBytes: 16_700_000, capBytes: 16_777_216, droppedLines: 1980 },
        message: "The server process stopped reading its stdin while it kept running: more than 16777216 bytes of the harness's writes waited unread, so the harness dropped its answers to the server's requests after them instead of buffering them without bound. Over stdio the client writes every message to the server's stdin; a server reads it for the whole session.",
      }],
    },
    {
      name: 'a stdin backlog on two processes of the session: named once',
      observation: makeObservation({ exits: [{ ...finalExit, stdinStalled: { atMs: 40, waitingBytes: 10, capBytes: 20, droppedLines: 1 } }, { ...finalExit, stdinStalled: { atMs: 50, waitingBytes: 10, capBytes: 20, droppedLines: 2 } }] }),
      findings: [{ messageId: 'stdinStalled', severity: 'error' }],
    },
    {
      name: 'Streamable HTTP: the server left the POSTs of answers to its requests open while more than the cap waited: an error naming the cap',
      observation: makeObservation({ exits: [{ ...finalExit, answersStalled: { atMs: 40, waitingBytes: 2040, capBytes: 2048, inFlight: 16, droppedLines: 340 } }] }),
      findings: [{
        messageId: 'answersStalled', severity: 'error', evidence: { atMs: 40, waitingBytes: 2040, capBytes: 2048, inFlight: 16, droppedLines: 340 },
        message: "The server kept sending requests of its own while it left 16 of the harness's POSTs of their answers without an HTTP answer: more than 2048 bytes of further answers waited, so the harness dropped the answers after them instead of queueing them (or opening a connection for each) without bound. Over Streamable HTTP a server MUST answer a POSTed JSON-RPC response with 202 Accepted, or with an HTTP error status when it does not accept it (basic/transports §Sending Messages to the Server).",
      }],
    },
    {
      name: 'a legacy server whose first process the era probe ended (sweep 20, rmcp 0.12): an info note, not a crash',
      observation: makeObservation({ era: 'legacy', negotiation: { era: 'legacy', probe: { outcome: 'exit', durationMs: 20, restarted: true } } as never, exits: [{ ...crash, processNo: 1 }, { ...finalExit, processNo: 2 }] }),
      findings: [{ messageId: 'probeExited', severity: 'info' }],
    },
    {
      name: 'a legacy server the era probe ended twice, on its first process and on the restarted one: one info note, worded as for one exit (a slow start has one: review 25)',
      observation: makeObservation({
        era: 'legacy',
        negotiation: { era: 'legacy', probe: { outcome: 'exit', durationMs: 20, restarted: true, firstProbe: { outcome: 'exit', durationMs: 20, timeoutMs: 5000 } } } as never,
        exits: [{ ...crash, processNo: 1 }, { ...crash, atMs: 40, processNo: 2 }, { ...finalExit, processNo: 3 }],
      }),
      findings: [{
        messageId: 'probeExited', severity: 'info',
        message: 'The server process exited with code 1 on the era probe (server/discover, sent before initialize to tell a 2026-07-28 server from a legacy one); the harness restarted it and negotiated the legacy era. Not a fault of a legacy server: a request before initialize may draw any refusal, even an exit (2026-07-28 basic/versioning §Compatibility Matrix, modern client and legacy server), but a client that probes pays a process restart.',
      }],
    },
    {
      name: 'a server whose first process exited before answering the era probe while the restarted one answered it (-32601): a crash on start, an error',
      observation: makeObservation({
        era: 'legacy',
        negotiation: { era: 'legacy', probe: { outcome: 'other-error', errorCode: -32601, durationMs: 3, restarted: true, firstProbe: { outcome: 'exit', durationMs: 20, timeoutMs: 5000 } } } as never,
        exits: [{ ...crash, code: 3, processNo: 1 }, { ...finalExit, processNo: 2 }],
      }),
      findings: [{
        messageId: 'startExited', severity: 'error',
        message: "The server process exited with code 3 on start, before it answered the era probe (server/discover), while the restarted process did not exit on the same probe: the exit was not the probe's. A host that starts the server this way gets a dead connection.",
      }],
    },
    {
      name: "a first process that exited before the era probe's answer while the restarted one left the probe unanswered in its start budget (a legacy server silent before initialize): startExited, never saying the restarted process answered (review 25)",
      observation: makeObservation({
        era: 'legacy',
        negotiation: { era: 'legacy', probe: { outcome: 'timeout', durationMs: 15000, timeoutMs: 15000, restarted: true, firstProbe: { outcome: 'exit', durationMs: 20, timeoutMs: 5000 } } } as never,
        exits: [{ ...crash, code: 3, processNo: 1 }, { ...finalExit, processNo: 2 }],
      }),
      findings: [{
        messageId: 'startExited', severity: 'error',
        message: "The server process exited with code 3 on start, before it answered the era probe (server/discover), while the restarted process did not exit on the same probe: the exit was not the probe's. A host that starts the server this way gets a dead connection.",
      }],
    },
    {
      name: 'a modern server that crashed on its first start, then answered the probe (a DiscoverResult): startExited, and a later crash is the second of the session',
      observation: makeObservation({
        negotiation: { era: 'modern', probe: { outcome: 'discover-result', durationMs: 3, restarted: true, firstProbe: { outcome: 'exit', durationMs: 20, timeoutMs: 5000 } } } as never,
        exits: [{ ...crash, processNo: 1 }, { ...crash, atMs: 500, processNo: 2 }, { ...finalExit, processNo: 3 }],
      }),
      findings: [
        { messageId: 'startExited', severity: 'error' },
        { messageId: 'unexpectedExit', severity: 'error', message: 'The server process (unexpected exit 2 of this session, in a process the harness restarted) exited unexpectedly with code 1 while the harness was still using it.' },
      ],
    },
    {
      name: "a modern server whose server/discover ended its first process and the restarted one: one unexpectedExit, as when a slow start replaced the first probe's process (review 25)",
      observation: makeObservation({
        negotiation: { era: 'modern', probe: { outcome: 'exit', durationMs: 20, restarted: true, firstProbe: { outcome: 'exit', durationMs: 20, timeoutMs: 5000 } } } as never,
        exits: [{ ...crash, processNo: 1 }, { ...crash, atMs: 40, processNo: 2 }, { ...finalExit, processNo: 3 }],
      }),
      findings: [{ messageId: 'unexpectedExit', severity: 'error', message: 'The server process exited unexpectedly with code 1 while the harness was still using it.' }],
    },
    {
      name: 'stdout closed, then a crash: only the crash is named',
      observation: makeObservation({ exits: [{ ...crash, stdoutClosed: { atMs: 100 } }, finalExit] }),
      findings: [{ messageId: 'unexpectedExit' }],
    },
    {
      name: 'a stdin write that raced a crash: only the crash is named',
      observation: makeObservation({ exits: [{ ...crash, stdinLost: { atMs: 119, code: 'EPIPE' } }, finalExit] }),
      findings: [{ messageId: 'unexpectedExit' }],
    },
    {
      name: 'an HTTP surface whose URL nothing listens on',
      observation: makeObservation({ bootError: { phase: 'spawn', reason: 'unreachable', message: 'cannot reach http://127.0.0.1:9/mcp: connection refused' } }),
      findings: [{ messageId: 'unreachable', severity: 'error' }],
    },
    {
      name: 'an HTTP server the harness started exited before it was ready',
      observation: makeObservation({ bootError: { phase: 'spawn', reason: 'exited', exitCode: 3, signal: null, command: 'node', message: 'the server exited before it was ready' } }),
      findings: [{ messageId: 'spawnFailed', message: "The server process could not be started: command 'node': it exited before it was ready (code 3)." }],
    },
    { name: 'spawn failure', observation: makeObservation({ bootError: { phase: 'spawn', reason: 'command-not-found', errno: 'ENOENT', message: 'ENOENT' } }), findings: [{ messageId: 'spawnFailed', severity: 'error' }] },
    {
      name: 'a server that exits at once: one finding for the probe exit and the restart exit',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'exited', message: 'closed' }, exits: [crash, { ...crash, atMs: 300 }] }),
      findings: [{ messageId: 'bootExited' }],
    },
    {
      name: 'a server that exits after its stderr reported a failed connection: the network is named as a possible cause',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'exited', message: 'closed' }, exits: [crash, { ...crash, atMs: 300 }], wire: { ...makeObservation().wire, stderrTail: 'TypeError: fetch failed\n    at node:internal/deps/undici\n' } }),
      findings: [{ messageId: 'bootExited', severity: 'error', message: "The server process exited with code 1 during protocol negotiation (server/discover or initialize); the session could not start. Its stderr reports a failed network lookup or connection (fetch failed): it may need a network or a service this run does not provide." }],
    },
    {
      // sweep 29: @auth0/auth0-mcp-server 0.1.0-beta.19 with no token configured
      name: 'a server that exits after its stderr said its token is missing: the credential is named as a possible cause, still an error',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'exited', message: 'closed' }, exits: [crash, { ...crash, atMs: 300 }], wire: { ...makeObservation().wire, stderrTail: 'Error: No valid authorization token found.\n' } }),
      findings: [{ messageId: 'bootExited', severity: 'error', message: "The server process exited with code 1 during protocol negotiation (server/discover or initialize); the session could not start. Its stderr says a credential (a key, token or password) is missing or was refused: it may need one this run does not give it (the surface's env, or the CLI's --env)." }],
    },
    {
      name: 'negotiation refused without an exit',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'initialize-error', errorCode: -32600, message: 'initialize was answered with JSON-RPC error -32600' } }),
      findings: [{ messageId: 'negotiateFailed', message: 'The server process started but did not complete protocol negotiation (server/discover or initialize). initialize was answered with JSON-RPC error -32600.' }],
    },
    // sweep 20: a proxy whose upstream was unreachable answered initialize with -32603 after EAI_AGAIN on stderr
    {
      name: 'negotiation refused without an exit after stderr reported a failed lookup: the code and the network named',
      observation: makeObservation({ bootError: { phase: 'negotiate', reason: 'initialize-error', errorCode: -32603, message: 'x' }, wire: { ...makeObservation().wire, stderrTail: 'Error: getaddrinfo EAI_AGAIN upstream.invalid\n' } }),
      findings: [{ messageId: 'negotiateFailed', severity: 'error', message: 'The server process started but did not complete protocol negotiation (server/discover or initialize). initialize was answered with JSON-RPC error -32603. Its stderr reports a failed network lookup or connection (EAI_AGAIN): it may need a network or a service this run does not provide.' }],
    },
    // the hostile review: a Streamable HTTP endpoint answering 307 read only "did not complete protocol negotiation"
    {
      name: 'Streamable HTTP: initialize answered with a redirect, which is named and not followed',
      observation: makeObservation({
        transport: 'streamable-http',
        bootError: { phase: 'negotiate', reason: 'initialize-invalid', message: 'the HTTP answer to initialize carried no JSON-RPC response' },
        wire: { ...makeObservation().wire, http: [httpPost(1, 'server/discover', 307), httpPost(2, 'initialize', 307)] },
      }),
      findings: [{ messageId: 'negotiateFailed', message: "The server process started but did not complete protocol negotiation (server/discover or initialize). The HTTP answer to initialize had status 307, a redirect, which the harness does not follow (it would carry the configured headers elsewhere): set the surface's url to the endpoint itself." }],
    },
    {
      name: 'Streamable HTTP: initialize answered with 500: the status named',
      observation: makeObservation({
        transport: 'streamable-http',
        bootError: { phase: 'negotiate', reason: 'initialize-invalid', message: 'the HTTP answer to initialize carried no JSON-RPC response' },
        wire: { ...makeObservation().wire, http: [httpPost(1, 'server/discover', 200), httpPost(2, 'initialize', 500)] },
      }),
      findings: [{ messageId: 'negotiateFailed', message: 'The server process started but did not complete protocol negotiation (server/discover or initialize). The HTTP answer to initialize had status 500.' }],
    },
    {
      name: 'Streamable HTTP: a 200 without a usable answer: no status note (the evidence says what came)',
      observation: makeObservation({
        transport: 'streamable-http',
        bootError: { phase: 'negotiate', reason: 'initialize-invalid', message: 'the HTTP answer to initialize carried no JSON-RPC response' },
        wire: { ...makeObservation().wire, http: [httpPost(1, 'initialize', 200)] },
      }),
      findings: [{ messageId: 'negotiateFailed', message: 'The server process started but did not complete protocol negotiation (server/discover or initialize).' }],
    },
    // a review: after a surface-budget cut, the calls a crash took beside each other (their attempts alone never ran)
    // were both named as in flight; only the attempt alone tells which crashed the server
    {
      name: 'a crash that took two calls whose attempts alone the close left unsent (retryUnsent): the exit only, neither call named',
      observation: makeObservation({
        exits: [crash, finalExit],
        calls: ['boom', 'slow'].map((tool) => {
          const call = makeCall(tool, {}, { outcome: 'exit' });
          return { ...call, request: { ...call.request, retryUnsent: 'closed' as const } };
        }),
        probes: [{ probe: { id: 'p1', check: 'errors/classification', method: 'tools/call', tool: 'slow' }, request: { id: 9, method: 'tools/call', outcome: 'exit', durationMs: 0, retryUnsent: 'closed' } }],
      }),
      findings: [{ messageId: 'unexpectedExit' }],
    },
    // a review: a crash that took two calls, then a restart that failed: the calls were sent (never 'not sent'), and
    // only their attempts alone, which no process ran, would tell which crashed the server
    {
      name: 'a crash that took two calls whose attempts alone no restart ran (retryUnsent restarts): the exit only, no call named or counted unsent',
      observation: makeObservation({
        exits: [crash, finalExit],
        calls: ['boom', 'slow'].map((tool) => {
          const call = makeCall(tool, {}, { outcome: 'exit' });
          return { ...call, request: { ...call.request, retryUnsent: 'restarts' as const } };
        }),
      }),
      findings: [{ messageId: 'unexpectedExit' }],
    },
    {
      name: 'crash mid-session with a call in flight',
      observation: makeObservation({ exits: [crash, finalExit], calls: [makeCall('ok', { result: { content: [] } }), makeCall('boom', {}, { outcome: 'exit' })] }),
      findings: [{ messageId: 'unexpectedExit' }, { messageId: 'callInFlight', tool: 'boom' }],
    },
    {
      name: 'a request two checks shared was in flight: one probeInFlight, under the first probe (one request, one finding)',
      observation: (() => {
        const request = { id: 3, method: 'tools/call', outcome: 'exit' as const, durationMs: 2 };
        return makeObservation({
          exits: [{ atMs: 50, code: null, signal: 'SIGSEGV', unexpected: true }],
          probes: [
            { probe: { id: 'errors/classification:t:invalid-arguments', check: 'errors/classification', method: 'tools/call', tool: 't' }, request },
            { probe: { id: 'errors/input-enforcement:t:wrong-type:a', check: 'errors/input-enforcement', method: 'tools/call', tool: 't' }, request },
          ],
        });
      })(),
      findings: [{ messageId: 'unexpectedExit' }, { messageId: 'probeInFlight', tool: 't', data: { method: 'tools/call', probe: 'errors/classification:t:invalid-arguments' } }],
    },
    {
      // a Streamable HTTP fresh probe shares the server process the harness started: its exit took the probe
      name: 'a Streamable HTTP fresh-process probe in flight when the server exited: probeInFlight',
      observation: makeObservation({
        transport: 'streamable-http',
        exits: [{ atMs: 50, code: null, signal: 'SIGSEGV', unexpected: true }],
        probes: [{ probe: { id: 'protocol/version-negotiation:legacy-initialize', check: 'protocol/version-negotiation', method: 'initialize', freshProcess: true }, aliveAfter: false, request: { id: 'mcp-harness-fresh-probe', method: 'initialize', outcome: 'exit', durationMs: 40 } }],
      }),
      findings: [{ messageId: 'unexpectedExit' }, { messageId: 'probeInFlight' }],
    },
    {
      name: 'a probe was in flight',
      observation: makeObservation({
        exits: [{ atMs: 50, code: null, signal: 'SIGSEGV', unexpected: true }],
        probes: [{ probe: { id: 'p', check: 'errors/classification', method: 'tools/call', tool: 't' }, request: { id: 3, method: 'tools/call', outcome: 'exit', durationMs: 2 } }],
      }),
      findings: [{ messageId: 'unexpectedExit' }, { messageId: 'probeInFlight', tool: 't' }],
    },
    {
      name: 'requests of a tool that crashed the server twice alone were not sent: one info per tool, never "in flight"',
      observation: makeObservation({
        exits: [crash, crash, finalExit],
        calls: [makeCall('boom', {}, { outcome: 'exit' })],
        probes: [
          { probe: { id: 'p1', check: 'errors/classification', method: 'tools/call', tool: 'boom' }, request: { id: 3, method: 'tools/call', outcome: 'exit', durationMs: 2 } },
          { probe: { id: 'p2', check: 'errors/input-enforcement', method: 'tools/call', tool: 'boom' }, request: { id: 4, method: 'tools/call', outcome: 'exit', durationMs: 0, unsent: 'crashes' } },
          { probe: { id: 'p3', check: 'errors/input-enforcement', method: 'tools/call', tool: 'boom' }, request: { id: 5, method: 'tools/call', outcome: 'exit', durationMs: 0, unsent: 'crashes' } },
        ],
      }),
      findings: [
        { messageId: 'unexpectedExit' }, { messageId: 'unexpectedExit' }, { messageId: 'callInFlight', tool: 'boom' }, { messageId: 'probeInFlight', tool: 'boom' },
        { messageId: 'unsentCrashes', tool: 'boom', severity: 'info' },
      ],
    },
    {
      name: 'requests not sent once no process could be had (the budget spent, a restart failed): one info per tool or method',
      observation: makeObservation({
        exits: [crash, finalExit],
        probes: [
          { probe: { id: 'p1', check: 'protocol/unknown-method', method: 'foo/bar' }, request: { id: 3, method: 'foo/bar', outcome: 'exit', durationMs: 0, unsent: 'restarts' } },
          { probe: { id: 'p2', check: 'errors/classification', method: 'tools/call', tool: 't' }, request: { id: 4, method: 'tools/call', outcome: 'exit', durationMs: 0, unsent: 'restarts' } },
        ],
      }),
      findings: [{ messageId: 'unexpectedExit' }, { messageId: 'unsentRestarts', severity: 'info' }, { messageId: 'unsentRestarts', tool: 't', severity: 'info' }],
    },
  ],
});

describe('transport/exit: requests never sent', () => {
  it('counts them per tool, value-free', () => {
    const unsent = (id: string) => ({ probe: { id, check: 'errors/input-enforcement', method: 'tools/call', tool: 'boom' }, request: { id, method: 'tools/call', outcome: 'exit' as const, durationMs: 0, unsent: 'crashes' as const } });
    const findings = runCheckOn(check, makeObservation({ probes: [unsent('a'), unsent('b'), unsent('c')] }));
    expect(findings.map((f) => f.message)).toEqual([
      "3 more request(s) to tool 'boom' were not sent: its requests, sent alone, had crashed the server process twice; the checks that needed them have no verdict for them.",
    ]);
  });
});

describe('transport/exit details', () => {
  it('names the exit code or signal, keeps the boot message as evidence', () => {
    const byCode = runCheckOn(check, makeObservation({ exits: [crash] }));
    expect(byCode[0].message).toContain('with code 1');
    const bySignal = runCheckOn(check, makeObservation({ exits: [{ ...crash, code: null, signal: 'SIGKILL' }] }));
    expect(bySignal[0].message).toContain('by signal SIGKILL');
    const [boot] = runCheckOn(check, makeObservation({ bootError: { phase: 'spawn', reason: 'command-not-found', errno: 'ENOENT', message: 'spawn /secret/path ENOENT' } }));
    expect(boot.message).not.toContain('/secret/path');
    expect(boot.message).toContain('ENOENT: not found');
    expect(boot.evidence).toBe('spawn /secret/path ENOENT');
  });

  it('names the configured command and the cause of a start failure', () => {
    type Spawn = Omit<BootFailure, 'phase' | 'message'>;
    const message = (failure: Spawn) => runCheckOn(check, makeObservation({ bootError: { phase: 'spawn', ...failure, message: 'the sentence is never parsed' } }))[0].message;
    expect(message({ reason: 'command-not-found', command: 'mcp-srv', errno: 'ENOENT' })).toBe("The server process could not be started: command 'mcp-srv': ENOENT: not found.");
    expect(message({ reason: 'permission-denied', command: './server.sh', errno: 'EACCES' })).toBe("The server process could not be started: command './server.sh': EACCES: not executable.");
    expect(message({ reason: 'cwd-missing', command: 'node', errno: 'ENOENT' })).toContain('its working directory does not exist');
    expect(message({ reason: 'start-refused', errno: 'ENOTDIR' })).toBe('The server process could not be started: command the command: ENOTDIR: the operating system refused to start it.');
  });

  it('an unexpected exit names how it ended; its time is evidence, not message text', () => {
    const findings = runCheckOn(check, makeObservation({ exits: [{ ...crash, atMs: 733.4 }] })).filter((f) => f.messageId === 'unexpectedExit');
    expect(findings.map((f) => [f.message, f.evidence])).toEqual([['The server process exited unexpectedly with code 1 while the harness was still using it.', { atMs: 733 }]]);
  });

  // sweep 13: @browsermcp/mcp 0.1.3 kills whatever holds its port at start-up; the harness's fresh-probe process of
  // the same server did so to the session's process (SIGKILL 0.35 s after it started)
  describe('a death by a signal while another process of the same server ran (a fresh-process probe, a spare)', () => {
    const killed: ExitInfo = { atMs: 5000, code: null, signal: 'SIGKILL', unexpected: true };
    const plain = 'The server process exited unexpectedly by signal SIGKILL while the harness was still using it.';
    const message = (exit: ExitInfo, freshProcesses?: Array<{ startMs: number; endMs?: number }>) =>
      runCheckOn(check, makeObservation({ exits: [exit, finalExit], ...(freshProcesses ? { freshProcesses } : {}) })).filter((f) => f.messageId === 'unexpectedExit').map((f) => [f.message, f.severity]);

    it('says so when one was running at the exit, keeping the finding and its severity', () => {
      expect(message(killed, [{ startMs: 4650, endMs: 5300 }])).toEqual([[`${plain}${SIBLING_SENTENCE}`, 'error']]);
      expect(message(killed, [{ startMs: 1000 }])).toEqual([[`${plain}${SIBLING_SENTENCE}`, 'error']]);
    });

    it('says so when one had started shortly before and already ended (its probe answered first)', () => {
      expect(message(killed, [{ startMs: 5000 - SIBLING_RECENT_MS, endMs: 4990 }])).toEqual([[`${plain}${SIBLING_SENTENCE}`, 'error']]);
    });

    it('does not when none ran: none at all, one that ended long before, one that started after, one started before the session', () => {
      expect(message(killed)).toEqual([[plain, 'error']]);
      expect(message(killed, [{ startMs: 5000 - SIBLING_RECENT_MS - 1, endMs: 4990 }])).toEqual([[plain, 'error']]);
      expect(message(killed, [{ startMs: 100, endMs: 300 }])).toEqual([[plain, 'error']]);
      expect(message(killed, [{ startMs: 5001 }])).toEqual([[plain, 'error']]);
      expect(message(killed, [{ startMs: -50, endMs: 6000 }])).toEqual([[plain, 'error']]);
    });

    it('does not for an exit with a code: no signal came from elsewhere', () => {
      expect(message({ ...killed, code: 1, signal: null }, [{ startMs: 850 }])).toEqual([['The server process exited unexpectedly with code 1 while the harness was still using it.', 'error']]);
    });

    it('siblingRan: never for an exit the harness caused', () => {
      expect(siblingRan({ ...killed, unexpected: false }, [{ startMs: 850 }])).toBe(false);
      expect(siblingRan(killed, [{ startMs: 850 }])).toBe(true);
    });
  });

  it("an unexpected exit whose own stderr names a failed lookup says so, still an error; one without says nothing of the network", () => {
    const wire = (stderrTail: string) => ({ ...makeObservation().wire, stderrTail });
    const exitOf = (stderrTail: string) => runCheckOn(check, makeObservation({ exits: [crash, finalExit], wire: wire(stderrTail) })).filter((f) => f.messageId === 'unexpectedExit').map((f) => [f.severity, f.message]);
    // sweep 21: @xeroapi/xero-mcp-server 0.0.17 offline died of an unhandled rejection of a failed lookup
    expect(exitOf('node:internal/process/promises:391\nError: getaddrinfo EAI_AGAIN api.xero.com\n    at GetAddrInfoReqWrap.onlookup\n')).toEqual([[
      'error',
      'The server process exited unexpectedly with code 1 while the harness was still using it. Its stderr reports a failed network lookup or connection (EAI_AGAIN): it may need a network or a service this run does not provide.',
    ]]);
    expect(exitOf('TypeError: Cannot read properties of undefined\n    at handler\n')).toEqual([['error', 'The server process exited unexpectedly with code 1 while the harness was still using it.']]);
  });

  it('a crash after the session\'s first names its ordinal among the unexpected exits; the first is never numbered', () => {
    const messages = (exits: ExitInfo[]) => runCheckOn(check, makeObservation({ exits })).filter((f) => f.messageId === 'unexpectedExit').map((f) => f.message);
    const plain = 'The server process exited unexpectedly with code 1 while the harness was still using it.';
    expect(messages([{ ...crash, processNo: 1 }, { ...crash, atMs: 300, processNo: 2 }, { ...finalExit, processNo: 3 }])).toEqual([
      plain,
      'The server process (unexpected exit 2 of this session, in a process the harness restarted) exited unexpectedly with code 1 while the harness was still using it.',
    ]);
    // a process the harness ended itself (a timed-out era probe on a slow machine) shifts the process numbers, not the ordinal
    expect(messages([{ ...finalExit, atMs: 100, processNo: 1 }, { ...crash, processNo: 2 }, { ...crash, atMs: 300, processNo: 3 }, { ...finalExit, processNo: 4 }])[1]).toBe(
      'The server process (unexpected exit 2 of this session, in a process the harness restarted) exited unexpectedly with code 1 while the harness was still using it.',
    );
    // whether a restart followed the first process's exit can be timing (a kill near the end): its message is the same either way
    expect(messages([{ ...crash, processNo: 1 }, { ...finalExit, processNo: 2 }])).toEqual([plain]);
    expect(messages([{ ...crash, processNo: 1 }])).toEqual([plain]);
    expect(messages([crash, finalExit])).toEqual([plain]);
  });

  it('counts the exits of a failed boot in one finding, naming how the last one ended', () => {
    const findings = runCheckOn(check, makeObservation({ bootError: { phase: 'negotiate', reason: 'exited', message: 'x' }, exits: [crash, { ...crash, atMs: 400, code: 3 }] }));
    expect(findings).toHaveLength(1);
    expect(findings[0].message).toContain('exited with code 3 during protocol negotiation (server/discover or initialize)');
    // the first exit's time and the count are evidence (--show-values), never message text: the message is the same in
    // every run (the count is one fewer when the first probe's budget ran out before the process exited: review 25)
    expect(findings[0].message).not.toMatch(/\d+ ms|exit\(s\)/);
    expect(findings[0].evidence).toEqual({ session: 'x', firstExitAtMs: 120, exits: 2 });
  });
});

// a server that kills other instances of itself (sweep 13: @browsermcp/mcp 0.1.3 frees its port with `kill -9`): the
// harness's fresh-process probe starts one, which kills the session's process; the twin kills nothing
describe('fixture kills-other-instances.mjs through the real CLI', () => {
  let fault: CliRun | undefined;
  let twin: CliRun | undefined;
  const caches: string[] = [];
  afterAll(() => {
    [fault, twin].forEach(cleanup);
    for (const dir of caches) rmSync(dir, { recursive: true, force: true });
  });
  // version-negotiation plans the legacy fresh-process initialize; a cache of its own: no era hint from another run
  const cli = (...args: string[]) => {
    caches.push(mkdtempSync(join(tmpdir(), 'kills-other-instances-')));
    return runCli(['run', '--check', 'transport/exit', '--check', 'protocol/version-negotiation', '--', process.execPath, 'test/fixtures/servers/faults/kills-other-instances.mjs', ...args], { env: { MCP_HARNESS_CACHE_DIR: caches.at(-1) as string } });
  };

  it('the session process SIGKILLed by the fresh-probe process: unexpectedExit names the other process, an error', async () => {
    fault = await cli();
    const findings = findingsOf(reportOf(fault), 'ad-hoc', 'transport/exit');
    expect(findings.map((f) => [f.messageId, f.severity, f.message])).toEqual([
      ['unexpectedExit', 'error', `The server process exited unexpectedly by signal SIGKILL while the harness was still using it.${SIBLING_SENTENCE}`],
    ]);
  });

  it('its twin (--twin) kills nothing: no transport/exit finding', async () => {
    twin = await cli('--twin');
    expect(twin.exitCode, twin.stderr).toBe(0);
    expect(findingsOf(reportOf(twin), 'ad-hoc', 'transport/exit')).toEqual([]);
  });
});

// a server that crashes at every listing, in the session's first process and in its restart: two unexpectedExit
// errors, each naming its process (they read as one finding twice otherwise); the twin lists its tool
describe('fixture crashes-at-listing.mjs through the real CLI', () => {
  let fault: CliRun | undefined;
  let twin: CliRun | undefined;
  afterAll(() => [fault, twin].forEach(cleanup));
  const cli = (...args: string[]) => runCli(['run', '--check', 'transport/exit', '--', process.execPath, 'test/fixtures/servers/faults/crashes-at-listing.mjs', ...args]);

  it('each of the two crashed processes is named, with its own stderr', async () => {
    fault = await cli();
    const findings = findingsOf(reportOf(fault), 'ad-hoc', 'transport/exit');
    // in the report's order (by message), not the exits' order
    expect(findings.map((f) => [f.messageId, f.severity, f.message, f.stderr?.at(-1)]).sort((a, b) => String(a[2]).length - String(b[2]).length)).toEqual([
      ['unexpectedExit', 'error', 'The server process exited unexpectedly with code 3 while the harness was still using it.', 'listing failed'],
      ['unexpectedExit', 'error', 'The server process (unexpected exit 2 of this session, in a process the harness restarted) exited unexpectedly with code 3 while the harness was still using it.', 'listing failed'],
    ]);
  });

  it('its twin (--twin) lists its tool: no transport/exit finding', async () => {
    twin = await cli('--twin');
    expect(twin.exitCode, twin.stderr).toBe(0);
    expect(findingsOf(reportOf(twin), 'ad-hoc', 'transport/exit')).toEqual([]);
  });
});

// sweep 20: rmcp 0.12 (@openai/codex-shell-tool-mcp 0.97.0) exits on any request before initialize; the era probe
// (server/discover first) ended its first process, the harness restarted it and went legacy, and transport/exit
// called that exit an unexpectedExit error: the harness's own probe, which a legacy server may refuse any way
describe('an exit caused by the era probe on a legacy server', () => {
  const legacyAfterExit = { era: 'legacy', negotiation: { era: 'legacy', probe: { outcome: 'exit', durationMs: 20, timeoutMs: 5000, restarted: true } } } as never;
  const probeCrash: ExitInfo = { ...crash, atMs: 20, processNo: 1 };

  it('is an info note naming the probe, not unexpectedExit; a later crash of the restart stays an error', () => {
    const findings = (exits: ExitInfo[]) => runCheckOn(check, makeObservation({ ...(legacyAfterExit as object), exits })).map((f) => [f.messageId, f.severity, f.message]);
    expect(findings([probeCrash, { ...finalExit, processNo: 2 }])).toEqual([[
      'probeExited', 'info',
      'The server process exited with code 1 on the era probe (server/discover, sent before initialize to tell a 2026-07-28 server from a legacy one); the harness restarted it and negotiated the legacy era. Not a fault of a legacy server: a request before initialize may draw any refusal, even an exit (2026-07-28 basic/versioning §Compatibility Matrix, modern client and legacy server), but a client that probes pays a process restart.',
    ]]);
    expect(findings([probeCrash, { ...crash, atMs: 300, processNo: 2 }, { ...finalExit, processNo: 3 }]).map(([id, severity]) => [id, severity])).toEqual([['probeExited', 'info'], ['unexpectedExit', 'error']]);
  });

  it('eraProbeExits: the unexpected exits of a legacy session whose probes drew them, past a first probe the harness killed; startCrash: the first exit when the re-probe drew anything else', () => {
    const killed: ExitInfo = { ...finalExit, atMs: 5000, processNo: 1 };
    const legacy = (probe: Record<string, unknown>) => ({ era: 'legacy' as const, probe: { durationMs: 1, restarted: true, ...probe } as never });
    const exited = { outcome: 'exit', durationMs: 20, timeoutMs: 5000 };
    expect(eraProbeExits(legacy({ outcome: 'exit' }), [probeCrash, finalExit])).toEqual([probeCrash]);
    const second = { ...probeCrash, processNo: 2 };
    expect(eraProbeExits(legacy({ outcome: 'exit', firstProbe: { outcome: 'timeout', durationMs: 5000, timeoutMs: 5000 } }), [killed, second, finalExit])).toEqual([second]);
    expect(eraProbeExits(legacy({ outcome: 'exit', firstProbe: exited }), [probeCrash, second, { ...second, processNo: 3 }])).toEqual([probeCrash, second]);
    expect(startCrash(legacy({ outcome: 'exit', firstProbe: exited }), [probeCrash, second])).toBeUndefined();
    // the re-probe answered, or went unanswered in the start budget: the first exit was the start's
    expect(eraProbeExits(legacy({ outcome: 'other-error', firstProbe: exited }), [probeCrash])).toEqual([]);
    expect(startCrash(legacy({ outcome: 'other-error', firstProbe: exited }), [probeCrash, second])).toBe(probeCrash);
    expect(startCrash(legacy({ outcome: 'timeout', firstProbe: exited }), [probeCrash])).toBe(probeCrash);
    expect(startCrash(legacy({ outcome: 'exit', firstProbe: { outcome: 'timeout', durationMs: 5000, timeoutMs: 5000 } }), [killed, second])).toBeUndefined();
    // the probe drew an error answer: a later exit is a crash; a modern server whose discover killed it: protocol/discover's, and a crash
    expect(eraProbeExits(legacy({ outcome: 'other-error' }), [probeCrash])).toEqual([]);
    expect(startCrash(legacy({ outcome: 'other-error' }), [probeCrash])).toBeUndefined();
    expect(eraProbeExits({ era: 'modern', probe: { outcome: 'exit', durationMs: 1, restarted: true } }, [probeCrash])).toEqual([]);
    expect(eraProbeExits(undefined, [probeCrash])).toEqual([]);
  });
});

describe('fixture exits-before-initialize.mjs through the real CLI', () => {
  const runs: CliRun[] = [];
  const caches: string[] = [];
  afterAll(() => {
    runs.forEach(cleanup);
    for (const dir of caches) rmSync(dir, { recursive: true, force: true });
  });
  const cli = async (...args: string[]) => {
    caches.push(mkdtempSync(join(tmpdir(), 'exits-before-initialize-')));
    const run = await runCli(['run', '--check', 'transport/exit', '--', process.execPath, 'test/fixtures/servers/verdicts/exits-before-initialize.mjs', ...args], { env: { MCP_HARNESS_CACHE_DIR: caches.at(-1) as string } });
    runs.push(run);
    return run;
  };
  const exitFindings = (run: CliRun) => findingsOf(reportOf(run), 'ad-hoc', 'transport/exit').map((f) => [f.messageId, f.severity, f.stderr?.at(-1)]);

  it('the probe ended the first process: an info note with its stderr, the run passes', async () => {
    const run = await cli();
    expect(run.exitCode, run.stderr).toBe(0);
    expect(exitFindings(run)).toEqual([['probeExited', 'info', 'expect initialized request']]);
  });

  it('a crash of the restarted process at a call is still an unexpectedExit error', async () => {
    const run = await cli('--crash-later');
    const exits = exitFindings(run).filter(([id]) => id === 'probeExited' || id === 'unexpectedExit');
    expect(exits.map((f) => JSON.stringify(f)).sort()).toEqual([
      ['probeExited', 'info', 'expect initialized request'],
      ['unexpectedExit', 'error', 'call failed'],
      ['unexpectedExit', 'error', 'call failed'],
    ].map((f) => JSON.stringify(f)));
  });

  it('its twin (--twin) refuses server/discover with -32601: no transport/exit finding', async () => {
    const run = await cli('--twin');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(exitFindings(run)).toEqual([]);
  });
});

// a reviewer (sixth stop): a server that crashes on its first start only read as exiting on the era probe, a note
describe('fixture first-start-crash.mjs through the real CLI', () => {
  const runs: CliRun[] = [];
  const dirs: string[] = [];
  afterAll(() => {
    runs.forEach(cleanup);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const cli = async (...args: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'first-start-crash-'));
    dirs.push(dir);
    const run = await runCli(['run', '--check', 'transport/exit', '--check', 'protocol/era', '--', process.execPath, 'test/fixtures/servers/verdicts/first-start-crash.mjs', '--marker', join(dir, 'started'), ...args], { env: { MCP_HARNESS_CACHE_DIR: join(dir, 'cache') } });
    runs.push(run);
    return run;
  };
  const exitFindings = (run: CliRun) => findingsOf(reportOf(run), 'ad-hoc', 'transport/exit').map((f) => [f.messageId, f.severity, f.stderr?.at(-1)]);

  it('a legacy server: startExited, an error with its own stderr, not probeExited; the era is legacy', async () => {
    const run = await cli();
    expect(run.exitCode, run.stderr).toBe(1);
    expect(exitFindings(run)).toEqual([['startExited', 'error', 'first start: cache set-up failed']]);
    expect(reportOf(run).surfaces[0]).toMatchObject({ era: 'legacy' });
  });

  it('a modern server: startExited, and the era is modern (the re-probe drew a DiscoverResult)', async () => {
    const run = await cli('--modern');
    expect(exitFindings(run)).toEqual([['startExited', 'error', 'first start: cache set-up failed']]);
    expect(reportOf(run).surfaces[0]).toMatchObject({ era: 'modern' });
  });

  it('its twin (--twin) starts every time: no transport/exit finding', async () => {
    const run = await cli('--twin');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(exitFindings(run)).toEqual([]);
  });
});

// a reviewer (review 25): the same server read with another message by how fast it started, against the first probe's
// budget (a first probe that times out replaces its process, so only one exit is the probe's)
describe('fixture slow-probe-exit.mjs through the real CLI', () => {
  const runs: CliRun[] = [];
  afterAll(() => runs.forEach(cleanup));
  const exitFindings = async (...args: string[]) => {
    const run = await runCli(['run', '--check', 'transport/exit', '--probe-timeout', '1000', '--', process.execPath, 'test/fixtures/servers/verdicts/slow-probe-exit.mjs', ...args]);
    runs.push(run);
    return findingsOf(reportOf(run), 'ad-hoc', 'transport/exit').map((f) => [f.messageId, f.severity, f.message]);
  };

  it('a server that exits on the probe: the same probeExited note on a fast start and on one slower than the first probe', async () => {
    const [fast, slow] = [await exitFindings(), await exitFindings('--delay', '1500')];
    expect(fast.map(([id, severity]) => [id, severity])).toEqual([['probeExited', 'info']]);
    expect(slow).toEqual(fast);
  });

  it('a server that exits at every start: the same bootExited error on a fast start and on one slower than the first probe', async () => {
    const [fast, slow] = [await exitFindings('--die'), await exitFindings('--die', '--delay', '1500')];
    expect(fast.map(([id, severity]) => [id, severity])).toEqual([['bootExited', 'error']]);
    expect(slow).toEqual(fast);
  });

  it('a modern server whose server/discover ends the process: one unexpectedExit, the same on a fast start and on one slower than the first probe', async () => {
    const [fast, slow] = [await exitFindings('--modern'), await exitFindings('--modern', '--delay', '1500')];
    expect(fast.map(([id, severity]) => [id, severity])).toEqual([['unexpectedExit', 'error']]);
    expect(slow).toEqual(fast);
  });

  it('its twin (--twin) refuses server/discover and serves: no transport/exit finding', async () => {
    expect(await exitFindings('--twin', '--delay', '1500')).toEqual([]);
  });
});

describe('fixture upstream-unreachable.mjs through the real CLI', () => {
  const runs: CliRun[] = [];
  afterAll(() => runs.forEach(cleanup));
  const cli = async (...args: string[]) => {
    const run = await runCli(['run', '--check', 'transport/exit', '--', process.execPath, 'test/fixtures/servers/faults/upstream-unreachable.mjs', ...args]);
    runs.push(run);
    return run;
  };

  it('initialize refused with -32603 after a failed lookup on stderr: negotiateFailed names both', async () => {
    const run = await cli();
    const findings = findingsOf(reportOf(run), 'ad-hoc', 'transport/exit');
    expect(findings.map((f) => [f.messageId, f.severity, f.message])).toEqual([[
      'negotiateFailed', 'error',
      'The server process started but did not complete protocol negotiation (server/discover or initialize). initialize was answered with JSON-RPC error -32603. Its stderr reports a failed network lookup or connection (fetch failed): it may need a network or a service this run does not provide.',
    ]]);
  });

  it('its twin (--twin) reaches its upstream: no transport/exit finding', async () => {
    const run = await cli('--twin');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(findingsOf(reportOf(run), 'ad-hoc', 'transport/exit')).toEqual([]);
  });
});
