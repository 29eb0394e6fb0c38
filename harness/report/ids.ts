/**
 * Stable finding identities.
 *
 * A finding ID is the first 16 hex characters of the sha256 of its surface, tool, check, pointer and
 * messageId (never the message text, which may change wording without changing identity). Baselines,
 * SARIF `partialFingerprints` and shard merging rely on it.
 */
import { createHash } from 'node:crypto';
import type { Finding } from '../model/report.ts';

/** Length of a finding ID in hex characters. */
export const FINDING_ID_LENGTH = 16;

/** The identity key of a finding: its surface, tool, check, pointer and messageId, joined with U+0000. */
export function findingKey(f: Pick<Finding, 'surface' | 'tool' | 'check' | 'pointer' | 'messageId'>): string {
  return [f.surface, f.tool ?? '', f.check, f.pointer ?? '', f.messageId ?? ''].join('\u0000');
}

/**
 * The stable ID of a finding: sha256 (hex) of `findingKey(f)`, first 16 characters.
 * `occurrence` (1-based) disambiguates findings that share a key within one report: the first
 * keeps the plain hash, the nth (n >= 2) hashes the key plus `#n`.
 */
export function findingId(f: Pick<Finding, 'surface' | 'tool' | 'check' | 'pointer' | 'messageId'>, occurrence = 1): string {
  const key = occurrence > 1 ? `${findingKey(f)}#${occurrence}` : findingKey(f);
  return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, FINDING_ID_LENGTH);
}

/**
 * Fill `id` on every finding that has none, in the given order (callers sort first so that the
 * occurrence numbering is deterministic). Findings that already carry an ID keep it. Returns new objects.
 */
export function assignIds<T extends Finding>(findings: readonly T[]): T[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    if (f.id !== undefined) return f;
    const key = findingKey(f);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return { ...f, id: findingId(f, n) };
  });
}
