/**
 * Numbers for argument generation: the value nearest 1 that honours minimum/maximum, the exclusive
 * bounds (2020-12 numeric form and the draft-04 boolean form), `multipleOf` and `integer`.
 */
import type { SchemaObject } from './schema-utils.ts';

interface Bound {
  value: number;
  exclusive: boolean;
}

/** The effective lower or upper bound of `s` (`side` = 'Minimum' or 'Maximum'). */
function bound(s: SchemaObject, side: 'Minimum' | 'Maximum'): Bound | undefined {
  const inclusive = s[side.toLowerCase()];
  const exclusive = s[`exclusive${side}`];
  const candidates: Bound[] = [];
  if (typeof inclusive === 'number') candidates.push({ value: inclusive, exclusive: exclusive === true });
  if (typeof exclusive === 'number') candidates.push({ value: exclusive, exclusive: true });
  const tighter = side === 'Minimum' ? (a: Bound, b: Bound) => (b.value > a.value || (b.value === a.value && b.exclusive) ? b : a)
    : (a: Bound, b: Bound) => (b.value < a.value || (b.value === a.value && b.exclusive) ? b : a);
  return candidates.length ? candidates.reduce(tighter) : undefined;
}

const above = (v: number, lo?: Bound) => !lo || (lo.exclusive ? v > lo.value : v >= lo.value);
const below = (v: number, hi?: Bound) => !hi || (hi.exclusive ? v < hi.value : v <= hi.value);

/** The first admissible step from a bound: the next integer/multiple, or a fraction of the range. */
function nudge(lo: Bound, hi: Bound | undefined, step: number): number {
  if (!lo.exclusive) return lo.value;
  return hi ? Math.min(lo.value + step, (lo.value + hi.value) / 2) : lo.value + step;
}

/**
 * A number for `s` (type `integer` when `integer`), or undefined when the bounds admit none.
 * Starts at 1, moves inside [minimum, maximum], then rounds up to `multipleOf`.
 */
export function sampleNumber(s: SchemaObject, integer: boolean): number | undefined {
  const lo = bound(s, 'Minimum');
  const hi = bound(s, 'Maximum');
  const m = typeof s.multipleOf === 'number' && s.multipleOf > 0 ? s.multipleOf : undefined;
  const step = m ?? 1;
  let v = 1;
  if (!above(v, lo) && lo) v = nudge(lo, hi, step);
  if (!below(v, hi) && hi) v = hi.exclusive ? hi.value - Math.min(step, lo ? (hi.value - lo.value) / 2 : step) : hi.value;
  if (integer) v = lo && !above(Math.floor(v), lo) ? Math.ceil(v) : Math.floor(v);
  if (m !== undefined) v = Math.ceil(v / m) * m;
  if (integer && !Number.isInteger(v)) v = Math.ceil(v);
  return above(v, lo) && below(v, hi) && (!integer || Number.isInteger(v)) ? v : undefined;
}
