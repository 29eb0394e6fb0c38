/**
 * unreachablePath (harness/run/isolated-reach.ts): which path of a server command line a user other than the owner cannot
 * reach, from mode bits alone. Files made here (owned by the test's user) and a user that is neither their owner nor in
 * their group, so only the "others" bits count.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreachablePath } from '../../harness/run/isolated-reach.ts';
import type { SpawnSpec } from '../../harness/session/index.ts';

const OTHER = { uid: 54321, gid: 54321 };
const spec = (command: string, args: string[], cwd = '/'): SpawnSpec => ({ command, args, cwd, env: {} });

describe('unreachablePath', () => {
  let box: string;
  beforeAll(() => {
    box = mkdtempSync(join(tmpdir(), 'mh-reach-'));
    chmodSync(box, 0o755);
    writeFileSync(join(box, 'open.js'), '');
    chmodSync(join(box, 'open.js'), 0o644);
    writeFileSync(join(box, 'secret.js'), '');
    chmodSync(join(box, 'secret.js'), 0o600);
    mkdirSync(join(box, 'listable'), { mode: 0o755 });
    chmodSync(join(box, 'listable'), 0o755);
    mkdirSync(join(box, 'search-only'));
    chmodSync(join(box, 'search-only'), 0o711);
    mkdirSync(join(box, 'closed'));
    chmodSync(join(box, 'closed'), 0o700);
    writeFileSync(join(box, 'closed', 'inner.js'), '');
    chmodSync(join(box, 'closed', 'inner.js'), 0o644);
    mkdirSync(join(box, 'closed', 'vault'));
    chmodSync(join(box, 'closed', 'vault'), 0o755);
    // links in a searchable directory to entries below one the user cannot search
    symlinkSync(join(box, 'closed', 'inner.js'), join(box, 'link.js'));
    symlinkSync(join(box, 'closed', 'vault'), join(box, 'vault-link'));
    symlinkSync(join(box, 'open.js'), join(box, 'open-link.js'));
  });
  afterAll(() => rmSync(box, { recursive: true, force: true }));

  it('passes a command line whose paths every user may reach, and words, flags and URLs that name nothing on disk', () => {
    expect(unreachablePath(spec('node', [join(box, 'open.js'), join(box, 'listable'), 'serve', '--port=1', 'http://x/y']), OTHER)).toBeUndefined();
  });

  it('names a file the user cannot read', () => {
    expect(unreachablePath(spec('node', [join(box, 'secret.js')]), OTHER)).toEqual({ path: join(box, 'secret.js'), why: `cannot read ${join(box, 'secret.js')} (mode 0600, owner uid ${process.getuid?.()}, gid ${process.getgid?.()})` });
  });

  it('names a directory argument the user cannot list', () => {
    expect(unreachablePath(spec('node', [join(box, 'search-only')]), OTHER)?.why).toMatch(/^cannot list .*search-only \(mode 0711,/);
  });

  it('names the directory on the way the user cannot search, for an argument, a relative argument and the command', () => {
    const inner = join(box, 'closed', 'inner.js');
    expect(unreachablePath(spec('node', [inner]), OTHER)?.why).toMatch(/^cannot search .*closed \(mode 0700,/);
    expect(unreachablePath(spec('node', ['closed/inner.js'], box), OTHER)?.path).toBe('closed/inner.js');
    expect(unreachablePath(spec(inner, []), OTHER)?.path).toBe(inner);
  });

  it('follows a symbolic link: a link in a searchable directory to a file or directory below one the user cannot search is named; a link to a reachable file passes', () => {
    expect(unreachablePath(spec('node', [join(box, 'link.js')]), OTHER)).toMatchObject({ path: join(box, 'link.js'), why: expect.stringMatching(/^cannot search .*closed \(mode 0700,/) });
    expect(unreachablePath(spec('node', [join(box, 'vault-link')]), OTHER)).toMatchObject({ path: join(box, 'vault-link'), why: expect.stringMatching(/^cannot search .*closed \(mode 0700,/) });
    expect(unreachablePath(spec(join(box, 'link.js'), []), OTHER)?.path).toBe(join(box, 'link.js'));
    expect(unreachablePath(spec('node', [join(box, 'open-link.js')]), OTHER)).toBeUndefined();
  });

  it('reads the value of a --name=value option as an argument (mcp-obsidian style --vault=<dir>); a flag without = stays skipped', () => {
    expect(unreachablePath(spec('node', [`--vault=${join(box, 'closed', 'vault')}`]), OTHER)).toMatchObject({ path: join(box, 'closed', 'vault'), why: expect.stringMatching(/^cannot search .*closed \(mode 0700,/) });
    expect(unreachablePath(spec('node', [`--vault=${join(box, 'listable')}`, '--port=1', '--name=']), OTHER)).toBeUndefined();
  });

  it('skips a flag even when it names a path, and never blocks root', () => {
    expect(unreachablePath(spec('node', [`-${join(box, 'secret.js')}`]), OTHER)).toBeUndefined();
    expect(unreachablePath(spec('node', [join(box, 'secret.js')]), { uid: 0, gid: 0 })).toBeUndefined();
  });
});
