/**
 * Deterministic sharding (`--shard K/N`, 1-based like Playwright and Vitest).
 *
 * An item belongs to shard K of N when sha1(its stable ID) mod N equals K-1 (Vitest's
 * `BaseSequencer` hashes relative paths with sha1 the same way). Surfaces are split by surface
 * name; one large surface's calls by `surface/tool` (see `callShardId`: all of a tool's calls in one
 * shard). Every item lands in exactly one shard, and the assignment never depends on the order or
 * number of other items.
 */
import { createHash } from 'node:crypto';
import { ReportError } from './errors.ts';

/** A shard: `index` in 1..`total`. */
export interface Shard {
  index: number;
  total: number;
}

const SHARD_PATTERN = /^\s*(\d+)\s*\/\s*(\d+)\s*$/;

/**
 * What is wrong with `text` as `K/N`, or undefined when it is a valid shard (1 <= K <= N, integers).
 * The one shard grammar: `parseShard` here and the CLI's `--shard` (harness/config/cli.ts) both use it.
 */
export function shardProblem(text: string): string | undefined {
  const match = SHARD_PATTERN.exec(text);
  if (!match) return `expected K/N with positive integers (e.g. 1/3), got '${text}'`;
  const index = Number(match[1]);
  const total = Number(match[2]);
  if (total < 1 || !Number.isSafeInteger(total)) return `shard total N must be a positive integer, got ${match[2]}`;
  if (index < 1 || index > total) return `shard index K must be between 1 and ${total}, got ${match[1]}`;
  return undefined;
}

/**
 * Parse `K/N` (e.g. `2/4`). `source` names where the text came from in the error (default `--shard`).
 * @throws ReportError `MCP_HARNESS_SHARD_INVALID` unless 1 <= K <= N and N >= 1, both integers.
 */
export function parseShard(text: string, source = '--shard'): Shard {
  const problem = shardProblem(text);
  if (problem !== undefined) throw new ReportError('MCP_HARNESS_SHARD_INVALID', `${source}: ${problem}`);
  const match = SHARD_PATTERN.exec(text) as RegExpExecArray;
  return { index: Number(match[1]), total: Number(match[2]) };
}

/** sha1 (hex) of `id` reduced modulo `total`: the 0-based shard bucket of an ID. */
export function shardBucket(id: string, total: number): number {
  const hex = createHash('sha1').update(id, 'utf8').digest('hex');
  return Number(BigInt(`0x${hex}`) % BigInt(total));
}

/** True when the item with stable ID `id` belongs to `shard`. Deterministic across runs and machines. */
export function inShard(id: string, shard: Shard): boolean {
  return shardBucket(id, shard.total) === shard.index - 1;
}

/**
 * The stable ID a single large surface's calls are split by: `surface/tool`, so every call of a tool lands in the
 * same shard. Whatever a check judges per tool (its probes start from the tool's first successful call; a note once
 * per tool; findings of one tool numbered by occurrence, `report/ids.ts`) is then judged on all of the tool's calls,
 * as in a full run. Split by scenario, two failing scenarios of one tool in two shards each took the tool's first
 * occurrence id and the merge kept one of them; a tool whose only success was in another shard got no probes.
 */
export function callShardId(surface: string, tool: string): string {
  return `${surface}/${tool}`;
}

/** The items of `items` that belong to `shard`, by `idOf(item)`; order preserved. */
export function selectShard<T>(items: readonly T[], idOf: (item: T) => string, shard: Shard): T[] {
  return items.filter((item) => inShard(idOf(item), shard));
}
