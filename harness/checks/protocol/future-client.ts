/**
 * The opening probe protocol/version-negotiation and protocol/client-capabilities share on a legacy era
 * (issue 12: one fresh server process instead of two): `initialize` offering a version no server supports
 * (BOGUS_VERSION) and declaring the capability set real hosts declare (REALISTIC_CLIENT_CAPABILITIES), as a
 * client from the future would open. Each check plans it under its own probe id with the same method and
 * params, so the runner sends it once, on one process, and gives each check its record
 * (harness/run/observe.ts, fresh-process probes).
 *
 * Two rounds. Round 1 plans this probe. When its answer is a success whose result is an object, each check
 * judges (or leaves) that answer and plans nothing else. Any other answer (a JSON-RPC error, a timeout, an
 * exit, no answer, a result that is not an object) cannot tell which of the two offers the server objected
 * to, so it counts for nothing: in round 2 (the checks see the record in `observation.probes`) neither check
 * plans it again, which drops it from the observation, and each plans its standalone probe as before (an
 * unknown version with `{}`; the offered version with the realistic set), each on its own process.
 * Assumption: a server that serves this opening does not pick the version it answers by the client's
 * capabilities, so judging protocolVersion here is judging it with `{}`.
 * Spec: spec:2025-11-25/basic/lifecycle.mdx §Version Negotiation, §Initialization.
 */
import { probeRecord } from '../../probes/records.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { ProbeRequest } from '../../model/wire.ts';
import { isJsonObject } from '../util/json.ts';

/** The version no server supports. */
export const BOGUS_VERSION = '1900-01-01';

/** A capability set as desktop and IDE clients send it (roots with listChanged, sampling, form elicitation). */
export const REALISTIC_CLIENT_CAPABILITIES = Object.freeze({ roots: { listChanged: true }, sampling: {}, elicitation: {} });

/** `initialize` params offering `protocolVersion` with `capabilities`, as the harness's client. */
export function initializeParams(protocolVersion: string, capabilities: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { protocolVersion, capabilities, clientInfo: { name: 'mcp-harness', version: '0.1.0' } };
}

/** The probe id `check` plans the shared opening under. */
export const futureClientId = (check: string): string => `${check}:future-client`;

/** The shared opening as `check` plans it: a fresh-process `initialize` (BOGUS_VERSION, the realistic set). */
export function futureClientProbe(check: string): ProbeRequest {
  return { id: futureClientId(check), check, method: 'initialize', params: initializeParams(BOGUS_VERSION, REALISTIC_CLIENT_CAPABILITIES), freshProcess: true };
}

/** The probe id of the control opening `check` plans beside its standalone probe (`controlProbe`). */
export const controlId = (check: string): string => `${check}:control`;

/**
 * The control opening, planned with each check's standalone probe in round 2 (both checks plan the very same one, so
 * it runs once): `initialize` offering the version the main session offered, with `{}`, as the main session opened
 * (session/handshake.ts). A server that refuses it on a process (stdio) or session (Streamable HTTP) of its own
 * refuses every second one while the main one is open (a lock file, a port, an SDK server connected to one transport:
 * sweep 29, financial-modeling-prep-mcp-server 2.5.3 over HTTP answered every later initialize -32603 "Already
 * connected to a transport"), whatever the version or capabilities: the standalone probes' errors then say nothing of
 * either (`controlRefused`). The main session stays open until every fresh probe ended (run/observe.ts), so the
 * control meets the same server state as the standalone probes.
 */
export function controlProbe(check: string, offeredVersion: string): ProbeRequest {
  return { id: controlId(check), check, method: 'initialize', params: initializeParams(offeredVersion, {}), freshProcess: true };
}

/** Whether `check`'s control opening ran and was refused (a JSON-RPC error answer): see `controlProbe`. */
export function controlRefused(observation: SurfaceObservation, check: string): boolean {
  const record = probeRecord(observation, controlId(check));
  return record !== undefined && record.request.outcome === 'protocol-error';
}

/** How a fresh probe's own connection is named in a message: a process (stdio) or a session (Streamable HTTP). */
export function freshName(observation: SurfaceObservation): string {
  return observation.transport === 'streamable-http' ? 'a session of its own' : 'a process of its own';
}

/**
 * What `check`'s record of the shared opening says: `pending` (not run yet: round 1), `served` (a success
 * whose result is an object: judge it), `not-served` (anything else: it counts for nothing, plan the
 * standalone probe).
 */
export function futureClientState(observation: SurfaceObservation, check: string): 'pending' | 'served' | 'not-served' {
  const record = probeRecord(observation, futureClientId(check));
  if (!record) return 'pending';
  return record.request.outcome === 'success' && isJsonObject(record.request.response?.result) ? 'served' : 'not-served';
}
