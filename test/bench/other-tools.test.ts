/**
 * The other tools of the default-run table (bench/other-tools.ts) against real stdio fixture servers: the SDK client
 * (bench/sdk-client.mjs, its own process) and the Inspector CLI 1.0.3 (its bin, one invocation per request) list
 * every tool and make the planned calls with their arguments, and a call answered with a JSON-RPC error counts as a
 * failure in each. No timing is asserted.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { adHocConfig } from '../../harness/config/index.ts';
import type { BareSpec } from '../../bench/bare-client.ts';
import { inspectorInvocations, measureOtherTools, runInspector, runSdkClient } from '../../bench/other-tools.ts';

const CALL_LOG = fileURLToPath(new URL('../fixtures/servers/call-log.mjs', import.meta.url));
const LIFE_LOG = fileURLToPath(new URL('../fixtures/servers/life-log.mjs', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-other-tools-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the other tools on the same work, against real fixture servers', () => {
  it('list every tool and make every planned call, with no failure, one run each beside the bare client', async () => {
    const dir = tempDir();
    const log = join(dir, 'calls.log');
    const config = adHocConfig(process.execPath, [CALL_LOG, log], dir);
    const replay = { era: 'legacy' as const, calls: [{ tool: 'keep', arguments: { id: '7' } }, { tool: 'drop', arguments: { id: 'a b' } }, { tool: 'wipe', arguments: { id: 'x' } }] };
    const lines: string[] = [];
    const figures = await measureOtherTools(config.surfaces[0]!, replay, 1, (line) => lines.push(line), 'call-log');
    const [sdk, inspector] = figures;
    expect(sdk).toMatchObject({ tool: 'SDK client', rounds: 1, tools: 3, units: 3, failed: 0 });
    expect(sdk?.skipped).toBeUndefined();
    expect(sdk?.version).toMatch(/^@modelcontextprotocol\/sdk 1\./);
    expect(inspector).toMatchObject({ tool: 'Inspector CLI', rounds: 1, tools: 3, units: 4, failed: 0, version: '@modelcontextprotocol/inspector 1.0.3' });
    expect(inspector?.skipped).toBeUndefined();
    for (const f of figures) expect(Number.isFinite(f.wallMs) && Number.isFinite(f.ratio)).toBe(true);
    // the server saw each planned call three times: the bare client's, the SDK client's and the Inspector's
    const seen = readFileSync(log, 'utf8').trim().split('\n');
    for (const tool of ['keep', 'drop', 'wipe']) expect(seen.filter((name) => name === tool)).toHaveLength(3);
    expect(seen).toHaveLength(9);
    expect(lines).toHaveLength(1);
  });

  it('hands the Inspector a string argument that stays a string (its parser JSON-parses --tool-arg values)', async () => {
    const dir = tempDir();
    const spec = { command: process.execPath, args: [CALL_LOG, join(dir, 'calls.log')], env: {}, calls: [{ tool: 'keep', arguments: { id: '7' } }] };
    const [, call] = inspectorInvocations(spec, process.env);
    // call-log.mjs answers isError unless `id` is a string: "7" unquoted would arrive as the number 7
    const { stdout } = await promisify(execFile)(process.execPath, call!, { cwd: dir });
    expect(JSON.parse(stdout)).toEqual({ content: [{ type: 'text', text: 'ok' }] });
  });

  it('counts a call answered with a JSON-RPC error as a failure in each tool, and a good call as none', async () => {
    const dir = tempDir();
    const spec = (tools: string[]): BareSpec => ({
      command: process.execPath, args: [LIFE_LOG, join(dir, 'life.log'), 'x'], cwd: dir, env: { PATH: process.env.PATH ?? '' }, era: 'legacy',
      calls: tools.map((tool) => ({ tool, arguments: {} })), window: 8, stdinGraceMs: 2000, requestMs: 30_000,
    });
    // life-log.mjs serves one tool, `ok`; any other name is answered -32602
    const sdk = await runSdkClient(spec(['ok', 'nope']));
    expect(sdk).toMatchObject({ tools: 1, units: 2, failed: 1 });
    const inspector = await runInspector(spec(['ok', 'nope']));
    expect(inspector).toMatchObject({ tools: 1, units: 3, failed: 1 });
    expect(inspector.firstFailure).toMatch(/^invocation 3 exited 1/);
    expect(await runSdkClient(spec(['ok']))).toMatchObject({ tools: 1, units: 1, failed: 0 });
    expect(await runInspector(spec(['ok']))).toMatchObject({ tools: 1, units: 2, failed: 0, firstFailure: undefined });
  });
});
