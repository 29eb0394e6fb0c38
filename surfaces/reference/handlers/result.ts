/**
 * Handler outcomes and their CallToolResult form. A handler returns either structured output or a
 * value-free failure that names the field, never the caller's value.
 */

/** What a pure handler returns. */
export type HandlerOutcome<T> = { ok: true; value: T } | { ok: false; field: string; reason: string };

/** A `tools/call` result as the reference surfaces return it (the subset of CallToolResult they use). */
export interface ReferenceToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Success outcome. */
export function ok<T>(value: T): HandlerOutcome<T> {
  return { ok: true, value };
}

/** Business-rule failure: `field` is the argument name, `reason` is value-free text. */
export function fail<T>(field: string, reason: string): HandlerOutcome<T> {
  return { ok: false, field, reason };
}

/**
 * Turn an outcome into a CallToolResult: success carries `structuredContent` plus one text block with
 * `JSON.stringify(structuredContent)`; failure is `isError: true` with a text block `<field>: <reason>`.
 */
export function toCallToolResult<T extends Record<string, unknown>>(outcome: HandlerOutcome<T>): ReferenceToolResult {
  if (!outcome.ok) return { content: [{ type: 'text', text: `${outcome.field}: ${outcome.reason}` }], isError: true };
  return { content: [{ type: 'text', text: JSON.stringify(outcome.value) }], structuredContent: outcome.value };
}

/** A deterministic 32-bit FNV-1a hash of a string (for stable ids and scores). */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
