/**
 * Sentinels: unique, recognisable strings a probe plants in its arguments so that a check can tell
 * whether a caller value came back on a failure path (errors/echo). A sentinel is derived from the
 * probe's stable id, so the same plan always carries the same sentinels.
 */

/** The text every harness sentinel starts with: a text without it holds no sentinel. */
export const SENTINEL_PREFIX = 'mcpH4rn3ss-';

/** Matches any harness sentinel. */
export const SENTINEL_PATTERN = /mcpH4rn3ss-[0-9a-f]{8}-s3nt1nel/g;

/** FNV-1a 32-bit hash of a string, as 8 hex digits. */
export function fnv1aHex(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The sentinel for a probe id (`mcpH4rn3ss-<fnv1a(id)>-s3nt1nel`, 30 characters). Deterministic. */
export function makeSentinel(probeId: string): string {
  return `mcpH4rn3ss-${fnv1aHex(probeId)}-s3nt1nel`;
}

/** Every distinct sentinel inside a JSON value (found in its serialisation). */
export function sentinelsIn(value: unknown): string[] {
  if (value === undefined) return [];
  const text = JSON.stringify(value) ?? '';
  return [...new Set(text.match(SENTINEL_PATTERN) ?? [])];
}

/** True when the JSON serialisation of `value` contains any of `sentinels`. */
export function containsAny(value: unknown, sentinels: string[]): boolean {
  if (value === undefined || sentinels.length === 0) return false;
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return sentinels.some((s) => text.includes(s));
}
