/**
 * The opening protocol/version-negotiation and protocol/client-capabilities share on a legacy era (issue 12:
 * one fresh process instead of two; harness/run/fresh-probes.ts, harness/checks/protocol/future-client.ts),
 * on real processes: each arm of test/fixtures/servers/probes/fresh-opening.mjs logs every process start and
 * every initialize it got, so the processes a run started and what each was sent are counted, not assumed.
 * Served, the shared opening is the only fresh process and is judged for both checks; not served (an error,
 * a hang), it counts for nothing and round 2 sends the two standalone probes, judged as before the merge
 * (the same finding ids as main's CLI on every arm, compared by hand: see /work/notes/fresh3.md), and the control
 * beside them (future-client.ts controlProbe: the main session's own opening, planned by both checks, one process).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { adHocConfig } from '../../harness/config/adhoc.ts';
import { run } from '../../harness/run/index.ts';
import { collectFrames } from '../../harness/wire/collect.ts';
import type { SurfaceObservation } from '../../harness/model/observation.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/servers/probes/fresh-opening.mjs', import.meta.url));
const VN = 'protocol/version-negotiation';
const CC = 'protocol/client-capabilities';
const CHECKS = [VN, CC, 'transport/timeout', 'transport/exit', 'protocol/wire-schema'];
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** One run of an arm: the findings of `CHECKS` (check, messageId, severity), the initializes each process got, the observation. */
async function runArm(arm: string[], checks = CHECKS, timeoutMs?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'fresh-opening-'));
  dirs.push(dir);
  const log = join(dir, 'log');
  const base = adHocConfig(process.execPath, [FIXTURE, ...arm, '--log', log], dir);
  const [surface] = base.surfaces;
  const timeouts = timeoutMs === undefined ? surface.timeouts : { ...surface.timeouts, requestMs: timeoutMs, startMs: timeoutMs };
  const result = await run({ ...base, reporters: [], surfaces: [{ ...surface, timeouts }] }, { filters: { checks } });
  const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => l.split(' '));
  const starts = lines.filter((l) => l[0] === 'start').map((l) => l[1]);
  const initializes = lines.filter((l) => l[0] === 'initialize').map(([, pid, version, caps]) => ({ process: starts.indexOf(pid), version, caps }));
  const findings = result.report.findings.filter((f) => f.check !== 'protocol/era').map((f) => [f.check, f.messageId, f.severity]);
  return { findings, starts: starts.length, initializes, observation: result.observations[0] };
}

const MAIN = { process: 0, version: '2025-11-25', caps: '-' };
const SHARED = { version: '1900-01-01', caps: 'roots,sampling,elicitation' };
const STANDALONE = [{ version: '1900-01-01', caps: '-' }, { version: '2025-11-25', caps: 'roots,sampling,elicitation' }];
/** The control opening of round 2: the main session's own initialize, on a process of its own. */
const CONTROL = { version: '2025-11-25', caps: '-' };
const freshIds = (obs: SurfaceObservation) => obs.probes.filter((p) => p.probe.freshProcess).map((p) => p.probe.id).sort();
const withoutProcess = (list: { process: number; version: string; caps: string }[]) => list.map(({ version, caps }) => ({ version, caps }));

/**
 * The observation tracks every fresh process it ran (SurfaceObservation.freshProcesses, read by transport/exit): `count`
 * of them, each started after the session's first process and ended (all are stopped before the observation ends).
 */
function expectLives(obs: SurfaceObservation, count: number): void {
  const lives = obs.freshProcesses ?? [];
  expect(lives).toHaveLength(count);
  for (const life of lives) {
    expect(life.startMs).toBeGreaterThanOrEqual(0);
    expect(life.endMs).toBeGreaterThanOrEqual(life.startMs);
  }
}

