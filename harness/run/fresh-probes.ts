/**
 * Fresh-process probes (`ProbeRequest.freshProcess`: an opening message on a process of its own), run beside
 * the main session by harness/run/observe.ts.
 *
 * - **Shared openings.** Identical openings (same method, params, raw line and tool) planned by different checks
 *   are sent ONCE, on one process, and each check gets the record under its own probe (issue 12: a server start
 *   is ~0.5 s CPU). A check's second identical opening still runs on a process of its own (`openingKeys`).
 * - **Early start.** The probes planned on the negotiation alone start as soon as the era is known, each on a
 *   spare process started then (harness/run/early-session.ts); the full plan later decides which records count.
 * - **Two rounds.** After round 1's records exist, the checks that planned fresh probes plan again, seeing those
 *   records in `observation.probes`; round 2's plan is what counts: a probe it plans again (same check, id,
 *   method, params, raw line, tool) keeps its round-1 record, a new one runs now on its own process (no spare,
 *   no early start), and a round-1 record it does not plan is dropped from the observation, judged by no check
 *   and collected by no wire check. So a check's fresh plan may depend on a fresh record (the legacy version
 *   and client-capabilities checks: harness/checks/protocol/future-client.ts). There is no third round.
 * A fresh probe runs on its own process, so what it sees does not depend on when it ran, nor on the others.
 */
import { probeFresh, type ConnectSpec, type FreshLives, type FreshProcess, type FreshStops, type SessionOptions, type WebServer } from '../session/index.ts';
import type { SurfaceObservation } from '../model/observation.ts';
import type { ProbeRecord, ProbeRequest } from '../model/wire.ts';
import type { EarlySession } from './early-session.ts';
import { addressInUse } from '../model/address-in-use.ts';

/** What running fresh probes needs from the observation's input (see ObserveInput). */
export interface FreshInput {
  spec: ConnectSpec;
  session: SessionOptions;
  /** Plan the probes of every enabled check, or of `checks` (check IDs) only. */
  planProbes: (observation: SurfaceObservation, checks?: ReadonlySet<string>) => ProbeRequest[];
  signal?: AbortSignal;
  early?: EarlySession;
}

/**
 * The context a fresh probe runs in (the server the harness started for a `url` surface, if any), where
 * its process's shutdown goes (`stops`: the observation awaits them, beside closing the main session), and where
 * its process's start and exit are tracked (`lives`: SurfaceObservation.freshProcesses).
 */
export type FreshContext = { serverExit?: WebServer['exited']; stops?: FreshStops; lives?: FreshLives };

/**
 * The process identity of each planned fresh probe, by index: what is sent (method, params, raw line, tool)
 * and how many earlier probes of the same check sent the same (0 for the first). Probes with equal keys share
 * one process and one answer; this is also how many processes a plan needs (the distinct keys).
 */
export function openingKeys(planned: readonly ProbeRequest[]): string[] {
  const seen = new Map<string, number>();
  return planned.map((probe) => {
    const opening = JSON.stringify([probe.method, probe.params ?? null, probe.raw ?? null, probe.tool ?? null]);
    const mine = `${probe.check}\u0000${opening}`;
    const n = seen.get(mine) ?? 0;
    seen.set(mine, n + 1);
    return `${opening}#${n}`;
  });
}

/** The identity of a planned fresh probe as a plan names it: what is sent, and who asked (round 2 keeps its record). */
function probeKey(probe: ProbeRequest): string {
  return JSON.stringify([probe.check, probe.id, probe.method, probe.params ?? null, probe.raw ?? null, probe.tool ?? null]);
}

/** Fresh probes started at once, beside the main session, as soon as the era is known. */
export interface EarlyFresh {
  /** The early records of the `planned` fresh probes whose opening was started early (keyed by the planned request). */
  take(planned: readonly ProbeRequest[]): Map<ProbeRequest, Promise<ProbeRecord>>;
  /** Resolves when every early probe has finished (its process stopped). Never rejects. */
  settled(): Promise<void>;
}

