/**
 * A session opened ahead of its observation, with spare processes for its fresh-process probes (issue 12):
 * the probes are served by the spares (no extra spawn), unused spares are stopped at once, and nothing is
 * left running whatever ends the observation. Processes are counted by a marker in their environment.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Outcome, ProbeRecord, ProbeRequest } from '../../harness/model/wire.ts';
import type { SurfaceObservation } from '../../harness/model/observation.ts';
import { freshOpeningsAnswered, freshOpeningsSucceeded, openEarly, type EarlyPath } from '../../harness/run/early-session.ts';
import { openEraHints, serverFingerprint, type EraHints } from '../../harness/run/era-hint.ts';
import type { SessionOptions, SpawnSpec } from '../../harness/session/index.ts';
import { observeSurface } from '../../harness/run/observe.ts';
import { DEFAULT_OPTIONS } from '../helpers/check-tester.ts';
import { fixture, options } from '../session/helpers.ts';
import { killMarked, pidsWithMarker, watchMarker } from '../e2e/helpers/processes.ts';

const markers: string[] = [];
const dirs: string[] = [];
afterEach(() => {
  markers.splice(0).forEach(killMarked);
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});
/** A fingerprint no server here answers with (a hint written from another server). */
const OTHER_SERVER = '0f'.repeat(16);
/** A hint store of its own (a temp dir), optionally seeded with `era` (and the server fingerprint `server`) for `spec`'s launch. */
function hintsFor(spec?: SpawnSpec, era?: 'legacy' | 'modern', server?: string): EraHints {
  const dir = mkdtempSync(join(tmpdir(), 'early-hints-'));
  dirs.push(dir);
  const hints = openEraHints(dir) as EraHints;
  if (spec && era) hints.set(spec, { era, ...(server !== undefined ? { server } : {}) });
  return hints;
}
const FINGERPRINT = expect.stringMatching(/^[0-9a-f]{32}$/);
let n = 0;
function marked(args: string[] = []) {
  const marker = `early-session-${process.pid}-${n++}`;
  markers.push(marker);
  return { marker, spec: fixture(args, { E2E_MARKER: marker }) };
}

