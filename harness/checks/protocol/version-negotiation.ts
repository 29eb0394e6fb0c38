/**
 * protocol/version-negotiation. Modern era: a request whose envelope names an unsupported version
 * gets -32022 with `data: { supported: string[], requested }`; a request without the `_meta`
 * envelope gets -32602. Legacy era (fresh process): `initialize` offering an unknown version is
 * answered with a version the server supports, never an echo of the offer; an error answer is acceptable
 * only when it names the supported versions. Lifecycle §Version Negotiation (2024-11-05 to 2025-11-25):
 * "If the server supports the requested protocol version, it **MUST** respond with the same version.
 * Otherwise, the server **MUST** respond with another protocol version it supports." The harness cannot
 * know what a server supports, only what a protocol version is: "string-based version identifiers
 * following the format YYYY-MM-DD" (modelcontextprotocol.io/specification/versioning, outside the revision
 * folders), the first revision being 2024-11-05. So an error (`initializeEcho`, `initializeUnknown`): the
 * offered bogus version echoed, an answer that is no string or not YYYY-MM-DD, or a date no revision has:
 * before the first revision, or between the revisions this harness knows (KNOWN_PROTOCOL_VERSIONS holds
 * every one published up to its newest). A date after the newest revision this harness knows may be a
 * revision published since: a warning (`initializeNewer`); the harness cannot tell it from an invented one
 * and cannot speak it (lifecycle: "If the client does not support the version in the server's response,
 * it **SHOULD** disconnect"). The opening is first the one
 * protocol/client-capabilities shares (./future-client.ts: the unknown version with the realistic capability
 * set, one process for both checks); only when that is not served with a result object is the standalone
 * `initialize` with `{}` sent (round 2), judged alone as before, with a control beside it (./future-client.ts
 * `controlProbe`: the main session's own opening on a connection of its own): an error without data.supported is
 * `initializeErrorUnnamed` when the control was served, and a note (`freshRefused`) when it was refused too (a server
 * that serves one connection at a time: the error is not the version's).
 * Spec: spec:2026-07-28/basic/versioning.mdx; spec:2026-07-28/basic/index.mdx §_meta; spec:2025-11-25/basic/lifecycle.mdx §Version Negotiation.
 */
import { defineCheck, type FindingDescriptor } from '../define.ts';
import { probeRecord, responseKind, resultOf, rpcError } from '../../probes/records.ts';
import { KNOWN_PROTOCOL_VERSIONS } from '../../model/protocol.ts';
import type { ProbeRecord } from '../../model/wire.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import { sdkDeclarations } from '../sdk/generation.ts';
import { BOGUS_VERSION, controlProbe, controlRefused, freshName, futureClientId, futureClientProbe, futureClientState, initializeParams } from './future-client.ts';

export { BOGUS_VERSION };
const ID = 'protocol/version-negotiation';
const UNSUPPORTED = `${ID}:unsupported-version`;
const NO_ENVELOPE = `${ID}:missing-envelope`;
const LEGACY_INIT = `${ID}:legacy-initialize`;

type Report = (finding: FindingDescriptor) => void;

/** A calendar date as YYYY-MM-DD: the shape of every MCP protocol version (modelcontextprotocol.io/specification/versioning). */
const REVISION_SHAPE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
/** The newest revision this harness knows (YYYY-MM-DD strings order as dates). */
export const NEWEST_KNOWN_REVISION = [...KNOWN_PROTOCOL_VERSIONS].sort().at(-1) as string;

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string');

/** The split TypeScript SDK 2.x server package, whose `serveStdio` checks the envelope's version on the opening message only. */
const SDK2_SERVER = '@modelcontextprotocol/server';

/**
 * The sentence on the TypeScript SDK 2.x gap (`unsupportedServed`'s `sdk`), only when the surface's package manifest
 * declares that SDK's server package (sdk/generation's `sdkDeclarations`); empty otherwise: nothing on the wire names
 * a server's SDK, and a server on another SDK (a Go SDK server, sweep 13) was told of the SDK 2.x gap.
 */
