/**
 * `snapshot` and `diff` start a server of their own (`-- COMMAND`) and take the command line's surface flags for it
 * (`--env`, `--env-pass`, `--sandbox`, the timeouts), as an ad-hoc `run` does: a server that needs a key
 * (test/fixtures/servers/needs-key.mjs exits 1 without NEEDS_KEY_TOKEN) could not be snapshotted before, since the
 * ad-hoc surface passes only the default allow-list (PATH, HOME, LANG, TERM, TMPDIR) and the flags were refused.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, runProcess } from '../helpers/cli.ts';

const SERVER = fileURLToPath(new URL('../fixtures/servers/needs-key.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-snapshot-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The source CLI in `dir` (diff writes its reports under dir/reports). */
const cli = (args: string[], env: Record<string, string> = {}) => runProcess(process.execPath, [BIN, ...args], { cwd: dir, timeoutMs: 60_000, env: { MCP_HARNESS_DEBUG: '', ...env } });

describe('snapshot and diff take the surface flags for the server they start', () => {
  it('without the key the server cannot start: exit 2, no lock', async () => {
    const lock = join(dir, 'none.lock.json');
    const run = await cli(['snapshot', '--out', lock, '--', process.execPath, SERVER], { NEEDS_KEY_TOKEN: 'from-the-shell' });
    expect(run.exitCode, run.stderr).toBe(2);
    // the server's own stderr says what it missed, and the flags that give it (a walkthrough: only 'exited' was said)
    expect(run.stderr).toContain('NEEDS_KEY_TOKEN is not set');
    expect(run.stderr).toContain('--env-pass NAME');
    expect(existsSync(lock)).toBe(false);
  });

  it('--env-pass passes the shell variable, --env sets one: the lock records the tool', async () => {
    const passed = join(dir, 'passed.lock.json');
    const run = await cli(['snapshot', '--env-pass', 'NEEDS_KEY_TOKEN', '--start-timeout', '20000', '--out', passed, '--', process.execPath, SERVER], { NEEDS_KEY_TOKEN: 'from-the-shell' });
    expect(run.exitCode, run.stderr).toBe(0);
    expect((JSON.parse(readFileSync(passed, 'utf8')) as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(['lookup']);
    const set = join(dir, 'set.lock.json');
    expect((await cli(['snapshot', '--env', 'NEEDS_KEY_TOKEN=dummy', '--out', set, '--', process.execPath, SERVER])).exitCode).toBe(0);
    // diff's live side too: the server it starts gets the key, and matches the lock
    const diff = await cli(['diff', passed, '--env', 'NEEDS_KEY_TOKEN=dummy', '--', process.execPath, SERVER]);
    expect(diff.exitCode, diff.stderr).toBe(0);
    expect((await cli(['diff', passed, '--', process.execPath, SERVER])).exitCode).toBe(2);
  });

  it('a tools/list that does not complete records nothing: exit 2, no lock (a third review: an empty lock was written)', async () => {
    const FIXTURE = fileURLToPath(new URL('../fixtures/servers/fixture-server.mjs', import.meta.url));
    const lock = join(dir, 'cycle.lock.json');
    const run = await cli(['snapshot', '--out', lock, '--', process.execPath, FIXTURE, '--page-size=2', '--fault=repeat-cursor']);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain('tools/list did not complete: page 2 returned a nextCursor an earlier page returned');
    expect(existsSync(lock)).toBe(false);
    // the twin: the same server paginating properly is recorded whole
    const whole = join(dir, 'whole.lock.json');
    expect((await cli(['snapshot', '--out', whole, '--', process.execPath, FIXTURE, '--page-size=2'])).exitCode).toBe(0);
    expect((JSON.parse(readFileSync(whole, 'utf8')) as { tools: unknown[] }).tools.length).toBeGreaterThan(2);
  });

  it("diff applies them to a configured surface operand too (a third review: --sandbox and --env were ignored there)", async () => {
    const lock = join(dir, 'cfg.lock.json');
    expect((await cli(['snapshot', '--env', 'NEEDS_KEY_TOKEN=dummy', '--out', lock, '--', process.execPath, SERVER])).exitCode).toBe(0);
    const config = join(dir, 'keyed.config.json');
    writeFileSync(config, JSON.stringify({ surfaces: [{ name: 'keyed', command: process.execPath, args: [SERVER] }] }));
    const withKey = await cli(['diff', lock, 'keyed', '--config', config, '--env', 'NEEDS_KEY_TOKEN=dummy']);
    expect(withKey.exitCode, withKey.stderr).toBe(0);
    expect((await cli(['diff', lock, 'keyed', '--config', config])).exitCode).toBe(2);
  });

  it('a value given with --env that the server copies into its tools is masked in the lock, and diff still matches', async () => {
    const secret = 'S3cr3tV4lu3xyz';
    const lock = join(dir, 'leak.lock.json');
    const snap = await cli(['snapshot', '--env', `NEEDS_KEY_TOKEN=${secret}`, '--out', lock, '--', process.execPath, SERVER, '--leak']);
    expect(snap.exitCode, snap.stderr).toBe(0);
    const text = readFileSync(lock, 'utf8');
    expect(text).not.toContain(secret);
    expect(text).toContain('[masked:NEEDS_KEY_TOKEN]');
    const diff = await cli(['diff', lock, '--env', `NEEDS_KEY_TOKEN=${secret}`, '--', process.execPath, SERVER, '--leak']);
    expect(diff.exitCode, diff.stderr).toBe(0);
    expect(diff.stdout + diff.stderr).not.toContain(secret);
  });
});
