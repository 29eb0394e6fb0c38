/**
 * Small statistics for the benchmark: medians of samples and of per-round ratios.
 */

/** The median of `values` (mean of the two middle values for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The median of the per-round ratios `numerator[r] / denominator[r]` (rounds paired by index; the
 * shorter array bounds the pairing). NaN when no pair exists.
 */
export function medianRatio(numerator: readonly number[], denominator: readonly number[]): number {
  const n = Math.min(numerator.length, denominator.length);
  return median(Array.from({ length: n }, (_, r) => numerator[r] / denominator[r]));
}
