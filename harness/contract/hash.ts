/**
 * The contract schema hash (and key sorting for locks). Pure and free of npm dependencies, so
 * `harness/invariants.ts` and the checks can import it.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../schema/canonical.ts';

/**
 * Return a deep copy of `value` with every object's keys sorted (code-unit order). Arrays keep their
 * order; `undefined` object members are dropped (as `JSON.stringify` does). Never throws on JSON data.
 */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = sortKeysDeep(member);
    }
    return out;
  }
  return value;
}

/** Canonical JSON (sorted keys at every depth, no whitespace): one definition, in harness/schema/canonical.ts. */
export { canonicalJson } from '../schema/canonical.ts';

/** The schema-bearing part of a tool that the hash covers. */
export interface HashableTool {
  name: string;
  inputSchema: unknown;
  outputSchema?: unknown;
}

/**
 * The contract schema hash: sha256 (lowercase hex, 64 chars) over the canonical JSON of
 * `[{ name, inputSchema, outputSchema }]` sorted by tool name. Titles, descriptions and annotations
 * are not covered; an absent outputSchema is omitted from its entry. Input order does not matter.
 */
export function hashToolSchemas(tools: readonly HashableTool[]): string {
  const entries = [...tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema }));
  return createHash('sha256').update(canonicalJson(entries), 'utf8').digest('hex');
}
