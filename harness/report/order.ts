/**
 * Deterministic ordering of findings: severity (error, warning, info), then surface, check, tool,
 * pointer (natural order: numeric segments compare as numbers, so `/stdout/line/2` < `/stdout/line/10`), messageId and finally message text (the last two only break ties, so equal keys keep a
 * stable order whatever order the checks ran in).
 */
import type { Finding } from '../model/report.ts';
import { SEVERITY_RANK } from '../model/report.ts';

function cmp(a: string | undefined, b: string | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

const INDEX = /^\d+$/;

/**
 * Natural order of JSON pointers: segment by segment, two decimal segments (array indices, line
 * numbers) numerically, others as strings; a pointer sorts before its own extensions.
 */
export function comparePointers(a: string | undefined, b: string | undefined): number {
  const x = (a ?? '').split('/');
  const y = (b ?? '').split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const numeric = INDEX.test(x[i]) && INDEX.test(y[i]);
    const d = numeric ? Number(x[i]) - Number(y[i]) || cmp(x[i], y[i]) : cmp(x[i], y[i]);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Comparator for `Array.prototype.sort`: negative when `a` sorts before `b`. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    cmp(a.surface, b.surface) ||
    cmp(a.check, b.check) ||
    cmp(a.tool, b.tool) ||
    comparePointers(a.pointer, b.pointer) ||
    cmp(a.messageId, b.messageId) ||
    cmp(a.message, b.message)
  );
}

/** A sorted copy of `findings` (input untouched). */
export function sortFindings<T extends Finding>(findings: readonly T[]): T[] {
  return [...findings].sort(compareFindings);
}
