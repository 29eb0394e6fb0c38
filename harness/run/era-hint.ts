/**
 * Era hints (issue 12): per stdio launch, the era its last run negotiated, so the next run can start the legacy
 * era's spare processes beside the main server instead of after its boot (./early-session.ts). Scheduling data,
 * not a verdict input: a missing or damaged hint, or one written from a server that answers its opening otherwise,
 * costs time, never a finding (the opening that a hint sped up is judged exactly as the serial one, any trouble
 * falls back to the serial path, and spares start ahead only after a serial run of the same server, by its
 * fingerprint, in which a fresh-process opening ran and every one got a result). A `serial` mark is never undone for
 * the same era, also when another process writes the file meanwhile. What a hint cannot see (a server that changed its
 * behaviour but not its answer to the opening, a planted fingerprint) is in docs/determinism.md.
 * Vitest keeps its results cache the same way (node_modules/.vite/vitest).
 *
 * - **Key.** A SHA-256 of the launch: command, args and working directory (never the environment: runs of one
 *   command line with different environments share a hint, a limit docs/determinism.md states). Nothing of the
 *   launch is stored in clear: the file holds keys, eras, server fingerprints and times.
 * - **File.** `era-hints.json` in the cache directory: `<package>/dist/.cache` (the code cache's directory,
 *   harness/code-cache.ts), or `MCP_HARNESS_CACHE_DIR`; `MCP_HARNESS_CACHE_DIR=off` turns the hints off. The
 *   directory rules are the code cache's (harness/cache-dir.ts): a real directory owned by the user, 0700, else
 *   the hints are off, silently (a read-only install, another user's). Writes are atomic (a file of its own
 *   renamed over the old one); a file that is not ours (unparsable, another shape, over MAX_FILE_BYTES) reads
 *   as empty and is replaced at the next write.
 * - **Bound.** At most MAX_HINTS launches, the least recently written dropped first.
 * - **The server it was written from.** A hint holds a fingerprint of the server's answer to its opening
 *   (`serverFingerprint`). An `era: auto` launch starts spares ahead only on a hint that carries one, and an
 *   opening whose answer differs from it is discarded and opened again serially (./early-session.ts): a hint
 *   written from another server under the same command line (an upgraded package, an edited script) or a hint
 *   without a fingerprint (planted, or written before fingerprints) never decides how a server it was not
 *   written from is started.
 * - Only the CLI uses hints; an in-process `run()` uses them only when given a store (RunOptions.eraHints).
 */
import { createHash } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCacheFile, safeCacheDir, writeFileAtomic } from '../cache-dir.ts';
import type { Negotiation } from '../model/observation.ts';
import type { Era } from '../model/protocol.ts';
import type { SpawnSpec } from '../session/index.ts';

/** What a run learnt about one launch. */
export interface EraHint {
  /** The era the launch negotiated. */
  era: Era;
  /**
   * This launch's spares start only once the era is known, from then on (./early-session.ts): an opening with
   * spares started beside the main server had trouble once, a run had a fresh-process opening go unanswered, a
   * spare started beside the server got no result to its opening, or two processes of the server answered their
   * openings differently within one run.
   */
  serial?: boolean;
  /**
   * The fingerprint of the server's answer to the opening of the run that wrote the hint (`serverFingerprint`).
   * Spares start ahead on an `era: auto` launch only when the hint has one, and the opening's answer must match it.
   */
  server?: string;
}

/**
 * The fingerprint of what a server answered to its opening: hex SHA-256 (the first 32 digits) of the era, the
 * negotiated revision and the raw `initialize` (legacy) or `server/discover` (modern) result, as parsed. A server
 * whose answer changes (its `serverInfo.version`, capabilities, instructions) gets another fingerprint; one that
 * puts something new in every answer gets a new one every run (it then starts serially: time, never a finding).
 * Undefined when the answer cannot be serialised. Never throws.
 */
export function serverFingerprint(negotiation: Pick<Negotiation, 'era' | 'protocolVersion' | 'initialize' | 'discover'>): string | undefined {
  try {
    const answer = negotiation.era === 'modern' ? negotiation.discover : negotiation.initialize;
    return createHash('sha256').update(JSON.stringify([negotiation.era, negotiation.protocolVersion, answer ?? null])).digest('hex').slice(0, 32);
  } catch {
    return undefined;
  }
}

/** A store of era hints. Never throws: a store that cannot read or write behaves as empty. */
export interface EraHints {
  /** The hint for `spec`'s launch, if any. */
  get(spec: Pick<SpawnSpec, 'command' | 'args' | 'cwd'>): EraHint | undefined;
  /**
   * Remember `hint` for `spec`'s launch (written at once, atomically; nothing is written when it is unchanged). A
   * `serial` mark the file holds for the launch and the same era is kept, whatever `hint` says.
   */
  set(spec: Pick<SpawnSpec, 'command' | 'args' | 'cwd'>, hint: EraHint): void;
}

