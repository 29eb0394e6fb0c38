/**
 * Reading probe records: lookup by probe id and classification of what came back. Pure helpers for
 * checks; a probe whose record is missing never ran and must be skipped silently.
 */
import type { SurfaceObservation } from '../model/observation.ts';
import type { JsonRpcError } from '../model/protocol.ts';
import type { ProbeRecord, RequestRecord } from '../model/wire.ts';
import { indexOf } from './index-cache.ts';
import { frameOutcome } from '../wire/outcome.ts';

/** Probe id -> its first record (built once per `observation.probes` array). */
function byId(records: readonly ProbeRecord[]): Map<string, ProbeRecord> {
  const map = new Map<string, ProbeRecord>();
  for (const record of records) if (!map.has(record.probe.id)) map.set(record.probe.id, record);
  return map;
}

/**
 * The record of a probe by its id (the first one when several share it), or undefined when it never
 * ran. O(1) after a one-time index of `observation.probes` (rebuilt when the array grows or is replaced).
 */
export function probeRecord(observation: SurfaceObservation, id: string): ProbeRecord | undefined {
  return indexOf(observation.probes, byId).get(id);
}

/** The records whose request no earlier record holds, in plan order (built once per `observation.probes` array). */
function firstOfEachRequest(records: readonly ProbeRecord[]): readonly ProbeRecord[] {
  const seen = new Set<RequestRecord>();
  const out: ProbeRecord[] = [];
  for (const record of records) {
    if (seen.has(record.request)) continue;
    seen.add(record.request);
    out.push(record);
  }
  return out;
}

/**
 * The probe records with one per request sent: probes of different checks that were the same request share one
 * request record (harness/run/shared-probes.ts, and fresh-process openings: run/fresh-probes.ts), and a check that
 * judges every request's answer (a timeout, a crash in flight, an echo, a result's shape) judges it once, under the
 * first probe in plan order. Checks that read their own probe by id use `probeRecord`. O(1) after a one-time pass.
 */
export function distinctProbes(observation: { readonly probes: readonly ProbeRecord[] }): readonly ProbeRecord[] {
  return indexOf(observation.probes, firstOfEachRequest);
}

/** What a response was: a JSON-RPC error, an `isError: true` result, another result, or nothing. */
export type ResponseKind = 'protocol-error' | 'tool-error' | 'result' | 'none';

/** Classify a request's response frame (outcome is not trusted: the frame is read directly). */
export function responseKind(request: RequestRecord): ResponseKind {
  const frame = request.response;
  if (!frame || (!('error' in frame) && !('result' in frame))) return 'none';
  const outcome = frameOutcome(request.method, frame);
  return outcome === 'success' ? 'result' : outcome;
}

/** The JSON-RPC error of a response, when it has a well-formed one. */
export function rpcError(request: RequestRecord): JsonRpcError | undefined {
  const error = request.response?.error as unknown;
  if (error === null || typeof error !== 'object') return undefined;
  return typeof (error as JsonRpcError).code === 'number' ? (error as JsonRpcError) : undefined;
}

/** The result object of a response, when it has one. */
export function resultOf(request: RequestRecord): Record<string, unknown> | undefined {
  const result = request.response?.result;
  return result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : undefined;
}

/**
 * Whether a response is a result that is not a CallToolResult: a `result` that is not a JSON object, or one without a
 * `content` array (CallToolResult.content is required in every revision, schema/2025-11-25/schema.ts CallToolResult;
 * result/shape reports it: resultNotObject, contentMissing, contentNotArray). Such a result says neither that a call
 * succeeded nor that it failed: @cloudflare/mcp-server-cloudflare 0.2.0 (SDK 0.6.1, the SDK's old compatibility shape)
 * answers every tools/call `{"toolResult": {"content": [...], "isError": true}}`, with no top-level content or isError,
 * and read as a success each such failure seeded argument probes whose answers (the same failure) read as acceptance
 * (sweep 18: 305 false errors/input-enforcement `accepted` warnings on 76 tools). False for a JSON-RPC error and for no
 * answer. Pure.
 */
export function notCallToolResult(request: RequestRecord): boolean {
  const frame = request.response;
  if (!frame || 'error' in frame || !('result' in frame)) return false;
  const result = resultOf(request);
  return result === undefined || !Array.isArray(result.content);
}

const VALIDATION_WORDS = /\b(invalid|validation|validate|must be|must have|expected|required|not allowed|out of range|too (long|short|large|small|big)|exceeds?|at (most|least)|greater|less than)\b/i;