describe('the shared legacy opening (one fresh process for version-negotiation and client-capabilities)', () => {
  it('conformant: one fresh process besides the main session, both checks silent, its answer collected once for the wire schema', async () => {
    const r = await runArm([]);
    expect(r.findings).toEqual([]);
    expect(r.starts).toBe(2);
    expect(r.initializes).toEqual([MAIN, { process: 1, ...SHARED }]);
    expect(freshIds(r.observation)).toEqual([`${CC}:future-client`, `${VN}:future-client`]);
    const [a, b] = r.observation.probes.filter((p) => p.probe.freshProcess);
    expect(a.request.response).toBe(b.request.response); // one answer, each check's record
    expect(collectFrames(r.observation).filter((f) => f.frame === a.request.response)).toHaveLength(1);
    expectLives(r.observation, 1);
  });

  it('echoes the offered version: version-negotiation reports it, client-capabilities silent, one fresh process', async () => {
    const r = await runArm(['--echo']);
    expect(r.findings).toEqual([[VN, 'initializeEcho', 'error']]);
    expect(r.starts).toBe(2);
    expect(withoutProcess(r.initializes.slice(1))).toEqual([SHARED]);
  });

  it('rejects the realistic capability set: the shared answer counts for nothing; round 2 sends both standalone probes and the control, each opening on its own process', async () => {
    const r = await runArm(['--reject-caps']);
    expect(r.findings).toEqual([[CC, 'initializeRejected', 'warning']]); // version-negotiation judged on {}: a known version, silent; the control served
    expect(r.starts).toBe(5);
    expect(r.initializes[1]).toEqual({ process: 1, ...SHARED });
    expect(withoutProcess(r.initializes.slice(2))).toEqual(expect.arrayContaining([...STANDALONE, CONTROL]));
    expect(new Set(r.initializes.slice(2).map((i) => i.process))).toEqual(new Set([2, 3, 4]));
    // the control, planned by both checks, ran once: each check has its record
    expect(freshIds(r.observation)).toEqual([`${CC}:control`, `${CC}:realistic`, `${VN}:control`, `${VN}:legacy-initialize`]);
    const shared = r.observation.probes.find((p) => p.probe.id.endsWith(':future-client'));
    expect(shared).toBeUndefined();
    expectLives(r.observation, 4);
  });

  it('answers an unknown version with an error naming data.supported (allowed): round 2, both silent as before', async () => {
    const r = await runArm(['--strict-version']);
    expect(r.findings).toEqual([]);
    expect(r.starts).toBe(5);
    expect(withoutProcess(r.initializes.slice(2))).toEqual(expect.arrayContaining([...STANDALONE, CONTROL]));
    expect(freshIds(r.observation)).toEqual([`${CC}:control`, `${CC}:realistic`, `${VN}:control`, `${VN}:legacy-initialize`]);
  });

  it('hangs on an unknown version: the shared timeout draws nothing; the standalone {} probe times out once (transport/timeout), as before', async () => {
    const r = await runArm(['--hang-unknown'], CHECKS, 4000);
    expect(r.findings).toEqual([['transport/timeout', 'probe', 'error']]);
    expect(r.observation.probes.filter((p) => p.request.outcome === 'timeout').map((p) => p.probe.id)).toEqual([`${VN}:legacy-initialize`]);
    expect(r.starts).toBe(5);
  });

  it('one check enabled: it alone plans the shared opening (one process); not served, only its standalone probe and the control follow', async () => {
    const served = await runArm([], [VN]);
    expect(served.starts).toBe(2);
    expect(freshIds(served.observation)).toEqual([`${VN}:future-client`]);
    const rejected = await runArm(['--reject-caps'], [CC]);
    expect(rejected.findings).toEqual([[CC, 'initializeRejected', 'warning']]);
    expect(rejected.starts).toBe(4);
    expect(withoutProcess(rejected.initializes.slice(1, 2))).toEqual([SHARED]);
    expect(withoutProcess(rejected.initializes.slice(2))).toEqual(expect.arrayContaining([STANDALONE[1], CONTROL]));
  });
});
