/**
 * The contract diff (`mcp-harness diff OLD NEW`, contract/version-lock): every change between two
 * contracts' tools, classified per direction with the narrowing comparator (./compare.ts
 * `compareSchemas`, the one tools/input-narrowing uses), each with a stable change ID.
 *
 * For each tool both sides list and each schema side (`input`, `output`), the comparator runs both
 * ways under that side's rules: `compareSchemas(old, new, dir)` lists where NEW is not a narrowing of
 * OLD (it widens, or changes), `compareSchemas(new, old, dir)` where OLD is not a narrowing of NEW
 * (NEW narrows, or changes). Each difference becomes a change kind (`CHANGE_IMPACT`), and the kind's
 * impact depends on the direction: for inputs a narrowing (a new required property, a tightened
 * bound, a removed enum member, a closed object) breaks callers and a widening is compatible; for
 * outputs a widening (a removed or loosened guarantee) breaks consumers and a narrowing is compatible.
 * A keyword changed both ways (another `type`) breaks both; a removed tool breaks callers; an added
 * tool, an added optional property and changed annotation keywords (`description`, `title`, ...) or
 * tool metadata (title, description, annotations, `_meta`) break nobody and are compatible.
 * Pure; never throws; value-free (tool names, keywords, JSON pointers and kinds only).
 */
import { createHash } from 'node:crypto';
import type { DifferenceKind, SchemaDifference } from './narrowing.ts';
import { compareSchemas, type SchemaSide, type ToolSchemaPair } from './compare.ts';
import { joinPointer } from './pointer.ts';
import { jsonEqual } from './sorted-json.ts';
import { boundServerText as bound } from '../model/text-budget.ts';

/** What a change is (stable: part of the change ID). */
export type ChangeKind =
  | 'tool-added'
  | 'tool-removed'
  | 'schema-added'
  | 'schema-removed'
  | 'property-added'
  | 'property-removed'
  | 'required-added'
  | 'required-removed'
  | 'enum-member-added'
  | 'enum-member-removed'
  | 'bound-added'
  | 'bound-tightened'
  | 'bound-removed'
  | 'bound-loosened'
  | 'object-closed'
  | 'object-opened'
  | 'keyword-added'
  | 'keyword-removed'
  | 'keyword-changed'
  | 'annotation-changed'
  | 'metadata-changed';

/** Who a change breaks: `breaking` (callers for inputs, consumers for outputs, callers of a removed tool) or nobody. */
export type ChangeImpact = 'breaking' | 'compatible';

/** Where a change is: a tool's inputSchema, outputSchema, or the tool itself (presence, metadata). */
export type ChangeDirection = SchemaSide | 'tool';

/** One change between two contracts. */
export interface ContractChange {
  /** Stable ID: the first 16 hex characters of sha256 over tool, direction, pointer, kind (and property) (never order or time). */
  id: string;
  tool: string;
  direction: ChangeDirection;
  kind: ChangeKind;
  impact: ChangeImpact;
  /** JSON pointer into the Tool object (`/inputSchema/properties/x`, `/annotations/readOnlyHint`; '' for the tool): in NEW, or in OLD for what NEW no longer has. */
  pointer: string;
  /** The schema keyword involved (`properties`, `required`, `enum`, `maximum`...), for schema changes. */
  keyword?: string;
  /** The property name, for property and required changes. */
  property?: string;
}

