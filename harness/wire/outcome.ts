/**
 * The one classification of a response frame (spec:2025-11-25/server/tools.mdx §Error Handling): a
 * JSON-RPC error is a protocol error, a `tools/call` result with `isError: true` a tool error, anything
 * else a success. The session records it (session/exchange.ts), the checks read it through
 * probes/records.ts `responseKind`, and the test helpers build their records with it.
 */
import { isJsonObject } from '../json.ts';

/** What a response frame says happened (the `Outcome`s that need a frame). */
export type FrameOutcome = 'protocol-error' | 'tool-error' | 'success';

/** The outcome class of `frame`, the response to a `method` request. Pure; never throws. */
export function frameOutcome(method: string, frame: { error?: unknown; result?: unknown }): FrameOutcome {
  if ('error' in frame) return 'protocol-error';
  if (method === 'tools/call' && isJsonObject(frame.result) && frame.result.isError === true) return 'tool-error';
  return 'success';
}
