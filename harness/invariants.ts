/**
 * The contract invariants (design §7): pure functions over tools and JSON Schema documents. Each
 * `check*` returns `string[]` of human-readable, value-free failures and never throws, so one run
 * reports every problem. The `*Problems` forms return the same failures with a JSON pointer each;
 * the check modules (tools/set-diff, tools/advertised-shape, tools/advertised-metadata,
 * tools/input-narrowing, contract/every-tool-called, contract/version-lock, contract/watched-paths)
 * report those. Nothing here does I/O or imports the process layer.
 */
import { isJsonObject as isRecord } from './json.ts';
import type { ContractTool } from './model/contract.ts';
import { KNOWN_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION, type ListedTool } from './model/protocol.ts';
import { jsonEqual } from './schema/sorted-json.ts';
import { compareToolSchemas, type ToolSchemaDifference } from './schema/compare.ts';
import { describeDifference } from './schema/narrowing.ts';
import { joinPointer } from './schema/pointer.ts';

/** One failure: which tool, where (JSON pointer into the Tool object, '' = the tool itself), and the message. */
export interface Problem {
  tool?: string;
  pointer: string;
  message: string;
  /** A stable discriminator the checks map to message IDs. */
  kind: string;
  /** Value-free placeholders for the checks' message catalogues (property, keyword, side, detail). */
  data?: Record<string, string>;
}

