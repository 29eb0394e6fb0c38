/**
 * Collect every server message an observation holds, with the method it answers where known:
 * the wire tap's frames (matched to main-session requests by id), the responses in listing pages,
 * calls and probes, and the raw `initialize` / `server/discover` results of the negotiation.
 */
import { listPages, type SurfaceObservation } from '../model/observation.ts';
import type { RequestRecord } from '../model/wire.ts';

/** One server message to validate. `result: true` marks a bare result (no JSON-RPC envelope). */
export interface CollectedFrame {
  frame: unknown;
  method?: string;
  bare?: boolean;
}

/**
 * Every main-session record in order: the first listing's pages and any re-list's, the calls, the probes not
 * run on a fresh process (each page of a paginated one).
 */
function forEachMainRecord(observation: SurfaceObservation, visit: (record: RequestRecord) => void): void {
  for (const { record } of listPages(observation)) visit(record);
  for (const call of observation.calls) visit(call.request);
  for (const p of observation.probes) {
    if (p.probe.freshProcess) continue;
    if (p.pages) for (const page of p.pages) visit(page);
    else visit(p.request);
  }
}

/**
 * Visit every server message of the observation, each object once, in the order `collectFrames` lists them:
 * the main-session records' responses, the fresh-process probes' responses, the wire tap's frames (with the
 * method of the main-session request of the same id, the last such record's), the negotiation's raw result.
 * Builds no list of the frames nor of the records (issue 12, memory: at 1,000 tools those lists, an id map
 * over every record and one object per frame were ~3 MB, all promoted to the old generation while
 * protocol/wire-schema validated ~19,000 frames); the methods are looked up only for the tap's ids.
 * Pure; throws only what `visit` throws.
 */
export function forEachFrame(observation: SurfaceObservation, visit: (frame: unknown, method: string | undefined, bare: boolean) => void): void {
  const seen = new Set<unknown>();
  const push = (frame: unknown, method: string | undefined, bare: boolean) => {
    if (frame === undefined || seen.has(frame)) return;
    if (frame !== null && typeof frame === 'object') seen.add(frame);
    visit(frame, method, bare);
  };
  const tapFrames = observation.wire.frames ?? [];
  const methodOf = new Map<unknown, string | undefined>();
  for (const f of tapFrames) {
    const id = (f as { id?: unknown } | null)?.id;
    if (typeof id === 'string' || typeof id === 'number') methodOf.set(id, undefined);
  }
  forEachMainRecord(observation, (r) => {
    if (methodOf.has(r.id)) methodOf.set(r.id, r.method);
    if (r.tooDeep === undefined) push(r.response, r.method, false); // too deep: dropped unevaluated (result/size)
  });
  for (const p of observation.probes) if (p.probe.freshProcess) push(p.request.response, p.request.method, false);
  for (const f of tapFrames) {
    const id = (f as { id?: unknown } | null)?.id;
    push(f, typeof id === 'string' || typeof id === 'number' ? methodOf.get(id) : undefined, false);
  }
  const n = observation.negotiation;
  if (n?.era === 'legacy' && n.initialize !== undefined) push(n.initialize, 'initialize', true);
  if (n?.era === 'modern' && n.discover !== undefined) push(n.discover, 'server/discover', true);
}

/** Every server message of the observation, each object once, as a list (see `forEachFrame`). Pure; never throws. */
export function collectFrames(observation: SurfaceObservation): CollectedFrame[] {
  const out: CollectedFrame[] = [];
  forEachFrame(observation, (frame, method, bare) => {
    if (method !== undefined) out.push(bare ? { frame, method, bare } : { frame, method });
    else out.push(bare ? { frame, bare } : { frame });
  });
  return out;
}
