/** Test helper: a ProbeRecord from a probe and a response (`{result}` / `{error}`), outcome derived. */
import type { JsonRpcResponse } from '../../harness/model/protocol.ts';
import type { Outcome, ProbeRecord, ProbeRequest } from '../../harness/model/wire.ts';

export function makeProbeRecord(probe: ProbeRequest, response?: { result?: unknown; error?: unknown }, extra: { outcome?: Outcome; lateFrames?: unknown[]; lateAfterMs?: number; lateAfterMarker?: boolean } = {}): ProbeRecord {
  const frame = response ? ({ jsonrpc: '2.0', id: 900, ...response } as JsonRpcResponse) : undefined;
  const isError = (response?.result as { isError?: unknown } | undefined)?.isError === true;
  const outcome: Outcome = extra.outcome ?? (!frame ? 'timeout' : frame.error ? 'protocol-error' : isError ? 'tool-error' : 'success');
  return { probe, request: { id: 900, method: probe.method, params: probe.params, ...(frame ? { response: frame } : {}), outcome, durationMs: 1, ...(extra.lateFrames ? { lateFrames: extra.lateFrames } : {}), ...(extra.lateAfterMs !== undefined ? { lateAfterMs: extra.lateAfterMs } : {}), ...(extra.lateAfterMarker !== undefined ? { lateAfterMarker: extra.lateAfterMarker } : {}) } };
}

/** Records for every planned probe of a check, each answered by `answer(probe)`. */
export function answerAll(probes: ProbeRequest[], answer: (p: ProbeRequest) => { result?: unknown; error?: unknown } | undefined): ProbeRecord[] {
  return probes.map((p) => makeProbeRecord(p, answer(p)));
}