/** A contract tool as the diff reads it (contract entry, lock entry or listed tool). */
export interface DiffTool extends ToolSchemaPair {
  title?: string;
  description?: string;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** Impact of each kind, `[input, output]` (tool-level kinds use the first). The docs table (docs/diff.md) is this table. */
export const CHANGE_IMPACT: Readonly<Record<ChangeKind, readonly [ChangeImpact, ChangeImpact]>> = {
  'tool-added': ['compatible', 'compatible'],
  'tool-removed': ['breaking', 'breaking'],
  'schema-added': ['breaking', 'compatible'],
  'schema-removed': ['breaking', 'breaking'],
  'property-added': ['compatible', 'compatible'],
  'property-removed': ['breaking', 'breaking'],
  'required-added': ['breaking', 'compatible'],
  'required-removed': ['compatible', 'breaking'],
  'enum-member-added': ['compatible', 'breaking'],
  'enum-member-removed': ['breaking', 'compatible'],
  'bound-added': ['breaking', 'compatible'],
  'bound-tightened': ['breaking', 'compatible'],
  'bound-removed': ['compatible', 'breaking'],
  'bound-loosened': ['compatible', 'breaking'],
  'object-closed': ['breaking', 'compatible'],
  'object-opened': ['compatible', 'breaking'],
  'keyword-added': ['breaking', 'compatible'],
  'keyword-removed': ['compatible', 'breaking'],
  'keyword-changed': ['breaking', 'breaking'],
  'annotation-changed': ['compatible', 'compatible'],
  'metadata-changed': ['compatible', 'compatible'],
};

/** Keywords that annotate and never reject an instance: a change to them breaks nobody. */
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$id', '$anchor']);
const BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);

/**
 * The change kind of each comparator difference, `[forward, backward]`: forward when found by
 * compareSchemas(OLD, NEW) (NEW widens or changes OLD there), backward when found by
 * compareSchemas(NEW, OLD) (NEW narrows or changes it). Annotation keywords and bounds are refined in `kindOf`.
 */
const KIND_OF: Readonly<Record<DifferenceKind, readonly [ChangeKind, ChangeKind]>> = {
  'added-property': ['property-added', 'property-removed'],
  'removed-required-property': ['property-removed', 'property-added'],
  'added-keyword': ['keyword-added', 'keyword-removed'],
  'removed-keyword': ['keyword-removed', 'keyword-added'],
  'changed-keyword': ['keyword-changed', 'keyword-changed'],
  'loosened-bound': ['bound-loosened', 'bound-tightened'],
  'enum-member': ['enum-member-added', 'enum-member-removed'],
  'added-required': ['required-added', 'required-removed'],
  'dropped-required': ['required-removed', 'required-added'],
  'removed-property': ['property-removed', 'property-added'],
  'opened-object': ['object-opened', 'object-closed'],
  'too-deep': ['keyword-changed', 'keyword-changed'],
  'too-large': ['keyword-changed', 'keyword-changed'],
};

/** The change kind of a comparator difference (see KIND_OF); `forward`: found by compareSchemas(OLD, NEW). */
function kindOf(d: SchemaDifference, forward: boolean): ChangeKind {
  const kind = KIND_OF[d.kind][forward ? 0 : 1];
  if (ANNOTATIONS.has(d.keyword) && kind.startsWith('keyword-')) return 'annotation-changed';
  if (BOUNDS.has(d.keyword) && kind === 'keyword-removed') return 'bound-removed';
  if (BOUNDS.has(d.keyword) && kind === 'keyword-added') return 'bound-added';
  return kind;
}

/**
 * The stable ID of a change: sha256 over tool, direction, pointer and kind (U+0000-joined; plus the
 * property for property and required changes, which share their `properties`/`required` pointer),
 * first 16 hex characters. Never the order of the changes or the time.
 */
export function changeId(change: Pick<ContractChange, 'tool' | 'direction' | 'pointer' | 'kind' | 'property'>): string {
  const key = [change.tool, change.direction, change.pointer, change.kind, ...(change.property !== undefined ? [change.property] : [])];
  return createHash('sha256').update(key.join('\u0000'), 'utf8').digest('hex').slice(0, 16);
}

function change(tool: string, direction: ChangeDirection, kind: ChangeKind, pointer: string, extra: { keyword?: string; property?: string } = {}): ContractChange {
  const impact = CHANGE_IMPACT[kind][direction === 'output' ? 1 : 0];
  return { id: changeId({ tool, direction, pointer, kind, property: extra.property }), tool, direction, kind, impact, pointer, ...(extra.keyword !== undefined ? { keyword: extra.keyword } : {}), ...(extra.property !== undefined ? { property: extra.property } : {}) };
}