/**
 * "expected" as business prose uses it, an adjective or a noun after "the", "than" or "as" ("does not match the expected
 * cost", "took longer than expected", "as expected"), not as a validator does ("Expected string, received number",
 * "Invalid input: expected string at name", "url: expected a URL"): dropped before the validation words are read.
 */
const PROSE_EXPECTED = /\b(the|than|as) expected\b/gi;

/**
 * A credential's name: a qualified token or key ("API token", "access key"), credentials, a password, a secret; not
 * when it qualifies another noun ("authentication type", "credentials file", "password policy": a choice or a path a
 * schema can state, a reviewer, review 25).
 */
const CREDENTIAL = String.raw`(?:(?:api|access|auth|bearer|secret|license|personal access|refresh|session|oauth)[ _-]?(?:token|key)|(?:api|client)[ _-]?secret|credentials?|password|authentication)(?![ _-]+(?:type|method|mode|scheme|provider|header|flow|file|path|policy|option|field|parameter)s?\b)`;

/**
 * Words that refuse a credential for what it is, not for its form: "Invalid API token", "Bad credentials", "the
 * password is incorrect", "token is invalid or expired", "Unauthorized", "authentication failed". Whether a
 * credential is genuine (or still valid) is the service's to say and no inputSchema can state it: the harness's
 * generated token or a dummy key is refused that way, online or not (sweep 21: @jasontanswe/railway-mcp 1.3.0
 * configure_api_token answered a valid call "Failed to connect to the API: Invalid API token. ..." offline, and drew
 * validCallRejected). A bare "invalid token" is left alone (a parser's "Invalid token '&'" refuses an expression's
 * form); a bare token counts only as "expired" or "revoked". A credential said to be missing or required is left
 * alone too (a tool's own optional `password` that the handler needs is a schema that under-states it). The words
 * around them still count: "Invalid API token: token must be at least 40 characters" states a length, which a schema
 * can.
 */
const CREDENTIAL_REFUSAL = new RegExp(
  [
    String.raw`\b(?:invalid|expired|revoked|incorrect|wrong|bad|unknown)\s+${CREDENTIAL}\b`,
    String.raw`\b${CREDENTIAL}s?\s+(?:is|are|was|were|has|have)\s+(?:been\s+)?(?:invalid|expired|revoked|not valid|incorrect)(?:\s+or\s+(?:expired|revoked|invalid))?\b`,
    String.raw`\b(?:token|key)s?\s+(?:is|are|was|were|has|have)\s+(?:been\s+)?(?:invalid\s+or\s+)?(?:expired|revoked)\b`,
    String.raw`\b(?:expired|revoked)\s+(?:token|key)s?\b`,
    String.raw`\bunauthori[sz]ed\b|\bnot authenticated\b|\bauthentication (?:failed|error|required)\b|\bfailed to authenticate\b`,
  ].join('|'),
  'gi',
);

/**
 * Words of a value's form: a format, a length, characters, a prefix, a pattern. A credential refused in a text that
 * speaks of its form is refused for that form, which a schema can state (pattern, minLength): "Invalid API token
 * format", "Invalid access token length", "API token is invalid: a token starts with rw_" (a reviewer, review 25:
 * each read as the credential's refusal and drew no validCallRejected).
 */
const FORM_WORDS = /\b(?:format(?:ted)?|length|characters?|digits?|letters?|contains?|starts?\s+with|begins?\s+with|ends?\s+with|prefix(?:ed)?|pattern|syntax)\b/i;

/**
 * An address a failed request names, which holds no words of the text's own: a URL (`scheme://` up to a space, quote,
 * bracket or parenthesis), and the host or address a network error code names ("getaddrinfo ENOTFOUND
 * shop.example.invalid", "connect ECONNREFUSED 127.0.0.1:9"). shopify-mcp 1.0.8 offline with a dummy store domain
 * (sweep 34) answered a valid call "Failed to manage product variants: request to https://<store>.myshopify.invalid/...
 * failed, reason: getaddrinfo ENOTFOUND <store>.myshopify.invalid": the reserved top-level domain `.invalid` (RFC 6761
 * §6.4) read as the word "invalid", and the network failure drew validCallRejected. A dotted name elsewhere in the
 * text is kept ("errors.validation.required" may be a validator's message key).
 */
