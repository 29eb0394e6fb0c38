/**
 * Small grouping helpers shared by the reporters (insertion order preserved).
 */
import { boundServerText } from '../model/text-budget.ts';

/** Group `items` by `keyOf(item)`; groups and items keep their first-seen order. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** `n` followed by the singular or plural noun: `1 error`, `2 errors`. */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : pluralForm}`;
}

/**
 * Findings of one behaviour: the same surface, check, messageId, severity and baseline mark, on one
 * or more tools (issue 9 §4: 116 errors from 3 behaviours read as 3 entries). `first` stands for the
 * group (its message names the first tool); `tools` lists every tool in first-seen order.
 */
export interface FindingGroup<F extends { surface: string; check: string; severity: string; tool?: string; messageId?: string; baselined?: boolean }> {
  first: F;
  findings: F[];
  tools: string[];
}

/**
 * Group repeated behaviours for display (console, Markdown, HTML; the JSON keeps one finding per
 * tool so baselines stay stable). Findings without a tool or a messageId stay alone, and so do the
 * findings of a group that is on one tool only: a group shows its first finding's message, so five
 * findings of one check on one tool (five constraints a handler does not enforce) are five entries, never
 * one that hides four (a new user's run, 2026-12-04). Groups keep the order of their first finding.
 */
export function groupRepeated<F extends { surface: string; check: string; severity: string; tool?: string; messageId?: string; baselined?: boolean }>(findings: readonly F[]): FindingGroup<F>[] {
  let alone = 0;
  const keyOf = (f: F) => (f.tool === undefined || f.messageId === undefined ? `\u0000${alone++}` : [f.surface, f.check, f.messageId, f.severity, f.baselined ? 'b' : ''].join('\u0000'));
  return [...groupBy(findings, keyOf).values()].flatMap((group) => {
    const tools = [...new Set(group.flatMap((f) => (f.tool === undefined ? [] : [f.tool])))];
    if (tools.length < 2) return group.map((f) => ({ first: f, findings: [f], tools: f.tool === undefined ? [] : [f.tool] }));
    return [{ first: group[0], findings: group, tools }];
  });
}

/** `a, b, c` or `a, b, c and 7 more` (at most `max` names). */
export function nameList(names: readonly string[], max = 10): string {
  const shown = names.slice(0, max).map((n) => boundServerText(n));
  return names.length <= max ? shown.join(', ') : `${shown.join(', ')} and ${names.length - max} more`;
}
