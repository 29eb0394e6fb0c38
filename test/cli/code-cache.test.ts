/**
 * The V8 code cache of the bundled CLI (harness/code-cache.ts), on real Node processes: each test writes a
 * small CommonJS "bundle" into a temp dir and runs it through `runBundle` in a child process (the cache is
 * written at that process's exit), then reads back what the child printed and what is on disk.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheFileName } from '../../harness/code-cache.ts';

const CODE_CACHE = pathToFileURL(fileURLToPath(new URL('../../harness/code-cache.ts', import.meta.url))).href;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function work(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-code-cache-'));
  dirs.push(dir);
  return dir;
}

/**
 * A bundle that uses what a CommonJS file gets, calls a function (compiled lazily) and imports an ESM file
 * through the loader's import (a plain `import()` in code restored from a cache fails on Node 20).
 */
function writeBundle(dir: string, marker = 'one'): string {
  writeFileSync(join(dir, 'esm.mjs'), 'export const answer = 42;\n');
  const file = join(dir, 'bin.bundle.cjs');
  writeFileSync(file, [
    '"use strict";',
    `function lazy(n) { return n * 2; }`,
    `const path = require('node:path');`,
    `module.exports.ok = true;`,
    `__mcpHarnessImport(require('node:url').pathToFileURL(path.join(__dirname, 'esm.mjs')).href).then((m) => {`,
    `  console.log(JSON.stringify({ marker: ${JSON.stringify(marker)}, lazy: lazy(21), answer: m.answer, file: __filename, strict: (function () { return this; })() === undefined }));`,
    `});`,
  ].join('\n'));
  return file;
}

/** Run `bundle` through runBundle in a child node; what runBundle returned and what the bundle printed. */
function run(bundle: string, options: { cacheDir?: string; full?: boolean } = {}): { result: { cache: string; writes: boolean; cacheFile?: string }; printed: Record<string, unknown> } {
  const code = `import { runBundle } from ${JSON.stringify(CODE_CACHE)}; console.log(JSON.stringify(runBundle(${JSON.stringify(bundle)}, ${JSON.stringify(options)})));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' }).trim().split('\n');
  return { result: JSON.parse(out[0]) as { cache: string; writes: boolean }, printed: JSON.parse(out[1]) as Record<string, unknown> };
}

const cacheFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.v8cache'));

describe('runBundle', () => {
  it('runs the bundle as CommonJS (require, module, __filename, strict, the loader import() of ESM), writes the cache at exit and uses it next time, import() included', () => {
    const dir = work();
    const bundle = writeBundle(dir);
    const first = run(bundle, { full: true });
    expect(first.printed).toEqual({ marker: 'one', lazy: 42, answer: 42, file: bundle, strict: true });
    expect(first.result).toMatchObject({ cache: 'none', writes: true });
    const cacheDir = join(dir, '.cache');
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(cacheFiles(cacheDir)).toEqual([cacheFileName(bundle, readFileSync(bundle))]);
    expect(statSync(join(cacheDir, cacheFiles(cacheDir)[0])).mode & 0o777).toBe(0o600);
    const second = run(bundle, { full: true });
    expect(second.result).toMatchObject({ cache: 'accepted', writes: false });
    expect(second.printed).toEqual(first.printed);
  });

  it('keys the cache by the bundle bytes: a changed bundle of the same length never meets the old cache, which is removed', () => {
    const dir = work();
    const bundle = writeBundle(dir, 'one');
    run(bundle);
    const old = cacheFiles(join(dir, '.cache'));
    writeBundle(dir, 'two'); // same length, other code
    const changed = run(bundle);
    expect(changed.printed.marker).toBe('two');
    expect(changed.result).toMatchObject({ cache: 'none', writes: true });
    const now = cacheFiles(join(dir, '.cache'));
    expect(now).toHaveLength(1);
    expect(now).not.toEqual(old);
  });

  it('a cache a light command left is replaced by a full run, then kept', () => {
    const dir = work();
    const bundle = writeBundle(dir);
    expect(run(bundle, { full: false }).result).toMatchObject({ cache: 'none', writes: true });
    expect(run(bundle, { full: false }).result).toMatchObject({ cache: 'accepted', writes: false });
    expect(run(bundle, { full: true }).result).toMatchObject({ cache: 'accepted', writes: true });
    expect(run(bundle, { full: true }).result).toMatchObject({ cache: 'accepted', writes: false });
  });

  it('a file that is not a cache of ours is ignored and rewritten', () => {
    const dir = work();
    const bundle = writeBundle(dir);
    const file = run(bundle).result.cacheFile as string;
    writeFileSync(file, 'garbage');
    expect(run(bundle).result).toMatchObject({ cache: 'none', writes: true });
    expect(run(bundle).result).toMatchObject({ cache: 'accepted' });
  });

  it('a damaged cache (its data no longer matches the digest in its header) is never given to V8: run without it, rewritten', () => {
    const dir = work();
    const bundle = writeBundle(dir);
    const file = run(bundle).result.cacheFile as string;
    const bytes = readFileSync(file);
    // past the header (magic, full byte, SHA-1): a release V8 deserialises cached data unchecked and crashes on it
    for (let i = 27 + 16; i < bytes.length; i += 7) bytes[i] ^= 0x5a;
    writeFileSync(file, bytes);
    const damaged = run(bundle);
    expect(damaged.result).toMatchObject({ cache: 'none', writes: true });
    expect(damaged.printed).toMatchObject({ lazy: 42, answer: 42 });
    expect(run(bundle).result).toMatchObject({ cache: 'accepted' });
  });

  it('runs without a cache, silently, where the directory cannot be created or is not safe', () => {
    const dir = work();
    const bundle = writeBundle(dir);
    writeFileSync(join(dir, 'a-file'), '');
    const unwritable = run(bundle, { cacheDir: join(dir, 'a-file', 'cache') }); // ENOTDIR, as a read-only install
    expect(unwritable.result).toEqual({ cache: 'off', writes: false });
    expect(unwritable.printed.lazy).toBe(42);
    const open = join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777); // writable by others: another user could plant code
    expect(run(bundle, { cacheDir: open }).result).toEqual({ cache: 'off', writes: false });
    const target = join(dir, 'target');
    mkdirSync(target, { mode: 0o700 });
    symlinkSync(target, join(dir, 'link'));
    expect(run(bundle, { cacheDir: join(dir, 'link') }).result).toEqual({ cache: 'off', writes: false });
    expect(readdirSync(target)).toEqual([]);
  });
});