const init = (id: string): ProbeRequest => ({
  id, check: 'test/fresh', method: 'initialize', params: { protocolVersion: '1900-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } }, freshProcess: true,
});

async function observe(spec: ReturnType<typeof fixture>, spares: number, planned: ProbeRequest[]) {
  return (await observeWith(spec, () => spares, planned)).obs;
}

/**
 * Session options whose discover probe never runs out on a loaded machine (a fixture answers at once): an
 * unanswered first probe is trouble, which would turn an `ahead` opening into a `fallback` (verdict the same).
 */
const patient = options({}, { probeMs: 30_000, startMs: 30_000 });

/** Observe `spec` through openEarly with `hints` (and session `opts`); also says which path the spares took. */
async function observeWith(spec: SpawnSpec, spares: (era: 'legacy' | 'modern') => number, planned: ((obs: SurfaceObservation) => ProbeRequest[]) | ProbeRequest[], hints?: EraHints, opts: SessionOptions = patient): Promise<{ obs: SurfaceObservation; path: EarlyPath }> {
  const early = openEarly(spec, opts, spares, undefined, hints);
  try {
    const obs = await observeSurface({
      surface: 'fixture', spec, session: opts, base: { options: DEFAULT_OPTIONS },
      planCalls: () => ({ scenarios: [], skipped: [] }),
      planProbes: (o) => (typeof planned === 'function' ? planned(o) : planned),
      early,
    });
    early.settle(obs.probes); // as the run does once the surface was validated
    return { obs, path: await early.path };
  } finally {
    await early.discard();
  }
}

/** What a verdict can read of an observation: the era, the negotiation's shape, the probes' outcomes and answers, the boot error. */
function verdictView(obs: SurfaceObservation) {
  const n = obs.negotiation;
  return {
    era: n?.era, version: n?.protocolVersion, probe: n && { outcome: n.probe.outcome, restarted: n.probe.restarted, firstProbe: n.probe.firstProbe?.outcome },
    probes: obs.probes.map((p) => [p.probe.id, p.request.outcome, p.request.response?.error?.code ?? p.request.response?.result ?? null, p.aliveAfter]),
    boot: obs.bootError && { phase: obs.bootError.phase, reason: obs.bootError.reason, stderr: obs.bootError.stderrTail },
    stderr: obs.wire?.stderrTail,
  };
}
/** The legacy era's fresh opening, as protocol/version-negotiation plans it (none on a modern era). */
const legacyPlan = (obs: SurfaceObservation) => (obs.negotiation?.era === 'legacy' ? [init('future')] : []);
const legacyOnly = (era: 'legacy' | 'modern') => (era === 'legacy' ? 1 : 0);

describe('openEarly + observeSurface', () => {
  it('serves the fresh-process probes on the spares: one process per probe, none spawned besides, none left', async () => {
    const { marker, spec } = marked();
    const watch = watchMarker(marker, 10);
    const obs = await observe(spec, 2, [init('a'), init('b')]);
    const seen = watch.stop();
    expect(obs.probes.map((p) => [p.probe.id, p.request.response?.error?.code ?? 'result'])).toEqual([['a', 'result'], ['b', 'result']]);
    expect(obs.probes.every((p) => p.request.method === 'initialize')).toBe(true);
    expect(seen.size).toBe(3); // the session and two spares; without them: the session and two fresh processes, as many
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it('stops spares the plan does not need at once (more spares than probes, or an era that plans none)', async () => {
    const { marker, spec } = marked();
    const obs = await observe(spec, 3, [init('only')]);
    expect(obs.probes.map((p) => p.probe.id)).toEqual(['only']);
    expect(pidsWithMarker(marker)).toEqual([]);
    const modern = marked(['--era=modern']);
    const none = await observe(modern.spec, 2, []);
    expect(none.probes).toEqual([]);
    expect(pidsWithMarker(modern.marker)).toEqual([]);
  });

  it('a probe without a spare left spawns its own process', async () => {
    const { marker, spec } = marked();
    const obs = await observe(spec, 1, [init('a'), init('b')]);
    expect(obs.probes.map((p) => p.request.outcome)).toEqual(['success', 'success']);
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it('discard() stops the session and its spares when no observation took them', async () => {
    const { marker, spec } = marked();
    const early = openEarly(spec, options(), () => 2);
    const session = await early.take().catch(() => undefined); // resolves once negotiated: the spares start then
    expect(session).toBeDefined();
    await session?.close();
    const other = marked();
    const untaken = openEarly(other.spec, options(), () => 2);
    await untaken.discard();
    await early.discard();
    expect(pidsWithMarker(marker)).toEqual([]);
    expect(pidsWithMarker(other.marker)).toEqual([]);
  });

  it('starts no spare once the signal aborted', async () => {
    const { marker, spec } = marked();
    const controller = new AbortController();
    controller.abort();
    const watch = watchMarker(marker, 10);
    const early = openEarly(spec, options(), () => 2, controller.signal);
    expect(await early.claimSpares(2)).toEqual([undefined, undefined]);
    await early.discard();
    expect(watch.stop().size).toBe(1);
    expect(pidsWithMarker(marker)).toEqual([]);
  });
});

describe('openEarly with an era hint (spares beside the main server)', () => {
  it('a legacy hint starts the spare with the main server; the observation is the serial one', async () => {
    const serial = marked();
    const base = await observeWith(serial.spec, legacyOnly, legacyPlan);
    expect(base.path).toBe('serial');
    const { marker, spec } = marked();
    const server = serverFingerprint(base.obs.negotiation!);
    const hints = hintsFor(spec, 'legacy', server);
    const watch = watchMarker(marker, 10);
    const ahead = await observeWith(spec, legacyOnly, legacyPlan, hints);
    expect(ahead.path).toBe('ahead');
    expect(watch.stop().size).toBe(2); // the session and the spare, as on the serial path
    expect(verdictView(ahead.obs)).toEqual(verdictView(base.obs));
    expect(hints.get(spec)).toEqual({ era: 'legacy', server });
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it('no hint: spares once the era is known, and the era is remembered (the next opening starts them ahead)', async () => {
    const { spec } = marked();
    const hints = hintsFor();
    expect((await observeWith(spec, legacyOnly, legacyPlan, hints)).path).toBe('serial');
    expect(hints.get(spec)).toEqual({ era: 'legacy', server: FINGERPRINT });
    expect((await observeWith(spec, legacyOnly, legacyPlan, hints)).path).toBe('ahead');
  });

  it('a hint without a server fingerprint (planted, or written before them) starts nothing ahead and is rewritten with one', async () => {
    const { marker, spec } = marked();
    const hints = hintsFor(spec, 'legacy');
    const watch = watchMarker(marker, 10);
    expect((await observeWith(spec, legacyOnly, legacyPlan, hints)).path).toBe('serial');
    watch.stop();
    expect(hints.get(spec)).toEqual({ era: 'legacy', server: FINGERPRINT });
    expect((await observeWith(spec, legacyOnly, legacyPlan, hints)).path).toBe('ahead');
  });

  it('another server under the same launch (a hint written from a server that answered its opening differently): the attempt is discarded, the opening serial, the verdict the serial one', async () => {
    // a one-instance server whose pidfile is written late: two processes started together both run, the serial
    // path's spare finds the lock. A hint validated on another server must not start its spare beside it.
    const lockDir = mkdtempSync(join(tmpdir(), 'early-pidlock-'));
    dirs.push(lockDir);
    const { spec } = marked();
    const pidlock: SpawnSpec = { ...spec, args: [join(process.cwd(), 'test/fixtures/servers/pidlock.mjs'), `--lock=${join(lockDir, 'server.pid')}`] };
    const serial = await observeWith(pidlock, legacyOnly, legacyPlan);
    expect(serial.obs.probes.map((p) => p.request.outcome === 'success' || p.request.outcome === 'protocol-error')).toEqual([false]);
    const hints = hintsFor(pidlock, 'legacy', OTHER_SERVER);
    const changed = await observeWith(pidlock, legacyOnly, legacyPlan, hints);
    expect(changed.path).toBe('changed');
    expect(verdictView(changed.obs)).toEqual(verdictView(serial.obs));
    expect(hints.get(pidlock)).toEqual({ era: 'legacy', serial: true, server: serverFingerprint(changed.obs.negotiation!) });
  });

  it('another server that runs twice at once: one serial run validates it, and its hint starts the spare ahead again', async () => {
    const { spec } = marked();
    const hints = hintsFor(spec, 'legacy', OTHER_SERVER);
    const changed = await observeWith(spec, legacyOnly, legacyPlan, hints);
    expect(changed.path).toBe('changed');
    expect(hints.get(spec)).toEqual({ era: 'legacy', server: serverFingerprint(changed.obs.negotiation!) });
    const next = await observeWith(spec, legacyOnly, legacyPlan, hints);
    expect(next.path).toBe('ahead');
    expect(verdictView(next.obs)).toEqual(verdictView(changed.obs));
  });

  it('a stale legacy hint on a modern server: the spare is stopped once the era is known, the hint rewritten, nothing else changes', async () => {
    const serial = marked(['--era=modern']);
    const base = await observeWith(serial.spec, legacyOnly, legacyPlan);
    const { marker, spec } = marked(['--era=modern']);
    const hints = hintsFor(spec, 'legacy', OTHER_SERVER);
    const watch = watchMarker(marker, 10);
    const stale = await observeWith(spec, legacyOnly, legacyPlan, hints);
    expect(stale.path).toBe('ahead');
    expect(watch.stop().size).toBeLessThanOrEqual(2); // the session, and the spare it stopped
    expect(verdictView(stale.obs)).toEqual(verdictView(base.obs));
    expect(stale.obs.negotiation?.era).toBe('modern');
    expect(hints.get(spec)).toEqual({ era: 'modern', server: serverFingerprint(stale.obs.negotiation!) });
    expect(pidsWithMarker(marker)).toEqual([]);
    expect((await observeWith(spec, legacyOnly, legacyPlan, hints)).path).toBe('serial'); // a modern launch never starts one ahead again
  });

  it('trouble in the opening (the process exited on server/discover) discards the attempt and opens serially; the hint says serial from then on', async () => {
    const serial = marked(['--fault=die-on-discover']);
    const base = await observeWith(serial.spec, legacyOnly, legacyPlan);
    expect(base.obs.negotiation?.probe.restarted).toBe(true);
    const { marker, spec } = marked(['--fault=die-on-discover']);
    const hints = hintsFor(spec, 'legacy', OTHER_SERVER);
    const fallback = await observeWith(spec, legacyOnly, legacyPlan, hints);
    expect(fallback.path).toBe('fallback');
    expect(verdictView(fallback.obs)).toEqual(verdictView(base.obs));
    expect(hints.get(spec)).toEqual({ era: 'legacy', serial: true, server: FINGERPRINT });
    expect(pidsWithMarker(marker)).toEqual([]);
    const next = await observeWith(spec, legacyOnly, legacyPlan, hints);
    expect(next.path).toBe('serial');
    expect(verdictView(next.obs)).toEqual(verdictView(base.obs));
  });

  it('a fresh opening that went unanswered (a one-instance server\'s spare found its pidfile) marks the launch serial; the next opening is serial too', async () => {
    const lockDir = mkdtempSync(join(tmpdir(), 'early-pidlock-'));
    dirs.push(lockDir);
    const { spec } = marked();
    const pidlock: SpawnSpec = { ...spec, args: [join(process.cwd(), 'test/fixtures/servers/pidlock.mjs'), `--lock=${join(lockDir, 'server.pid')}`] };
    const hints = hintsFor();
    const first = await observeWith(pidlock, legacyOnly, legacyPlan, hints);
    expect(first.path).toBe('serial');
    expect(first.obs.probes.map((p) => p.request.outcome === 'success' || p.request.outcome === 'protocol-error')).toEqual([false]);
    expect(hints.get(pidlock)).toEqual({ era: 'legacy', serial: true, server: FINGERPRINT });
    const next = await observeWith(pidlock, legacyOnly, legacyPlan, hints);
    expect(next.path).toBe('serial');
    expect(verdictView(next.obs)).toEqual(verdictView(first.obs));
    expect(hints.get(pidlock)).toEqual({ era: 'legacy', serial: true, server: FINGERPRINT });
  });

  it('only a run whose fresh-process openings ran validates the server: one that planned none writes no hint that starts a spare ahead', async () => {
    // a reviewer's finding: `--check tools/name`, a surface budget or an interrupt ended a run before any fresh
    // opening, and its hint let every later run start the spare beside a late-pidfile server (its errors then gone)
    const { spec } = marked();
    const hints = hintsFor();
    expect((await observeWith(spec, legacyOnly, () => [], hints)).path).toBe('serial');
    expect(hints.get(spec)).toBeUndefined();
    expect((await observeWith(spec, legacyOnly, legacyPlan, hints)).path).toBe('serial');
    expect(hints.get(spec)).toEqual({ era: 'legacy', server: FINGERPRINT });
    expect((await observeWith(spec, legacyOnly, () => [], hints)).path).toBe('ahead'); // validated: its spare unused, stopped
  });

  it('a server that answers its opening differently in every process: one wasted attempt ahead, then serial for good', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'early-volatile-'));
    dirs.push(dir);
    const wrapper = join(dir, 'server.mjs');
    const fixtureUrl = pathToFileURL(join(process.cwd(), 'test/fixtures/servers/fixture-server.mjs')).href;
    writeFileSync(wrapper, `process.argv.push('--server-version=1.0.0-' + process.pid);\nawait import(${JSON.stringify(fixtureUrl)});\n`);
    const { spec } = marked();
    const volatile: SpawnSpec = { ...spec, args: [wrapper] };
    const hints = hintsFor();
    const first = await observeWith(volatile, legacyOnly, legacyPlan, hints);
    expect(first.path).toBe('serial');
    expect(hints.get(volatile)).toEqual({ era: 'legacy', server: FINGERPRINT });
    const second = await observeWith(volatile, legacyOnly, legacyPlan, hints);
    expect(second.path).toBe('changed'); // another fingerprint, and the serial opening's differs from the discarded one's
    expect(hints.get(volatile)).toEqual({ era: 'legacy', serial: true, server: FINGERPRINT });
    expect((await observeWith(volatile, legacyOnly, legacyPlan, hints)).path).toBe('serial');
    expect(verdictView(second.obs).probes.map((p) => p[1])).toEqual(verdictView(first.obs).probes.map((p) => p[1]));
  });

  it('a JSON-RPC error to a fresh opening validates nothing (a one-instance server whose second process answers "already running")', async () => {
    // a reviewer's finding: the serial run's spare got -32000 from a second process that found the lock; a hint
    // validated on that answer started the spare beside the server in later runs, where both ran and the
    // protocol/version-negotiation error was gone for good
    const lockDir = mkdtempSync(join(tmpdir(), 'early-pidlock-'));
    dirs.push(lockDir);
    const { spec } = marked();
    const locked: SpawnSpec = { ...spec, args: [join(process.cwd(), 'test/fixtures/servers/pidlock.mjs'), `--lock=${join(lockDir, 'server.pid')}`, '--locked=error'] };
    const hints = hintsFor();
    const first = await observeWith(locked, legacyOnly, legacyPlan, hints);
    expect(first.path).toBe('serial');
    expect(first.obs.probes.map((p) => [p.request.outcome, p.request.response?.error?.code])).toEqual([['protocol-error', -32000]]);
    expect(hints.get(locked)).toBeUndefined();
    const next = await observeWith(locked, legacyOnly, legacyPlan, hints);
    expect(next.path).toBe('serial');
    expect(verdictView(next.obs)).toEqual(verdictView(first.obs));
  });

  it('a spare started ahead whose opening gets no result (a server locked only while it boots): the opening runs again on a process of its own, the verdict is the serial one, the launch serial from then on', async () => {
    // a reviewer's finding: the spare beside the booting server answered -32000 (or exited), the serial path's
    // process (started after the main server answered) a result; every hinted run added an error or a warning
    for (const lost of ['error', 'exit']) {
      const lockDir = mkdtempSync(join(tmpdir(), 'early-bootlock-'));
      dirs.push(lockDir);
      const { spec } = marked();
      const bootlock: SpawnSpec = { ...spec, args: [join(process.cwd(), 'test/fixtures/servers/bootlock.mjs'), `--dir=${lockDir}`, `--lost=${lost}`] };
      const hints = hintsFor();
      const serial = await observeWith(bootlock, legacyOnly, legacyPlan, hints);
      expect(serial.path).toBe('serial');
      expect(serial.obs.probes.map((p) => p.request.outcome)).toEqual(['success']);
      expect(hints.get(bootlock)).toEqual({ era: 'legacy', server: FINGERPRINT }); // validated
      const ahead = await observeWith(bootlock, legacyOnly, legacyPlan, hints);
      expect(ahead.path).toBe('ahead');
      expect(verdictView(ahead.obs)).toEqual(verdictView(serial.obs));
      expect(hints.get(bootlock)).toEqual({ era: 'legacy', serial: true, server: FINGERPRINT });
      const next = await observeWith(bootlock, legacyOnly, legacyPlan, hints);
      expect(next.path).toBe('serial');
      expect(verdictView(next.obs)).toEqual(verdictView(serial.obs));
    }
  });

  it('a spare started ahead that ended before its probe, or that the run was cut short waiting on, turns the launch serial too', async () => {
    // a reviewer's findings: a spare that died at once was replaced silently (a wasted start in every run), and a
    // surface budget spent waiting on a hanging spare left the hint validated (every later run spent it again)
    const bootlock = (lost: string) => {
      const lockDir = mkdtempSync(join(tmpdir(), 'early-bootlock-'));
      dirs.push(lockDir);
      const { spec } = marked();
      return { ...spec, args: [join(process.cwd(), 'test/fixtures/servers/bootlock.mjs'), `--dir=${lockDir}`, `--lost=${lost}`] } as SpawnSpec;
    };
    const died = bootlock('die');
    const hints = hintsFor();
    const serial = await observeWith(died, legacyOnly, legacyPlan, hints);
    expect(hints.get(died)).toEqual({ era: 'legacy', server: FINGERPRINT });
    const ahead = await observeWith(died, legacyOnly, legacyPlan, hints);
    expect(ahead.path).toBe('ahead');
    expect(verdictView(ahead.obs)).toEqual(verdictView(serial.obs));
    expect(hints.get(died)).toEqual({ era: 'legacy', serial: true, server: FINGERPRINT });

    const hang = bootlock('hang');
    const hangHints = hintsFor();
    await observeWith(hang, legacyOnly, legacyPlan, hangHints);
    expect(hangHints.get(hang)).toEqual({ era: 'legacy', server: FINGERPRINT });
    const controller = new AbortController();
    const early = openEarly(hang, patient, legacyOnly, controller.signal, hangHints);
    const timer = setTimeout(() => controller.abort(), 1500); // a surface budget, spent waiting on the spare
    try {
      const obs = await observeSurface({
        surface: 'fixture', spec: hang, session: patient, base: { options: DEFAULT_OPTIONS },
        planCalls: () => ({ scenarios: [], skipped: [] }), planProbes: legacyPlan, early, signal: controller.signal,
      });
      expect(await early.path).toBe('ahead');
      early.settle(obs.probes);
    } finally {
      clearTimeout(timer);
      await early.discard();
    }
    expect(hangHints.get(hang)).toEqual({ era: 'legacy', serial: true, server: FINGERPRINT });
  }, 60_000);

  it('another server that cannot be validated (its fresh opening gets an error): the stale fingerprint goes, no attempt ahead again', async () => {
    // a reviewer's finding: the old fingerprint stayed, and every run went ahead, mismatched and was discarded
    const lockDir = mkdtempSync(join(tmpdir(), 'early-pidlock-'));
    dirs.push(lockDir);
    const { spec } = marked();
    const locked: SpawnSpec = { ...spec, args: [join(process.cwd(), 'test/fixtures/servers/pidlock.mjs'), `--lock=${join(lockDir, 'server.pid')}`, '--locked=error'] };
    const hints = hintsFor(locked, 'legacy', OTHER_SERVER);
    const changed = await observeWith(locked, legacyOnly, legacyPlan, hints);
    expect(changed.path).toBe('changed');
    expect(hints.get(locked)).toEqual({ era: 'legacy' });
    const next = await observeWith(locked, legacyOnly, legacyPlan, hints);
    expect(next.path).toBe('serial');
    expect(verdictView(next.obs)).toEqual(verdictView(changed.obs));
  });

  it('freshOpeningsSucceeded: only results validate; an error response, a timeout or an exit does not; other probes do not count', () => {
    const record = (outcome: Outcome, freshProcess = true): ProbeRecord => ({
      probe: { ...init('x'), freshProcess }, request: { id: 1, method: 'initialize', params: {}, outcome, durationMs: 1 },
    });
    expect(freshOpeningsSucceeded([])).toBe(true);
    expect(freshOpeningsSucceeded([record('success'), record('protocol-error', false)])).toBe(true);
    for (const outcome of ['protocol-error', 'timeout', 'exit', 'unanswered', 'oversize'] as const) expect(freshOpeningsSucceeded([record('success'), record(outcome)])).toBe(false);
  });

  it('freshOpeningsAnswered: a result or an error response is an answer; a timeout, exit, unanswered or oversize fresh opening is not; other probes do not count', () => {
    const record = (outcome: Outcome, freshProcess = true): ProbeRecord => ({
      probe: { ...init('x'), freshProcess }, request: { id: 1, method: 'initialize', params: {}, outcome, durationMs: 1 },
    });
    expect(freshOpeningsAnswered([])).toBe(true);
    expect(freshOpeningsAnswered([record('success'), record('protocol-error'), record('timeout', false)])).toBe(true);
    for (const outcome of ['timeout', 'exit', 'unanswered', 'oversize'] as const) expect(freshOpeningsAnswered([record('success'), record(outcome)])).toBe(false);
  });

  it('a configured legacy era starts its spare ahead, and falls back the same way when the opening fails', async () => {
    const legacy = options({ era: 'legacy' }, { probeMs: 30_000, startMs: 30_000 });
    const ok = marked();
    expect((await observeWith(ok.spec, legacyOnly, legacyPlan, undefined, legacy)).path).toBe('ahead');
    const marker = `early-session-${process.pid}-crash`;
    markers.push(marker);
    const crash: SpawnSpec = { command: process.execPath, args: ['-e', 'process.stderr.write("boot failed\\n"); process.exit(3)'], cwd: process.cwd(), env: { E2E_MARKER: marker } };
    const hints = hintsFor();
    const failed = await observeWith(crash, legacyOnly, legacyPlan, hints, legacy);
    expect(failed.path).toBe('fallback');
    expect(failed.obs.bootError).toMatchObject({ phase: 'negotiate', stderrTail: 'boot failed\n' }); // the serial opening's boot error
    expect(hints.get(crash)).toEqual({ era: 'legacy', serial: true });
    expect((await observeWith(crash, legacyOnly, legacyPlan, hints, legacy)).path).toBe('serial');
  });
});
