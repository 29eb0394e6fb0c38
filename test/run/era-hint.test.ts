/**
 * The era-hint store (harness/run/era-hint.ts): what is kept (keys, eras, times; nothing of the launch in
 * clear), a damaged or foreign file read as empty and replaced, an unsafe directory turning the hints off,
 * atomic replacement, the bound, and the environment switch.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_DIR_ENV, eraHintsFromEnv, HINT_FILE, hintKey, openEraHints } from '../../harness/run/era-hint.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'era-hint-'));
  dirs.push(dir);
  return dir;
}
const launch = (n: number | string = 1) => ({ command: 'node', args: ['server.js', `--secret-token=abc${n}`], cwd: '/srv/project' });

describe('era hints', () => {
  it('remembers the era per launch (command, args, cwd), in a 0700 directory and a 0600 file, with nothing of the launch in clear', () => {
    const dir = join(temp(), 'cache');
    const hints = openEraHints(dir);
    expect(hints).toBeDefined();
    expect(hints?.get(launch())).toBeUndefined();
    hints?.set(launch(), { era: 'legacy' });
    hints?.set(launch(2), { era: 'modern' });
    const again = openEraHints(dir);
    expect(again?.get(launch())).toEqual({ era: 'legacy' });
    expect(again?.get(launch(2))).toEqual({ era: 'modern' });
    expect(again?.get({ ...launch(), cwd: '/elsewhere' })).toBeUndefined();
    again?.set(launch(), { era: 'legacy', serial: true });
    expect(openEraHints(dir)?.get(launch())).toEqual({ era: 'legacy', serial: true });
    const text = readFileSync(join(dir, HINT_FILE), 'utf8');
    expect(text).not.toMatch(/secret|server\.js|srv|node/);
    expect(Object.keys(JSON.parse(text).hints).sort()).toEqual([hintKey(launch()), hintKey(launch(2))].sort());
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, HINT_FILE)).mode & 0o777).toBe(0o600);
  });

  it('reads a damaged, foreign or oversized file as empty and replaces it at the next write', () => {
    for (const content of ['{"version":1,"hints":{"abc', 'null', '[]', '{"version":2,"hints":{}}', `{"version":1,"hints":{"${hintKey(launch())}":{"era":"future","at":1}}}`, `{"version":1,"hints":{"${hintKey(launch())}":{"era":"legacy","at":1}},"pad":"${'y'.repeat(300_000)}"}`]) {
      const dir = temp();
      writeFileSync(join(dir, HINT_FILE), content);
      const hints = openEraHints(dir);
      expect(hints?.get(launch())).toBeUndefined();
      hints?.set(launch(), { era: 'legacy' });
      expect(openEraHints(dir)?.get(launch())).toEqual({ era: 'legacy' });
      expect(JSON.parse(readFileSync(join(dir, HINT_FILE), 'utf8')).version).toBe(1);
    }
  });

  it('keeps the entries another run wrote since this one read, and writes nothing when a hint is unchanged', () => {
    const dir = temp();
    const a = openEraHints(dir);
    const b = openEraHints(dir);
    expect(a?.get(launch(1))).toBeUndefined();
    expect(b?.get(launch(2))).toBeUndefined();
    a?.set(launch(1), { era: 'legacy' });
    b?.set(launch(2), { era: 'modern' });
    const both = openEraHints(dir);
    expect([both?.get(launch(1)), both?.get(launch(2))]).toEqual([{ era: 'legacy' }, { era: 'modern' }]);
    const before = statSync(join(dir, HINT_FILE));
    both?.set(launch(1), { era: 'legacy' });
    expect(statSync(join(dir, HINT_FILE)).ino).toBe(before.ino);
  });

  it('keeps a serial mark another process wrote for the launch and era (two surfaces of one launch, two jobs sharing the file)', () => {
    // a reviewer's finding: surface A's settle wrote `serial`, then surface B's (same launch) a validated hint over it
    const dir = temp();
    const a = openEraHints(dir);
    const b = openEraHints(dir);
    const server = 'ab'.repeat(16);
    expect([a?.get(launch(1)), b?.get(launch(1))]).toEqual([undefined, undefined]);
    a?.set(launch(1), { era: 'legacy', serial: true, server });
    b?.set(launch(1), { era: 'legacy', server });
    expect(openEraHints(dir)?.get(launch(1))).toEqual({ era: 'legacy', serial: true, server });
    b?.set(launch(1), { era: 'modern', server }); // another era: the mark was about the legacy era's spare
    expect(openEraHints(dir)?.get(launch(1))).toEqual({ era: 'modern', server });
  });

  it('replaces the file atomically (a new file renamed over the old one, no temporary file left)', () => {
    const dir = temp();
    const hints = openEraHints(dir);
    hints?.set(launch(1), { era: 'legacy' });
    const first = statSync(join(dir, HINT_FILE)).ino;
    hints?.set(launch(2), { era: 'legacy' });
    expect(statSync(join(dir, HINT_FILE)).ino).not.toBe(first);
    expect(readdirSync(dir)).toEqual([HINT_FILE]);
  });

  it('keeps at most maxHints launches, the most recently written', async () => {
    const dir = temp();
    const hints = openEraHints(dir, 3);
    for (let i = 0; i < 5; i++) {
      hints?.set(launch(i), { era: 'legacy' });
      await new Promise((r) => setTimeout(r, 2)); // distinct write times
    }
    const read = openEraHints(dir, 3);
    expect([0, 1, 2, 3, 4].map((i) => read?.get(launch(i))?.era ?? 'none')).toEqual(['none', 'none', 'legacy', 'legacy', 'legacy']);
  });

  it('is off when the directory is not safe: a symlink, writable by others, or not creatable', () => {
    const base = temp();
    mkdirSync(join(base, 'real'), { mode: 0o700 });
    symlinkSync(join(base, 'real'), join(base, 'link'));
    expect(openEraHints(join(base, 'link'))).toBeUndefined();
    mkdirSync(join(base, 'open'));
    chmodSync(join(base, 'open'), 0o777);
    expect(openEraHints(join(base, 'open'))).toBeUndefined();
    writeFileSync(join(base, 'file'), '');
    expect(openEraHints(join(base, 'file', 'cache'))).toBeUndefined();
    expect(readdirSync(join(base, 'real'))).toEqual([]);
  });

  it('MCP_HARNESS_CACHE_DIR moves the hints (relative to the working directory) or turns them off', () => {
    const base = temp();
    expect(eraHintsFromEnv({ [CACHE_DIR_ENV]: 'off' }, base)).toBeUndefined();
    eraHintsFromEnv({ [CACHE_DIR_ENV]: 'rel' }, base)?.set(launch(), { era: 'modern' });
    expect(openEraHints(join(base, 'rel'))?.get(launch())).toEqual({ era: 'modern' });
    eraHintsFromEnv({ [CACHE_DIR_ENV]: join(base, 'abs') }, '/')?.set(launch(), { era: 'legacy' });
    expect(openEraHints(join(base, 'abs'))?.get(launch())).toEqual({ era: 'legacy' });
  });
});
