/**
 * Reporting helpers for checks.
 */
import type { FindingDescriptor } from '../define.ts';

/** A check's `report` callback. */
export type Report = (finding: FindingDescriptor) => void;

/**
 * Wrap `report` so that a finding repeating an earlier one's tool, pointer and messageId is dropped:
 * several calls of one tool with the same fault give one finding (the runner's finding id hashes the
 * same fields, so repeats would collide anyway). The first occurrence is kept.
 */
export function dedupeReport(report: Report): Report {
  const seen = new Set<string>();
  return (finding) => {
    const key = JSON.stringify([finding.tool ?? null, finding.pointer ?? null, finding.messageId]);
    if (seen.has(key)) return;
    seen.add(key);
    report(finding);
  };
}
