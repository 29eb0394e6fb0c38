/**
 * How many processes the fresh-process probes of the checks need per negotiated era, known without loading any
 * check module: the runner reads it to start spare processes (harness/run/early-session.ts) and the CLI's
 * executable to start them before the bundle is loaded (harness/run/launch-ahead.ts). Re-exported by ./index.ts.
 */
import type { Era } from '../model/protocol.ts';

/**
 * The checks that plan fresh-process probes (`ProbeRequest.freshProcess`: an opening message on a process of
 * its own) on the observation the runner first plans them on (the negotiation alone; round 1 of
 * harness/run/fresh-probes.ts), with the openings each plans per negotiated era, named. Equal names are the
 * same opening (same method, params, raw line and tool): the runner sends it once, on one process, whichever
 * checks plan it (protocol/version-negotiation and protocol/client-capabilities share one on a legacy era:
 * harness/checks/protocol/future-client.ts). Read before any check module is loaded: the runner starts
 * `freshProcessCount` processes for a stdio surface as soon as its era is known (beside the main server when
 * the era is known ahead: a configured era or the launch's era hint, harness/run/early-session.ts), so their
 * start-up overlaps the harness's own (issue 12). Only a hint for when processes start, never for what is sent or judged: a
 * probe without a ready process spawns its own (as round 2's do), an unused process is shut down.
 * test/meta/catalog.test.ts holds it equal to what each check's `plan` returns.
 */
export const FRESH_PROCESS_PROBES: Readonly<Record<string, Readonly<Partial<Record<Era, readonly string[]>>>>> = Object.freeze({
  'protocol/version-negotiation': { legacy: ['future-client-initialize'] },
  'protocol/client-capabilities': { legacy: ['future-client-initialize'] },
});

/**
 * How many processes the fresh-process openings of the checks `enabled` says yes to need on `era`
 * (FRESH_PROCESS_PROBES): one per distinct opening, as many as the check that plans it most often plans it.
 */
export function freshProcessCount(era: Era, enabled: (id: string) => boolean = () => true): number {
  const most = new Map<string, number>();
  for (const [id, perEra] of Object.entries(FRESH_PROCESS_PROBES)) {
    if (!enabled(id)) continue;
    const mine = new Map<string, number>();
    for (const name of perEra[era] ?? []) mine.set(name, (mine.get(name) ?? 0) + 1);
    for (const [name, n] of mine) most.set(name, Math.max(most.get(name) ?? 0, n));
  }
  return [...most.values()].reduce((sum, n) => sum + n, 0);
}

/**
 * The most fresh-process sessions (processes of fresh-process probes and the spares started for them, each with a
 * wire tap of its own) one surface may hold at once, whatever its era, for the checks `enabled` says yes to: every
 * opening each check plans on any era counted on its own (round 2 of harness/run/fresh-probes.ts runs each check's
 * standalone opening when the shared one was not served), and twice, since a process whose answer came is stopped
 * without being waited for (FreshStops), so it may still be reading while the next one runs (round 1's beside round
 * 2's, an ahead spare's beside the probe run again on a process of its own). An upper bound for sizing the run's
 * concurrency (harness/run/concurrency-bound.ts), never for what is sent. Pure.
 */
export function freshSessionsAtOnce(enabled: (id: string) => boolean = () => true): number {
  let openings = 0;
  for (const [id, perEra] of Object.entries(FRESH_PROCESS_PROBES)) {
    if (enabled(id)) openings += Math.max(0, ...Object.values(perEra).map((names) => names?.length ?? 0));
  }
  return 2 * openings;
}