/** The schema pair of a tool, as both the contract and the listing carry it. */
export interface ToolSchemas {
  name: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

const messages = (problems: Problem[]): string[] => problems.map((p) => p.message);
const nameOf = (tool: unknown): string => (isRecord(tool) && typeof tool.name === 'string' ? tool.name : '(unnamed tool)');

/** Tools missing from the listing or advertised beyond the contract (by name). */
export function toolSetProblems(contract: ContractTool[], advertised: ListedTool[]): Problem[] {
  const listed = new Set(advertised.map(nameOf));
  const expected = new Set(contract.map(nameOf));
  return [
    ...[...expected].filter((n) => !listed.has(n)).map((tool) => ({ tool, pointer: '', kind: 'missing', message: `${tool} is in the contract but not advertised` })),
    ...[...listed].filter((n) => !expected.has(n)).map((tool) => ({ tool, pointer: '', kind: 'unexpected', message: `${tool} is advertised but not in the contract` })),
  ];
}

/** String form of `toolSetProblems`. */
export function diffToolSets(contract: ContractTool[], advertised: ListedTool[]): string[] {
  return messages(toolSetProblems(contract ?? [], advertised ?? []));
}

/** Is `version` (YYYY-MM-DD revision) at or after `floor`? Revisions compare lexically. */
const atLeast = (version: string, floor: string): boolean => version >= floor;

/** Root-type problem of an inputSchema/outputSchema object. */
function rootObjectProblem(tool: string, field: string, schema: Record<string, unknown>): Problem | undefined {
  if (schema.type === 'object') return undefined;
  const composition = ['anyOf', 'oneOf', 'allOf'].find((k) => k in schema);
  const detail = composition ? ` (root is an ${composition})` : schema.type === undefined ? ' (no type)' : '';
  return { tool, pointer: `/${field}/type`, kind: `${field}-root`, data: { field, detail }, message: `${tool} advertises an ${field} whose root does not declare type "object"${detail}` };
}

/** Tool-object problems of optional fields: title, description, annotations, icons. */
function optionalFieldProblems(tool: string, t: Record<string, unknown>, protocolVersion: string): Problem[] {
  const out: Problem[] = [];
  const bad = (pointer: string, what: string): void => void out.push({ tool, pointer, kind: 'field-type', data: { field: pointer, what }, message: `${tool} advertises ${pointer} that is not ${what}` });
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
 * boolean) on 2026-07-28; title/description strings; annotations an object of hints; icons an array
 * on 2025-11-25 and later.
 */
export function advertisedShapeProblems(tool: ListedTool, protocolVersion: string): Problem[] {
  const name = nameOf(tool);
  if (!isRecord(tool)) return [{ tool: name, pointer: '', kind: 'not-object', data: { field: '', what: 'a Tool object' }, message: `${name} is not a Tool object` }];
  const out: Problem[] = [];
  if (typeof tool.name !== 'string' || tool.name === '') out.push({ tool: name, pointer: '/name', kind: 'field-type', data: { field: '/name', what: 'a non-empty string' }, message: `${name} advertises /name that is not a non-empty string` });
  if (!isRecord(tool.inputSchema)) out.push({ tool: name, pointer: '/inputSchema', kind: 'field-type', data: { field: '/inputSchema', what: 'an object' }, message: `${name} advertises /inputSchema that is not an object` });
  else {
    const root = rootObjectProblem(name, 'inputSchema', tool.inputSchema);
    if (root) out.push(root);
  }
  const version = (KNOWN_PROTOCOL_VERSIONS as readonly string[]).includes(protocolVersion) ? protocolVersion : protocolVersion || MODERN_PROTOCOL_VERSION;
  if ('outputSchema' in tool && tool.outputSchema !== undefined) {
    if (version === MODERN_PROTOCOL_VERSION) {
      if (!isRecord(tool.outputSchema) && typeof tool.outputSchema !== 'boolean') out.push({ tool: name, pointer: '/outputSchema', kind: 'field-type', data: { field: '/outputSchema', what: 'a JSON Schema' }, message: `${name} advertises /outputSchema that is not a JSON Schema` });
    } else if (!isRecord(tool.outputSchema)) out.push({ tool: name, pointer: '/outputSchema', kind: 'field-type', data: { field: '/outputSchema', what: 'an object' }, message: `${name} advertises /outputSchema that is not an object` });
    else {
      const root = rootObjectProblem(name, 'outputSchema', tool.outputSchema);
      if (root) out.push(root);
    }
  }
  return [...out, ...optionalFieldProblems(name, tool, version)];
}

/** String form of `advertisedShapeProblems`. */
export function checkAdvertisedShape(tool: ListedTool, protocolVersion: string): string[] {
  try {
    return messages(advertisedShapeProblems(tool, protocolVersion));
  } catch {
    return [`${nameOf(tool)} is not a Tool object`];
  }
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
}

/**
 * Metadata agreement: `title`, `description` and each `annotations` member must equal the contract's
 * (absent hints compare as their schema.ts ToolAnnotations defaults; with `declaredAnnotationsOnly`,
 * only the annotation keys the contract declares are compared). Messages never quote the texts.
 */
export function advertisedMetadataProblems(contract: ContractTool, advertised: ListedTool, options: MetadataOptions = {}): Problem[] {
  const tool = nameOf(advertised);
  const out: Problem[] = [];
  const compare = (pointer: string, want: unknown, got: unknown): void => {
    if (jsonEqual(want ?? null, got ?? null)) return;
    const message = want === undefined ? `${tool} advertises ${pointer}, which its contract does not declare` : got === undefined ? `${tool} advertises no ${pointer}, which its contract declares` : `${tool} advertises ${pointer} that differs from its contract`;
    out.push({ tool, pointer, kind: want === undefined ? 'added' : got === undefined ? 'removed' : 'changed', data: { field: pointer }, message });
  };
  compare('/title', contract?.title, advertised?.title);
  compare('/description', contract?.description, advertised?.description);
  const want = isRecord(contract?.annotations) ? contract.annotations : {};
  const got = isRecord(advertised?.annotations) ? advertised.annotations : {};
  const keys = options.declaredAnnotationsOnly ? Object.keys(want) : [...new Set([...Object.keys(want), ...Object.keys(got)])];
  for (const key of keys) {
    compare(joinPointer('/annotations', key), want[key] ?? HINT_DEFAULTS[key], got[key] ?? HINT_DEFAULTS[key]);
  }
  return out;
}

/** String form of `advertisedMetadataProblems`. */
export function checkAdvertisedMetadata(contract: ContractTool, advertised: ListedTool, options: MetadataOptions = {}): string[] {
  return messages(advertisedMetadataProblems(contract, advertised, options));
}

/** The value-free problem for one comparator difference (the two top-level messages are the issue's, verbatim). */
function narrowingProblem(tool: string, d: ToolSchemaDifference): Problem {
  const { side, pointer } = d;
  if (d.kind === 'undeclared-property') return { tool, pointer, kind: 'added-property', data: { side, property: d.property ?? '' }, message: `${tool} advertises ${side} property ${d.property}, which its contract does not declare` };
  if (d.kind === 'undeclared-required') return { tool, pointer, kind: 'added-required', data: { side, property: d.property ?? '' }, message: `${tool} requires ${side} property ${d.property}, which its contract does not require` };
  if (d.kind === 'schema-absent' || d.kind === 'schema-undeclared' || d.kind === 'schema-incomparable') {
    const detail = d.kind === 'schema-absent' ? `advertises no ${side}Schema, which its contract declares` : d.kind === 'schema-undeclared' ? `advertises an ${side}Schema, which its contract does not declare` : `advertises an ${side}Schema that is not comparable with its contract`;
    return { tool, pointer, kind: 'schema-presence', data: { side, detail }, message: `${tool} ${detail}` };
  }
  const detail = `${side === 'input' ? '' : 'output '}${describeDifference({ ...d, kind: d.kind }, pointer)}`;
  return { tool, pointer, kind: `${side}-${d.kind}`, data: { side, detail, keyword: d.keyword }, message: `${tool} advertises ${detail}` };
}

/**
 * Narrowing of a surface's schemas against its contract tool (design §7): inputSchema always;
 * outputSchema where either side declares one (a surface may promise more precisely, never less).
 * The comparison itself is harness/schema/compare.ts `compareToolSchemas`.
 */
export function inputNarrowingProblems(contractTool: ToolSchemas, advertised: ToolSchemas): Problem[] {
  const tool = nameOf(advertised) === '(unnamed tool)' ? nameOf(contractTool) : nameOf(advertised);
  return compareToolSchemas(contractTool, advertised).map((d) => narrowingProblem(tool, d));
}

/** String form of `inputNarrowingProblems`. */
export function checkInputNarrowing(contractTool: ToolSchemas, advertised: ToolSchemas): string[] {
  return messages(inputNarrowingProblems(contractTool, advertised));
}

/** Names of advertised tools (deduplicated, in order) that no call exercised. */
export function uncalledTools(advertised: string[], called: string[]): string[] {
  const seen = new Set(called ?? []);
  return [...new Set(advertised ?? [])].filter((n) => !seen.has(n));
}

/** Advertised tools that no call exercised (contract rule: every advertised tool is called at least once). */
export function checkEveryToolCalled(advertised: string[], called: string[]): string[] {
  return uncalledTools(advertised, called).map((n) => `${n} is advertised but was never called`);
}

/** Inputs of `checkVersionLock`; every field optional (what is unknown is not judged). */
export interface VersionLockInput {
  /** `serverInfo.version` as the server reported it now. */
  serverVersion?: string;
  /** The version the surface declares (e.g. its package manifest). */
  declaredVersion?: string;
  /** From the lock file: the server version and canonical schema hash at recording time. */
  lock?: { serverVersion?: string; schemaHash?: string };
  /** `hashToolSchemas` of the advertised tools now. */
  schemaHash?: string;
}

/**
 * Version lock (contract rule): `serverInfo.version` equals the declared version when one is
 * declared; a schema change against the lock's hash under an unchanged server version is a failure.
 */
export function versionLockProblems(input: VersionLockInput): Problem[] {
  const out: Problem[] = [];
  const { serverVersion, declaredVersion, lock, schemaHash } = input ?? {};
  if (declaredVersion !== undefined && serverVersion === undefined) out.push({ pointer: '/serverInfo/version', kind: 'no-server-version', message: 'the server reports no serverInfo.version, but the surface declares a version' });
  else if (declaredVersion !== undefined && serverVersion !== declaredVersion) out.push({ pointer: '/serverInfo/version', kind: 'declared-mismatch', message: 'serverInfo.version differs from the version the surface declares' });
  if (lock?.schemaHash !== undefined && schemaHash !== undefined && lock.schemaHash !== schemaHash && lock.serverVersion !== undefined && lock.serverVersion === serverVersion) {
    out.push({ pointer: '/serverInfo/version', kind: 'unversioned-change', message: 'the tool schemas changed since the lock (schema hash differs) while serverInfo.version did not' });
  }
  return out;
}

/** String form of `versionLockProblems`. */
export function checkVersionLock(input: VersionLockInput): string[] {
  return messages(versionLockProblems(input));
}

/**
 * Watched paths (config rule): each configured path must match at least one file. `existing` is
 * either a map path -> match count or a predicate (called once per path; a throwing predicate counts
 * as no match). The caller resolves globs; nothing here touches the filesystem.
 */
export function checkWatchedPathsExist(paths: string[], existing: WatchedPathMatches): string[] {
  return unmatchedWatchedPaths(paths, existing).map((p) => `watched path ${p} matches no file`);
}

/** Match information for watched paths: a map glob -> match count, or a predicate/counter per glob. */
export type WatchedPathMatches = Record<string, number> | ((path: string) => boolean | number);

/** The configured watched paths that match no file (see `checkWatchedPathsExist`). */
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
