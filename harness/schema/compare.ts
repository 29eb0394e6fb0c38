/**
 * The one home for comparing tool schemas: every comparison of a contract's schemas with another
 * side's (tools/input-narrowing, the lock's schema hash, `overrides: 'none'` identity, `diff`) goes
 * through here. Both sides are first brought to canonical form (./canonicalise.ts), compared under
 * the enumerated narrowing rules (./narrowing.ts), and every difference is reported at the pointer
 * the compared document really used (the canonical form's map back to raw pointers).
 * Pure; never throws; no values in the output (keywords, property names and JSON pointers only).
 */
import { createHash } from 'node:crypto';
import { isJsonObject as isRecord } from '../json.ts';
import { CANONICAL_FORM, canonicalise, type CanonicalSchema } from './canonicalise.ts';
import { schemaDifferences, type DifferenceKind, type Direction, type SchemaDifference } from './narrowing.ts';
import { joinPointer } from './pointer.ts';
import { jsonEqual, sortedJson } from './sorted-json.ts';

/** Which schema of a tool: `input` (inputSchema) or `output` (outputSchema). */
export type SchemaSide = Direction;

/** The schema-bearing part of a tool (contract entry, lock entry or listed tool). */
export interface ToolSchemaPair {
  name: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

/** The kinds of tool-schema difference: the comparator's, plus the top-level property rules and schema presence. */
export type ToolDifferenceKind =
  | DifferenceKind
  /** A top-level property the contract does not declare. */
  | 'undeclared-property'
  /** A top-level required entry the contract does not require. */
  | 'undeclared-required'
  /** The other side has no such schema; the contract declares one. */
  | 'schema-absent'
  /** The other side has a schema the contract does not declare. */
  | 'schema-undeclared'
  /** One side is not a schema object (e.g. a boolean or another JSON value) and they differ. */
  | 'schema-incomparable';

/** One difference between a contract tool's schemas and another side's. */
export interface ToolSchemaDifference {
  side: SchemaSide;
  kind: ToolDifferenceKind;
  /** Pointer into the other side's Tool object (`/inputSchema/properties/x`), as that side spelled it. */
  pointer: string;
  /** The keyword involved (`properties`/`required` for property rules, `schema` for presence). */
  keyword: string;
  /** The property name, for property differences. */
  property?: string;
}

/** Comparison options. */
export interface CompareOptions {
  /** Compare outputSchema too (default true). */
  outputs?: boolean;
}

type Difference = Omit<ToolSchemaDifference, 'side'>;

/** Root-level property rules first (their messages are the issue's), then everything else in document order. */
const RANK: Partial<Record<ToolDifferenceKind, number>> = { 'undeclared-property': 0, 'undeclared-required': 1 };

/**
 * The comparator's differences of two canonical roots, with the root's added properties and required
 * entries named as the top-level rules (the same rules apply at every depth; only the wording differs).
 */
function rootDifferences(contract: Record<string, unknown>, advertised: Record<string, unknown>, dir: Direction): Difference[] {
  const out: Difference[] = schemaDifferences(contract, advertised, dir).map((d) => {
    if (d.kind === 'added-property' && d.pointer === joinPointer('', 'properties', d.property ?? '')) return { ...d, kind: 'undeclared-property' };
    if (d.kind === 'added-required' && d.pointer === '/required') return { ...d, kind: 'undeclared-required' };
    return d;
  });
  return out.map((d, i) => [d, i] as const).sort(([a, i], [b, j]) => (RANK[a.kind] ?? 2) - (RANK[b.kind] ?? 2) || i - j).map(([d]) => d);
}

/**
 * The comparator's differences between two schemas brought to canonical form, each pointer mapped
 * back to the advertised document ('' = its root). Empty = `advertised` narrows `contract`.
 */
export function compareSchemas(contract: unknown, advertised: unknown, dir: Direction = 'input'): SchemaDifference[] {
  const c = canonicalise(contract);
  const a = canonicalise(advertised);
  if (incomparable(c, a)) return [{ pointer: '', kind: 'too-large', keyword: 'schema' }];
  return unique(schemaDifferences(c.schema, a.schema, dir).map((d) => ({ ...d, pointer: a.rawPointer(d.pointer) })));
}

/**
 * True when two canonical forms differ and exactly one kept its `$ref`s for the inlining budget: keyword by keyword,
 * every kept `$ref` would read as a difference against the other's inlined targets (one `too-large` difference instead).
 */
function incomparable(c: CanonicalSchema, a: CanonicalSchema): boolean {
  return (c.pastBudget === true) !== (a.pastBudget === true) && !jsonEqual(c.schema, a.schema);
}

/** Differences without repeats (an inlined `$ref` target and its kept definition can report one place twice). */
function unique<T extends { kind: string; pointer: string; property?: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.kind} ${d.pointer} ${d.property ?? ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Differences of one schema pair, pointers mapped back to the advertised document. */
function sideDifferences(side: SchemaSide, contract: unknown, advertised: unknown): ToolSchemaDifference[] {
  const root = `/${side}Schema`;
  if (contract === undefined && advertised === undefined) return [];
  const c = canonicalise(contract);
  const a: CanonicalSchema = canonicalise(advertised);
  if (incomparable(c, a)) return [{ side, kind: 'too-large', pointer: root, keyword: 'schema' }];
  if (isRecord(c.schema) && isRecord(a.schema)) {
    return unique(rootDifferences(c.schema, a.schema, side).map((d) => ({ side, kind: d.kind, pointer: root + a.rawPointer(d.pointer), keyword: d.keyword, ...(d.property !== undefined ? { property: d.property } : {}) })));
  }
  if (jsonEqual(c.schema, a.schema)) return [];
  const kind: ToolDifferenceKind = advertised === undefined ? 'schema-absent' : contract === undefined ? 'schema-undeclared' : 'schema-incomparable';
  return [{ side, kind, pointer: root, keyword: 'schema' }];
}

/**
 * Compare a contract tool's schemas with another side's (an advertised tool, a lock entry): inputSchema
 * always; outputSchema where either side declares one. Empty = the other side only narrows the
 * contract under the enumerated rules (docs/architecture.md §The narrowing comparator). Differences come input first, in document order.
 */
export function compareToolSchemas(contract: ToolSchemaPair, other: ToolSchemaPair, options: CompareOptions = {}): ToolSchemaDifference[] {
  const out = sideDifferences('input', contract?.inputSchema, other?.inputSchema);
  if (options.outputs !== false) out.push(...sideDifferences('output', contract?.outputSchema, other?.outputSchema));
  return out;
}

/** True when two schemas have the same canonical form (absent equals absent). */
export function schemasIdentical(a: unknown, b: unknown): boolean {
  return jsonEqual(canonicalise(a ?? null).schema, canonicalise(b ?? null).schema);
}

/**
 * The contract schema hash: sha256 (lowercase hex, 64 chars) over the sorted-key JSON of
 * `[{ name, inputSchema, outputSchema }]` in canonical form `form` (default CANONICAL_FORM), sorted by
 * tool name. Titles, descriptions and annotations are not covered; an absent outputSchema is omitted
 * from its entry. Input order does not matter.
 */
export function hashToolSchemas(tools: readonly ToolSchemaPair[], form: number = CANONICAL_FORM): string {
  const entries = [...tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((tool) => ({ name: tool.name, inputSchema: canonicalise(tool.inputSchema, form).schema, outputSchema: canonicalise(tool.outputSchema, form).schema }));
  return createHash('sha256').update(sortedJson(entries), 'utf8').digest('hex');
}

export { CANONICAL_FORM };
