/**
 * Collect every server message an observation holds, with the method it answers where known:
 * the wire tap's frames (matched to main-session requests by id), the responses in listing pages,
 * calls and probes, and the raw `initialize` / `server/discover` results of the negotiation.
 */
import { listPages, type SurfaceObservation } from '../model/observation.ts';
import { PROTOCOL_VERSION_META_KEY } from '../model/protocol.ts';
import type { ProbeRequest, RequestRecord } from '../model/wire.ts';

/** One server message to validate. `result: true` marks a bare result (no JSON-RPC envelope). */
export interface CollectedFrame {
  frame: unknown;
  method?: string;
  bare?: boolean;
  /** The revision the request it answers named, when not the session's own (see `requestedRevision`). */
  requested?: string | null;
}

/**
 * The protocol revision a request named in its 2026-07-28 `_meta` envelope (`io.modelcontextprotocol/protocolVersion`,
 * spec:2026-07-28/basic/index.mdx §_meta), as recorded in its params: that string; `null` when the probe that sent it
 * opted out of the envelope (`ProbeRequest.envelope: false`, protocol/version-negotiation's request without `_meta`)
 * and its params name none; undefined otherwise (the session's own envelope, or a legacy request: the session's
 * revision). Pure.
 */
export function requestedRevision(record: RequestRecord, probe?: Pick<ProbeRequest, 'envelope'>): string | null | undefined {
  const meta = (record.params as { _meta?: unknown } | null | undefined)?._meta;
  const named = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>)[PROTOCOL_VERSION_META_KEY] : undefined;
  if (typeof named === 'string') return named;
  return probe?.envelope === false ? null : undefined;
}

/**
 * Every main-session record in order: the first listing's pages and any re-list's, the calls, the probes not
 * run on a fresh process (each page of a paginated one), with the probe that sent it.
 */
function forEachMainRecord(observation: SurfaceObservation, visit: (record: RequestRecord, probe?: ProbeRequest) => void): void {
  for (const { record } of listPages(observation)) visit(record);
  for (const call of observation.calls) visit(call.request);
  for (const p of observation.probes) {
    if (p.probe.freshProcess) continue;
    if (p.pages) for (const page of p.pages) visit(page, p.probe);
    else visit(p.request, p.probe);
  }
}

/**
 * Visit every server message of the observation, each object once, in the order `collectFrames` lists them:
 * the main-session records' responses, the fresh-process probes' responses, the wire tap's frames (with the
 * method of the main-session request of the same id, the last such record's), the negotiation's raw result.
 * `requested`: the revision the answered request named when not the session's own (`requestedRevision`; for a tap
 * frame, that of the last main-session record of its id), undefined for the negotiation's result and unmatched frames.
 * Builds no list of the frames nor of the records (issue 12, memory: at 1,000 tools those lists, an id map
 * over every record and one object per frame were ~3 MB, all promoted to the old generation while
 * protocol/wire-schema validated ~19,000 frames); the methods are looked up only for the tap's ids.
 * Pure; throws only what `visit` throws.
 */
export function forEachFrame(
  observation: SurfaceObservation,
  visit: (frame: unknown, method: string | undefined, bare: boolean, requested?: string | null) => void,
): void {
  const seen = new Set<unknown>();
  const push = (frame: unknown, method: string | undefined, bare: boolean, requested?: string | null) => {
    if (frame === undefined || seen.has(frame)) return;
    if (frame !== null && typeof frame === 'object') seen.add(frame);
    visit(frame, method, bare, requested);
  };
  const tapFrames = observation.wire.frames ?? [];
  // per id of a tap frame: the last main-session record of that id (a reference: no object per frame), and the
  // records of probes sent without the envelope (a few)
  const recordOf = new Map<unknown, RequestRecord | undefined>();
  const unenveloped = new Set<RequestRecord>();
  for (const f of tapFrames) {
    const id = (f as { id?: unknown } | null)?.id;
    if (typeof id === 'string' || typeof id === 'number') recordOf.set(id, undefined);
  }
  forEachMainRecord(observation, (r, probe) => {
    if (recordOf.has(r.id)) recordOf.set(r.id, r);
    if (probe?.envelope === false) unenveloped.add(r);
    if (r.tooDeep === undefined) push(r.response, r.method, false, requestedRevision(r, probe)); // too deep: dropped unevaluated (result/size)
  });
  for (const p of observation.probes) if (p.probe.freshProcess) push(p.request.response, p.request.method, false, requestedRevision(p.request, p.probe));
  for (const f of tapFrames) {
    const id = (f as { id?: unknown } | null)?.id;
    const r = typeof id === 'string' || typeof id === 'number' ? recordOf.get(id) : undefined;
    push(f, r?.method, false, r === undefined ? undefined : requestedRevision(r, unenveloped.has(r) ? { envelope: false } : undefined));
  }
  const n = observation.negotiation;
  if (n?.era === 'legacy' && n.initialize !== undefined) push(n.initialize, 'initialize', true);
  if (n?.era === 'modern' && n.discover !== undefined) push(n.discover, 'server/discover', true);
}

/** Every server message of the observation, each object once, as a list (see `forEachFrame`). Pure; never throws. */
export function collectFrames(observation: SurfaceObservation): CollectedFrame[] {
  const out: CollectedFrame[] = [];
  forEachFrame(observation, (frame, method, bare, requested) => {
    const named = requested === undefined ? {} : { requested };
    if (method !== undefined) out.push(bare ? { frame, method, bare, ...named } : { frame, method, ...named });
    else out.push(bare ? { frame, bare, ...named } : { frame, ...named });
  });
  return out;
}
