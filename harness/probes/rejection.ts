/**
 * Reading an answer as "your arguments are invalid": a JSON-RPC -32602 error, or an `isError` result
 * whose text says input validation failed (the SDKs' "Input validation error: ...", "invalid
 * arguments/params/input", or a validation phrase naming one of the schema's properties). Pure and
 * value-free: the text and the arguments are read, never returned; only a property name of the schema itself is.
 */
import type { RequestRecord } from '../model/wire.ts';
import { looksLikeValidationError, responseKind, resultOf, rpcError } from './records.ts';
import { SENTINEL_PATTERN } from './sentinel.ts';

/** How an answer rejected the arguments, and the schema property the error names, if one. */
export interface Rejection {
  /** `JSON-RPC -32602` or `an isError result`. */
  answer: string;
  /**
   * The top-level property of the inputSchema the error names: the one whose sentinel-bearing argument the text
   * repeats (`namedByValue`), else the first property name the text holds as a whole token (`firstNamed`).
   */
  property?: string;
}

/** Unambiguous input-validation wording (a business failure rarely says this). */
const EXPLICIT = /\b(input validation (error|failed)|validation (error|failed)|invalid (arguments?|params|parameters|input))\b/i;

/** The texts an answer carries: the JSON-RPC error message, or the result's text blocks. */
function textsOf(request: RequestRecord): string[] {
  const error = rpcError(request);
  if (error) return typeof error.message === 'string' ? [error.message] : [];
  const content = resultOf(request)?.content;
  if (!Array.isArray(content)) return [];
  return content.map((b) => (b as { text?: unknown } | null)?.text).filter((t): t is string => typeof t === 'string');
}

/** The first of `names` that `text` names as a whole token (at least 2 characters). */
function firstNamed(text: string, names: readonly string[]): string | undefined {
  let best: { name: string; at: number } | undefined;
  for (const name of names) {
    if (name.length < 2) continue;
    let from = 0;
    for (let at = text.indexOf(name, from); at >= 0; at = text.indexOf(name, from)) {
      const before = at === 0 ? '' : text[at - 1];
      const after = text[at + name.length] ?? '';
      if (!/[A-Za-z0-9_]/.test(before) && !/[A-Za-z0-9_]/.test(after)) {
        if (!best || at < best.at) best = { name, at };
        break;
      }
      from = at + 1;
    }
  }
  return best?.name;
}

/** One harness sentinel anywhere in a string (SENTINEL_PATTERN without its global flag: no lastIndex state). */
const HAS_SENTINEL = new RegExp(SENTINEL_PATTERN.source);

/**
 * The one of `names` whose string argument in the call (`params.arguments`) carries a harness sentinel
 * (harness/probes/sentinel.ts: unique per probe, so it occurs in a text only because the server repeated that
 * argument) and occurs earliest in the texts: "Invalid time zone specified: <the sourceTimezone argument>" names
 * `sourceTimezone`, though the word "time" is also a property name (time-mcp 1.0.6; before, `firstNamed` blamed
 * `time`, an argument the server accepted). Only sentinels count: a server often repeats a context argument (a
 * path, a file) while rejecting another, and the harness's plain samples (`2025-01-01`, `example.com`) are common
 * words of error texts. At one position the longer value wins (it contains the other); two properties sent the same
 * value are no evidence (undefined: the word match decides).
 */
function namedByValue(texts: readonly string[], request: RequestRecord, names: readonly string[]): string | undefined {
  const args = (request.params as { arguments?: unknown } | undefined)?.arguments;
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  for (const text of texts) {
    let best: { name: string; at: number; value: string } | undefined;
    let tied = false;
    for (const name of names) {
      if (!Object.prototype.hasOwnProperty.call(args, name)) continue;
      const value = (args as Record<string, unknown>)[name];
      if (typeof value !== 'string' || !HAS_SENTINEL.test(value)) continue;
      const at = text.indexOf(value);
      if (at < 0) continue;
      if (!best || at < best.at || (at === best.at && value.length > best.value.length)) {
        best = { name, at, value };
        tied = false;
      } else if (at === best.at && value === best.value) tied = true;
    }
    if (best) return tied ? undefined : best.name;
  }
  return undefined;
}

/**
 * Whether one of `texts` names `property` as a whole token (at least 2 characters). A refusal in the body of a result
 * without isError is read as a rejection of that argument only when its words name it: words of validation alone also
 * fill business failures ("Required resource not found") and rate limits ("at most 60 per minute").
 */
export function namesPropertyIn(texts: readonly string[], property: string): boolean {
  return texts.some((t) => firstNamed(t, [property]) !== undefined);
}

/**
 * Whether an answer rejected the call's arguments as invalid, and which of `properties` (the
 * inputSchema's top-level property names) the error names. Undefined for any other answer.
 */
export function argumentRejection(request: RequestRecord, properties: readonly string[]): Rejection | undefined {
  const kind = responseKind(request);
  const texts = textsOf(request);
  const wordNamed = texts.map((t) => firstNamed(t, properties)).find((p) => p !== undefined);
  // whether the answer is a rejection at all is decided as before, by the words; a repeated argument only names it
  const property = namedByValue(texts, request, properties) ?? wordNamed;
  if (kind === 'protocol-error') {
    if (rpcError(request)?.code !== -32602) return undefined;
    return { answer: 'JSON-RPC -32602', ...(property ? { property } : {}) };
  }
  if (kind !== 'tool-error') return undefined;
  const explicit = texts.some((t) => EXPLICIT.test(t));
  if (!explicit && !(wordNamed && looksLikeValidationError(request))) return undefined;
  return { answer: 'an isError result', ...(property ? { property } : {}) };
}