/**
 * How many spare processes a launch starts beside its main server (./early-session.ts "ahead"): `spares(era)` for
 * the era it is known to speak before the server answers (the `configured` one, else its hint's), none when that
 * is unknown, the hint says `serial`, or (`auto`) the hint carries no server fingerprint. Pure;
 * harness/run/launch-ahead.ts makes the same decision before the bundle is loaded.
 */
export function sparesAhead(configured: Era | 'auto', hint: EraHint | undefined, spares: (era: Era) => number): number {
  const expected = configured === 'auto' ? (hint?.server === undefined ? undefined : hint.era) : configured;
  return hint?.serial || expected === undefined ? 0 : spares(expected);
}

/** Most launches one file remembers. */
export const MAX_HINTS = 256;
/** A hint file larger than this (bytes) is not read (a file of MAX_HINTS entries is ~30 KB). */
export const MAX_FILE_BYTES = 256 * 1024;
/** The hint file's name in its directory. */
export const HINT_FILE = 'era-hints.json';
/** The environment variable that moves (a directory) or turns off (`off`) the hints. */
export const CACHE_DIR_ENV = 'MCP_HARNESS_CACHE_DIR';

/** The default cache directory: the package's `dist/.cache`, where the code cache lives too. */
export function defaultCacheDir(): string {
  return fileURLToPath(new URL('../../dist/.cache', import.meta.url));
}

/** The key of a launch: hex SHA-256 of its command, args and working directory. */
export function hintKey(spec: Pick<SpawnSpec, 'command' | 'args' | 'cwd'>): string {
  return createHash('sha256').update(JSON.stringify([spec.command, spec.args, spec.cwd])).digest('hex');
}

interface Entry {
  era: Era;
  serial?: true;
  server?: string;
  /** When it was written, ms since the epoch (what the bound drops by). */
  at: number;
}

/**
 * The store in `dir` (created 0700 if missing); undefined when `dir` is not a safe cache directory (see the
 * module doc). `maxHints` bounds the file (default MAX_HINTS).
 */
export function openEraHints(dir: string, maxHints = MAX_HINTS): EraHints | undefined {
  if (!safeCacheDir(dir)) return undefined;
  const file = join(dir, HINT_FILE);
  let entries: Record<string, Entry> | undefined;
  const current = () => (entries ??= readHints(file));
  return {
    get(spec) {
      const entry = current()[hintKey(spec)];
      return entry && { era: entry.era, ...(entry.serial ? { serial: true } : {}), ...(entry.server !== undefined ? { server: entry.server } : {}) };
    },
    set(spec, hint) {
      const key = hintKey(spec);
      const old = current()[key];
      if (old && old.era === hint.era && (old.serial === true) === (hint.serial === true) && old.server === hint.server) return;
      // re-read: another run may have written since this one read; a `serial` mark it wrote for the same era stays
      // (a launch turns serial for good: two surfaces of one launch, or two jobs sharing the file, must not undo it)
      const fresh = readHints(file);
      const previous = fresh[key];
      const serial = hint.serial === true || (previous?.serial === true && previous.era === hint.era);
      fresh[key] = { era: hint.era, ...(serial ? { serial: true as const } : {}), ...(hint.server !== undefined ? { server: hint.server } : {}), at: Date.now() };
      const kept = Object.entries(fresh).sort(([, a], [, b]) => b.at - a.at).slice(0, maxHints);
      entries = Object.fromEntries(kept);
      writeFileAtomic(file, `${JSON.stringify({ version: 1, hints: entries })}\n`);
    },
  };
}

/**
 * The CLI's store: `MCP_HARNESS_CACHE_DIR` (relative to `cwd`; `off` = none), else defaultCacheDir().
 * Undefined when off or when the directory is not safe.
 */
export function eraHintsFromEnv(env: Record<string, string | undefined>, cwd: string): EraHints | undefined {
  const value = env[CACHE_DIR_ENV];
  if (value === 'off') return undefined;
  const dir = value === undefined || value === '' ? defaultCacheDir() : isAbsolute(value) ? value : resolve(cwd, value);
  return openEraHints(dir);
}

/** The entries of a hint file; empty when it is missing, too large or not a hint file. */
function readHints(file: string): Record<string, Entry> {
  const bytes = readCacheFile(file, MAX_FILE_BYTES);
  if (bytes === undefined) return {};
  const text = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const { version, hints } = parsed as { version?: unknown; hints?: unknown };
  if (version !== 1 || typeof hints !== 'object' || hints === null || Array.isArray(hints)) return {};
  const entries: Record<string, Entry> = {};
  for (const [key, value] of Object.entries(hints as Record<string, unknown>)) {
    const e = value as Partial<Entry> | null;
    if (!/^[0-9a-f]{64}$/.test(key) || typeof e !== 'object' || e === null) continue;
    if ((e.era !== 'legacy' && e.era !== 'modern') || typeof e.at !== 'number' || !Number.isFinite(e.at)) continue;
    const server = typeof e.server === 'string' && /^[0-9a-f]{32}$/.test(e.server) ? { server: e.server } : {};
    entries[key] = { era: e.era, ...(e.serial === true ? { serial: true as const } : {}), ...server, at: e.at };
  }
  return entries;
}