export function sdk2Gap(observation: SurfaceObservation): string {
  const json = observation.manifest?.json;
  if (json === null || typeof json !== 'object' || !sdkDeclarations(json).has(SDK2_SERVER)) return '';
  return ` The manifest declares ${SDK2_SERVER} (TypeScript SDK 2.x), whose serveStdio has this known gap; fix: see docs/checks.md#protocolversion-negotiation.`;
}

function judgeUnsupported(record: ProbeRecord, report: Report, sdk: string): void {
  const kind = responseKind(record.request);
  if (kind === 'none') return;
  const error = rpcError(record.request);
  if (kind !== 'protocol-error') return report({ messageId: 'unsupportedServed', pointer: '/params/_meta/io.modelcontextprotocol~1protocolVersion', data: { sdk } });
  if (error?.code !== -32022) return report({ messageId: 'unsupportedWrongCode', pointer: '/error/code', data: { code: String(error?.code) } });
  const data = error.data as { supported?: unknown; requested?: unknown } | undefined;
  if (!isStringArray(data?.supported) || data?.requested !== BOGUS_VERSION) report({ messageId: 'unsupportedData', pointer: '/error/data' });
}

/**
 * Over Streamable HTTP the probe's POST names the modern revision in `MCP-Protocol-Version` while the body
 * has no `_meta`, and a server MUST reject a header that does not match the body with HeaderMismatch
 * (spec 2026-07-28 transports/streamable-http §Server Validation): -32020 is a right answer there too.
 */
const HEADER_MISMATCH = -32020;

function judgeNoEnvelope(record: ProbeRecord, report: Report, http: boolean): void {
  const kind = responseKind(record.request);
  if (kind === 'none') return;
  const code = rpcError(record.request)?.code;
  if (kind !== 'protocol-error') report({ messageId: 'noEnvelopeServed', pointer: '/params/_meta' });
  else if (code !== -32602 && !(http && code === HEADER_MISMATCH)) report({ messageId: 'noEnvelopeWrongCode', pointer: '/error/code', data: { code: String(code) } });
}

