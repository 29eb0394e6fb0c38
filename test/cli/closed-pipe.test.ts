/**
 * A reader that goes away (`mcp-harness run | head -1`) costs the run only its console output: the report files are
 * written and the exit code is the verdict's (harness/cli/closed-pipe.ts). Before, the console reporter's EPIPE was
 * an unhandled 'error' event: the process died with a stack trace, exit 1, no report file (a fresh user's find).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tolerateClosedPipes, type OutputStream } from '../../harness/cli/closed-pipe.ts';
import { BIN } from '../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-pipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SERVER = join(import.meta.dirname, '../fixtures/servers/fixture-server.mjs');

/** Run the CLI with stdout on a pipe; `closeAtOnce`: the reader closes its end before anything is written. */
function run(reportDir: string, closeAtOnce: boolean): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'run', '--report-dir', reportDir, '-r', 'markdown', '--', process.execPath, SERVER], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    if (closeAtOnce) child.stdout.destroy();
    else child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('a closed stdout', () => {
  it('still gets the report files written and the verdict’s exit code, without a stack trace', async () => {
    const open = await run(join(dir, 'open'), false);
    const closed = await run(join(dir, 'closed'), true);
    expect(closed.stderr).not.toMatch(/EPIPE|Error:/);
    expect(closed.code).toBe(open.code);
    for (const file of ['report.json', 'report.md']) expect(existsSync(join(dir, 'closed', file))).toBe(true);
  }, 120_000);

  it('ignores EPIPE and writes to the destroyed stream; any other stream error still throws', () => {
    const listeners: ((error: NodeJS.ErrnoException) => void)[] = [];
    const stream: OutputStream = { on: (_event, listener) => listeners.push(listener) };
    tolerateClosedPipes([stream]);
    const fail = (code: string) => Object.assign(new Error(code), { code });
    expect(() => listeners[0](fail('EPIPE'))).not.toThrow();
    expect(() => listeners[0](fail('ERR_STREAM_DESTROYED'))).not.toThrow();
    expect(() => listeners[0](fail('EIO'))).toThrow('EIO');
  });
});
