/**
 * A call that crashed the server was written to it: when the session closes before the call's second attempt on a
 * restarted process (the surface's time budget runs out while that process starts), the call still counts as made
 * (a third review: since the never-sent calls became 'unsent', the crashed call read "not run" and 0 calls were
 * reported). Its outcome stays the crash's `exit` (transport/exit's), never a timeout of the budget cut: a timeout is a
 * request written and not answered in time (the cut once marked every `exit` left a `timeout`, run/observe.ts).
 * test/fixtures/servers/slow-restart.mjs restarts in 8 s; the budget is 3 s.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const SERVER = fileURLToPath(new URL('../fixtures/servers/slow-restart.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-crash-close-'));
let run: CliRun | undefined;
afterAll(() => {
  cleanup(run);
  rmSync(dir, { recursive: true, force: true });
});

describe('a call that crashed the server, the session closed before its second attempt', () => {
  it('counts as made, as the exit it was; the calls queued behind it were never sent', async () => {
    const config = join(dir, 'mcp-harness.config.json');
    writeFileSync(config, JSON.stringify({ timeouts: { surfaceMs: 3000, requestMs: 20000 }, surfaces: [{ name: 'crashes', command: process.execPath, args: [SERVER, join(dir, 'marker')], generate: { destructive: true } }] }));
    run = await runCli(['run', '--config', config, '-r', 'json']);
    const report = reportOf(run);
    const tools = report.surfaces[0]?.tools ?? [];
    // echo's call was written (it crashed the first process): it counts; the calls queued behind it were never sent
    expect(tools.find((t) => t.name === 'echo')?.calls.length, JSON.stringify(tools)).toBe(1);
    expect(tools.filter((t) => t.name !== 'echo').every((t) => t.calls.length === 0)).toBe(true);
    expect(findingsOf(report, 'crashes', 'transport/exit').some((f) => f.messageId === 'unexpectedExit')).toBe(true);
    // the crash stays an exit: no transport/timeout finding names echo (the surface budget's own finding remains)
    expect(outcomesOf(report, 'crashes', 'echo')).toEqual(['exit']);
    expect(findingsOf(report, 'crashes', 'transport/timeout').map((f) => `${f.messageId} ${f.tool ?? '-'}`)).toEqual(['surfaceBudget -']);
  });
});