/**
 * Plan and start the fresh-process probes that need only the negotiation (`obs` has no listing yet), all at
 * once, one process per distinct opening (`openingKeys`), each on a spare of `input.early` when one was started.
 * Undefined when nothing is planned (or the signal aborted).
 */
export function startEarlyFresh(input: FreshInput, obs: SurfaceObservation, context: FreshContext): EarlyFresh | undefined {
  if (input.signal?.aborted) return undefined;
  const planned = input.planProbes(obs).filter((p) => p.freshProcess);
  const unique = new Map<string, ProbeRequest>();
  openingKeys(planned).forEach((key, i) => unique.has(key) || unique.set(key, planned[i]));
  // the spares started for this surface: one per opening, the rest stopped now (a modern era plans none)
  const spares = input.early?.claimSpares(unique.size);
  if (planned.length === 0) return undefined;
  const byKey = new Map<string, Promise<ProbeRecord>>();
  [...unique].forEach(([key, probe], i) => {
    byKey.set(key, spares ? spares.then((s) => onSpare(input, probe, context, s[i])) : runFreshProbe(input, probe, context));
  });
  const all = Promise.allSettled([...byKey.values()]).then(() => undefined);
  return {
    take(later) {
      const taken = new Map<ProbeRequest, Promise<ProbeRecord>>();
      openingKeys(later).forEach((key, i) => {
        const record = byKey.get(key);
        if (record) taken.set(later[i], record.then((r) => ({ ...r, probe: later[i] })));
      });
      return taken;
    },
    settled: () => all,
  };
}

/**
 * Run the planned fresh probes in two rounds (see the module doc) and return the records that count, in the
 * order of the plan that decided them. `obs` is the observation the probes were planned on (its `probes` are
 * not read). Never rejects for server faults.
 */
export async function runFreshProbes(input: FreshInput, obs: SurfaceObservation, planned: readonly ProbeRequest[], context: FreshContext, early?: EarlyFresh): Promise<ProbeRecord[]> {
  const first = await runRound(input, planned, context, early);
  if (planned.length === 0 || input.signal?.aborted) return first;
  const checks = new Set(planned.map((p) => p.check));
  const replanned = input.planProbes({ ...obs, probes: first }, checks).filter((p) => p.freshProcess);
  const kept = new Map<string, ProbeRecord[]>();
  for (const record of first) {
    const key = probeKey(record.probe);
    kept.set(key, [...(kept.get(key) ?? []), record]);
  }
  return runRound(input, replanned, context, undefined, (probe) => kept.get(probeKey(probe))?.shift());
}

/**
 * One round: each planned probe keeps its `done` record, else takes its early record, else runs (after the early
 * ones finished; identical openings share a run, see `openingKeys`). Once the signal aborted, nothing new starts
 * and the records from the first one it cut short on are left out (cut by the abort, not unanswered).
 */
async function runRound(input: FreshInput, planned: readonly ProbeRequest[], context: FreshContext, early?: EarlyFresh, done?: (probe: ProbeRequest) => ProbeRecord | undefined): Promise<ProbeRecord[]> {
  const kept = planned.map((probe) => done?.(probe));
  const started = early?.take(planned.filter((_, i) => kept[i] === undefined)) ?? new Map<ProbeRequest, Promise<ProbeRecord>>();
  await early?.settled();
  const runs = new Map<string, Promise<ProbeRecord>>();
  const keys = openingKeys(planned);
  const pending = planned.map((probe, i): Promise<ProbeRecord> | undefined => {
    const record = kept[i] ?? started.get(probe);
    if (record) return Promise.resolve(record);
    if (input.signal?.aborted) return undefined;
    let run = runs.get(keys[i]);
    if (!run) runs.set(keys[i], (run = runFreshProbe(input, probe, context)));
    return run.then((r) => ({ ...r, probe }));
  });
  await Promise.allSettled(pending); // every probe started here has its answer (or ended) before the records are read
  const records: ProbeRecord[] = [];
  for (const p of pending) {
    if (!p) break;
    const r = await p;
    if (input.signal?.aborted && r.request.response === undefined) break;
    records.push(r);
  }
  return records;
}

