/**
 * Canonical JSON and hashes: sorted-key serialisation so that two schemas that differ only in key
 * order share one compile-cache entry and one lock hash.
 */
import { createHash } from 'node:crypto';

/**
 * Serialise a JSON value with object keys sorted (recursively). `undefined` members are dropped
 * like JSON.stringify does; cycles are not expected (parsed JSON has none).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

/** sha256 (lowercase hex, 64 characters) of the canonical JSON of `value`. */
export function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** Deep equality of two JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
