/**
 * The contract invariants (docs/architecture.md §Adding a check): pure functions over tools and JSON Schema documents that never
 * throw, so one run reports every problem. Each `*Problems` function returns structured problems in
 * the vocabulary of the check that reports them (tools/set-diff, tools/advertised-shape,
 * tools/advertised-metadata, tools/input-narrowing, contract/version-lock): the `messageId` is a key of
 * that check's `meta.messages` and `data` its placeholders, so the check's catalogue is the only
 * English (issue 14 §3). `uncalledTools` and `unmatchedWatchedPaths` return names for
 * contract/every-tool-called and contract/watched-paths. Nothing here does I/O or imports the process layer.
 */
import { isJsonObject as isRecord } from './json.ts';
import type { ContractTool } from './model/contract.ts';
import { KNOWN_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION, toolLabel, type ListedTool } from './model/protocol.ts';
import { jsonEqual } from './schema/sorted-json.ts';
import { compareToolSchemas, type SchemaSide, type ToolSchemaDifference } from './schema/compare.ts';
import { describeDifference } from './schema/narrowing.ts';
import { joinPointer } from './schema/pointer.ts';
import { atLeastRevision, STRUCTURED_OUTPUT_REVISION } from './wire/revision.ts';

/**
 * One structured problem an invariant found (ESLint's report descriptor, one vocabulary with the
 * check): `messageId` is a key of the reporting check's `meta.messages`, `data` fills exactly that
 * message's `{{placeholders}}` (tool and property names, keywords, JSON pointers and fixed phrases of
 * this module: never an argument, result or schema value), `pointer` is a JSON pointer into the Tool
 * object ('' = the tool itself; absent = the problem is about the tool set, not inside one tool).
 * A check reports a problem as it is: `report(problem)`.
 */
export interface Problem<M extends string = string, D extends Record<string, string> = Record<string, string>> {
  messageId: M;
  tool?: string;
  pointer?: string;
  data: D;
}

