/**
 * Run the bundled CLI (dist/bin.bundle.cjs, CommonJS) through `vm.Script` with a V8 code cache (issue 12:
 * compiling the ~1.5 MB bundle was ~90 ms of every start on Node 20, which has no `module.enableCompileCache`).
 *
 * - The cache is produced AFTER the run (`script.createCachedData()` at process exit), so it holds the
 *   functions V8 compiled lazily during the run, not only the top level. It is written only when no cache
 *   was accepted, or when a `run` finds a cache a lighter command (`--version`, `--help`) left.
 * - Its file name carries a SHA-1 of the bundle's bytes, the Node version and the architecture: V8's own
 *   check of cached data is only the source length and its flags, so a changed bundle of the same length
 *   must never meet an old cache. V8 still rejects data of other flags; that cache is then rewritten.
 * - The cache lives in the package's own directory (`<bundle dir>/.cache`, mode 0700): whoever can write
 *   there can already change the code, so the cache adds no new trust. It is used only when that directory
 *   is a real directory (not a symlink), owned by the current user, writable by no one else. When it cannot
 *   be created (a read-only or another user's install) the bundle runs without a cache, silently.
 * - Writes are atomic: a file of its own (pid and random suffix, `wx`, mode 0600) renamed over the cache, so
 *   concurrent runs never read a torn file; caches of other bundles or Node versions are removed then.
 * - The file carries a SHA-1 of the cached data, checked before V8 sees it: a release V8 deserialises code
 *   cache bytes without a checksum, so a damaged file (a disk fault, a copy cut short) crashed Node (SIGTRAP or
 *   SIGSEGV in the deserializer) on every later start. A file whose digest does not match is not used and is
 *   rewritten at exit.
 * - The bundle holds no `import()`: on Node 20, code restored from a code cache loses a vm.Script's
 *   dynamic-import callback (`importModuleDynamically`, even `vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER`:
 *   ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING). Its imports of what stays outside (a JavaScript config, tsx for a
 *   TypeScript one) call `__mcpHarnessImport`, a function this module passes in (harness/import-external.ts).
 *
 * This module imports only Node built-ins and ./cache-dir.ts (the directory rules it shares with the era hints):
 * it is bundled with that alone into the dist/bin.js loader.
 */
import { hash } from 'node:crypto';
import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';
import { readCacheFile, safeCacheDir, writeFileAtomic } from './cache-dir.ts';

/**
 * First bytes of a cache file: the format, then one byte that says whether a `run` produced it, then the
 * SHA-1 of the cached data that follows (DIGEST_BYTES).
 */
const MAGIC = Buffer.from('MHV8C2');
/** Length of the SHA-1 digest in the header, bytes. */
const DIGEST_BYTES = 20;
/** Bytes before the cached data. */
const HEADER_BYTES = MAGIC.length + 1 + DIGEST_BYTES;

/** How `runBundle` behaves (all optional). */
export interface RunBundleOptions {
  /** The cache directory. Default: `.cache` next to the bundle. */
  cacheDir?: string;
  /** Whether this process does a full run (`mcp-harness run`): its cache replaces one a lighter command left. */
  full?: boolean;
  /** The bundle's `import()` (harness/import-external.ts). Default: this module's own `import()`. */
  importModule?: (specifier: string) => Promise<unknown>;
}

/** What `runBundle` did with the cache (for tests and the bench; the CLI ignores it). */
export interface RunBundleResult {
  /** `accepted`: V8 used the cached data; `rejected`: V8 refused it (other flags); `none`: no usable file; `off`: no safe directory. */
  cache: 'accepted' | 'rejected' | 'none' | 'off';
  /** The cache file this bundle's code goes to (undefined when `off`). */
  cacheFile?: string;
  /** Whether a cache will be written at process exit. */
  writes: boolean;
}

/** Cache file name of a bundle: its base name, a SHA-1 of its bytes, the Node version and the architecture. */
export function cacheFileName(bundle: string, bytes: Buffer): string {
  return `${basename(bundle)}.${hash('sha1', bytes, 'hex')}.${process.version}-${process.arch}.v8cache`;
}

/**
 * The cached data in a cache file, and whether a full run produced it; undefined when absent, not ours, or
 * damaged (its data does not match the digest in its header: V8 would crash on it, see the module doc).
 */
function readCache(file: string): { data: Buffer; full: boolean } | undefined {
  const bytes = readCacheFile(file);
  if (bytes === undefined || bytes.length <= HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = bytes.subarray(HEADER_BYTES);
  const digest = bytes.subarray(MAGIC.length + 1, HEADER_BYTES);
  if (!hash('sha1', data, 'buffer').equals(digest)) return undefined;
  return { data, full: bytes[MAGIC.length] === 1 };
}

/** Write the cache atomically and remove the caches of other bundles or Node versions. Never throws. */
function writeCache(file: string, data: Buffer, full: boolean): void {
  if (!writeFileAtomic(file, Buffer.concat([MAGIC, Buffer.from([full ? 1 : 0]), hash('sha1', data, 'buffer'), data]))) return;
  const dir = dirname(file);
  const own = basename(file);
  const prefix = `${own.slice(0, own.indexOf('.cjs.') + 4)}.`;
  try {
    for (const name of readdirSync(dir)) {
      if (name !== own && name.startsWith(prefix) && name.endsWith('.v8cache')) unlinkSync(join(dir, name));
    }
  } catch {
    // another run removed it first
  }
}

/**
 * Compile and run the CommonJS file `bundle` (with `require`, `module`, `__filename` and `__dirname` of its
 * own path, as Node's CommonJS loader would) through a V8 code cache. Line numbers match the file's (its
 * source map applies). Errors the bundle throws at the top level propagate; cache problems never do.
 * @throws what reading `bundle` throws (ENOENT) and what its top level throws
 */
export function runBundle(bundle: string, options: RunBundleOptions = {}): RunBundleResult {
  const bytes = readFileSync(bundle);
  // the bundle is ASCII (esbuild `charset: 'ascii'`): latin1 is its exact text, one byte per character
  const source = bytes.toString('latin1');
  const dir = options.cacheDir ?? join(dirname(bundle), '.cache');
  const cacheFile = safeCacheDir(dir) ? join(dir, cacheFileName(bundle, bytes)) : undefined;
  const cached = cacheFile === undefined ? undefined : readCache(cacheFile);
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __mcpHarnessImport) {\n${source}\n})`, {
    filename: bundle,
    lineOffset: -1,
    cachedData: cached?.data,
  });
  const cache: RunBundleResult['cache'] = cacheFile === undefined ? 'off' : cached === undefined ? 'none' : script.cachedDataRejected === true ? 'rejected' : 'accepted';
  const full = options.full === true;
  const writes = cacheFile !== undefined && (cache !== 'accepted' || (full && cached?.full !== true));
  if (writes) process.once('exit', () => writeCache(cacheFile, script.createCachedData(), full));
  const module = { exports: {} };
  const importModule = options.importModule ?? ((specifier: string) => import(specifier));
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, dirname(bundle), importModule);
  return { cache, cacheFile, writes };
}
