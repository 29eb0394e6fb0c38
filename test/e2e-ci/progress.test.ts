/**
 * Progress and parallel surfaces: harness/run/progress.ts rewrites one status line on a TTY and
 * prints one plain line per surface elsewhere (a pipe, or CI=true); `concurrency` bounds the
 * surfaces in flight (observed through the runner's progress events, never through timings).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCliOverrides, loadConfig } from '../../harness/config/index.ts';
import { run } from '../../harness/run/index.ts';
import { createProgress, type ProgressEvent } from '../../harness/run/progress.ts';
import type { SurfaceResult } from '../../harness/run/surface.ts';
import { CI_CONFIG, cleanup, cli, ROOT, tempDir } from './helpers.ts';

/** A stand-in for process.stdout that records what is written. */
function fakeStream(isTTY: boolean) {
  const chunks: string[] = [];
  const stream = { isTTY, write: (chunk: string) => chunks.push(chunk) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, text: () => chunks.join('') };
}

/** A finished surface as the runner reports it (only the fields progress reads): the report's calls (calls made), all the first tool's. */
function finished(surface: string, tools: number, calls: number, findings: number): ProgressEvent {
  const result = {
    reportSurface: { name: surface, era: 'legacy', protocolVersion: '2025-11-25', durationMs: 12, status: 'ok', tools: Array.from({ length: tools }, (_, i) => ({ name: `t${i}`, calls: i === 0 ? new Array(calls).fill({}) : [] })) },
    // a call never written (unsent: closed) is in the observation, never in the report: not counted
    observation: { calls: new Array(calls + 1).fill({}) },
    findings: new Array(findings).fill({}),
  } as unknown as SurfaceResult;
  return { type: 'surface-end', surface, result };
}

/** Feed three surfaces through a progress printer (counts of 1, of 0 and of several). */
function feed(isTTY: boolean): string {
  const { stream, text } = fakeStream(isTTY);
  const progress = createProgress(stream, 3);
  for (const surface of ['alpha', 'beta', 'gamma']) progress.onProgress({ type: 'surface-start', surface });
  progress.onProgress(finished('alpha', 1, 1, 1));
  progress.onProgress(finished('beta', 0, 0, 0));
  progress.onProgress(finished('gamma', 2, 3, 4));
  progress.done();
  return text();
}

afterEach(() => vi.unstubAllEnvs());