/** The schema pair of a tool, as both the contract and the listing carry it. */
export interface ToolSchemas {
  name: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

const nameOf = (tool: unknown): string => (isRecord(tool) && typeof tool.name === 'string' ? tool.name : '(unnamed tool)');

/** tools/set-diff's problems (messages `missing`, `unexpected`). */
export type ToolSetProblem = Problem<'missing' | 'unexpected', { tool: string }>;

/** Tools missing from the listing or advertised beyond the contract (by name). */
export function toolSetProblems(contract: ContractTool[], advertised: ListedTool[]): ToolSetProblem[] {
  const listed = new Set((advertised ?? []).map(nameOf));
  const expected = new Set((contract ?? []).map(nameOf));
  const problem = (messageId: ToolSetProblem['messageId']) => (tool: string): ToolSetProblem => ({ messageId, tool, data: { tool } });
  return [...[...expected].filter((n) => !listed.has(n)).map(problem('missing')), ...[...listed].filter((n) => !expected.has(n)).map(problem('unexpected'))];
}

/** Is `version` (YYYY-MM-DD revision) at or after `floor`? Revisions compare lexically. */
const atLeast = (version: string, floor: string): boolean => version >= floor;

/** The `detail` of a root problem: a composition, a missing type, or nothing. */
type RootDetail = '' | ' (no type)' | ` (root is an ${'anyOf' | 'oneOf' | 'allOf'})`;

/**
 * tools/advertised-shape's problems: a root that is not an object (`detail`: a composition or a missing type;
 * `rule`: the revision that requires an object outputSchema root), a field of the wrong type. `severity`
 * `warning` marks an outputSchema problem on a revision before 2025-06-18, which defines no outputSchema.
 */
export type ShapeProblem = (
  | Problem<'inputRoot', { tool: string; detail: RootDetail }>
  | Problem<'outputRoot', { tool: string; detail: RootDetail; rule: string }>
  | Problem<'fieldType', { tool: string; field: string; what: string }>
) & { severity?: 'warning' };

/** The root-type detail of a schema object whose root does not declare type "object", else undefined. */
function rootDetail(schema: Record<string, unknown>): RootDetail | undefined {
  if (schema.type === 'object') return undefined;
  const composition = (['anyOf', 'oneOf', 'allOf'] as const).find((k) => k in schema);
  return composition ? (` (root is an ${composition})` as const) : schema.type === undefined ? ' (no type)' : '';
}

/**
 * The outputSchema problems of a Tool object on a 2025 revision (root object; schema/2025-06-18/schema.ts
 * Tool.outputSchema `type: "object"`). Before 2025-06-18 (2024-11-05, 2025-03-26: no Tool.outputSchema) they are
 * warnings naming 2025-06-18 as the rule's revision: clients such as the MCP SDKs parse tools/list with that
 * shape whatever the revision, and refuse the listing.
 */
function outputSchemaProblems(tool: string, outputSchema: unknown, protocolVersion: string): ShapeProblem[] {
  const current = atLeastRevision(protocolVersion, STRUCTURED_OUTPUT_REVISION);
  const gate = current ? {} : { severity: 'warning' as const };
  const since = current ? '' : ` (the shape revision ${STRUCTURED_OUTPUT_REVISION} gives it; the negotiated ${protocolVersion} defines no outputSchema)`;
  if (!isRecord(outputSchema)) return [{ ...fieldType(tool, '/outputSchema', `an object${since}`), ...gate }];
  const detail = rootDetail(outputSchema);
  if (detail === undefined) return [];
  const rule = current
    ? 'revisions before 2026-07-28 require an object root'
    : `revision ${STRUCTURED_OUTPUT_REVISION} requires an object root (the negotiated ${protocolVersion} defines no outputSchema), and clients such as the MCP SDKs parse tools/list with that shape whatever the revision`;
  return [{ messageId: 'outputRoot', tool, pointer: '/outputSchema/type', data: { tool, detail, rule }, ...gate }];
}

/** A field of the Tool object (`pointer`, '' = the tool itself) that is not `what`. */
const fieldType = (tool: string, pointer: string, what: string): ShapeProblem => ({ messageId: 'fieldType', tool, pointer, data: { tool, field: pointer || 'the tool', what } });

/** Tool-object problems of optional fields: title, description, annotations, icons. */
function optionalFieldProblems(tool: string, t: Record<string, unknown>, protocolVersion: string): ShapeProblem[] {
  const out: ShapeProblem[] = [];
  const bad = (pointer: string, what: string): void => void out.push(fieldType(tool, pointer, what));
  for (const f of ['title', 'description']) if (f in t && typeof t[f] !== 'string') bad(`/${f}`, 'a string');
  if ('annotations' in t) {
    if (!isRecord(t.annotations)) bad('/annotations', 'an object');
    else {
      const a = t.annotations;
      if ('title' in a && typeof a.title !== 'string') bad('/annotations/title', 'a string');
      for (const h of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) if (h in a && typeof a[h] !== 'boolean') bad(`/annotations/${h}`, 'a boolean');
    }
  }
  if (atLeast(protocolVersion, '2025-11-25') && 'icons' in t) {
    if (!Array.isArray(t.icons)) bad('/icons', 'an array');
    else t.icons.forEach((icon, i) => (!isRecord(icon) || typeof icon.src !== 'string') && bad(`/icons/${i}`, 'an Icon with a string src'));
  }
  return out;
}

/**
 * Tool-object shape on the negotiated revision (schema.ts `Tool`, 2025-06-18 / 2025-11-25 / 2026-07-28):
 * name a string; inputSchema an object whose root declares type "object" (every revision);
 * outputSchema an object with root type "object" on 2025 revisions, any JSON Schema (object or
 * boolean) on 2026-07-28 (before 2025-06-18, which defines no outputSchema, its problems are warnings that
 * name 2025-06-18: `outputSchemaProblems`); title/description strings; annotations an object of hints; icons
 * an array on 2025-11-25 and later. Never throws.
 */
export function advertisedShapeProblems(tool: ListedTool, protocolVersion: string): ShapeProblem[] {
  // a name that is not a string is this tool's own problem, and the tool is called by its JSON text (`123`, `(no name)`)
  const name = isRecord(tool) ? toolLabel(tool.name) : nameOf(tool);
  if (!isRecord(tool)) return [fieldType(name, '', 'a Tool object')];
  const out: ShapeProblem[] = [];
  if (typeof tool.name !== 'string' || tool.name === '') out.push(fieldType(name, '/name', 'a non-empty string'));
  if (!isRecord(tool.inputSchema)) out.push(fieldType(name, '/inputSchema', 'an object'));
  else {
    const detail = rootDetail(tool.inputSchema);
    if (detail !== undefined) out.push({ messageId: 'inputRoot', tool: name, pointer: '/inputSchema/type', data: { tool: name, detail } });
  }
  const version = (KNOWN_PROTOCOL_VERSIONS as readonly string[]).includes(protocolVersion) ? protocolVersion : protocolVersion || MODERN_PROTOCOL_VERSION;
  if ('outputSchema' in tool && tool.outputSchema !== undefined) {
    if (version === MODERN_PROTOCOL_VERSION) {
      if (!isRecord(tool.outputSchema) && typeof tool.outputSchema !== 'boolean') out.push(fieldType(name, '/outputSchema', 'a JSON Schema'));
    } else out.push(...outputSchemaProblems(name, tool.outputSchema, version));
  }
  return [...out, ...optionalFieldProblems(name, tool, version)];
}

/** Hint defaults (schema.ts ToolAnnotations): an absent hint equals its default. */
const HINT_DEFAULTS: Record<string, boolean> = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

/** Options of `advertisedMetadataProblems`. */
export interface MetadataOptions {
  /**
   * Compare only the `annotations` keys the contract declares (a key absent from the contract is not
   * a claim: a contract module's annotations may be a Partial over its project's own defaults). Default
   * false: every key either side has, absent hints as their schema.ts defaults (a lock records what
   * the server advertised, so an absent key there is the default it advertised).
   */
  declaredAnnotationsOnly?: boolean;
  /** The `_meta` keys compared (default: every key the contract tool's `_meta` declares). */
  metaKeys?: readonly string[];
}

/** tools/advertised-metadata's problems; `field` is the pointer of the member that disagrees. */
export type MetadataProblem = Problem<'changed' | 'added' | 'removed', { tool: string; field: string }>;

/**
 * Metadata agreement: `title`, `description` and each `annotations` member must equal the contract's
 * (absent hints compare as their schema.ts ToolAnnotations defaults; with `declaredAnnotationsOnly`,
 * only the annotation keys the contract declares are compared), and so must each `_meta` key the
 * contract tool declares (all, or those of `metaKeys`): one the advertised tool lacks is `removed`.
 * Problems never carry the texts or values.
 */
export function advertisedMetadataProblems(contract: ContractTool, advertised: ListedTool, options: MetadataOptions = {}): MetadataProblem[] {
  const tool = nameOf(advertised);
  const out: MetadataProblem[] = [];
  const problem = (messageId: MetadataProblem['messageId'], pointer: string): void => void out.push({ messageId, tool, pointer, data: { tool, field: pointer } });
  const compare = (pointer: string, want: unknown, got: unknown): void => {
    if (!jsonEqual(want ?? null, got ?? null)) problem(want === undefined ? 'added' : got === undefined ? 'removed' : 'changed', pointer);
  };
  compare('/title', contract?.title, advertised?.title);
  compare('/description', contract?.description, advertised?.description);
  const want = isRecord(contract?.annotations) ? contract.annotations : {};
  const got = isRecord(advertised?.annotations) ? advertised.annotations : {};
  const keys = options.declaredAnnotationsOnly ? Object.keys(want) : [...new Set([...Object.keys(want), ...Object.keys(got)])];
  for (const key of keys) {
    compare(joinPointer('/annotations', key), want[key] ?? HINT_DEFAULTS[key], got[key] ?? HINT_DEFAULTS[key]);
  }
  const wantMeta = isRecord(contract?._meta) ? contract._meta : {};
  const listedMeta: unknown = isRecord(advertised) ? advertised._meta : undefined;
  const gotMeta = isRecord(listedMeta) ? listedMeta : {};
  for (const key of Object.keys(wantMeta).filter((k) => options.metaKeys === undefined || options.metaKeys.includes(k))) {
    if (!Object.prototype.hasOwnProperty.call(gotMeta, key)) problem('removed', joinPointer('/_meta', key));
    else if (!jsonEqual(wantMeta[key], gotMeta[key])) problem('changed', joinPointer('/_meta', key));
  }
  return out;
}

/**
 * tools/input-narrowing's problems: the two top-level property rules (their messages are the
 * issue's, verbatim), a schema one side lacks, and every other difference of the comparator (`detail`:
 * its value-free phrase, harness/schema/narrowing.ts `describeDifference`).
 */
export type NarrowingProblem =
  | Problem<'undeclaredProperty' | 'undeclaredRequired', { tool: string; side: SchemaSide; property: string }>
  | Problem<'schemaPresence' | 'widened', { tool: string; detail: string }>;

/** The problem for one comparator difference. */
function narrowingProblem(tool: string, d: ToolSchemaDifference): NarrowingProblem {
  const { side, pointer } = d;
  if (d.kind === 'undeclared-property' || d.kind === 'undeclared-required') {
    return { messageId: d.kind === 'undeclared-property' ? 'undeclaredProperty' : 'undeclaredRequired', tool, pointer, data: { tool, side, property: d.property ?? '' } };
  }
  if (d.kind === 'schema-absent' || d.kind === 'schema-undeclared' || d.kind === 'schema-incomparable') {
    const detail = d.kind === 'schema-absent' ? `advertises no ${side}Schema, which its contract declares` : d.kind === 'schema-undeclared' ? `advertises an ${side}Schema, which its contract does not declare` : `advertises an ${side}Schema that is not comparable with its contract`;
    return { messageId: 'schemaPresence', tool, pointer, data: { tool, detail } };
  }
  return { messageId: 'widened', tool, pointer, data: { tool, detail: `${side === 'input' ? '' : 'output '}${describeDifference({ ...d, kind: d.kind }, pointer)}` } };
}

/**
 * Narrowing of a surface's schemas against its contract tool (docs/architecture.md §The narrowing comparator): inputSchema always;
 * outputSchema where either side declares one (a surface may promise more precisely, never less).
 * The comparison itself is harness/schema/compare.ts `compareToolSchemas`. Never throws.
 */
export function inputNarrowingProblems(contractTool: ToolSchemas, advertised: ToolSchemas): NarrowingProblem[] {
  const tool = nameOf(advertised) === '(unnamed tool)' ? nameOf(contractTool) : nameOf(advertised);
  return compareToolSchemas(contractTool, advertised).map((d) => narrowingProblem(tool, d));
}

/** Names of advertised tools (deduplicated, in order) that no call exercised. */
export function uncalledTools(advertised: string[], called: string[]): string[] {
  const seen = new Set(called ?? []);
  return [...new Set(advertised ?? [])].filter((n) => !seen.has(n));
}

/** Inputs of `versionLockProblems`; every field optional (what is unknown is not judged). */
export interface VersionLockInput {
  /** `serverInfo.version` as the server reported it now. */
  serverVersion?: string;
  /** The version the surface declares (e.g. its package manifest). */
  declaredVersion?: string;
  /** From the lock file: its path as configured, the server version and canonical schema hash at recording time. */
  lock?: { source?: string; serverVersion?: string; schemaHash?: string };
  /** `hashToolSchemas` of the advertised tools now. */
  schemaHash?: string;
}

/**
 * contract/version-lock's problems of the declared version and of the lock (`lock`: the lock file as configured).
 * `declaredMismatch` carries both versions (`reported`: serverInfo.version; `declared`: the surface's): version
 * strings are metadata the report already shows (a surface's serverInfo), not argument or result values.
 */
export type VersionLockProblem =
  | Problem<'noServerVersion', Record<never, string>>
  | Problem<'declaredMismatch', { reported: string; declared: string }>
  | Problem<'unversionedChange', { lock: string }>;

/**
 * Version lock (contract rule): `serverInfo.version` equals the declared version when one is
 * declared; a schema change against the lock's hash under an unchanged server version is a failure.
 */
export function versionLockProblems(input: VersionLockInput): VersionLockProblem[] {
  const out: VersionLockProblem[] = [];
  const { serverVersion, declaredVersion, lock, schemaHash } = input ?? {};
  const pointer = '/serverInfo/version';
  if (declaredVersion !== undefined && serverVersion === undefined) out.push({ messageId: 'noServerVersion', pointer, data: {} });
  else if (declaredVersion !== undefined && serverVersion !== undefined && serverVersion !== declaredVersion) out.push({ messageId: 'declaredMismatch', pointer, data: { reported: serverVersion, declared: declaredVersion } });
  if (lock?.schemaHash !== undefined && schemaHash !== undefined && lock.schemaHash !== schemaHash && lock.serverVersion !== undefined && lock.serverVersion === serverVersion) {
    out.push({ messageId: 'unversionedChange', pointer, data: { lock: lock.source ?? '' } });
  }
  return out;
}

/** Match information for watched paths: a map glob -> match count, or a predicate/counter per glob. */
export type WatchedPathMatches = Record<string, number> | ((path: string) => boolean | number);

/**
 * Watched paths (config rule, contract/watched-paths): the configured paths that match no file.
 * `existing` is either a map path -> match count or a predicate (called once per path; a throwing
 * predicate counts as no match). The caller resolves globs; nothing here touches the filesystem.
 */
export function unmatchedWatchedPaths(paths: string[], existing: WatchedPathMatches): string[] {
  const matches = (p: string): boolean => {
    try {
      const n = typeof existing === 'function' ? existing(p) : existing?.[p];
      return n === true || (typeof n === 'number' && n > 0);
    } catch {
      return false;
    }
  };
  return (paths ?? []).filter((p) => !matches(p));
}

/** The contract schema hash (one definition, shared with locks): see harness/contract/hash.ts. */
export { hashToolSchemas } from './schema/compare.ts';