/** Changes of one schema side of a tool both contracts list. */
function schemaChanges(tool: string, dir: SchemaSide, before: unknown, after: unknown): ContractChange[] {
  const root = `/${dir}Schema`;
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [change(tool, dir, 'schema-added', root, { keyword: 'schema' })];
  if (after === undefined) return [change(tool, dir, 'schema-removed', root, { keyword: 'schema' })];
  const found = [
    ...compareSchemas(before, after, dir).map((d) => [d, true] as const),
    ...compareSchemas(after, before, dir).map((d) => [d, false] as const),
  ];
  return found.map(([d, forward]) => change(tool, dir, kindOf(d, forward), root + d.pointer, { keyword: d.keyword, property: d.property }));
}

/** Tool metadata changes (title, description, each annotation key, each `_meta` key): compatible. */
function metadataChanges(tool: string, before: DiffTool, after: DiffTool): ContractChange[] {
  const out: ContractChange[] = [];
  for (const field of ['title', 'description'] as const) {
    if (!jsonEqual(before[field] ?? null, after[field] ?? null)) out.push(change(tool, 'tool', 'metadata-changed', `/${field}`));
  }
  for (const field of ['annotations', '_meta'] as const) {
    const a = before[field] ?? {};
    const b = after[field] ?? {};
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (!jsonEqual(a[key] ?? null, b[key] ?? null)) out.push(change(tool, 'tool', 'metadata-changed', joinPointer(`/${field}`, key)));
    }
  }
  return out;
}

/** Sort key: tool, then input/output/tool, then pointer, then kind (a deterministic order, never the input's). */
const ORDER: Record<ChangeDirection, number> = { tool: 0, input: 1, output: 2 };
function compareChanges(a: ContractChange, b: ContractChange): number {
  return a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : ORDER[a.direction] - ORDER[b.direction] || (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
}

/**
 * Every change from `before` (OLD) to `after` (NEW), one per (tool, direction, pointer, kind), sorted
 * by tool, direction and pointer. Tools are matched by name; a duplicated name counts once (its first
 * entry). Empty when the contracts have the same canonical schemas and metadata.
 */
export function diffContracts(before: readonly DiffTool[], after: readonly DiffTool[]): ContractChange[] {
  const first = (tools: readonly DiffTool[]) => {
    const map = new Map<string, DiffTool>();
    for (const t of tools) if (!map.has(t.name)) map.set(t.name, t);
    return map;
  };
  const old = first(before);
  const now = first(after);
  const out: ContractChange[] = [];
  for (const [name, tool] of old) {
    const next = now.get(name);
    if (!next) {
      out.push(change(name, 'tool', 'tool-removed', ''));
      continue;
    }
    out.push(...schemaChanges(name, 'input', tool.inputSchema, next.inputSchema), ...schemaChanges(name, 'output', tool.outputSchema, next.outputSchema), ...metadataChanges(name, tool, next));
  }
  for (const name of now.keys()) if (!old.has(name)) out.push(change(name, 'tool', 'tool-added', ''));
  const seen = new Set<string>();
  return out.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true))).sort(compareChanges);
}

/** The breaking changes among `changes`. */
export function breakingChanges(changes: readonly ContractChange[]): ContractChange[] {
  return changes.filter((c) => c.impact === 'breaking');
}

/**
 * A value-free sentence for a change: the tool, the pointer, what changed and who it breaks. The tool name, property
 * name, keyword and pointer a server chose are each cut to the server-text budget (../model/text-budget.ts), as a
 * check's message data are; the change itself keeps them whole. Not escaped: each reporter escapes for its format.
 */
export function describeChange(c: ContractChange): string {
  const where = c.pointer === '' ? '' : ` at ${bound(c.pointer)}`;
  const what = c.kind.replace(/-/g, ' ');
  const who = c.impact === 'compatible' ? 'compatible' : c.direction === 'output' ? 'breaks consumers of its results' : 'breaks callers';
  const keyword = c.keyword !== undefined && !['schema', 'properties', 'required', 'enum', 'additionalProperties'].includes(c.keyword) && !c.kind.startsWith('bound-') ? ` '${bound(c.keyword)}'` : c.kind.startsWith('bound-') ? ` (${c.keyword})` : '';
  const subject = c.property !== undefined ? ` ${bound(c.property)}` : keyword;
  return `${bound(c.tool)}: ${c.direction === 'tool' ? '' : `${c.direction} `}${what}${subject}${where} (${who})`;
}
