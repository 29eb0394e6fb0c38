/**
 * Issue 9 §2/§3: every arm of every verdict fixture (test/fixtures/servers/verdicts/*.mjs) as a surface,
 * with what it must draw (`draws`), which checks must stay silent at warning and above (`silent`), and
 * which messageIds must never appear (`never`). test/e2e/verdicts.test.ts asserts them through the CLI.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '../../../harness/index.ts';
import type { Arm } from '../helpers/arms.ts';

const DIR = fileURLToPath(new URL('../../fixtures/servers/verdicts/', import.meta.url));

export type { Arm, Draw } from '../helpers/arms.ts';

export const ARMS: Arm[] = [
  { surface: 'era-unknown-revision', file: 'era-revision.mjs', draws: [{ check: 'protocol/era', messageId: 'unknownVersion', severity: 'warning' }] },
  { surface: 'era-older-revision', file: 'era-revision.mjs', args: ['--twin'], draws: [{ check: 'protocol/era', messageId: 'supersededRevision', severity: 'info' }], silent: ['protocol/era'] },
  {
    surface: 'tool-failures-as-rpc-errors',
    file: 'tool-failures.mjs',
    draws: [{ check: 'errors/classification', messageId: 'toolFailuresAsProtocolErrors', severity: 'warning', includes: '2 tool(s) (fetch_alerts, fetch_forecast)' }],
    never: [{ check: 'errors/classification', messageId: 'invalidArgumentsProtocolError' }, { check: 'result/expectation', messageId: 'outcomeMismatch' }],
  },
  { surface: 'tool-failures-as-iserror', file: 'tool-failures.mjs', args: ['--twin'], silent: ['errors/classification', 'result/expectation', 'errors/input-enforcement'] },
  {
    surface: 'understated-schema',
    file: 'understated-schema.mjs',
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "property 'mode'" }],
    silent: ['result/expectation'],
  },
  {
    surface: 'understated-schema-rpc',
    file: 'understated-schema.mjs',
    args: ['--rpc'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning' }],
    never: [{ check: 'errors/classification', messageId: 'toolFailuresAsProtocolErrors' }],
  },
  { surface: 'stated-schema', file: 'understated-schema.mjs', args: ['--twin'], silent: ['errors/input-enforcement', 'result/expectation', 'errors/classification'], never: [{ check: 'errors/input-enforcement', messageId: 'unprobed' }] },
  {
    surface: 'understated-timezone',
    file: 'understated-schema.mjs',
    args: ['--timezone'],
    draws: [
      { check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool convert_time rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'timezone'" },
    ],
    once: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', tool: 'convert_time' }],
  },
  { surface: 'stated-timezone', file: 'understated-schema.mjs', args: ['--timezone', '--twin'], silent: ['errors/input-enforcement', 'result/expectation', 'errors/classification'] },
  // sweep 12: an error envelope's key "name" names no property, and "does not match the expected cost" is a business
  // rule (create_branch); the SDK's trailing "at url" names url, not the earlier word "path" (git_clone); sweep 13: a
  // pretty-printed zod issue names its path (events), not a key of its schema dump indented 14 spaces (create_events)
  {
    surface: 'rejection-text',
    file: 'rejection-text.mjs',
    draws: [
      { check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool git_clone rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'url'" },
      { check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool create_events rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'events'" },
    ],
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', tool: 'create_branch' }],
    once: [
      { check: 'errors/input-enforcement', messageId: 'validCallRejected', tool: 'git_clone' },
      { check: 'errors/input-enforcement', messageId: 'validCallRejected', tool: 'create_events' },
      { check: 'errors/input-enforcement', messageId: 'validCallRejected', tool: 'update_project' },
    ],
  },
  { surface: 'rejection-text-twin', file: 'rejection-text.mjs', args: ['--twin'], silent: ['errors/input-enforcement', 'result/expectation'] },
  // sweep 30: a run's own failure report ("Exit code: 1", stderr "SyntaxError: Invalid or unexpected token") is the
  // program's failure, not a refusal of the property `code` (context-mode 1.0.131 ctx_execute); refused before the run
  // in words naming `code` it is (the twin)
  {
    surface: 'run-failure',
    file: 'run-failure.mjs',
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected' }],
  },
  {
    surface: 'run-failure-twin',
    file: 'run-failure.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool run_code rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'code'" }],
  },
  // review 27: a wrapper's program refuses the argument passed to it (argparse's "argument --since: invalid duration
  // value") in the report of a failed run ("returned non-zero exit status 2"): a refusal of since, still drawn
  {
    surface: 'run-failure-cli',
    file: 'run-failure.mjs',
    args: ['--cli'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool get_pod_logs rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'since'" }],
  },
  { surface: 'run-failure-cli-twin', file: 'run-failure.mjs', args: ['--cli', '--twin'], silent: ['errors/input-enforcement'], never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected' }] },
  // a sweep: an allowed boundary value refused in zod's words is rejected; refused by a business rule whose prose says
  // "the expected cost" it is not ("expected" as an adjective is no validator's word)
  {
    surface: 'boundary-text',
    file: 'boundary-text.mjs',
    draws: [{ check: 'errors/input-enforcement', messageId: 'rejected', severity: 'warning', includes: 'Tool quote_shipping rejected a call with property "weight" exactly at its maximum' }],
    once: [{ check: 'errors/input-enforcement', messageId: 'rejected', tool: 'quote_shipping' }],
  },
  { surface: 'boundary-text-twin', file: 'boundary-text.mjs', args: ['--twin'], silent: ['errors/input-enforcement', 'result/expectation'], never: [{ check: 'errors/input-enforcement', messageId: 'rejected' }] },
  // sweep 19, @mcp-z/mcp-pdf 3.2.2 and @starwind-ui/mcp 0.5.1: the text carries structuredContent's only member
  // (`result`) serialized, not structuredContent itself: named as that (wrappedMirror, a warning: a client parsing the
  // text gets the member, which the outputSchema does not describe), not listed key by key; a lossy text is divergentKeys
  {
    surface: 'wrapped-mirror',
    file: 'wrapped-mirror.mjs',
    draws: [{ check: 'result/text-mirror', messageId: 'wrappedMirror', severity: 'warning', includes: "carries structuredContent's only member 'result' serialized" }],
    never: [{ check: 'result/text-mirror', messageId: 'divergentKeys' }],
  },
  { surface: 'wrapped-mirror-lossy', file: 'wrapped-mirror.mjs', args: ['--lossy'], draws: [{ check: 'result/text-mirror', messageId: 'divergentKeys', severity: 'warning' }], never: [{ check: 'result/text-mirror', messageId: 'wrappedMirror' }] },
  { surface: 'wrapped-mirror-twin', file: 'wrapped-mirror.mjs', args: ['--twin'], silent: ['result/text-mirror'], never: [{ check: 'result/text-mirror', messageId: 'wrappedMirror' }] },
  // sweep 19, calc-mcp 2.1.1: 64 a's in an optional `zone` that the base call left out are refused as no time zone, not
  // for their length: no rejected; a required `label` the base carries, refused at exactly its maxLength, is rejected
  { surface: 'boundary-content', file: 'boundary-content.mjs', silent: ['errors/input-enforcement', 'result/expectation'], never: [{ check: 'errors/input-enforcement', messageId: 'rejected' }] },
  {
    surface: 'boundary-content-twin',
    file: 'boundary-content.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'rejected', severity: 'warning', includes: 'Tool format_time rejected a call with property "label" exactly at its maxLength' }],
    once: [{ check: 'errors/input-enforcement', messageId: 'rejected', tool: 'format_time' }],
  },
  // sweep 21, @jasontanswe/railway-mcp 1.3.0 offline: "Invalid API token" for the token it could not check is the
  // credential's refusal, not a rule the inputSchema leaves out; the twin refuses the token for its length
  {
    surface: 'credential-refusal',
    file: 'credential-refusal.mjs',
    draws: [{ check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool configure_api_token got no input-enforcement probes' }],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected' }],
  },
  {
    surface: 'credential-refusal-twin',
    file: 'credential-refusal.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool configure_api_token rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'token'" }],
  },
  // sweep 26: the credential's refusal sent as JSON-RPC -32602 on a valid call is set aside as the isError one is; a
  // -32602 on the token's form is still validCallRejected
  {
    surface: 'credential-refusal-rpc',
    file: 'credential-refusal.mjs',
    args: ['--rpc'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool configure_api_token got no input-enforcement probes' }],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected' }],
  },
  {
    surface: 'credential-refusal-rpc-twin',
    file: 'credential-refusal.mjs',
    args: ['--rpc', '--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool configure_api_token rejected arguments that are valid per its advertised inputSchema as invalid (JSON-RPC -32602); the error names property 'token'" }],
  },
  // sweep 32, mcp-discord 1.3.4 offline: "token not provided and not configured" for a login whose optional token falls
  // back to the configured one refuses the run's configuration, not a rule the inputSchema leaves out (the advice's
  // "all required permissions" is no validation); the twin says the token is required, with no word of a configuration
  {
    surface: 'unconfigured-token',
    file: 'unconfigured-token.mjs',
    draws: [{ check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool chat_login got no input-enforcement probes' }],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected' }],
  },
  {
    surface: 'unconfigured-token-twin',
    file: 'unconfigured-token.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool chat_login rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'token'" }],
  },
  // sweep 37, @contextstream/mcp-server 0.4.43 under --sandbox: an optional path the handler takes from the directory the
  // server runs in, refused "... or run from a project directory" when the call left it out: the run's directory, no
  // validCallRejected; the twin names no such alternative: the schema under-states the handler, still the warning
  {
    surface: 'cwd-fallback',
    file: 'cwd-fallback.mjs',
    draws: [{ check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool write_rules got no input-enforcement probes' }],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected' }],
  },
  {
    surface: 'cwd-fallback-twin',
    file: 'cwd-fallback.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool write_rules rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'folder_path'" }],
  },
  // sweep 37, @orchestrator-claude/mcp-server 3.37.3 offline: a valid call refused because the registry that checks the
  // id could not be reached ("Unable to validate projectId ...: fetch failed"): the run's network, no validCallRejected;
  // the twin refuses the id's form: still the warning
  {
    surface: 'registry-offline',
    file: 'registry-offline.mjs',
    draws: [{ check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool select_project got no input-enforcement probes' }],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected' }],
  },
  {
    surface: 'registry-offline-twin',
    file: 'registry-offline.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool select_project rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'projectId'" }],
  },
  // sweep 32, @ajpanada/mcp-azure-devops 2.0.4 offline: the call in flight when the surface budget ran out was cut
  // short by the harness, not by its own request timeout: no call timeout naming the wall time it waited (a warning in
  // one run, nothing in the next); the twin's request timeout runs out first: still the call error
  {
    surface: 'budget-cut',
    file: 'budget-cut.mjs',
    timeouts: { requestMs: 120_000, surfaceMs: 6000 },
    draws: [{ check: 'transport/timeout', messageId: 'surfaceBudget', severity: 'error' }],
    never: [{ check: 'transport/timeout', messageId: 'call' }],
  },
  {
    surface: 'budget-cut-twin',
    file: 'budget-cut.mjs',
    args: ['--twin'],
    timeouts: { requestMs: 1000 },
    draws: [{ check: 'transport/timeout', messageId: 'call', severity: 'error', includes: "tools/call of 'get_build_status' (scenario 'generated') got no answer within 1000 ms." }],
  },
  // sweep 23, mcp-echarts 0.7.1: a 138 kB PNG chart is over the byte budget, but not ~34k text tokens (bytes / 4)
  {
    surface: 'image-result',
    file: 'image-result.mjs',
    draws: [{ check: 'result/size', messageId: 'bytes', severity: 'warning', includes: 'Tool render_chart' }],
    never: [{ check: 'result/size', messageId: 'tokens' }],
  },
  {
    surface: 'image-result-as-text',
    file: 'image-result.mjs',
    args: ['--twin'],
    draws: [
      { check: 'result/size', messageId: 'bytes', severity: 'warning', includes: 'Tool render_chart' },
      { check: 'result/size', messageId: 'tokens', severity: 'warning', includes: 'Tool render_chart' },
    ],
  },
  { surface: 'unknown-tool-sdk1-wrapped', file: 'unknown-tool-code.mjs', args: ['--sdk1'], draws: [{ check: 'errors/classification', messageId: 'unknownToolSdk1Wrapped', severity: 'error', includes: 'docs/checks.md#errorsclassification' }] },
  { surface: 'unknown-tool-32601', file: 'unknown-tool-code.mjs', args: ['--code', '-32601'], draws: [{ check: 'errors/classification', messageId: 'unknownToolWrongCode', severity: 'warning', excludes: 'may have failed before' }] },
  { surface: 'unknown-tool-32603', file: 'unknown-tool-code.mjs', args: ['--code', '-32603'], draws: [{ check: 'errors/classification', messageId: 'unknownToolWrongCode', severity: 'warning', excludes: 'may have failed before' }] },
  // sweep 15, @notionhq/notion-mcp-server 2.5.2: -32603 "Method <name> not found" names the tool as not found
  { surface: 'unknown-tool-method-not-found', file: 'unknown-tool-code.mjs', args: ['--method'], draws: [{ check: 'errors/classification', messageId: 'unknownToolWrongCode', severity: 'warning', excludes: 'may have failed before' }] },
  // sweep 19, fast-filesystem-mcp 3.5.2: -32603 "Tool not implemented: <name>" says the tool is not there
  { surface: 'unknown-tool-not-implemented', file: 'unknown-tool-code.mjs', args: ['--not-implemented'], draws: [{ check: 'errors/classification', messageId: 'unknownToolWrongCode', severity: 'warning', excludes: 'may have failed before' }] },
  // sweep 14, server-puppeteer without Chrome: -32603 for any tool, its message about the browser, not the name
  { surface: 'unknown-tool-failing', file: 'unknown-tool-code.mjs', args: ['--failing'], draws: [{ check: 'errors/classification', messageId: 'unknownToolWrongCode', severity: 'warning', includes: 'the server may have failed before it looked the name up (a missing browser, key or service).' }] },
  { surface: 'unknown-tool-32602', file: 'unknown-tool-code.mjs', args: ['--twin'], silent: ['errors/classification'] },
  // sweep 38, @microsoft/workiq 1.0.0: an isError gate ("You must accept the EULA before using this tool") answers every call,
  // the unknown tool's too: the server failed before it looked the name up, as server-puppeteer's -32603 above
  { surface: 'unknown-tool-gated', file: 'unknown-tool-code.mjs', args: ['--gated'], draws: [{ check: 'errors/classification', messageId: 'unknownToolNotProtocolError', severity: 'warning', includes: 'the server may have failed before it looked the name up' }] },
  // its twin that must still draw the error: an isError result that says the tool is unknown (@testsprite/testsprite-mcp 0.0.45)
  { surface: 'unknown-tool-iserror', file: 'unknown-tool-code.mjs', args: ['--iserror'], draws: [{ check: 'errors/classification', messageId: 'unknownToolNotProtocolError', severity: 'error', excludes: 'may have failed before' }] },
  // 2026-07-28 stdio §Shutdown: servers SHOULD exit promptly on stdin EOF (a warning); the legacy lifecycle asks nothing of them (a note)
  // sweep 15, mcp-server-kubernetes 4.1.7: "Received SIGTERM, shutting down..." on stdout from its SIGTERM handler
  { surface: 'stdout-on-sigterm', file: 'stdout-on-sigterm.mjs', draws: [{ check: 'transport/stdout', messageId: 'nonJsonRpc', severity: 'error', includes: 'is not JSON-RPC (not JSON at all), which arrived after the harness sent SIGTERM during shutdown;' }] },
  { surface: 'stdout-during-call', file: 'stdout-on-sigterm.mjs', args: ['--twin'], draws: [{ check: 'transport/stdout', messageId: 'nonJsonRpc', severity: 'error', excludes: 'arrived after' }] },
  // hostile review 27: a last frame torn by the server's own process.exit() after stdin closed came and went with load
  { surface: 'torn-at-exit', file: 'torn-at-exit.mjs', silent: ['transport/stdout'], never: [{ check: 'transport/stdout', messageId: 'nonJsonRpc' }] },
  { surface: 'line-at-exit', file: 'torn-at-exit.mjs', args: ['--twin'], draws: [{ check: 'transport/stdout', messageId: 'nonJsonRpc', severity: 'error', includes: 'which arrived after the harness closed its stdin to shut it down;' }] },
  // review 28: words with no line end at stdin EOF are no torn frame (a torn frame opens with '{'); a JSON prefix still is one
  { surface: 'words-at-exit', file: 'words-at-exit.mjs', draws: [{ check: 'transport/stdout', messageId: 'nonJsonRpc', severity: 'error', includes: 'which arrived after the harness closed its stdin to shut it down;' }] },
  { surface: 'prefix-at-exit', file: 'words-at-exit.mjs', args: ['--twin'], silent: ['transport/stdout'], never: [{ check: 'transport/stdout', messageId: 'nonJsonRpc' }] },
  { surface: 'slow-exit', file: 'slow-exit.mjs', args: ['--modern'], draws: [{ check: 'transport/shutdown', messageId: 'neededSigterm', severity: 'warning', includes: 'did not exit within 500 ms of stdin closing' }] },
  { surface: 'slow-exit-legacy', file: 'slow-exit.mjs', draws: [{ check: 'transport/shutdown', messageId: 'neededSigterm', severity: 'info', includes: 'Revision 2025-11-25 sets the server no exit rule' }] },
  { surface: 'prompt-exit', file: 'slow-exit.mjs', args: ['--twin', '--modern'], silent: ['transport/shutdown'] },
  // sweep 28, claude-mermaid 1.3.0: its `npm exec` child took ~500 ms to exit on the tree's SIGTERM and was counted an orphan
  // in one run of two (the survivors got 100 ms after the leader's exit); a child gets the termination grace, as on HTTP
  // a crash mid-run that leaves a daemon (setsid, no marker) holding the pipes: stdioHeld as after a shutdown; the twin's holds none
  { surface: 'crash-holding-pipes', file: 'crash-holding-pipes.mjs', draws: [{ check: 'transport/shutdown', messageId: 'stdioHeld', severity: 'error' }, { check: 'transport/exit', messageId: 'unexpectedExit', severity: 'error' }] },
  { surface: 'crash-releasing-pipes', file: 'crash-holding-pipes.mjs', args: ['--twin'], draws: [{ check: 'transport/exit', messageId: 'unexpectedExit', severity: 'error' }], never: [{ check: 'transport/shutdown', messageId: 'stdioHeld' }] },
  // flip hunt, stop 29: a server that closed stdout and exited a few ms later read as a crash (restarted: calls answered) or as
  // the closed stdout, by when its exit came; the closed stdout, seen first, is the one finding; the twin keeps running
  { surface: 'closes-stdout-then-exits', file: 'closes-stdout-then-exits.mjs', draws: [{ check: 'transport/exit', messageId: 'stdoutClosed', severity: 'error' }], never: [{ check: 'transport/exit', messageId: 'unexpectedExit' }, { check: 'errors/input-enforcement', messageId: 'accepted' }] },
  { surface: 'closes-stdout-keeps-running', file: 'closes-stdout-then-exits.mjs', args: ['--twin'], draws: [{ check: 'transport/exit', messageId: 'stdoutClosed', severity: 'error' }], never: [{ check: 'transport/exit', messageId: 'unexpectedExit' }, { check: 'errors/input-enforcement', messageId: 'accepted' }] },
  { surface: 'slow-child-exit', file: 'slow-child-exit.mjs', draws: [{ check: 'transport/shutdown', messageId: 'neededSigterm', severity: 'info' }], never: [{ check: 'transport/shutdown', messageId: 'orphans' }] },
  { surface: 'child-ignores-sigterm', file: 'slow-child-exit.mjs', args: ['--twin'], draws: [{ check: 'transport/shutdown', messageId: 'orphans', severity: 'error', includes: 'The harness killed them' }] },
  { surface: 'nullable-openapi', file: 'nullable-defs.mjs', draws: [{ check: 'schema/portability', messageId: 'nullable', severity: 'warning' }], never: [{ check: 'schema/portability', messageId: 'defaultInvalid' }] },
  { surface: 'nullable-defs-control', file: 'nullable-defs.mjs', args: ['--twin'], silent: ['schema/portability'] },
  {
    surface: 'failure-as-success',
    file: 'failure-as-success.mjs',
    draws: [
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: "Tool search_docs: scenario" },
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: "Tool get_quota: scenario" },
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: "Tool sync_index: scenario" },
      // the message names what the text opens with: 'An error occurred' begins with neither 'Error' nor 'Failed'
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: "Tool create_project: scenario 'generated' got a result without isError but with a text that opens with an error report ('Error', 'Failed' or 'An error occurred')" },
    ],
  },
  { surface: 'failure-as-iserror', file: 'failure-as-success.mjs', args: ['--twin'], never: [{ check: 'errors/classification', messageId: 'failureAsSuccess' }] },
  {
    surface: 'refusal-as-success',
    file: 'refusal-as-success.mjs',
    draws: [
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: 'Tool archive_table: scenario' },
      { check: 'errors/input-enforcement', messageId: 'refusedWithoutIsError', severity: 'info', includes: 'Tool export_table refused arguments' },
      // a normal output that merely starts with the word Error keeps the tool's probes
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool error_stats accepted a call with property "hours" above its maximum' },
      // no call of archive_table succeeded, yet its echo probe runs: only the probe's failure answer is judged
      { check: 'errors/echo', messageId: 'echoed', severity: 'warning', includes: 'Tool archive_table:' },
      // every call of archive_table was refused: the report says it was not probed
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool archive_table got no input-enforcement probes' },
    ],
    never: [
      { check: 'errors/input-enforcement', messageId: 'accepted', tool: 'archive_table' },
      { check: 'errors/input-enforcement', messageId: 'accepted', tool: 'export_table' },
      { check: 'errors/classification', messageId: 'failureAsSuccess', tool: 'error_stats' },
    ],
  },
  { surface: 'refusal-as-iserror', file: 'refusal-as-success.mjs', args: ['--twin'], silent: ['errors/input-enforcement', 'errors/classification', 'errors/echo'] },
  // sweep 25, @siemens/element-mcp 51.1.0-v.2.0.3 offline: "Search Error", a blank line, "Failed to search ...: request
  // to ... failed" without isError, to valid and invalid calls alike: a failure report under a heading, not a success
  // that accepted what the inputSchema forbids; a docs page titled "Syntax Error" over prose is a success and keeps its probes
  // sweep 25, drawio-mcp-server 2.3.0: a server on a fixed port run twice at once; the second process logs that the
  // address is in use and answers nothing: the fresh-process probes, run while the main session holds the port, went
  // unanswered because of the harness's own second process, no error against the server; the twin's second process
  // hangs without that line: still an error
  {
    surface: 'fixed-port',
    file: 'fixed-port.mjs',
    draws: [{ check: 'transport/timeout', messageId: 'probeAddressInUse', severity: 'info', includes: "initialize (probe 'protocol/version-negotiation:legacy-initialize')" }],
    // its second process exits: its own exit, not the session's in-flight one (transport/exit probeInFlight, review 26)
    silent: ['transport/timeout', 'transport/exit'],
  },
  {
    surface: 'fixed-port-twin',
    file: 'fixed-port.mjs',
    args: ['--twin'],
    // its second process exits at once: no answer, and not for a wait (sweep 25 read 'got no answer within 15000 ms')
    draws: [{ check: 'transport/timeout', messageId: 'freshProbeExited', severity: 'error', includes: "initialize (probe 'protocol/version-negotiation:legacy-initialize') got no answer: the process the harness started for it alone exited before answering" }],
    never: [{ check: 'transport/timeout', messageId: 'probeAddressInUse' }, { check: 'transport/timeout', messageId: 'probe' }, { check: 'transport/exit', messageId: 'probeInFlight' }],
  },
  {
    surface: 'heading-failure',
    file: 'heading-failure.mjs',
    draws: [
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: 'Tool search_docs: scenario' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool search_docs got no input-enforcement probes' },
    ],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'accepted' }],
  },
  {
    surface: 'heading-page',
    file: 'heading-failure.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool search_docs accepted a call with missing required property "query"' }],
    never: [{ check: 'errors/classification', messageId: 'failureAsSuccess' }],
  },
  // an earlier sweep: "❌ Search error: request to ... failed" without isError, to valid and invalid calls alike: a
  // failure report past its cross mark, not a success that accepted what the inputSchema forbids; a test runner's
  // "❌ Tests failed: 2 of 12" is its success and keeps its probes
  {
    surface: 'marked-failure',
    file: 'marked-failure.mjs',
    draws: [
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: 'Tool search_docs: scenario' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool search_docs got no input-enforcement probes' },
    ],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'accepted' }],
  },
  {
    surface: 'marked-report',
    file: 'marked-failure.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool search_docs accepted a call with missing required property "query"' }],
    never: [{ check: 'errors/classification', messageId: 'failureAsSuccess' }],
  },
  // review 27: a validator's verdict "❌ Syntax error: Parse error on line 1: ..." reports the diagram's error, its success
  {
    surface: 'marked-validator',
    file: 'marked-failure.mjs',
    args: ['--validator'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool validate_diagram accepted a call with missing required property "code"' }],
    never: [{ check: 'errors/classification', messageId: 'failureAsSuccess' }],
  },
  // sweep 26, @vibgrate/cli offline: a call that omits a required argument answered `{"hint": "query is required"}`
  // without isError: a refusal on the wrong channel, not an acceptance; a docs page about required fields is data
  {
    surface: 'json-hint-refusal',
    file: 'json-hint-refusal.mjs',
    draws: [{ check: 'errors/input-enforcement', messageId: 'refusedWithoutIsError', severity: 'info', includes: 'Tool search_index refused arguments its inputSchema forbids in a result without isError' }],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'accepted' }],
  },
  {
    surface: 'json-hint-page',
    file: 'json-hint-refusal.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool search_index accepted a call with missing required property "query"' }],
    never: [{ check: 'errors/input-enforcement', messageId: 'refusedWithoutIsError' }],
  },
  // review 27: a leading member that names the limit invalid and says the default replaced it, beside the results, or
  // that names it invalid after the results, is the handler's acceptance of the forbidden value (each limit probe draws
  // accepted), not a refusal
  {
    surface: 'json-hint-fallback',
    file: 'json-hint-refusal.mjs',
    args: ['--fallback'],
    draws: [
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool search_index accepted a call with property "limit" above its maximum' },
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool search_index accepted a call with property "limit" of a type the schema does not allow' },
    ],
    never: [{ check: 'errors/input-enforcement', messageId: 'refusedWithoutIsError' }],
  },
  // sweep 26, @mui/mcp offline: "Could not fetch <url>: ..." without isError, to valid and invalid calls alike: a failure
  // sent as a success (a note, no base for probes), not an acceptance; a page that mentions the phrase below its title is data
  {
    surface: 'fetch-failure-text',
    file: 'fetch-failure-text.mjs',
    draws: [
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: 'Tool fetch_docs: scenario' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool fetch_docs got no input-enforcement probes' },
    ],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'accepted' }],
  },
  {
    surface: 'fetch-failure-page',
    file: 'fetch-failure-text.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool fetch_docs accepted a call with missing required property "url"' }],
    never: [{ check: 'errors/classification', messageId: 'failureAsSuccess' }, { check: 'errors/input-enforcement', messageId: 'unprobed' }],
  },
  // sweep 33, mcp-code-graph 1.1.2 and agentaudit 3.14.0 offline: the thrown error's own words ("TypeError: fetch failed",
  // "Registry lookup failed: fetch failed") as the whole text of a result without isError is a failure, no base for
  // probes; a page that opens with such a title over prose is data
  {
    surface: 'thrown-fetch-failure',
    file: 'thrown-fetch-failure.mjs',
    draws: [
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: 'Tool get_code: scenario' },
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: 'Tool check_package: scenario' },
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: 'Tool list_graphs: scenario' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool get_code got no input-enforcement probes' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool check_package got no input-enforcement probes' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool list_graphs got no input-enforcement probes' },
    ],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'accepted' }],
  },
  {
    surface: 'thrown-fetch-failure-page',
    file: 'thrown-fetch-failure.mjs',
    args: ['--twin'],
    draws: [
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool get_code accepted a call with a property the schema does not declare' },
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool check_package accepted a call with a property the schema does not declare' },
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool list_graphs accepted a call with a property the schema does not declare' },
    ],
    never: [{ check: 'errors/classification', messageId: 'failureAsSuccess' }, { check: 'errors/input-enforcement', messageId: 'unprobed' }],
  },
  // sweep 34, shopify-mcp 1.0.8 offline with a dummy store domain: "request to https://<store>.myshopify.invalid/... failed,
  // reason: getaddrinfo ENOTFOUND <store>.myshopify.invalid": the reserved TLD .invalid (or a URL path's "/validate") is no
  // word of validation; a refusal in prose beside the same URL still is
  {
    surface: 'host-name-words',
    file: 'host-name-words.mjs',
    draws: [{ check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool manage_variants got no input-enforcement probes' }],
    silent: ['errors/input-enforcement'],
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected' }],
  },
  {
    surface: 'host-name-words-refusal',
    file: 'host-name-words.mjs',
    args: ['--twin'],
    draws: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', severity: 'warning', includes: "Tool manage_variants rejected arguments that are valid per its advertised inputSchema as invalid (an isError result); the error names property 'variants'" }],
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected', tool: 'sync_items' }],
  },
  // sweep 26, Stainless-generated servers offline (coingecko, telnyx style): "Connection error." (APIConnectionError) is
  // a failed connection, the run's lack: a list error that says so is a note; prose that holds the words is not one
  {
    surface: 'connection-error',
    file: 'connection-error.mjs',
    draws: [{ check: 'protocol/capability-lists', messageId: 'listError', severity: 'info', includes: 'Its error message names a failed network lookup or connection (connection error)' }],
    silent: ['protocol/capability-lists'],
  },
  {
    surface: 'connection-error-twin',
    file: 'connection-error.mjs',
    args: ['--twin'],
    draws: [{ check: 'protocol/capability-lists', messageId: 'listError', severity: 'warning', excludes: 'network' }],
  },
  // review 27: "Could not fetch <url>: 404 Not Found" is a fetch the service answered: the server's failure, no network named
  {
    surface: 'connection-error-reached',
    file: 'connection-error.mjs',
    args: ['--reached'],
    draws: [{ check: 'protocol/capability-lists', messageId: 'listError', severity: 'warning', excludes: 'network' }],
  },
  // sweep 31, @iterable/mcp 1.9.0 offline: an axios-style "Network error: No response received" names the missing network
  {
    surface: 'connection-error-axios',
    file: 'connection-error.mjs',
    args: ['--axios'],
    draws: [{ check: 'protocol/capability-lists', messageId: 'listError', severity: 'info', includes: 'Its error message names a failed network lookup or connection (network error)' }],
    silent: ['protocol/capability-lists'],
  },
  // review 28: the same label over axios's message for an answered request ("status code 404") names no missing network
  {
    surface: 'connection-error-axios-status',
    file: 'connection-error.mjs',
    args: ['--axios-status'],
    draws: [{ check: 'protocol/capability-lists', messageId: 'listError', severity: 'warning', excludes: 'network' }],
  },
  // sweep 18, @cloudflare/mcp-server-cloudflare 0.2.0 (SDK 0.6.1): every tools/call answered {"toolResult": {...}}, no
  // top-level content or isError; 305 false accepted warnings on 76 tools read those failures as successes
  {
    surface: 'tool-result-wrapped',
    file: 'tool-result-wrapped.mjs',
    draws: [
      { check: 'result/shape', messageId: 'contentMissing', severity: 'error', includes: "'ai_embeddings'" },
      // no call of ai_embeddings got a CallToolResult: it was not probed, and the note says why
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool ai_embeddings got no input-enforcement probes' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'a result that is not a CallToolResult' },
      // the unknown-tool verdict on such a server is true (sweep 18): kept
      { check: 'errors/classification', messageId: 'unknownToolNotProtocolError', severity: 'error', includes: 'answered with a result that is not a CallToolResult (no content array)' },
    ],
    never: [
      { check: 'errors/input-enforcement', messageId: 'accepted' },
      { check: 'errors/input-enforcement', messageId: 'rejected' },
      { check: 'errors/input-enforcement', messageId: 'validCallRejected' },
      { check: 'errors/input-enforcement', messageId: 'refusedWithoutIsError' },
      // zones_list's valid calls got CallToolResults: it was probed (its forbidden values' wrapped answers undecided)
      { check: 'errors/input-enforcement', messageId: 'unprobed', tool: 'zones_list' },
      // a wrapped failure is no successful result missing the structuredContent its outputSchema asks for
      { check: 'result/structured-content', messageId: 'missing' },
    ],
  },
  {
    surface: 'tool-result-twin',
    file: 'tool-result-wrapped.mjs',
    args: ['--twin'],
    draws: [
      // the same tools answering CallToolResults and validating nothing: accepting what the schema forbids is reported
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool ai_embeddings accepted a call with' },
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool zones_list accepted a call with' },
    ],
    silent: ['result/shape', 'result/structured-content'],
    never: [{ check: 'errors/input-enforcement', messageId: 'unprobed' }],
  },
  // sweep 26, github-mcp-server 1.8.7 offline: every tools/call answered with a CallToolResult nested as JSON text in
  // an outer result without isError; 68 false accepted warnings on 30 tools read the inner isError: true as success
  {
    surface: 'nested-result',
    file: 'nested-result.mjs',
    draws: [
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: 'Tool repo_clone: scenario' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool repo_clone got no input-enforcement probes' },
      { check: 'errors/input-enforcement', messageId: 'refusedWithoutIsError', severity: 'info', includes: 'Tool repo_bisect refused arguments' },
      // a nested result whose isError is false is a success: the tool keeps its probes
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool repo_status accepted a call with' },
    ],
    never: [
      { check: 'errors/input-enforcement', messageId: 'accepted', tool: 'repo_clone' },
      { check: 'errors/input-enforcement', messageId: 'accepted', tool: 'repo_bisect' },
      { check: 'errors/classification', messageId: 'failureAsSuccess', tool: 'repo_status' },
      { check: 'errors/classification', messageId: 'failureAsSuccess', tool: 'repo_bisect' },
    ],
  },
  {
    surface: 'nested-result-twin',
    file: 'nested-result.mjs',
    args: ['--twin'],
    draws: [
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool repo_clone got no input-enforcement probes' },
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool repo_status accepted a call with' },
    ],
    never: [
      { check: 'errors/input-enforcement', messageId: 'accepted', tool: 'repo_bisect' },
      { check: 'errors/input-enforcement', messageId: 'refusedWithoutIsError' },
      { check: 'errors/classification', messageId: 'failureAsSuccess' },
    ],
  },
  {
    surface: 'api-error-body',
    file: 'api-error-body.mjs',
    draws: [
      { check: 'errors/classification', messageId: 'failureAsSuccess', severity: 'info', includes: 'Tool get_user: scenario' },
      { check: 'errors/input-enforcement', messageId: 'refusedWithoutIsError', severity: 'info', includes: 'Tool get_page refused arguments' },
      // an HTTP status reported as data, with no message, keeps the tool's probes
      { check: 'errors/input-enforcement', messageId: 'refusedWithoutIsError', severity: 'info', includes: 'Tool get_comment refused arguments' },
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool check_link accepted a call with property "timeout_s" above its maximum' },
      { check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', includes: 'Tool service_health accepted a call with property "service" longer than its maxLength' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool get_user got no input-enforcement probes' },
      { check: 'errors/input-enforcement', messageId: 'unprobed', severity: 'info', includes: 'Tool geocode got no input-enforcement probes' },
      { check: 'errors/classification', messageId: 'misspelledIsError', severity: 'warning', includes: 'Tool geocode answered with a result that flags its failure' },
    ],
    never: [
      { check: 'errors/input-enforcement', messageId: 'accepted', tool: 'get_user' },
      { check: 'errors/input-enforcement', messageId: 'accepted', tool: 'geocode' },
      { check: 'errors/classification', messageId: 'failureAsSuccess', tool: 'geocode' },
      { check: 'errors/input-enforcement', messageId: 'accepted', tool: 'get_page' },
      { check: 'errors/input-enforcement', messageId: 'accepted', tool: 'get_comment' },
      { check: 'errors/input-enforcement', messageId: 'rejected', tool: 'http_status' },
      { check: 'errors/classification', messageId: 'failureAsSuccess', tool: 'check_link' },
      { check: 'errors/classification', messageId: 'failureAsSuccess', tool: 'service_health' },
    ],
  },
  { surface: 'api-error-body-iserror', file: 'api-error-body.mjs', args: ['--twin'], silent: ['errors/input-enforcement', 'errors/classification', 'errors/echo'] },
  { surface: 'error-structured-invalid', file: 'error-structured.mjs', draws: [{ check: 'result/structured-content', messageId: 'errorResultInvalid', severity: 'warning' }] },
  { surface: 'error-structured-absent', file: 'error-structured.mjs', args: ['--twin'], silent: ['result/structured-content'] },
  // a keyword inside a recursive $defs entry is named where the outputSchema holds it, not at the root's own `name`
  {
    surface: 'recursive-output-invalid',
    file: 'recursive-output.mjs',
    draws: [{ check: 'result/structured-content', messageId: 'invalid', severity: 'error', includes: "at /structuredContent/tree/kids/0/kids/0/name: keyword 'type' (must be string; schema /outputSchema/$defs/node/properties/name/type)", excludes: 'schema /outputSchema/properties/name/type' }],
    once: [{ check: 'result/structured-content', messageId: 'invalid', tool: 'get_tree' }],
  },
  { surface: 'recursive-output-valid', file: 'recursive-output.mjs', args: ['--twin'], silent: ['result/structured-content'], never: [{ check: 'result/structured-content', messageId: 'invalid' }] },
  // a `false` subschema reached by an inlined $ref inside an embedded $id resource: named where it is when only one node
  // fits, else by the root that holds it, never by a node that is not that `false`
  {
    surface: 'false-subschema-invalid',
    file: 'false-subschema-output.mjs',
    draws: [
      { check: 'result/structured-content', messageId: 'invalid', severity: 'error', includes: "fails the outputSchema at /structuredContent/p/x: keyword 'false schema' (boolean schema is false; schema /outputSchema/properties/p/$defs/F/false schema)", excludes: 'schema /outputSchema/$defs/F' },
      { check: 'result/structured-content', messageId: 'invalid', severity: 'error', includes: "fails the outputSchema at /structuredContent/p/x: keyword 'false schema' (boolean schema is false; schema /outputSchema)" },
    ],
  },
  { surface: 'false-subschema-valid', file: 'false-subschema-output.mjs', args: ['--twin'], silent: ['result/structured-content'], never: [{ check: 'result/structured-content', messageId: 'invalid' }] },
  {
    surface: 'schema-shapes',
    file: 'schema-shapes.mjs',
    draws: [
      { check: 'schema/portability', messageId: 'requiredUnsatisfiable', severity: 'warning' },
      { check: 'schema/portability', messageId: 'propertyName', severity: 'warning', includes: 'first name' },
      { check: 'schema/portability', messageId: 'nestedPropertyName', severity: 'info', includes: '$meta' },
      { check: 'schema/portability', messageId: 'keywordTypeMismatch', severity: 'warning' },
    ],
    once: [{ check: 'schema/portability', messageId: 'propertyName', tool: 'find_people' }],
  },
  {
    surface: 'old-revision-output',
    file: 'old-revision-output.mjs',
    args: ['--version', '2025-03-26'],
    draws: [
      { check: 'result/structured-content', messageId: 'missing', severity: 'warning', includes: "'get_user' declares an outputSchema but its successful result" },
      { check: 'result/structured-content', messageId: 'missing', severity: 'warning', includes: 'a rule of revision 2025-06-18, not of the negotiated 2025-03-26' },
      { check: 'result/structured-content', messageId: 'notObject', severity: 'warning', includes: "'list_tags' returned a structuredContent" },
      { check: 'result/structured-content', messageId: 'invalid', severity: 'warning', includes: "structuredContent of 'get_count'" },
      { check: 'result/shape', messageId: 'structuredContentNotObject', severity: 'warning', includes: 'not of the negotiated 2025-03-26' },
      { check: 'tools/advertised-shape', messageId: 'outputRoot', severity: 'warning', includes: 'list_tags: outputSchema root does not declare type "object"; revision 2025-06-18 requires an object root' },
      { check: 'schema/dialect', messageId: 'metaInvalid', severity: 'warning', includes: 'find_pairs: /inputSchema/properties/pair/items is not valid under the 2020-12 meta-schema' },
      { check: 'schema/dialect', messageId: 'metaInvalid', severity: 'warning', includes: 'the schema declares no dialect ($schema), and 2020-12 is the MCP default only from protocol 2025-11-25' },
      { check: 'schema/dialect', messageId: 'metaInvalid', severity: 'warning', includes: 'set_ttl: /inputSchema/properties/ttl/exclusiveMinimum' },
      { check: 'schema/dialect', messageId: 'unknownDialect', severity: 'warning', includes: 'old_dialect: inputSchema declares a $schema' },
    ],
    noErrors: ['result/structured-content', 'result/shape', 'tools/advertised-shape', 'schema/dialect'],
  },
  {
    surface: 'old-revision-output-2024',
    file: 'old-revision-output.mjs',
    args: ['--version', '2024-11-05'],
    draws: [
      { check: 'result/structured-content', messageId: 'missing', severity: 'warning', includes: 'not of the negotiated 2024-11-05' },
      { check: 'tools/advertised-shape', messageId: 'outputRoot', severity: 'warning' },
      { check: 'schema/dialect', messageId: 'metaInvalid', severity: 'warning' },
    ],
    noErrors: ['result/structured-content', 'result/shape', 'tools/advertised-shape', 'schema/dialect'],
  },
  {
    surface: 'old-revision-output-2025-06-18',
    file: 'old-revision-output.mjs',
    args: ['--version', '2025-06-18'],
    draws: [
      { check: 'result/structured-content', messageId: 'missing', severity: 'error' },
      { check: 'result/structured-content', messageId: 'notObject', severity: 'error', includes: 'as revision 2025-06-18 requires' },
      { check: 'result/structured-content', messageId: 'invalid', severity: 'error' },
      { check: 'result/shape', messageId: 'structuredContentNotObject', severity: 'error', includes: 'as revision 2025-06-18 requires' },
      { check: 'tools/advertised-shape', messageId: 'outputRoot', severity: 'error' },
      { check: 'schema/dialect', messageId: 'metaInvalid', severity: 'warning', includes: 'the negotiated 2025-06-18 names none' },
      { check: 'schema/dialect', messageId: 'unknownDialect', severity: 'warning' },
    ],
    noErrors: ['schema/dialect'],
  },
  {
    surface: 'current-revision-output',
    file: 'old-revision-output.mjs',
    args: ['--version', '2025-11-25'],
    draws: [
      { check: 'result/structured-content', messageId: 'missing', severity: 'error' },
      { check: 'tools/advertised-shape', messageId: 'outputRoot', severity: 'error', includes: 'revisions before 2026-07-28 require an object root' },
      { check: 'schema/dialect', messageId: 'metaInvalid', severity: 'error', includes: 'find_pairs: /inputSchema/properties/pair/items' },
      { check: 'schema/dialect', messageId: 'metaInvalid', severity: 'error', includes: 'set_ttl: /inputSchema/properties/ttl/exclusiveMinimum' },
      { check: 'schema/dialect', messageId: 'unknownDialect', severity: 'warning' },
    ],
  },
  { surface: 'old-revision-output-conformant', file: 'old-revision-output.mjs', args: ['--version', '2025-03-26', '--twin'], silent: ['result/structured-content', 'result/shape', 'tools/advertised-shape', 'schema/dialect'] },
  { surface: 'schema-shapes-portable', file: 'schema-shapes.mjs', args: ['--twin'], silent: ['schema/portability'] },
  // sweep 37 (agent-device 0.21.5): a `required` under `not` forbids the name; only a branch that requires it outright draws
  { surface: 'negated-required', file: 'negated-required.mjs', silent: ['schema/portability'], never: [{ check: 'schema/portability', messageId: 'requiredUndeclared' }] },
  {
    surface: 'negated-required-twin',
    file: 'negated-required.mjs',
    args: ['--twin'],
    draws: [{ check: 'schema/portability', messageId: 'requiredUndeclared', severity: 'warning', includes: 'fill: /outputSchema/oneOf/0/required/2 requires a property' }],
    once: [{ check: 'schema/portability', messageId: 'requiredUndeclared', tool: 'fill' }],
  },
  // JSON Schema 2020-12 Validation §6.3.3: a pattern "SHOULD be a valid regular expression, according to the ECMA-262 regular expression dialect"
  {
    surface: 'phone-pattern-non-unicode',
    file: 'phone-pattern.mjs',
    draws: [{ check: 'schema/regex', messageId: 'nonUnicode', severity: 'warning', includes: 'lookup_phone: the pattern at /inputSchema/properties/phone/pattern is a valid ECMA-262 regular expression only without the u flag' }],
    silent: ['schema/compile', 'errors/input-enforcement', 'result/expectation'],
    never: [{ check: 'schema/compile', messageId: 'compileError' }],
    once: [{ check: 'schema/regex', messageId: 'nonUnicode', tool: 'lookup_phone' }],
  },
  { surface: 'phone-pattern', file: 'phone-pattern.mjs', args: ['--twin'], silent: ['schema/regex', 'schema/compile', 'errors/input-enforcement', 'result/expectation'] },
  { surface: 'long-names', file: 'long-names.mjs', draws: [{ check: 'tools/name', messageId: 'prefixBudget', severity: 'warning', includes: "prefix 'mcp__long-names__'" }] },
  { surface: 'short-names', file: 'long-names.mjs', args: ['--twin'], silent: ['tools/name'] },
  // sweep 29 (@neondatabase/mcp-server-neon 0.3.7): an `<instructions>` section of a sectioned description is documentation
  // aimed at no target; the same section steering tool selection still draws
  { surface: 'sectioned-description', file: 'sectioned-description.mjs', silent: ['tools/description-injection'], never: [{ check: 'tools/description-injection', messageId: 'injection' }] },
  {
    surface: 'sectioned-description-steering',
    file: 'sectioned-description.mjs',
    args: ['--twin'],
    draws: [{ check: 'tools/description-injection', messageId: 'injection', severity: 'warning', includes: 'Tool prepare_migration: /description contains model-directed imperatives (tool selection)' }],
  },
  // spec:2025-11-25/server/tools.mdx §Tool Names: "Tool names SHOULD be unique within a server": a warning, on every revision
  { surface: 'duplicate-names', file: 'long-names.mjs', args: ['--twin', '--duplicate'], draws: [{ check: 'tools/name', messageId: 'duplicate', severity: 'warning', includes: 'Tool list_repositories is advertised 2 times; tool names should be unique within a server' }] },
  { surface: 'duplicate-names-2024-11-05', file: 'long-names.mjs', args: ['--twin', '--duplicate', '--version', '2024-11-05'], draws: [{ check: 'tools/name', messageId: 'duplicate', severity: 'warning' }] },
  { surface: 'remote-ref', file: 'remote-ref.mjs', draws: [{ check: 'schema/compile', messageId: 'remoteRef', severity: 'warning', includes: 'ship_parcel: $ref at /inputSchema/properties/to/$ref points outside the schema document' }], never: [{ check: 'schema/compile', messageId: 'unresolvedRef' }] },
  { surface: 'local-ref', file: 'remote-ref.mjs', args: ['--twin'], silent: ['schema/compile'] },
  // review, minor: only a $ref followed again on its own path is recursion; a chain of distinct ones is nesting
  {
    surface: 'ref-recursive',
    file: 'ref-chain.mjs',
    draws: [{ check: 'contract/every-tool-called', messageId: 'notGenerated', severity: 'warning', includes: 'cannot generate a value at inputSchema /$defs/d0/properties/next/$ref (through the $ref at /properties/x): recursive $ref exceeds the generation depth' }],
  },
  // a validator that overflows the call stack only when result/structured-content asks ajv for a result's issues (a
  // 40,000-link $ref chain the interpreter evaluates): schema/compile, judged last, reports it; before, nothing did.
  // The twin's 8-link chain names the violated keyword where the document holds it (/$defs/d8/type, not ajv's /$defs/d0/type)
  {
    surface: 'late-stack',
    file: 'late-stack.mjs',
    draws: [{ check: 'schema/compile', messageId: 'compileError', severity: 'error', includes: 'deep_out: outputSchema does not compile (its validator exceeds the call stack; not evaluated)' }],
    never: [{ check: 'result/structured-content', messageId: 'invalid' }],
  },
  {
    surface: 'late-stack-twin',
    file: 'late-stack.mjs',
    args: ['--twin'],
    draws: [{ check: 'result/structured-content', messageId: 'invalid', severity: 'error', includes: "keyword 'type' (must be string; schema /outputSchema/$defs/d8/type)" }],
    silent: ['schema/compile'],
  },
  { surface: 'ref-chain', file: 'ref-chain.mjs', args: ['--twin'], silent: ['contract/every-tool-called'], never: [{ check: 'contract/every-tool-called', messageId: 'notGenerated' }] },
  // JSON Schema Validation §6.1.2 (draft-07, 2019-09, 2020-12), draft-06 §6.23: enum "MUST be an array. This array SHOULD have at least one
  // element. Elements in the array SHOULD be unique." An empty enum (@netlify/mcp's netlify-coding-rules) is valid in every dialect and admits
  // no value: a warning, never a meta-schema or compile error; an optional property with one is left out of the generated call
  ...([[], ['--schema', '2020-12'], ['--schema', 'draft-07'], ['--schema', 'draft-06']] as const).map((args): Arm => ({
    surface: `empty-enum${args[1] ? `-${args[1]}` : ''}`,
    file: 'empty-enum.mjs',
    args: [...args],
    draws: [
      { check: 'schema/portability', messageId: 'emptyEnum', severity: 'warning', includes: 'pick_rules: the enum at /inputSchema/properties/mode/enum is empty, so no value can ever validate there (JSON Schema Validation §6.1.2: the enum array SHOULD have at least one element; an empty enum admits no value).' },
      // a draft-06 $schema is named draft-06, not the draft-07 of the engine it runs on
      ...(args[1]?.startsWith('draft') ? [{ check: 'schema/dialect', messageId: 'nonDefaultDialect', severity: 'info' as const, includes: `pick_rules: inputSchema declares ${args[1]};` }] : []),
    ],
    silent: ['schema/compile', 'schema/dialect', 'contract/every-tool-called', 'errors/input-enforcement'],
    never: [{ check: 'schema/portability', messageId: 'typeUnreachable' }, { check: 'schema/dialect', messageId: 'metaInvalid' }, { check: 'schema/compile', messageId: 'compileError' }],
  })),
  {
    // the netlify shape: `mode` required, so no valid arguments exist; the tool stays uncalled and the reason says so
    surface: 'empty-enum-required-draft-07',
    file: 'empty-enum.mjs',
    args: ['--schema', 'draft-07', '--required'],
    draws: [
      { check: 'schema/portability', messageId: 'emptyEnum', severity: 'warning' },
      { check: 'contract/every-tool-called', messageId: 'notGenerated', severity: 'warning', includes: 'pick_rules was not called: no scenario and no arguments could be generated: no value satisfies inputSchema /properties/mode: its enum is empty, so no valid arguments exist; add a scenario for it.' },
    ],
    silent: ['schema/compile', 'schema/dialect'],
    never: [{ check: 'schema/portability', messageId: 'typeUnreachable' }],
  },
  {
    surface: 'enum-duplicate-draft-07',
    file: 'empty-enum.mjs',
    args: ['--schema', 'draft-07', '--duplicate'],
    draws: [{ check: 'schema/portability', messageId: 'enumDuplicate', severity: 'warning', includes: 'pick_rules: enum member /inputSchema/properties/mode/enum/1 repeats an earlier member (JSON Schema Validation §6.1.2: the elements of the enum array SHOULD be unique).' }],
    silent: ['schema/compile', 'schema/dialect', 'contract/every-tool-called', 'errors/input-enforcement'],
  },
  { surface: 'enum-one-member', file: 'empty-enum.mjs', args: ['--schema', 'draft-07', '--required', '--twin'], silent: ['schema/portability', 'schema/compile', 'schema/dialect', 'contract/every-tool-called', 'errors/input-enforcement'] },
  // a $schema naming a supported dialect by another spelling of its meta-schema's URI: validated as that dialect (no
  // false metaInvalid from ajv's failed lookup), and a warning (validators that look the URI up refuse the schema)
  ...(['https-draft-07', 'http-2020-12'] as const).map((uri): Arm => ({
    surface: `schema-uri-${uri}`,
    file: 'schema-uri.mjs',
    args: ['--uri', uri],
    draws: [{ check: 'schema/dialect', messageId: 'nonCanonicalUri', severity: 'warning', includes: uri === 'http-2020-12' ? "lookup: inputSchema names 2020-12 by a $schema URI other than its meta-schema's own (https://json-schema.org/draft/2020-12/schema)" : "lookup: inputSchema names draft-07 by a $schema URI other than its meta-schema's own (http://json-schema.org/draft-07/schema)" }],
    silent: ['schema/compile', 'errors/input-enforcement', 'contract/every-tool-called'],
    never: [{ check: 'schema/dialect', messageId: 'metaInvalid' }],
  })),
  ...(['https-draft-07', 'http-2020-12'] as const).map((uri): Arm => ({ surface: `schema-uri-${uri}-twin`, file: 'schema-uri.mjs', args: ['--uri', uri, '--twin'], silent: ['schema/dialect', 'schema/compile', 'errors/input-enforcement', 'contract/every-tool-called'] })),
  // sweep 29, @auth0/auth0-mcp-server 0.1.0-beta.19 with no token: "No valid authorization token found" on stderr, exit 1
  // at boot: still the bootExited error, whose message now names the missing credential; a config error does not
  {
    surface: 'needs-token',
    file: 'needs-token.mjs',
    status: 'failed',
    draws: [{ check: 'transport/exit', messageId: 'bootExited', severity: 'error', includes: "Its stderr says a credential (a key, token or password) is missing or was refused: it may need one this run does not give it (the surface's env, or the CLI's --env)." }],
  },
  {
    surface: 'needs-token-twin',
    file: 'needs-token.mjs',
    args: ['--twin'],
    status: 'failed',
    draws: [{ check: 'transport/exit', messageId: 'bootExited', severity: 'error', excludes: 'credential' }],
  },
  // sweep 29, financial-modeling-prep-mcp-server 2.5.3 over HTTP: every session after the first refused with -32603
  // "Already connected to a transport": the fresh-connection probes' errors are not the version's or the capabilities'
  {
    surface: 'single-connection',
    file: 'single-connection.mjs',
    draws: [
      { check: 'protocol/version-negotiation', messageId: 'freshRefused', severity: 'info', includes: 'on a process of its own got an error' },
      { check: 'protocol/client-capabilities', messageId: 'freshRefused', severity: 'info', includes: 'how it serves those capabilities was not judged' },
    ],
    silent: ['protocol/version-negotiation', 'protocol/client-capabilities'],
  },
  {
    surface: 'single-connection-twin',
    file: 'single-connection.mjs',
    args: ['--twin'],
    draws: [{ check: 'protocol/version-negotiation', messageId: 'initializeErrorUnnamed', severity: 'error' }],
    silent: ['protocol/client-capabilities'],
    never: [{ check: 'protocol/version-negotiation', messageId: 'freshRefused' }, { check: 'protocol/client-capabilities', messageId: 'freshRefused' }],
  },
  // 64 made-up notification methods ahead of list_changed: it is still counted, so late_tool is listed again and called
  { surface: 'list-changed-hidden', file: 'list-changed-hidden.mjs', draws: [{ check: 'tools/listing', messageId: 'listChanged', severity: 'info', includes: 'appeared: late_tool' }], silent: ['tools/listing'] },
  { surface: 'list-changed-plain', file: 'list-changed-hidden.mjs', args: ['--twin'], draws: [{ check: 'tools/listing', messageId: 'listChanged', severity: 'info', includes: 'appeared: late_tool' }], silent: ['tools/listing'] },
  { surface: 'list-error', file: 'listing.mjs', args: ['--mode', 'list-error'], status: 'failed', draws: [{ check: 'tools/listing', messageId: 'listError', severity: 'error', includes: 'nothing was tested.' }] },
  {
    surface: 'list-offline',
    file: 'listing.mjs',
    args: ['--mode', 'list-offline'],
    status: 'failed',
    draws: [{ check: 'tools/listing', messageId: 'listError', severity: 'error', includes: 'nothing was tested. Its error message names a failed network lookup or connection (fetch failed)' }],
  },
  {
    surface: 'list-loop',
    file: 'listing.mjs',
    args: ['--mode', 'loop'],
    draws: [
      { check: 'tools/listing', messageId: 'cursorRepeated', severity: 'warning' },
      { check: 'tools/listing', messageId: 'nameRepeated', severity: 'warning' },
    ],
    once: [{ check: 'tools/name', messageId: 'charset', tool: 'looped tool' }],
  },
  { surface: 'list-cycle', file: 'listing.mjs', args: ['--mode', 'cycle'], draws: [{ check: 'tools/listing', messageId: 'cursorRepeated', severity: 'warning', includes: 'Page 3 of tools/list returned a nextCursor that page 1 already returned' }] },
  {
    surface: 'list-endless',
    file: 'listing.mjs',
    args: ['--mode', 'endless'],
    draws: [
      { check: 'tools/listing', messageId: 'pageLimit', severity: 'warning', includes: 'after 100 pages' },
      { check: 'tools/listing', messageId: 'nameRepeated', severity: 'warning' },
    ],
  },
  { surface: 'list-paginated', file: 'listing.mjs', args: ['--twin'], silent: ['tools/listing', 'tools/name'] },
];

export default defineConfig({
  checks: { 'tools/name': ['warning', { prefix: 'mcp__{server}__' }] },
  timeouts: { requestMs: 5000, probeMs: 2000, stdinGraceMs: 500, termGraceMs: 1000, surfaceMs: 60_000 },
  surfaces: ARMS.map((arm) => ({ name: arm.surface, command: process.execPath, args: [DIR + arm.file, ...(arm.args ?? [])], era: 'legacy' as const, ...(arm.timeouts ? { timeouts: arm.timeouts } : {}) })),
});
