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

/** What grouping reads of a finding (a report `Finding` has all of it). */
type Groupable = { surface: string; check: string; severity: string; tool?: string; messageId?: string; baselined?: boolean; message?: string };

/**
 * Findings of one behaviour: the same surface, check, messageId, severity and baseline mark, and the same message
 * but for the tool's name, on one or more tools (issue 9 §4: 116 errors from 3 behaviours read as 3 entries).
 * `first` stands for the group (its message names the first tool); `tools` lists every tool in first-seen order.
 */
export interface FindingGroup<F extends Groupable> {
  first: F;
  findings: F[];
  tools: string[];
}

/** How many groups of one check and messageId a finding is compared with, name for name, after its quick key missed. */
const COMPARED_GROUPS = 16;

/**
 * How many groups one check and messageId may hold before a finding whose quick key missed is no longer compared
 * name for name: past it, the behaviour's messages evidently differ tool by tool, and each comparison walks a whole
 * message (100,000 distinct 400-character messages that repeat their tool's name took ~4 s per human reporter). A
 * finding past the bound that would have joined a group by its name-for-name match stays an entry of its own.
 */
export const NAME_MATCHED_GROUPS = 64;

/**
 * Group repeated behaviours for display (console, Markdown, HTML; the JSON keeps one finding per
 * tool so baselines stay stable). Findings without a tool or a messageId stay alone, and so do the
 * findings of a group that is on one tool only: a group shows its first finding's message, so five
 * findings of one check on one tool (five constraints a handler does not enforce) are five entries, never
 * one that hides four (a new user's run, 2026-12-04). For the same reason findings are grouped only when their
 * messages are the same once each one's tool name is taken out (`sameButTool`): one tool's noResponse after an HTTP
 * 500 and another's after a 307 redirect (with its own hint) are two entries, never one that says "the same on every
 * tool listed" (a review). Groups keep the order of their first finding; the result depends on the findings alone.
 */
export function groupRepeated<F extends Groupable>(findings: readonly F[]): FindingGroup<F>[] {
  const groups: F[][] = [];
  // per behaviour key: its groups, and a quick index of them by their first finding's message with its tool name blanked
  const byKey = new Map<string, { groups: F[][]; byText: Map<string, F[]> }>();
  for (const f of findings) {
    if (f.tool === undefined || f.messageId === undefined) {
      groups.push([f]);
      continue;
    }
    const key = [f.surface, f.check, f.messageId, f.severity, f.baselined ? 'b' : ''].join('\u0000');
    const text = blanked(f.message ?? '', f.tool);
    let entry = byKey.get(key);
    if (entry === undefined) byKey.set(key, (entry = { groups: [], byText: new Map() }));
    // the quick key misses when the name also occurs in the message's own words (a tool `call` in "tools/call"): then
    // compare name for name with the first groups (bounded, so a server-sized list of distinct messages stays linear),
    // and only while the behaviour has few groups (NAME_MATCHED_GROUPS: a bounded number of walks per behaviour)
    const group =
      entry.byText.get(text) ??
      (entry.groups.length <= NAME_MATCHED_GROUPS ? entry.groups.slice(0, COMPARED_GROUPS).find((g) => sameButTool(g[0], f)) : undefined);
    if (group !== undefined) {
      group.push(f); // indexed by its first finding's text only: every member is the same as the first, the message shown
      continue;
    }
    const created = [f];
    entry.groups.push(created);
    entry.byText.set(text, created);
    groups.push(created);
  }
  return groups.flatMap((group) => {
    const tools = [...new Set(group.flatMap((f) => (f.tool === undefined ? [] : [f.tool])))];
    if (tools.length < 2) return group.map((f) => ({ first: f, findings: [f], tools: f.tool === undefined ? [] : [f.tool] }));
    return [{ first: group[0], findings: group, tools }];
  });
}

/** `message` with every occurrence of `tool` replaced by a mark no message holds (a quick grouping key). */
function blanked(message: string, tool: string): string {
  return tool === '' ? message : message.split(tool).join('\u0000');
}

/**
 * Whether two findings' messages are the same but for their tools' names: one text with slots that reads as `a`'s
 * message with `a`'s tool in every slot and as `b`'s with `b`'s (read left to right, a slot where both messages hold
 * their tool's name; so "a JSON-RPC error" stays text for a tool named `a`). Never true for messages that differ
 * anywhere else: a false "no" only splits a group (two entries), never hides a finding.
 * @param a a finding with a tool (the group's first)
 * @param b a finding with a tool
 */
export function sameButTool(a: Groupable, b: Groupable): boolean {
  const [ma, mb, ta, tb] = [a.message ?? '', b.message ?? '', a.tool ?? '', b.tool ?? ''];
  // k slots make the lengths differ by k times the names' difference: a cheap no before the walk
  const d = ma.length - mb.length;
  const e = ta.length - tb.length;
  if (e === 0 ? d !== 0 : d % e !== 0 || d / e < 0) return false;
  let i = 0;
  let j = 0;
  while (i < ma.length && j < mb.length) {
    if (ta !== '' && tb !== '' && ma.startsWith(ta, i) && mb.startsWith(tb, j)) {
      i += ta.length;
      j += tb.length;
    } else if (ma[i] === mb[j]) {
      i += 1;
      j += 1;
    } else return false;
  }
  return i === ma.length && j === mb.length;
}

/** `a, b, c` or `a, b, c and 7 more` (at most `max` names). */
export function nameList(names: readonly string[], max = 10): string {
  const shown = names.slice(0, max).map((n) => boundServerText(n));
  return names.length <= max ? shown.join(', ') : `${shown.join(', ')} and ${names.length - max} more`;
}
