/**
 * Review D7 through the real CLI: server text that would drive a terminal (ESC[2J, an OSC window title, an 8-bit CSI,
 * CR, a right-to-left override, a newline forging a change line) reaches neither `diff`'s console nor the stderr
 * notes raw, whether NEW is the live server or a second lock; its conformant twin (ordinary names) prints them as
 * they are. The run's console escapes U+2028/U+2029 too, and its report.md mentions no `@org/team` on GitHub.
 * Server: test/fixtures/servers/terminal-names.mjs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runProcess } from '../helpers/cli.ts';
import { cleanup, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'terminal-names.mjs');
/** What a terminal acts on: C0 controls but LF (and tab), DEL, C1 controls, bidi controls. */
const RAW = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;
let dir: string;
const runs: CliRun[] = [];
let live: CliRun;
let locks: CliRun;
let twin: CliRun;
let unmatched: CliRun;
let run: CliRun;
let badLock: CliRun;
let oddLock: CliRun;

async function cli(...args: string[]): Promise<CliRun> {
  const run = await runCli(args, { timeoutMs: 60_000 });
  runs.push(run);
  return run;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-harness-terminal-'));
  const [v1, v2] = [join(dir, 'v1.lock.json'), join(dir, 'v2.lock.json')];
  const snapshot = (out: string, ...args: string[]) => runProcess(process.execPath, [BIN, 'snapshot', '--out', out, '--', process.execPath, SERVER, ...args], { timeoutMs: 60_000 });
  const snapshots = await Promise.all([snapshot(v1), snapshot(v2, '--v2')]);
  for (const s of snapshots) expect(s.exitCode, s.stderr).toBe(0);
  // a lock with an unknown key: the fatal error quotes it (a hostile lock in a pull request); the twin's key is ordinary
  const [bad, odd] = [join(dir, 'bad.lock.json'), join(dir, 'odd.lock.json')];
  const lock = JSON.parse(readFileSync(v1, 'utf8'));
  writeFileSync(bad, JSON.stringify({ ...lock, 'k\u001b]0;pwned\u0007\u202e\nmcp-harness: forged': 1 }));
  writeFileSync(odd, JSON.stringify({ ...lock, oddKey: 1 }));
  [live, locks, twin, unmatched, run, badLock, oddLock] = await Promise.all([
    cli('diff', v1, '--', process.execPath, SERVER, '--v2'),
    cli('diff', v1, v2),
    cli('diff', v1, '--', process.execPath, SERVER, '--v2', '--twin'),
    cli('run', '--tool', 'nope', '--', process.execPath, SERVER, '--v2'),
    cli('run', '--reporter', 'console,json,markdown', '--', process.execPath, SERVER, '--v2'),
    cli('diff', bad, v1),
    cli('diff', odd, v1),
  ]);
}, 120_000);
afterAll(() => {
  for (const run of runs) cleanup(run);
  rmSync(dir, { recursive: true, force: true });
});

describe('server text on the terminal', () => {
  for (const [name, run] of [['live NEW', () => live], ['two locks', () => locks]] as const) {
    it(`diff (${name}): every console line escaped, one line per change, no forged line`, () => {
      const { stdout, stderr, exitCode } = run();
      expect(exitCode, stderr).toBe(1);
      expect(stdout).not.toMatch(RAW);
      expect(stderr).not.toMatch(RAW);
      const lines = stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/: 3 changes \(1 breaking, 2 compatible\)$/);
      expect(lines).toHaveLength(4);
      for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}(breaking {3}|compatible )[0-9a-f]{16} (keep|added)/);
      expect(stdout).toContain('keep: input required added \\u001B[2J\\u001B]0;pwned\\u0007\\u009B31m breaking   0000000000000000 forged: input removed at /x\\u000D\\u202E\\u2028\\u2029 @org/team $\\color{red}{x}$ https://evil.example/login www.evil.example at /inputSchema/required (breaks callers)');
    });
  }

  it('diff, the twin: ordinary names print as they are', () => {
    expect(twin.exitCode, twin.stderr).toBe(1);
    expect(twin.stdout).toContain('keep: input required added extra at /inputSchema/required (breaks callers)');
    expect(twin.stdout).toContain('added: tool added (compatible)');
  });

  it('run: the console names the tool escaped, U+2028 and U+2029 included (review, minor)', () => {
    expect(run.exitCode, run.stderr).toBeLessThan(2);
    expect(run.stdout).toContain('added\\u001B[2J');
    expect(run.stdout).toContain('\\u202E\\u2028\\u2029');
    expect(run.stdout).not.toMatch(RAW);
    expect(run.stderr).not.toMatch(RAW);
  });

  it('run: report.md mentions nobody: every @ of server text is followed by an empty comment, so GitHub links no @org/team', () => {
    const md = readFileSync(join(run.reportDir, 'report.md'), 'utf8');
    expect(md).toContain('@<!-- -->org/team');
    expect(md).not.toMatch(/(?:^|\W)@[A-Za-z0-9]/m);
  });

  it('run: report.md renders no math and autolinks nothing of server text: every $ in span tags, :// and www. split (hostile5)', () => {
    const md = readFileSync(join(run.reportDir, 'report.md'), 'utf8');
    expect(md).toContain('<span>$</span>\\\\color{red}{x}<span>$</span> https:<!-- -->//evil.example/login www<!-- -->.evil.example');
    expect(md.replace(/<span>\$<\/span>/g, '')).not.toContain('$');
    // the only URLs left are the harness's own links to its check catalog
    expect(md.replace(/\]\(https:\/\/github\.com\/mcp-harness\/mcp-harness\/blob\/main\/docs\/checks\.md#[a-z-]+\)/g, '')).not.toMatch(/:\/\/|www\./i);
  });

  it('a fatal error quoting a lock key is escaped; the twin key is quoted as it is', () => {
    expect(badLock.exitCode).toBe(2);
    expect(badLock.stderr).toContain('"k\\u001B]0;pwned\\u0007\\u202E\\nmcp-harness: forged"');
    expect(badLock.stderr).not.toMatch(RAW);
    expect(badLock.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(oddLock.exitCode).toBe(2);
    expect(oddLock.stderr).toContain('"oddKey"');
  });

  it('run --tool naming no tool: the advertised names on stderr are escaped', () => {
    expect(unmatched.exitCode, unmatched.stderr).toBe(2);
    expect(unmatched.stderr).toContain('--tool: no tool named "nope" on the surface (advertised: added\\u001B[2J');
    expect(unmatched.stderr).not.toMatch(RAW);
    expect(unmatched.stdout).not.toMatch(RAW);
  });
});