/**
 * A probe on its spare; when the spare was started beside the main server (the era hint's `ahead` path) and its
 * opening got no result, the probe runs again on a process of its own, started now (after the main server answered,
 * and after the spare's failure), and that record counts (a reviewer's server held a lock only while it booted: the
 * spare beside it answered -32000, the serial path's process a result), and the launch starts serially from then
 * on (EarlySession.spareDiverged). So it does when the spare ended before its probe (probeFresh gave the probe a
 * process of its own) or the run was cut short meanwhile (no run again then). A result on the spare stands (with a hint, the serial
 * run that validated the server got one too; a configured legacy era starts its spare beside the server in every run).
 */
async function onSpare(input: FreshInput, probe: ProbeRequest, context: FreshContext, spare: FreshProcess | undefined): Promise<ProbeRecord> {
  // a spare that ended before its probe is replaced by a process of the probe's own (probeFresh): serial-like too
  const diedBeforeUse = spare !== undefined && !spare.alive;
  const record = await runFreshProbe(input, probe, context, spare);
  const early = input.early;
  if (spare === undefined || early === undefined || (record.request.outcome === 'success' && !diedBeforeUse)) return record;
  if ((await early.path) !== 'ahead') return record;
  // the launch turns serial also when the run was cut short (a surface budget spent waiting on the spare): else
  // every later run would start it ahead and spend the budget again
  early.spareDiverged();
  if (record.request.outcome === 'success' || input.signal?.aborted) return record;
  return runFreshProbe(input, probe, context);
}

const FRESH_PROBE_ID = 'mcp-harness-fresh-probe';

/**
 * A probe on its own short-lived process (`spare`, when one was started for it): the opening message is the probe
 * itself. A probe left without an answer whose process's stderr names an address already in use is marked
 * `addressInUse` (ProbeRecord).
 */
async function runFreshProbe(input: FreshInput, probe: ProbeRequest, context: FreshContext, spare?: FreshProcess): Promise<ProbeRecord> {
  const started = performance.now();
  const params = probe.params ?? {};
  const line = probe.raw ?? JSON.stringify({ jsonrpc: '2.0', id: FRESH_PROBE_ID, method: probe.method, params });
  const id = probe.raw === undefined ? FRESH_PROBE_ID : rawId(probe.raw);
  const result = await probeFresh(input.spec, input.session, [line], id === undefined ? [] : [id], context, input.signal, spare);
  const response = result.responses[0];
  // no answer, and the process's own stderr says its address was taken: by the main session's process, running beside it
  const taken = response === undefined && result.unanswered.length === 0 && addressInUse(result.tap.stderrTail);
  // no answer because the process exited before giving one (the wait ends at the exit): not a timeout (sweep 25: a
  // process that exited at once read 'got no answer within 15000 ms')
  const exited = response === undefined && result.unanswered.length === 0 && !result.aliveAfter;
  return {
    probe,
    aliveAfter: result.aliveAfter,
    ...(taken ? { addressInUse: true as const } : {}),
    request: {
      id: id ?? FRESH_PROBE_ID,
      method: probe.method,
      params,
      response,
      outcome: response === undefined ? (result.unanswered.length > 0 ? 'unanswered' : exited ? 'exit' : 'timeout') : response.error !== undefined ? 'protocol-error' : 'success',
      durationMs: performance.now() - started,
      ...(response === undefined && result.unanswered.length === 0 && !exited ? { timeoutMs: result.timeoutMs } : {}),
    },
  };
}

/** The id of a raw JSON-RPC line, if it parses and has one. */
function rawId(raw: string): string | number | undefined {
  try {
    const id = (JSON.parse(raw) as { id?: unknown }).id;
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}