describe('progress display', () => {
  it('prints one plain line per finished surface, without escape codes, off a TTY, its counts in good English (1 tool, 0 calls, 2 tools)', () => {
    vi.stubEnv('CI', '');
    const text = feed(false);
    expect(text).not.toContain('\x1b');
    expect(text.split('\n').filter(Boolean)).toEqual([
      '· alpha: legacy 2025-11-25, 1 tool, 1 call, 1 finding (12 ms)',
      '· beta: legacy 2025-11-25, 0 tools, 0 calls, 0 findings (12 ms)',
      '· gamma: legacy 2025-11-25, 2 tools, 3 calls, 4 findings (12 ms)',
    ]);
  });

  // review: a surface the run's interrupt cut short in its boot read 'not booted', as one whose server failed its boot
  it('says interrupted for a surface the interrupt cut short, before or after its boot; not booted for a failed boot', () => {
    vi.stubEnv('CI', '');
    const { stream, text } = fakeStream(false);
    const progress = createProgress(stream, 3);
    const line = (surface: string, era: string | undefined, status: string): ProgressEvent => {
      const result = { reportSurface: { name: surface, ...(era ? { era, protocolVersion: '2025-11-25' } : {}), durationMs: 5, status, tools: [] }, observation: {}, findings: [] } as unknown as SurfaceResult;
      return { type: 'surface-end', surface, result };
    };
    progress.onProgress(line('cut-in-boot', undefined, 'interrupted'));
    progress.onProgress(line('cut-later', 'legacy', 'interrupted'));
    progress.onProgress(line('failed-boot', undefined, 'failed'));
    progress.done();
    expect(text().split('\n').filter(Boolean)).toEqual([
      '· cut-in-boot: interrupted, 0 tools, 0 calls, 0 findings (5 ms)',
      '· cut-later: legacy 2025-11-25, interrupted, 0 tools, 0 calls, 0 findings (5 ms)',
      '· failed-boot: not booted, 0 tools, 0 calls, 0 findings (5 ms)',
    ]);
  });

  it('prints plain lines on a TTY when CI is set', () => {
    vi.stubEnv('CI', 'true');
    const text = feed(true);
    expect(text).not.toContain('\x1b');
    expect(text.split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('rewrites one status line on a TTY and clears it when done', () => {
    vi.stubEnv('CI', '');
    const text = feed(true);
    expect(text).not.toContain('\n');
    expect(text).toContain('\r\x1b[2Ksurfaces 1/3 (2 running) · tools 1 · calls 1 · findings 1');
    expect(text).toContain('surfaces 3/3 (0 running) · tools 3 · calls 4 · findings 5');
    expect(text.endsWith('\r\x1b[2K')).toBe(true);
  });
});

describe('bounded parallel surfaces', () => {
  /** The most surfaces in flight at once during a run of three surfaces with `concurrency`. */
  async function maxInFlight(concurrency: number): Promise<number> {
    const base = await loadConfig(CI_CONFIG, ROOT);
    const config = applyCliOverrides(base, { surfaces: ['mirror', 'dotted', 'echo'], concurrency }, ROOT);
    let inFlight = 0;
    let max = 0;
    await run(config, {
      onProgress: (e) => {
        inFlight += e.type === 'surface-start' ? 1 : -1;
        max = Math.max(max, inFlight);
      },
    });
    return max;
  }

  it('keeps at most `concurrency` surfaces in flight and uses them all', async () => {
    expect(await maxInFlight(2)).toBe(2);
    expect(await maxInFlight(1)).toBe(1);
  }, 60_000);

  it('--concurrency 1 on the CLI runs the surfaces one after another, in config order', async () => {
    const out = await tempDir('progress');
    const result = await cli(['-c', CI_CONFIG, '--surface', 'echo,dotted,mirror', '--concurrency', '1', '--reporter', 'json', '--report-dir', out]).finally(() => cleanup(out));
    expect(result.exitCode).toBe(0);
    const names = result.stdout.split('\n').flatMap((l) => /^· ([^:]+):/.exec(l)?.[1] ?? []);
    expect(names).toEqual(['mirror', 'dotted', 'echo']);
  }, 60_000);
});

describe('what a run keeps of a finished surface', () => {
  /** A run of two surfaces, keeping their observations or not. */
  async function runTwo(keepObservations?: boolean) {
    const base = await loadConfig(CI_CONFIG, ROOT);
    return run(applyCliOverrides(base, { surfaces: ['mirror', 'dotted'], concurrency: 1 }, ROOT), keepObservations === undefined ? {} : { keepObservations });
  }

  it('lets each observation go with keepObservations: false, keeping only its outline (what the CLI reads)', async () => {
    const result = await runTwo(false);
    expect(result.observations).toEqual([]);
    expect(result.outlines.map((o) => o.surface)).toEqual(['mirror', 'dotted']);
    for (const outline of result.outlines) {
      expect(Object.keys(outline).sort()).toEqual(['listedTools', 'surface']);
      expect(outline.listedTools?.length).toBeGreaterThan(0);
    }
    expect(result.report.surfaces.map((s) => s.name)).toEqual(['mirror', 'dotted']);
  }, 60_000);

  it('keeps every observation by default (the twin), with the same outlines', async () => {
    const result = await runTwo();
    expect(result.observations.map((o) => o.surface)).toEqual(['mirror', 'dotted']);
    expect(result.observations.every((o) => o.calls.length > 0)).toBe(true);
    expect(result.outlines).toEqual(result.observations.map((o) => ({ surface: o.surface, listedTools: o.listing?.tools.map((t) => t.name) })));
  }, 60_000);
});
