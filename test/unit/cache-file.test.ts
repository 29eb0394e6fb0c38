/**
 * readCacheFile (harness/cache-dir.ts): the harness's cache files (the V8 code cache, the era hints) are read
 * only when they are regular files within the size bound. A FIFO planted under the cache file's name (anything
 * running as this user can, a server under test included) made a blocking read hang the CLI before any server
 * started; it is refused at once now, as are a symlink, a directory and an oversized file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readCacheFile } from '../../harness/cache-dir.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function work(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-cache-file-'));
  dirs.push(dir);
  return dir;
}
const fifoSupported = process.platform !== 'win32';

describe('readCacheFile', () => {
  it('reads a regular file within the bound, and refuses one over it', () => {
    const file = join(work(), 'data');
    writeFileSync(file, 'abcdef');
    expect(readCacheFile(file)?.toString()).toBe('abcdef');
    expect(readCacheFile(file, 6)?.toString()).toBe('abcdef');
    expect(readCacheFile(file, 5)).toBeUndefined();
    expect(readCacheFile(join(work(), 'missing'))).toBeUndefined();
  });

  it('refuses a symlink and a directory', () => {
    const dir = work();
    writeFileSync(join(dir, 'target'), 'secret');
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    mkdirSync(join(dir, 'sub'));
    expect(readCacheFile(join(dir, 'link'))).toBeUndefined();
    expect(readCacheFile(join(dir, 'sub'))).toBeUndefined();
  });

  it.runIf(fifoSupported)('refuses a FIFO at once, in a process of its own that would otherwise block forever', () => {
    const dir = work();
    execFileSync('mkfifo', [join(dir, 'era-hints.json')]);
    const module = fileURLToPath(new URL('../../harness/cache-dir.ts', import.meta.url));
    const script = `import { readCacheFile } from ${JSON.stringify(module)}; console.log(String(readCacheFile(${JSON.stringify(join(dir, 'era-hints.json'))})));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.error).toBeUndefined(); // a timeout would be an error (ETIMEDOUT) and a killed child
    expect(child.stdout.trim()).toBe('undefined');
  });

  it.runIf(fifoSupported)('an era-hint store whose file is a FIFO reads as empty (in a process of its own)', () => {
    const dir = work();
    execFileSync('mkfifo', [join(dir, 'era-hints.json')]);
    const module = fileURLToPath(new URL('../../harness/run/era-hint.ts', import.meta.url));
    const script = `import { openEraHints } from ${JSON.stringify(module)}; console.log(String(openEraHints(${JSON.stringify(dir)})?.get({ command: 'node', args: ['server.js'], cwd: '/' })));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.error).toBeUndefined();
    expect(child.stdout.trim()).toBe('undefined');
  });
});
