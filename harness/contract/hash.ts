/**
 * Key sorting for locks, and the contract schema hash they record. Pure and free of npm
 * dependencies, so `harness/invariants.ts` and the checks can import it.
 */

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
      // defined, not assigned: a schema property named `__proto__` (an own key of JSON.parse's result) set by
      // assignment would replace the prototype and vanish from the lock
      if (member !== undefined) Object.defineProperty(out, key, { value: sortKeysDeep(member), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** Sorted-key JSON (no whitespace): one definition, in harness/schema/sorted-json.ts. */
export { sortedJson } from '../schema/sorted-json.ts';

/**
 * The contract schema hash over the tools' schemas in canonical form: one definition, in the schema
 * comparison home (harness/schema/compare.ts), with the canonical form's version lock files record.
 */
export { CANONICAL_FORM, hashToolSchemas, type ToolSchemaPair as HashableTool } from '../schema/compare.ts';
