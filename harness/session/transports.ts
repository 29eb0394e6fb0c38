/**
 * Which transport serves a surface: the one place that maps a surface's connection spec to a
 * `Transport` (today stdio only; Streamable HTTP, a later issue, adds its spec and a case here).
 */
import type { ResolvedSessionOptions, SpawnSpec } from './options.ts';
import { StdioTransport } from './stdio/transport.ts';
import type { Transport } from './transport.ts';
import { WireTapRecorder } from './wire-tap.ts';

/** A transport for `spec` with a fresh wire tap bounded by `options` (sizes in bytes, durations in ms). */
export function createTransport(spec: SpawnSpec, options: ResolvedSessionOptions): Transport {
  return new StdioTransport(spec, new WireTapRecorder(options), { maxLineBytes: options.maxLineBytes, timeouts: options.timeouts });
}
