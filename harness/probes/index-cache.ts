/**
 * Per-array lookup indexes for the observation's `probes` and `calls` (so that a check that looks up
 * one record per tool stays linear in the number of tools, not quadratic). An index is cached in a
 * WeakMap keyed by the array itself and rebuilt when the array's length changed (records appended
 * after the index was built) or when the observation holds another array.
 */

interface Entry {
  length: number;
  builder: unknown;
  index: unknown;
}

const cache = new WeakMap<readonly unknown[], Entry[]>();

/**
 * The index `build(records)` of `records`, built at most once per array, builder and length.
 * @param records the observation array (`observation.probes`, `observation.calls`)
 * @param build a pure function from the array to its index; identity-compared, so pass a module-level function
 */
export function indexOf<T, I>(records: readonly T[], build: (records: readonly T[]) => I): I {
  let entries = cache.get(records);
  if (!entries) cache.set(records, (entries = []));
  let entry = entries.find((e) => e.builder === build);
  if (!entry) entries.push((entry = { length: -1, builder: build, index: undefined }));
  if (entry.length !== records.length) {
    entry.index = build(records);
    entry.length = records.length;
  }
  return entry.index as I;
}
