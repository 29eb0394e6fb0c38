/**
 * The depth guard of server values: a response (or a notification tied to a request) nested deeper
 * than MAX_VALUE_DEPTH JSON levels is dropped unevaluated before any check sees it, the same guard
 * schemas get (harness/schema/depth.ts). Validators, deep-equal, canonical JSON, JSON.stringify and
 * the reporters all recurse, so a 100,000-deep `structuredContent` would otherwise overflow the stack
 * of whichever touches it first. The record keeps `tooDeep` (the limit), result/size reports it
 * against the server. RFC 8259 §9: an implementation may limit the nesting depth it accepts.
 */
import { jsonTreeDepth } from '../json.ts';
import { MAX_SCHEMA_DEPTH } from '../schema/depth.ts';
import type { SurfaceObservation } from '../model/observation.ts';
import type { RequestRecord } from '../model/wire.ts';

/** Deepest accepted nesting of a server value, in JSON levels (the schema limit). */
export const MAX_VALUE_DEPTH = MAX_SCHEMA_DEPTH;

// server values are parsed JSON (trees): the walk without a visited set (harness/json.ts)
const tooDeep = (value: unknown): boolean => jsonTreeDepth(value, MAX_VALUE_DEPTH) > MAX_VALUE_DEPTH;

/**
 * Whether a response parsed from a line of `bytes` bytes may nest deeper than MAX_VALUE_DEPTH: JSON text needs
 * two bytes per level (an opening and a closing bracket), so a line of at most 2 x MAX_VALUE_DEPTH bytes never
 * does, and its walk is skipped (issue 12: most of a 1,000-tool run's ~18,000 answers are rejections of ~150 bytes).
 */
const mayBeTooDeep = (bytes: number | undefined): boolean => bytes === undefined || bytes > 2 * MAX_VALUE_DEPTH;

/** The record with a too-deep response replaced by its envelope (no result, no error) and too-deep notifications dropped. */
export function guardRecord(record: RequestRecord): RequestRecord {
  let out = record;
  if (record.response !== undefined && mayBeTooDeep(record.responseBytes) && tooDeep(record.response)) {
    const { jsonrpc, id } = record.response as { jsonrpc?: unknown; id?: unknown };
    out = { ...out, response: { jsonrpc, id } as RequestRecord['response'], tooDeep: MAX_VALUE_DEPTH };
  }
  for (const key of ['notifications', 'lateFrames'] as const) {
    const frames = out[key];
    if (frames?.some(tooDeep)) out = { ...out, [key]: frames.filter((f) => !tooDeep(f)), tooDeep: MAX_VALUE_DEPTH };
  }
  return out;
}

/**
 * Apply guardRecord to every call and probe of the observation and drop too-deep frames from the wire
 * tap (in place). O(size of the values).
 */
export function guardDeepValues(obs: SurfaceObservation): void {
  for (const call of obs.calls) call.request = guardRecord(call.request);
  // probes of different checks that shared one fresh-process opening share one request: guarded once, still
  // shared. A record the guard leaves as it is stays shared by itself, so only replaced ones are remembered
  // (a map of every probe's record was ~1.7 MB of the 1,000-tool run's peak, all of it in the old generation)
  let replaced: Map<RequestRecord, RequestRecord> | undefined;
  for (const probe of obs.probes) {
    const request = probe.request;
    let out = replaced?.get(request);
    if (out === undefined) {
      out = guardRecord(request);
      if (out !== request) (replaced ??= new Map()).set(request, out);
    }
    probe.request = out;
  }
  const frames = obs.wire?.frames;
  if (frames?.some(tooDeep)) obs.wire = { ...obs.wire, frames: frames.filter((f) => !tooDeep(f)) };
}
