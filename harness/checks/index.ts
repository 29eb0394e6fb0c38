/**
 * The check registry: every check ID mapped to a lazy loader of its module (ESLint's lib/rules/index.js).
 * A check's ID equals its module path under harness/checks/ without `.ts`; a test holds that.
 */
import type { Check } from './define.ts';
import type { Era } from '../model/protocol.ts';

type Loader = () => Promise<{ default: Check }>;

/** Check ID -> lazy loader, in catalog order (design.md §6). */
export const checkLoaders: Readonly<Record<string, Loader>> = Object.freeze({
  'tools/set-diff': () => import('./tools/set-diff.ts'),
  'tools/advertised-shape': () => import('./tools/advertised-shape.ts'),
  'tools/advertised-metadata': () => import('./tools/advertised-metadata.ts'),
  'tools/input-narrowing': () => import('./tools/input-narrowing.ts'),
  'tools/name': () => import('./tools/name.ts'),
  'tools/listing': () => import('./tools/listing.ts'),
  'tools/annotations': () => import('./tools/annotations.ts'),
  'tools/description-injection': () => import('./tools/description-injection.ts'),
  'schema/dialect': () => import('./schema/dialect.ts'),
  'schema/compile': () => import('./schema/compile.ts'),
  'schema/portability': () => import('./schema/portability.ts'),
  'schema/regex': () => import('./schema/regex.ts'),
  'contract/every-tool-called': () => import('./contract/every-tool-called.ts'),
  'contract/version-lock': () => import('./contract/version-lock.ts'),
  'contract/watched-paths': () => import('./contract/watched-paths.ts'),
  'result/shape': () => import('./result/shape.ts'),
  'result/structured-content': () => import('./result/structured-content.ts'),
  'result/text-mirror': () => import('./result/text-mirror.ts'),
  'result/size': () => import('./result/size.ts'),
  'result/expectation': () => import('./result/expectation.ts'),
  'errors/classification': () => import('./errors/classification.ts'),
  'errors/input-enforcement': () => import('./errors/input-enforcement.ts'),
  'errors/echo': () => import('./errors/echo.ts'),
  'protocol/era': () => import('./protocol/era.ts'),
  'protocol/discover': () => import('./protocol/discover.ts'),
  'protocol/version-negotiation': () => import('./protocol/version-negotiation.ts'),
  'protocol/wire-schema': () => import('./protocol/wire-schema.ts'),
  'protocol/cancellation': () => import('./protocol/cancellation.ts'),
  'protocol/ping': () => import('./protocol/ping.ts'),
  'protocol/capability-lists': () => import('./protocol/capability-lists.ts'),
  'protocol/client-capabilities': () => import('./protocol/client-capabilities.ts'),
  'transport/stdout': () => import('./transport/stdout.ts'),
  'transport/timeout': () => import('./transport/timeout.ts'),
  'transport/exit': () => import('./transport/exit.ts'),
  'transport/shutdown': () => import('./transport/shutdown.ts'),
  'transport/http-origin': () => import('./transport/http-origin.ts'),
  'transport/http-session': () => import('./transport/http-session.ts'),
  'transport/http-protocol-version': () => import('./transport/http-protocol-version.ts'),
  'transport/http-status': () => import('./transport/http-status.ts'),
  'transport/http-sse': () => import('./transport/http-sse.ts'),
  'transport/http-host': () => import('./transport/http-host.ts'),
  'transport/http-get': () => import('./transport/http-get.ts'),
  'sdk/generation': () => import('./sdk/generation.ts'),
});

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

/** Every registered check ID, in catalog order. */
export const checkIds: readonly string[] = Object.keys(checkLoaders);

/**
 * Load checks by ID (all when `ids` is omitted), in catalog order.
 * @throws Error naming the unknown ID (with the known ones) when an ID is not registered.
 */
export async function loadChecks(ids: readonly string[] = checkIds): Promise<Check[]> {
  assertCheckIds(ids);
  const wanted = checkIds.filter((id) => ids.includes(id));
  return Promise.all(wanted.map(async (id) => (await checkLoaders[id]()).default));
}

/**
 * Check that every ID is registered, without loading any check module.
 * @throws Error naming the unknown ID (with the known ones) when an ID is not registered.
 */
export function assertCheckIds(ids: readonly string[]): void {
  const unknown = ids.filter((id) => !(id in checkLoaders));
  if (unknown.length > 0) {
    throw new Error(`unknown check ID ${unknown.map((u) => `'${u}'`).join(', ')}; known: ${checkIds.join(', ')}`);
  }
}
