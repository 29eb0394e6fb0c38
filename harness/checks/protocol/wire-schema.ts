/**
 * protocol/wire-schema: every message the server sent validates against the wire schema of the
 * negotiated revision (the spec's schema.json, bundled in harness/wire/schemas): the JSON-RPC
 * envelope (jsonrpc "2.0", id string|integer, result XOR error {code integer, message string}) and,
 * for responses to known requests, InitializeResult / DiscoverResult / ListToolsResult /
 * CallToolResult (`resultType` required on 2026-07-28). One finding per (method, pointer, keyword), at most
 * MAX_WIRE_ISSUES (1,000: harness/wire/validate.ts) per validated value (a message's envelope; its result): past them
 * one more finding at that value's root, keyword `maxIssues`, says how many violations were not listed, so a tools/list page of 300,000 tools
 * without inputSchema is named in 1,001 findings, not 300,000 (its validation is linear: scripts/generate-validators.ts
 * `linearErrorAppends`).
 * Every published revision is bundled (2024-11-05 and 2025-03-26 since issue 9: 6 of 20 published
 * servers negotiated them); a revision without a bundled schema (an unknown one) is not validated, and
 * a note says so.
 * Also reports responses whose id matched no request the harness was waiting for (`wire.unmatched`,
 * counted by the session: an unknown id, or none at all as in a reply to a notification; also during
 * the handshake, so it runs on a surface that did not boot): response correlation is a JSON-RPC message rule (JSON-RPC 2.0 §5, spec
 * basic/index.mdx §Responses: a response MUST carry the id of the request it answers), not stdio
 * framing, so it belongs here rather than in transport/stdout; it is judged on every revision.
 * A stdout line that is JSON but not shaped like a JSON-RPC message at all (`isJsonRpcShaped`: a
 * `{"level":"info"}` log line) is transport/stdout's alone; one that claims to be JSON-RPC (a `jsonrpc`
 * member, or an id with result/error/method) is judged here, however broken its shape.
 * A surface whose first tools/list page got no usable answer (a `list`-phase boot error: a JSON-RPC error, a result
 * that is not an object, a timeout) negotiated before it failed: its frames are validated like a booted one's, so a
 * `"result": null` or `5` answer to tools/list is named here as `{}` is (the hostile review: it passed with exit 0).
 * An error response with `"id": null` is a warning (`errorIdNull`), never a schema error: JSON-RPC 2.0 §5
 * (which basic/index.mdx says every MCP message MUST follow) requires exactly that form when the request's
 * id could not be read, and both TypeScript SDKs send it on their Streamable HTTP refusals (a 4xx whose
 * body the transports page says "MAY comprise a JSON-RPC error response that has no id"), while the
 * revision's schema admits only a string, an integer or (2025-11-25+) no id. Two normative texts disagree,
 * so no MUST is clearly broken; the rest of such a frame is still validated.
 * On the modern era a result is judged by what it answers (`judgedRevision`): an answer to a request whose `_meta`
 * envelope named another revision, or that went without the envelope (protocol/version-negotiation's probes: a
 * 1900-01-01 version, no `_meta`), is no message of the negotiated revision. Such a result is validated against the
 * revision the request named when one is bundled, and otherwise not here: that it was served at all is
 * protocol/version-negotiation's finding (unsupportedServed, noEnvelopeServed), which owns the probe. kubernetes-mcp-server
 * 0.0.67 drew a false "must have required property 'resultType'" from exactly those two answers, while every answer
 * to a request naming 2026-07-28 carried it. An error answer to such a request (-32022, -32602) is the negotiated
 * revision's own and is validated as before.
 * Also reports `notifications/progress` on a session whose requests carried no `progressToken` (`progressUnrequested`):
 * the harness asks for no progress (no request it writes has `_meta.progressToken`), so every such notification names a
 * token no request provided, which breaks basic/utilities/progress §Behavior Requirements ("Progress notifications MUST
 * only reference tokens that: Were provided in an active request", every revision; 2026-07-28 basic/patterns/progress).
 * Like an unmatched response it is a reference to nothing, judged from the tap's count by method (`wire.notifications`),
 * never from which requests were in flight; no count in the message (how many came depends on how far a cut-short
 * session got). A server that keys its progress on the request id (hostile review 29: `progressToken: <the call's id>`
 * before each answer) passed with exit 0. A warning, not an error, until reproduced on a published server (the rule
 * protocol/ping states). Likewise `cancelUnrequested` (warning, legacy eras): notifications/cancelled from a server that
 * sent the harness no request on the session can only name one of the harness's requests (hostile review 29 forged it
 * for each tools/call id), where basic/utilities/cancellation says a cancellation MUST only reference a request
 * previously issued in the same direction.
 * Spec: schema/<rev>/schema.json (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28); spec:<rev>/basic/index.mdx §Messages;
 * spec:<rev>/basic/utilities/progress.mdx §Behavior Requirements; spec:<rev>/basic/utilities/cancellation.mdx §Behavior Requirements.
 */
