/**
 * harness/run/hand-over.ts and isolateSpec (harness/run/isolate.ts): a tree the harness made is handed to the isolated
 * user so that no path is followed once that user can write where it lies (review 16, item 2): entries before the
 * directory holding them, the top last, and a symlink changed itself (lchown), never what it names. The order runs as
 * any user (the change is recorded); the real change of owner as root only, as the other isolate tests.
 */
import { chownSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HandOverRefused, handOver } from '../../harness/run/hand-over.ts';
import { isolateSpec } from '../../harness/run/isolate.ts';
import { createSandbox, removeSandbox, type Sandbox } from '../../harness/run/sandbox.ts';

const ROOT_USER = process.getuid?.() === 0;
const NOBODY = 65534;

let box: string;
beforeEach(() => {
  box = mkdtempSync(join(tmpdir(), 'mh-hand-over-'));
});
afterEach(() => {
  rmSync(box, { recursive: true, force: true });
});

describe('handOver', () => {
  it('changes every entry before the directory holding it, the top last, and a symlink without descending into it', async () => {
    const top = join(box, 'top');
    mkdirSync(join(top, 'home', '.config'), { recursive: true });
    mkdirSync(join(top, 'tmp'));
    mkdirSync(join(top, 'work'));
    writeFileSync(join(top, 'work', 'data.json'), '{}');
    mkdirSync(join(box, 'elsewhere'));
    writeFileSync(join(box, 'elsewhere', 'secret'), 'x');
    symlinkSync(join(box, 'elsewhere'), join(top, 'link'));
    const changed: string[] = [];
    await handOver(top, { uid: NOBODY, gid: NOBODY }, async (path) => void changed.push(relative(box, path)));
    expect(new Set(changed)).toEqual(new Set(['top', 'top/home', 'top/home/.config', 'top/tmp', 'top/work', 'top/work/data.json', 'top/link']));
    expect(changed.length).toBe(7);
    expect(changed.at(-1)).toBe('top');
    for (const [i, path] of changed.entries()) {
      const later = changed.slice(i + 1);
      expect(later.filter((p) => p.startsWith(`${path}/`)), `${path} changed before what it holds`).toEqual([]);
    }
  });
});

describe('handOver checks the top first (review 16, D5)', () => {
  const record = () => {
    const changed: string[] = [];
    return { changed, change: async (path: string) => void changed.push(relative(box, path)) };
  };

  it('refuses a symlink in place of the top, changing nothing, never what it names', async () => {
    const victim = join(box, 'victim');
    mkdirSync(join(victim, 'inner'), { recursive: true });
    symlinkSync(victim, join(box, 'top'));
    const { changed, change } = record();
    await expect(handOver(join(box, 'top'), { uid: NOBODY, gid: NOBODY }, change)).rejects.toThrow(HandOverRefused);
    await expect(handOver(join(box, 'top'), { uid: NOBODY, gid: NOBODY }, change)).rejects.toThrow(`refusing to hand over ${join(box, 'top')}: it is a symbolic link`);
    expect(changed).toEqual([]);
  });

  it('refuses a top that is not a directory', async () => {
    writeFileSync(join(box, 'file'), '');
    const { changed, change } = record();
    await expect(handOver(join(box, 'file'), { uid: NOBODY, gid: NOBODY }, change)).rejects.toThrow(`refusing to hand over ${join(box, 'file')}: it is not a directory`);
    expect(changed).toEqual([]);
  });

  it.skipIf(!ROOT_USER)("refuses a top another user owns (as root: chown), and hands over root's own", async () => {
    mkdirSync(join(box, 'theirs', 'inner'), { recursive: true });
    chownSync(join(box, 'theirs'), NOBODY, NOBODY);
    const { changed, change } = record();
    await expect(handOver(join(box, 'theirs'), { uid: NOBODY, gid: NOBODY }, change)).rejects.toThrow(`it belongs to uid ${NOBODY}, not to the harness's user (uid 0)`);
    expect(changed).toEqual([]);
    mkdirSync(join(box, 'mine', 'inner'), { recursive: true });
    await handOver(join(box, 'mine'), { uid: NOBODY, gid: NOBODY }, change);
    expect(changed).toEqual(['mine/inner', 'mine']);
  });
});

describe.skipIf(!ROOT_USER)('isolateSpec hands the sandbox to nobody (as root)', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await createSandbox('hand-over', box);
  });
  afterEach(async () => {
    await removeSandbox(sandbox);
  });
  const spec = () => ({ command: 'true', args: [], cwd: '/', env: {} });

  it('gives the root and its home, tmp and work to nobody, and runs the server as nobody', async () => {
    const isolated = await isolateSpec(spec(), sandbox);
    expect(isolated.user).toEqual({ uid: NOBODY, gid: NOBODY });
    for (const dir of [sandbox.root, sandbox.home, sandbox.tmp, sandbox.work]) expect(statSync(dir).uid, dir).toBe(NOBODY);
  });

  it('changes a symlink planted where home would be, never the directory it names', async () => {
    const victim = join(box, 'victim');
    mkdirSync(victim);
    rmSync(sandbox.home, { recursive: true });
    symlinkSync(victim, sandbox.home);
    await isolateSpec(spec(), sandbox);
    expect(statSync(victim).uid).toBe(0);
    expect(lstatSync(sandbox.home).uid).toBe(NOBODY);
    expect(statSync(sandbox.root).uid).toBe(NOBODY);
  });
});
