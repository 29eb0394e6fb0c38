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

function mainSessionRecords(observation: SurfaceObservation): RequestRecord[] {
  return [
    ...listPages(observation).map((p) => p.record), // the first listing's pages and any re-list's
    ...observation.calls.map((c) => c.request),
    ...observation.probes.filter((p) => !p.probe.freshProcess).flatMap((p) => p.pages ?? [p.request]),
  ];
}

/** Every server message of the observation, each object once. Pure; never throws. */
export function collectFrames(observation: SurfaceObservation): CollectedFrame[] {
  const out: CollectedFrame[] = [];
  const seen = new Set<unknown>();
  const push = (frame: unknown, method?: string, bare?: boolean) => {
    if (frame === undefined || seen.has(frame)) return;
    if (frame !== null && typeof frame === 'object') seen.add(frame);
    // the same members in the same order as spreading `{ method }` and `{ bare }` would give, without two objects made per frame
    if (method !== undefined) out.push(bare ? { frame, method, bare } : { frame, method });
    else out.push(bare ? { frame, bare } : { frame });
  };
  const records = mainSessionRecords(observation);
  for (const r of records) if (r.tooDeep === undefined) push(r.response, r.method); // too deep: dropped unevaluated (result/size)
  for (const p of observation.probes) if (p.probe.freshProcess) push(p.request.response, p.request.method);
  const byId = new Map(records.map((r) => [r.id, r.method] as const));
  for (const f of observation.wire.frames ?? []) {
    const id = (f as { id?: unknown } | null)?.id;
    push(f, typeof id === 'string' || typeof id === 'number' ? byId.get(id) : undefined);
  }
  const n = observation.negotiation;
  if (n?.era === 'legacy' && n.initialize !== undefined) push(n.initialize, 'initialize', true);
  if (n?.era === 'modern' && n.discover !== undefined) push(n.discover, 'server/discover', true);
  return out;
}
