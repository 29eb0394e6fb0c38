/**
 * Early probes on the main connection (issue 12): probes a check marked `early` (ProbeRequest.early: the
 * request depends only on the listing and the planned calls' arguments, and the check re-checks on the final
 * observation whether the record counts) are sent beside the calls instead of after them, so a probe of a long
 * tool runs while that tool's own call runs, instead of waiting its full duration again after every call.
 *
 * Verdicts stay those of the late start:
 * - they are planned from the observation the calls would give if every planned call succeeded
 *   (`assumeAnswered`); the final plan (after the calls) takes an early record only for an identical probe,
 *   and plans every other probe as before; an early record nobody takes is dropped;
 * - only when no planned call may change state and the probe's tool is read-only (a probe never races a
 *   write: harness/run/effect-order.ts), and never for exclusive or fresh-process probes;
 * - submitted after every call (the in-flight window keeps submission order), so no call waits for them;
 * - never respawn a dead process (`respawn: false`): a process that died under the calls is restarted by
 *   the requests after them, as before, and an early record that ended with the process (`exit`) is not
 *   taken: the final plan sends that probe again after the calls, as it did before;
 * - never written once the session turned serial (a crash seen before its turn: harness/session/session.ts
 *   exchangeOn): its record is `exit`, so the final plan decides, on the calls' real records, whether it is
 *   sent (at a window of 1 the lane wrote the probe of a tool whose call had crashed the server on a restarted
 *   process: an exit more than at 8, where it ended with the first crash).
 */
import type { SurfaceObservation } from '../model/observation.ts';
import type { CallRecord, ProbeRecord, ProbeRequest, Scenario } from '../model/wire.ts';

/** Early records, keyed by the probe they were sent for. */
export interface EarlyProbes {
  /**
   * For a planned probe identical to an early one (at most once per early probe): its early record (as the
   * planned probe's), or undefined when it ended with the process (send it again). Undefined when there was
   * no such early probe.
   */
  take(planned: ProbeRequest): Promise<ProbeRecord | undefined> | undefined;
  /** Resolves when every early probe has settled. Never rejects. */
  settled(): Promise<void>;
}

/** The identity of a planned probe: everything that is sent and who asked (its JSON, in the order the check built it). */
export function probeKey(probe: ProbeRequest): string {
  return JSON.stringify(probe);
}

/**
 * `observation` as if every planned scenario had been called and answered with an empty successful result
 * (`{content: []}`), in plan order: the input of early planning. Pure.
 */
export function assumeAnswered(observation: SurfaceObservation, scenarios: readonly Scenario[]): SurfaceObservation {
  const calls: CallRecord[] = scenarios.map((scenario) => ({
    scenario,
    request: {
      id: 0, method: 'tools/call', params: { name: scenario.tool, arguments: scenario.arguments }, outcome: 'success', durationMs: 0,
      response: { jsonrpc: '2.0', id: 0, result: { content: [] } },
    },
  }));
  return { ...observation, calls };
}

/**
 * The early probes of `planned` (a plan made on `assumeAnswered`) that may run beside the calls: marked
 * `early`, on the main connection, not exclusive, of a tool that does not change state; none at all when a
 * planned call may change state. Duplicates (same key) are sent once.
 */
export function selectEarly(planned: readonly ProbeRequest[], scenarios: readonly Scenario[], changesState: (tool: string | undefined) => boolean): ProbeRequest[] {
  if (scenarios.some((s) => changesState(s.tool))) return [];
  const seen = new Set<string>();
  return planned.filter((p) => {
    if (p.early !== true || p.freshProcess || p.exclusive || p.tool === undefined || changesState(p.tool)) return false;
    const key = probeKey(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Start `probes` now (each through `run`, which must not respawn a dead process) and keep their records for the final plan. */
export function startEarly(probes: readonly ProbeRequest[], run: (probe: ProbeRequest) => Promise<ProbeRecord>): EarlyProbes | undefined {
  if (probes.length === 0) return undefined;
  const byKey = new Map<string, Promise<ProbeRecord>>();
  for (const probe of probes) byKey.set(probeKey(probe), run(probe));
  // a probe id no early probe has cannot have an identical key: most planned probes skip the stringify
  const ids = new Set(probes.map((p) => p.id));
  const all = [...byKey.values()];
  const settled = Promise.allSettled(all).then(() => undefined);
  return {
    take(planned) {
      if (!ids.has(planned.id)) return undefined;
      const key = probeKey(planned);
      const record = byKey.get(key);
      if (!record) return undefined;
      byKey.delete(key); // a second identical probe in the final plan runs on its own, as before
      return record.then((r) => (r.request.outcome === 'exit' ? undefined : { ...r, probe: planned }));
    },
    settled: () => settled,
  };
}
