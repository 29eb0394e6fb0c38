/**
 * Issue 9 §1 through the real CLI: the era never depends on how fast the server starts or how busy the
 * machine is. A slow SDK 2.x `serveStdio` server (the reference modern surface behind a delay that reads
 * nothing from stdin) is judged the same at every delay, including delays far beyond `--probe-timeout`,
 * with no error; and a modern server without `server/discover` is modern, its missing discover reported
 * under protocol/discover (not "did not complete protocol negotiation").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SLOW = join(SERVERS, 'slow-start/sdk2-dual.ts');
const PROBE_MS = 700;
/** Delays (ms) before the server reads stdin: within the probe budget, and two and six times beyond it. */
const DELAYS = [0, 1500, 4000];

const runs = new Map<number, CliRun>();
let noDiscover: CliRun;

beforeAll(async () => {
  const slow = DELAYS.map(async (delay) => {
    runs.set(delay, await runCli(['run', '--probe-timeout', String(PROBE_MS), '--', process.execPath, '--import', 'tsx', SLOW, String(delay)], { timeoutMs: 150_000 }));
  });
  const missing = runCli(['run', '--', process.execPath, join(SERVERS, 'fixture-server.mjs'), '--era=modern', '--fault=discover-missing']).then((r) => (noDiscover = r));
  await Promise.all([...slow, missing]);
}, 160_000);

afterAll(() => [...runs.values(), noDiscover].forEach(cleanup));

describe('a slow dual-era server (SDK 2.x serveStdio, switches to legacy on initialize)', () => {
  it.each(DELAYS)('is modern and draws no error at a %i ms start delay', (delay) => {
    const run = runs.get(delay) as CliRun;
    expect(run.exitCode, run.stderr).toBe(0);
    const [surface] = reportOf(run).surfaces;
    expect([surface.status, surface.era]).toEqual(['ok', 'modern']);
    expect(reportOf(run).findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(surface.eraProbe?.outcome).toBe('discover-result');
    // beyond the probe budget the first process was replaced, never sent initialize
    if (delay > PROBE_MS) expect(surface.eraProbe).toMatchObject({ restarted: true, firstProbe: { outcome: 'timeout', timeoutMs: PROBE_MS } });
  });

  it('gets the same finding ids at every delay', () => {
    const ids = DELAYS.map((d) => reportOf(runs.get(d) as CliRun).findings.map((f) => f.id).sort());
    for (const other of ids.slice(1)) expect(other).toEqual(ids[0]);
  });
});

describe('a modern server whose initialize answers -32022 naming only 2026-07-28 and whose server/discover is missing', () => {
  it('goes on in the modern era and reports the missing discover under protocol/discover', () => {
    const report = reportOf(noDiscover);
    const [surface] = report.surfaces;
    expect([surface.status, surface.era]).toEqual(['ok', 'modern']);
    expect(findingsOf(report, 'ad-hoc', 'protocol/discover').map((f) => [f.messageId, f.severity])).toEqual([['missing', 'error']]);
    expect(findingsOf(report, 'ad-hoc', 'transport/exit')).toEqual([]);
    expect(surface.tools.map((t) => t.name)).toContain('echo');
  });
});
