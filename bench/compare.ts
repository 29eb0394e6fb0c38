/**
 * Harness vs bare client on one configured surface, in this process: a warm-up harness run (all checks)
 * yields the replay (era and calls), then `rounds` rounds of bare / harness core / harness all, the order
 * reversed every other round so neither side always runs on a warmer machine.
 */
import type { ResolvedConfig, ResolvedSurface } from '../harness/config/index.ts';
import { replayOf, timeBare, timeHarness } from './measure.ts';
import type { SurfaceFigures } from './results.ts';
import { median, medianRatio } from './stats.ts';
import { onlySurface } from './surfaces.ts';

/** Progress lines go here (stderr by default). */
export type Log = (line: string) => void;

/**
 * Measure one surface. Never rejects: a surface that cannot be measured comes back with `error` set.
 * @param core the core check IDs (see coreCheckIds)
 */
export async function compareSurface(config: ResolvedConfig, surface: ResolvedSurface, core: string[], rounds: number, log: Log): Promise<SurfaceFigures> {
  const single = onlySurface(config, surface);
  try {
    // the bare client speaks stdio only (bench/bare-client.ts); a `url` surface's `${port}` is the CLI's to fill
    if (surface.url !== undefined) throw new Error('a Streamable HTTP surface (the bare client speaks stdio only)');
    const warm = await timeHarness(single);
    const replay = replayOf(warm.result.observations[0]);
    const bare: number[] = [];
    const coreMs: number[] = [];
    const allMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const steps = [
        async () => bare.push((await timeBare(surface, replay)).wallMs),
        async () => coreMs.push((await timeHarness(single, core)).wallMs),
        async () => allMs.push((await timeHarness(single)).wallMs),
      ];
      for (const step of r % 2 === 0 ? steps : steps.reverse()) await step();
      log(`  ${surface.name} round ${r + 1}/${rounds}: bare ${Math.round(bare[r])} ms, core ${Math.round(coreMs[r])} ms, all ${Math.round(allMs[r])} ms`);
    }
    return {
      surface: surface.name, era: replay.era, calls: replay.calls.length, rounds,
      bareMs: median(bare), coreMs: median(coreMs), allMs: median(allMs),
      ratio: medianRatio(coreMs, bare), ratioAll: medianRatio(allMs, bare), bestRatio: Math.min(...coreMs) / Math.min(...bare),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  ${surface.name}: not measured: ${message}`);
    const nan = Number.NaN;
    return { surface: surface.name, era: '', calls: 0, rounds, bareMs: nan, coreMs: nan, allMs: nan, ratio: nan, ratioAll: nan, bestRatio: nan, error: message };
  }
}
