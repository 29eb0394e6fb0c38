/** Test helper: a ProbeRecord from a probe and a response (`{result}` / `{error}`), outcome derived. */
import type { JsonRpcResponse } from '../../harness/model/protocol.ts';
import type { Outcome, ProbeRecord, ProbeRequest } from '../../harness/model/wire.ts';
import { frameOutcome } from '../../harness/wire/outcome.ts';

export function makeProbeRecord(probe: ProbeRequest, response?: { result?: unknown; error?: unknown }, extra: { outcome?: Outcome; lateFrames?: unknown[]; lateAfterMs?: number; lateAfterMarker?: boolean } = {}): ProbeRecord {
  const frame = response ? ({ jsonrpc: '2.0', id: 900, ...response } as JsonRpcResponse) : undefined;
  const outcome: Outcome = extra.outcome ?? (frame ? frameOutcome(probe.method, frame) : 'timeout');
  return { probe, request: { id: 900, method: probe.method, params: probe.params, ...(frame ? { response: frame } : {}), outcome, durationMs: 1, ...(extra.lateFrames ? { lateFrames: extra.lateFrames } : {}), ...(extra.lateAfterMs !== undefined ? { lateAfterMs: extra.lateAfterMs } : {}), ...(extra.lateAfterMarker !== undefined ? { lateAfterMarker: extra.lateAfterMarker } : {}) } };
}

/** Records for every planned probe of a check, each answered by `answer(probe)`. */
export function answerAll(probes: ProbeRequest[], answer: (p: ProbeRequest) => { result?: unknown; error?: unknown } | undefined): ProbeRecord[] {
  return probes.map((p) => makeProbeRecord(p, answer(p)));
}