import { defineCheck, type FindingDescriptor } from '../define.ts';
import type { WireTap } from '../../model/wire.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import { isJsonRpcShaped } from '../../model/protocol.ts';
import { forEachFrame } from '../../wire/collect.ts';
import { createResultIssueMemo, frameIssues, resultIssues, type FrameIssue } from '../../wire/frames.ts';
import { wireRevisionOf, type WireRevision } from '../../wire/revision.ts';
import { generatedFor, warmWireFormats } from '../../wire/validate.ts';

export default defineCheck({
  meta: {
    id: 'protocol/wire-schema',
    defaultSeverity: 'error',
    description: 'Every message validates against the wire schema of the negotiated revision.',
    rationale: 'Clients parse messages with the revision schema; a message that fails it is dropped or fails the request in strict clients, while lenient ones hide the fault until a stricter host meets it.',
    spec: 'schema/<rev>/schema.json (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28)',
    messages: {
      invalid: 'A {{method}} message from the server fails the {{revision}} wire schema at {{pointer}}: {{problem}} ({{keyword}}).',
      notChecked: 'No wire schema is bundled for the negotiated revision {{version}}; the messages were not validated against a schema (response ids were still checked).',
      unmatchedResponse:
        '{{count}} response(s) from the server carried an id that matched no request the harness was waiting for{{when}}; a response must carry the id of the request it answers (the server rewrote an id, or answered twice).',
      responseWithoutId:
        '{{count}} result response(s) from the server carried no id (absent or null){{when}}; a response must carry the id of the request it answers, and a notification gets no response at all.',
      errorIdNull:
        '{{count}} error response(s) from the server carried "id": null: JSON-RPC 2.0\'s form for a request whose id could not be read, which the {{revision}} wire schema does not admit (an error response\'s id is a string or an integer{{absent}}); strict clients may drop them.',
      cancelUnrequested:
        'The server sent notifications/cancelled, but it sent the harness no request to cancel; a cancellation must only reference a request previously issued in the same direction ({{revision}} basic/utilities/cancellation §Behavior Requirements), and the harness\'s own requests are not the server\'s to cancel.',
      progressUnrequested:
        'The server sent notifications/progress, but no request of the harness carried a progressToken; progress notifications must only reference tokens that were provided in an active request ({{revision}} {{page}} §Behavior Requirements).',
    },
    examples: {
      fail: '{"jsonrpc":"2.0","id":3,"result":{"isError":false}}  (tools/call: content is required)',
      pass: '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"ok"}]}}',
    },
    needsSession: false, // unmatched responses are named during the handshake too (initialize / server/discover)
  },
  prepare({ observation }) {
    // the negotiated revision's build-time validators (~130 KB of generated code for 2025-11-25) and their costliest
    // format, loaded and compiled while the server exits
    const revision = wireRevisionOf(observation.negotiation?.protocolVersion);
    if (revision) {
      generatedFor(revision);
      warmWireFormats();
    }
  },
  check({ observation }, report) {
    reportUnmatched(observation.wire, report);
    reportUnrequestedProgress(observation, report);
    reportUnrequestedCancel(observation, report);
    // a surface that did not boot: only its unmatched responses are judged; one whose first tools/list page got no
    // usable answer did boot (negotiated, frames exchanged): its frames are judged, as that answer may be the fault
    if (observation.bootError !== undefined && observation.bootError.phase !== 'list') return;
    const revision = wireRevisionOf(observation.negotiation?.protocolVersion);
    if (!revision) {
      const version = observation.negotiation?.protocolVersion;
      if (version !== undefined) report({ messageId: 'notChecked', severity: 'info', data: { version } });
      return;
    }
    const seen = new Set<string>();
    let nullIdErrors = 0;
    const memo = createResultIssueMemo(); // this pass only: each distinct result validated once
    // visited one by one (no list of ~19,000 frames at 1,000 tools: harness/wire/collect.ts)
    const modern = observation.negotiation?.era === 'modern';
    const negotiated = observation.negotiation?.protocolVersion;
    forEachFrame(observation, (collected, method, bare, requested) => {
      let frame = collected;
      if (idlessResponse(frame)) return; // named once as responseWithoutId, not again as a schema failure
      if (!bare && !isJsonRpcShaped(frame)) return; // JSON that is not JSON-RPC at all (a log line): transport/stdout's
      const against = modern && !bare ? judgedRevision(revision, negotiated, frame, requested) : revision;
      if (against === undefined) return; // a result served to another or no revision: the owning probe's check judges it
      if (nullIdError(frame)) {
        nullIdErrors++;
        frame = { ...(frame as object), id: 0 }; // the id is errorIdNull's; the rest of the frame is still validated
      }
      const issues: FrameIssue[] = bare && method ? resultIssues(against, method, frame, memo) : frameIssues(against, frame, method, memo);
      for (const issue of issues) {
        const key = `${against}\u0000${issue.method}\u0000${issue.pointer}\u0000${issue.keyword}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const pointer = issue.pointer === '' ? '/' : issue.pointer;
        report({ messageId: 'invalid', pointer: issue.pointer, data: { method: issue.method, revision: against, pointer, problem: issue.message, keyword: issue.keyword } });
      }
    });
    if (nullIdErrors > 0) {
      const absent = revision >= '2025-11-25' ? ', or absent' : '';
      report({ messageId: 'errorIdNull', severity: 'warning', pointer: '/id', data: { count: nullIdErrors, revision, absent } });
    }
  },
});

/** The notification method of progress (spec:2025-11-25/schema ProgressNotification). */
const PROGRESS = 'notifications/progress';

/**
 * `progressUnrequested` (warning) when the server sent notifications/progress and no request the harness recorded
 * carried `_meta.progressToken` (it writes none: every such notification names a token never provided). Read from the
 * tap's count by method, so when they came (in the handshake, during a call, at shutdown) does not matter.
 */
function reportUnrequestedProgress(observation: SurfaceObservation, report: (f: FindingDescriptor) => void): void {
  if ((observation.wire.notifications?.[PROGRESS] ?? 0) === 0 || gaveProgressToken(observation)) return;
  const version = observation.negotiation?.protocolVersion;
  const page = version !== undefined && version >= '2026-07-28' ? 'basic/patterns/progress' : 'basic/utilities/progress';
  report({ messageId: 'progressUnrequested', severity: 'warning', data: { revision: version ?? '(unknown)', page } });
}

/** The notification method of cancellation (spec:2025-11-25/schema CancelledNotification). */
const CANCELLED = 'notifications/cancelled';

/**
 * `cancelUnrequested` (warning) on the legacy eras when the server sent notifications/cancelled and no request at all
 * on the session (`wire.serverRequests`, every process of it): its cancellation can only name a request of the
 * harness's, which basic/utilities/cancellation forbids ("Cancellation notifications MUST only reference requests that:
 * Were previously issued in the same direction"). A server that sent any request is not judged (the tap keeps no ids:
 * its cancellation may name its own). The 2026-07-28 revision is not judged here. Counts by method only: no timing.
 */
function reportUnrequestedCancel(observation: SurfaceObservation, report: (f: FindingDescriptor) => void): void {
  if (observation.negotiation?.era !== 'legacy' || (observation.wire.notifications?.[CANCELLED] ?? 0) === 0) return;
  if (observation.wire.serverRequests.length > 0 || Object.values(observation.wire.capabilityRequests ?? {}).some((n) => n > 0)) return;
  report({ messageId: 'cancelUnrequested', severity: 'warning', data: { revision: observation.negotiation.protocolVersion ?? '(unknown)' } });
}

/** Whether a recorded request of the harness (a call, a probe) carried `_meta.progressToken`. */
function gaveProgressToken(observation: SurfaceObservation): boolean {
  const carries = (params: unknown): boolean => {
    const meta = params !== null && typeof params === 'object' ? (params as { _meta?: unknown })._meta : undefined;
    return meta !== null && typeof meta === 'object' && Object.hasOwn(meta, 'progressToken');
  };
  return observation.calls.some((c) => carries(c.request.params)) || observation.probes.some((p) => carries(p.request.params));
}

/**
 * One finding per kind of unmatched response (`wire.unmatched`; a tap without the split counts every one
 * as an unknown id), saying how many came during the handshake. JSON-RPC 2.0 §5; spec basic/index.mdx §Responses.
 */
function reportUnmatched(wire: WireTap, report: (f: FindingDescriptor) => void): void {
  const kinds = wire.unmatched ?? { unknownId: wire.unmatchedFrames, noId: 0, inHandshake: 0 };
  const when = kinds.inHandshake > 0 ? `, ${kinds.inHandshake} of them during the handshake (initialize / server/discover)` : '';
  if (kinds.unknownId > 0) report({ messageId: 'unmatchedResponse', data: { count: kinds.unknownId, when } });
  if (kinds.noId > 0) report({ messageId: 'responseWithoutId', data: { count: kinds.noId, when } });
}

/**
 * The revision a modern-era response is validated against, given the revision its request named (`requested`:
 * harness/wire/collect.ts `requestedRevision`; undefined: the session's own, `null`: no `_meta` envelope): the
 * negotiated `revision` for an answer to a request naming it, and for any error response (the refusal of another
 * revision, -32022, or of a missing envelope, -32602, is the negotiated revision's own message); for a result to a
 * request that named another revision, that revision when its schema is bundled, else undefined: not validated (the
 * result of a request in a revision the server should not have served is no message of any revision this harness can
 * hold it to; protocol/version-negotiation reports that it was served). Pure.
 */
function judgedRevision(revision: WireRevision, negotiated: string | undefined, frame: unknown, requested: string | null | undefined): WireRevision | undefined {
  if (requested === undefined || requested === negotiated) return revision;
  if (frame === null || typeof frame !== 'object' || !('result' in frame) || 'error' in frame) return revision;
  return requested === null ? undefined : wireRevisionOf(requested);
}

/** A result response without a usable id (absent or null): what `responseWithoutId` names. */
function idlessResponse(frame: unknown): boolean {
  if (frame === null || typeof frame !== 'object' || Array.isArray(frame)) return false;
  const f = frame as Record<string, unknown>;
  if (f.jsonrpc !== '2.0' || typeof f.method === 'string') return false;
  // an error without an id is judged by the revision's schema (optional in 2025-11-25's JSONRPCErrorResponse)
  return 'result' in f && (f.id === undefined || f.id === null);
}

/** An error response whose id is JSON null (JSON-RPC 2.0 §5's form for an unreadable id): what `errorIdNull` names. */
function nullIdError(frame: unknown): boolean {
  if (frame === null || typeof frame !== 'object' || Array.isArray(frame)) return false;
  const f = frame as Record<string, unknown>;
  return f.id === null && 'error' in f && !('result' in f) && typeof f.method !== 'string';
}
