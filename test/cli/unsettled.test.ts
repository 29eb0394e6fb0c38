/**
 * Hostile review hostile4: a config module whose top-level await never settles (`await new Promise(() => {})`, or a
 * library's init that waits on an event nothing will send) left the CLI's `main` pending with nothing else to run, so
 * Node drained its event loop and exited with code 0: no report, no line on stderr, a CI step that passed having tested
 * nothing. The entry now holds exit code 2 until `main` decides, and says on stderr why the run stopped.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, runProcess } from '../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-unsettled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a run whose work never settles', () => {
  it('a config module whose top-level await never settles: exit 2 and a line on stderr, never exit 0', async () => {
    writeFileSync(join(dir, 'mcp-harness.config.mjs'), 'await new Promise(() => {});\nexport default { surfaces: [] };\n');
    const run = await runProcess(process.execPath, [BIN, 'run', '--report-dir', join(dir, 'reports')], { cwd: dir, timeoutMs: 60_000 });
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('mcp-harness: the command stopped before it finished');
  });

  it('its twin, a top-level await that settles, runs as before', async () => {
    const twin = join(dir, 'twin');
    writeFileSync(join(dir, 'twin.config.mjs'), 'await Promise.resolve();\nexport default { surfaces: [{ name: "s", command: "node", args: ["-e", "process.exit(3)"] }] };\n');
    const run = await runProcess(process.execPath, [BIN, 'run', '--config', join(dir, 'twin.config.mjs'), '--report-dir', twin], { cwd: dir, timeoutMs: 60_000 });
    expect(run.exitCode).toBeLessThan(3);
    expect(run.stderr).not.toContain('stopped before it finished');
  });
});