function judgeLegacyInitialize(record: ProbeRecord, report: Report, observation: SurfaceObservation): void {
  const kind = responseKind(record.request);
  if (kind === 'none') return;
  if (kind === 'protocol-error') {
    const data = rpcError(record.request)?.data as { supported?: unknown } | undefined;
    if (isStringArray(data?.supported)) return;
    // the main session's own opening refused on a connection of its own too: the error is not the version's
    if (controlRefused(observation, ID)) report({ messageId: 'freshRefused', severity: 'info', pointer: '/error', data: { fresh: freshName(observation) } });
    else report({ messageId: 'initializeErrorUnnamed', pointer: '/error/data' });
    return;
  }
  const version = resultOf(record.request)?.protocolVersion;
  if (typeof version === 'string' && (KNOWN_PROTOCOL_VERSIONS as readonly string[]).includes(version)) return;
  const pointer = '/result/protocolVersion';
  if (version === BOGUS_VERSION) report({ messageId: 'initializeEcho', pointer });
  else if (typeof version === 'string' && REVISION_SHAPE.test(version) && version > NEWEST_KNOWN_REVISION) report({ messageId: 'initializeNewer', pointer, severity: 'warning', data: { newest: NEWEST_KNOWN_REVISION } });
  else report({ messageId: 'initializeUnknown', pointer });
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'Unsupported version -> -32022 with {supported, requested}; missing _meta -> -32602; legacy initialize answers a supported version.',
    rationale: 'Clients negotiate by reacting to these answers. A server that serves a request in a version it does not speak, or echoes any offered version, makes the client believe in a protocol the server does not implement.',
    spec: 'spec:2026-07-28/basic/versioning.mdx; spec:2026-07-28/basic/index.mdx §_meta; spec:2025-11-25/basic/lifecycle.mdx §Version Negotiation',
    messages: {
      unsupportedServed:
        'A request whose _meta names an unsupported protocol version was served normally; it must be answered with error -32022 (UnsupportedProtocolVersion), on every request, also after earlier requests pinned a version.{{sdk}}',
      unsupportedWrongCode: 'A request whose _meta names an unsupported protocol version got error code {{code}}; it must be -32022 (UnsupportedProtocolVersion).',
      unsupportedData: 'The -32022 error must carry data.supported (a non-empty array of version strings) and data.requested (the version the request named).',
      noEnvelopeServed: 'A request without the _meta envelope was served; a request missing its required _meta fields is malformed and must get -32602.',
      noEnvelopeWrongCode: 'A request without the _meta envelope got error code {{code}}; it must be -32602 (Invalid params).',
      initializeEcho: 'initialize offering an unknown protocol version was answered with that same version; the server must answer with a version it supports.',
      initializeUnknown: 'initialize offering an unknown protocol version was answered with a protocolVersion that is no MCP revision (not a YYYY-MM-DD date, or a date no revision has); the server must answer with a version it supports.',
      initializeNewer: 'initialize offering an unknown protocol version was answered with a protocolVersion dated after {{newest}}, a revision this harness does not know: it cannot tell whether the server supports it, and a client that does not speak it should disconnect.',
      initializeErrorUnnamed: 'initialize offering an unknown protocol version got an error that does not name the supported versions (data.supported).',
      freshRefused:
        'initialize offering an unknown protocol version on {{fresh}} got an error, and so did initialize offering the version and the empty capabilities the main session was served with: the server does not open another connection while the harness\'s main one is open (a lock, a port, one transport at a time), so how it answers an unknown version was not judged.',
    },
    fixes: {
      unsupportedServed:
        "The SDK 2.x `serveStdio` (`@modelcontextprotocol/server/stdio`) checks the envelope's protocol version only on the opening message: observed with `@modelcontextprotocol/server` 2.0.0 and 2.4.0 (published servers built on each served such requests normally; other versions were not checked). Wrap the transport you pass to `serveStdio({ transport })` so that every later request whose `_meta[\"io.modelcontextprotocol/protocolVersion\"]` names a version you do not serve is answered with `UnsupportedProtocolVersionError` (-32022, `data: { supported, requested }`) instead of being forwarded; this repository's `surfaces/reference/shared/version-guard.ts` (`VersionGuardTransport`) is such a wrapper.",
    },
    examples: {
      fail: '{"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01"}}} -> {"result":{"tools":[]}}',
      pass: '-> {"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28"],"requested":"1900-01-01"}}}',
    },
  },
  plan({ observation }) {
    const n = observation.negotiation;
    if (!n) return [];
    if (n.era === 'modern') {
      return [
        { id: UNSUPPORTED, check: ID, method: 'tools/list', params: {}, protocolVersion: BOGUS_VERSION },
        // over HTTP the POST still carries the modern headers (every POST MUST, 2026-07-28 streamable-http
        // §Protocol Version Header): without them the request is a pre-2025-06-18 one, which a dual-era
        // server MAY serve as 2025-03-26 (same section); with them it is a modern request missing its envelope
        { id: NO_ENVELOPE, check: ID, method: 'tools/list', params: {}, envelope: false, http: { headers: { 'mcp-protocol-version': n.protocolVersion, 'mcp-method': 'tools/list' } } },
      ];
    }
    // round 1 the shared opening; round 2 keeps it when served, else the standalone probe (./future-client.ts)
    const shared = futureClientState(observation, ID);
    if (shared !== 'not-served') return [futureClientProbe(ID)];
    return [{ id: LEGACY_INIT, check: ID, method: 'initialize', params: initializeParams(BOGUS_VERSION, {}), freshProcess: true }, controlProbe(ID, n.offeredVersion)];
  },
  check({ observation }, report) {
    const era = observation.negotiation?.era;
    const get = (id: string) => probeRecord(observation, id);
    if (era === 'modern') {
      const unsupported = get(UNSUPPORTED);
      if (unsupported) judgeUnsupported(unsupported, report, sdk2Gap(observation));
      const noEnvelope = get(NO_ENVELOPE);
      if (noEnvelope) judgeNoEnvelope(noEnvelope, report, observation.transport === 'streamable-http');
    } else if (era === 'legacy') {
      const init = get(LEGACY_INIT) ?? (futureClientState(observation, ID) === 'served' ? get(futureClientId(ID)) : undefined);
      if (init) judgeLegacyInitialize(init, report, observation);
    }
  },
});
