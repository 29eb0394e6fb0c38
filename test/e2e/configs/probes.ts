/**
 * Issue 9 §3 (probes the harness never sent, echo on valid calls, the draft-07 wire schemas): every arm
 * of every probe fixture (test/fixtures/servers/probes/*.mjs) as a surface, with what it must draw and
 * which checks stay silent. test/e2e/probes.test.ts asserts them through the CLI.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '../../../harness/index.ts';
import type { Arm as BaseArm } from '../helpers/arms.ts';

/** An arm, optionally of the modern era (the default is legacy). */
type Arm = BaseArm & { era?: 'legacy' | 'modern' };

const DIR = fileURLToPath(new URL('../../fixtures/servers/probes/', import.meta.url));

export const ARMS: Arm[] = [
  { surface: 'wire-2024-11-05', file: 'old-revision.mjs', args: ['--version', '2024-11-05'], draws: [{ check: 'protocol/wire-schema', messageId: 'invalid', severity: 'error', includes: 'fails the 2024-11-05 wire schema at /result/content/0' }] },
  { surface: 'wire-2024-11-05-valid', file: 'old-revision.mjs', args: ['--version', '2024-11-05', '--twin'], silent: ['protocol/wire-schema'], never: [{ check: 'protocol/wire-schema', messageId: 'notChecked' }] },
  { surface: 'wire-2025-03-26', file: 'old-revision.mjs', args: ['--version', '2025-03-26'], draws: [{ check: 'protocol/wire-schema', messageId: 'invalid', severity: 'error', includes: 'fails the 2025-03-26 wire schema at /result/content/0' }] },
  { surface: 'wire-2025-03-26-valid', file: 'old-revision.mjs', args: ['--version', '2025-03-26', '--twin'], silent: ['protocol/wire-schema'], never: [{ check: 'protocol/wire-schema', messageId: 'notChecked' }] },
  // JSON-RPC batches (spec:2025-03-26/basic/index.mdx §Batching): a valid MCP message on 2025-03-26 only
  {
    surface: 'batch-2025-03-26',
    file: 'old-revision.mjs',
    args: ['--version', '2025-03-26', '--batch'],
    // the batch's response was matched and judged as a member: its resource_link block fails 2025-03-26's schema
    draws: [{ check: 'protocol/wire-schema', messageId: 'invalid', severity: 'error', includes: 'A tools/call message from the server fails the 2025-03-26 wire schema at /result/content/0' }],
    silent: ['transport/stdout', 'transport/timeout'],
  },
  { surface: 'batch-2025-03-26-valid', file: 'old-revision.mjs', args: ['--version', '2025-03-26', '--batch', '--twin'], silent: ['transport/stdout', 'transport/timeout', 'protocol/wire-schema'] },
  {
    surface: 'batch-2025-06-18',
    file: 'old-revision.mjs',
    args: ['--version', '2025-06-18', '--batch', '--twin'],
    draws: [{ check: 'transport/stdout', messageId: 'nonJsonRpc', severity: 'error', includes: 'a JSON-RPC batch (a JSON array); batches are not allowed since protocol revision 2025-06-18' }],
  },
  {
    surface: 'batch-2024-11-05',
    file: 'old-revision.mjs',
    args: ['--version', '2024-11-05', '--batch', '--twin'],
    draws: [{ check: 'transport/stdout', messageId: 'nonJsonRpc', severity: 'error', includes: 'protocol revision 2024-11-05 has no batches' }],
  },
  {
    surface: 'protocol-probes',
    file: 'protocol-probes.mjs',
    draws: [
      { check: 'protocol/ping', messageId: 'error', severity: 'warning', includes: 'ping was answered with JSON-RPC error -32601' },
      { check: 'protocol/capability-lists', messageId: 'listError', severity: 'warning', includes: 'prompts/list was answered with JSON-RPC error -32601 although the server declares the prompts capability' },
      { check: 'protocol/capability-lists', messageId: 'cursorRepeated', severity: 'warning', includes: 'Page 2 of resources/list returned a nextCursor that page 1 already returned' },
      { check: 'protocol/capability-lists', messageId: 'itemRepeated', severity: 'warning', includes: 'resources/list' },
      { check: 'protocol/wire-schema', messageId: 'invalid', severity: 'error', includes: 'A resources/templates/list message from the server fails the 2025-11-25 wire schema at /result/resourceTemplates/0' },
      { check: 'errors/input-enforcement', messageId: 'omittedArgumentsRejected', severity: 'warning', includes: 'Tool list_jobs rejected a tools/call without arguments as invalid (JSON-RPC -32602), though its inputSchema requires nothing and the same call with arguments {} got a result without isError (not refused as invalid)' },
      { check: 'errors/input-enforcement', messageId: 'wholeFloatRejected', severity: 'warning', includes: "Tool tail_log rejected the integer property 'limit'" },
    ],
    never: [{ check: 'errors/input-enforcement', messageId: 'validCallRejected' }, { check: 'protocol/capability-lists', messageId: 'pageLimit' }],
  },
  {
    surface: 'protocol-probes-conformant',
    file: 'protocol-probes.mjs',
    args: ['--twin'],
    silent: ['protocol/ping', 'protocol/capability-lists', 'protocol/wire-schema'],
    never: [{ check: 'errors/input-enforcement', messageId: 'omittedArgumentsRejected' }, { check: 'errors/input-enforcement', messageId: 'wholeFloatRejected' }],
  },
  {
    surface: 'protocol-probes-no-templates',
    file: 'protocol-probes.mjs',
    args: ['--twin', '--no-templates'],
    draws: [{ check: 'protocol/capability-lists', messageId: 'templatesNotServed', severity: 'info', includes: 'resources/templates/list was answered with JSON-RPC error -32601 (method not found): the server offers no resource templates' }],
    never: [{ check: 'protocol/capability-lists', messageId: 'listError' }],
  },
  {
    surface: 'echo-valid-call',
    file: 'echo-valid-call.mjs',
    draws: [{ check: 'errors/echo', messageId: 'echoedCall', severity: 'info', includes: 'Tool fetch_item: the failure answer to a call with valid arguments (scenario generated) repeats a caller-supplied value in content' }],
  },
  { surface: 'echo-valid-call-named', file: 'echo-valid-call.mjs', args: ['--twin'], silent: ['errors/echo'] },
  { surface: 'client-capabilities', file: 'client-capabilities.mjs', draws: [{ check: 'protocol/client-capabilities', messageId: 'initializeRejected', severity: 'warning', includes: 'JSON-RPC error -32602' }] },
  { surface: 'client-capabilities-served', file: 'client-capabilities.mjs', args: ['--twin'], silent: ['protocol/client-capabilities'] },
  { surface: 'client-capabilities-modern', file: 'client-capabilities.mjs', args: ['--modern'], era: 'modern', draws: [{ check: 'protocol/client-capabilities', messageId: 'requestRejected', severity: 'warning' }] },
  { surface: 'client-capabilities-modern-served', file: 'client-capabilities.mjs', args: ['--modern', '--twin'], era: 'modern', silent: ['protocol/client-capabilities'] },
];

export default defineConfig({
  timeouts: { requestMs: 5000, probeMs: 2000, stdinGraceMs: 500, termGraceMs: 1000, surfaceMs: 60_000 },
  surfaces: ARMS.map((arm) => ({ name: arm.surface, command: process.execPath, args: [DIR + arm.file, ...(arm.args ?? [])], era: arm.era ?? ('legacy' as const) })),
});