const NAMED_ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()[\]]+|\b(?:ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\s+[^\s"'<>(),;]+/gi;

/**
 * Whether `text` uses words of input validation (VALIDATION_WORDS: "invalid", "must be", "required", "at most",
 * "expected"...), "expected" in prose aside (PROSE_EXPECTED: "does not match the expected cost" is a business failure),
 * the URLs and network addresses it names aside (NAMED_ADDRESS: a host `shop.example.invalid` or a path `/validate` is
 * no word of the text's), and a credential's refusal aside (CREDENTIAL_REFUSAL: "Invalid API token" says the service did
 * not accept it), unless the text speaks of the credential's form (FORM_WORDS: "Invalid API token format" refuses a
 * form). Pure.
 */
export function readsAsValidation(text: string): boolean {
  const prose = text.replace(NAMED_ADDRESS, ' ').replace(PROSE_EXPECTED, '');
  return VALIDATION_WORDS.test(FORM_WORDS.test(prose) ? prose : prose.replace(CREDENTIAL_REFUSAL, ''));
}

/** CREDENTIAL_REFUSAL without the global flag: a `test` that keeps no lastIndex between calls. */
const CREDENTIAL_REFUSAL_ONCE = new RegExp(CREDENTIAL_REFUSAL.source, 'i');

/**
 * Whether `text` refuses a credential and nothing else: it holds a credential's refusal (CREDENTIAL_REFUSAL: "Invalid
 * API token", "Unauthorized", "authentication failed") and, that refusal aside, no words of input validation, nor
 * words of the credential's form (readsAsValidation false: "Invalid API token format" or "Invalid API token: token
 * must be at least 40 characters" refuse what a schema can state). Read on the JSON-RPC -32602 channel
 * (./rejection.ts `argumentRejection`), where a code alone says "invalid params": whether a token is genuine is the
 * service's to say, whichever channel carries its answer. Pure.
 */
export function refusesCredentialOnly(text: string): boolean {
  return CREDENTIAL_REFUSAL_ONCE.test(text) && !readsAsValidation(text);
}

/**
 * A credential said to be absent from the server's configuration, in the text's first sentence: "Discord token not
 * provided and not configured.", "API key is not configured", "token has not been configured". A handler that says so
 * looked for the credential in its arguments and then in its configuration (an environment variable, a config file)
 * and found neither: the run's configuration is to blame, and a credential that may come from either is no rule an
 * inputSchema can state (sweep 32: mcp-discord 1.3.4's discord_login, whose optional `token` falls back to
 * DISCORD_TOKEN, answered `{}` offline "Discord token not provided and not configured. ... 2. Ensure all required
 * privileged intents ... are enabled", after its failed auto-login cleared the configured dummy token, and drew
 * validCallRejected naming `token` from the advice's "required"). Only the first sentence counts, so a validation
 * text that mentions a configuration later ("limit must be at most 50. The API key is not configured either.") is
 * still one; a credential merely "required" or "missing" is not this (a tool's own optional `password` that the
 * handler needs is a schema that under-states it).
 */
const CREDENTIAL_UNCONFIGURED = /\b(?:token|key|secret|password|credentials?)s?\s+(?:(?:is|are|was|were|has|have)\s+(?:been\s+)?)?(?:not\s+(?:been\s+)?(?:provided|given|supplied|passed|set)\s*(?:,|and|or|nor)\s+)?not\s+(?:been\s+)?configured\b/i;

/** The first sentence of `text`: up to a sentence end (., ! or ? before white space) or a line break. */
function firstSentence(text: string): string {
  return text.trimStart().split(/(?<=[.!?])\s|\n/, 1)[0];
}

/**
 * Whether `text`'s first sentence says a credential was found neither in the call nor in the server's configuration
 * (CREDENTIAL_UNCONFIGURED: "token not provided and not configured"): a refusal of the run's configuration, not of
 * the arguments. Read by ./rejection.ts `argumentRejection` on both channels. Pure.
 */
export function saysCredentialUnconfigured(text: string): boolean {
  return CREDENTIAL_UNCONFIGURED.test(firstSentence(text));
}

/**
 * Whether an `isError` result reads like an input-validation rejection (one of its text blocks reads as
 * validation: readsAsValidation), as opposed to a business failure. Heuristic; reads the text, never reports it.
 */
export function looksLikeValidationError(request: RequestRecord): boolean {
  const content = resultOf(request)?.content;
  if (!Array.isArray(content)) return false;
  return content.some((b) => typeof (b as { text?: unknown })?.text === 'string' && readsAsValidation((b as { text: string }).text));
}
