/**
 * Load a contract package: import a module that exports tool definitions and project every schema
 * to JSON Schema (see ./convert.ts). TypeScript modules are read through the lazily loaded TypeScript
 * loader (../config/import-module.ts), JavaScript ones natively.
 */
import { access, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { importModule as importAny } from '../config/import-module.ts';
import type { Contract, ContractTool } from '../model/contract.ts';
import type { ToolAnnotations } from '../model/protocol.ts';
import { toJsonSchemaObject, type ContractDialect } from './convert.ts';
import { ContractError, keyPath } from './errors.ts';

type Segment = string | number;

async function importModule(file: string): Promise<Record<string, unknown>> {
  const absolute = resolve(file);
  try {
    await access(absolute);
  } catch {
    throw new ContractError(file, '', 'contract module not found');
  }
  try {
    return await importAny(absolute);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : 'unknown error';
    throw new ContractError(file, '', `cannot import the contract module (${detail})`);
  }
}

/** Options of a module contract (config `contract: { module, export, tools, dialect }`). */
export interface ModuleContractOptions {
  /** The export holding the tools; default: `tools`, else the default export, else the one export that holds tool definitions. */
  export?: string;
  /** The tools this surface serves: a list of names or a predicate; default all of them. */
  tools?: readonly string[] | ((name: string) => boolean);
  /** The dialect schemas are projected to (draft-07 for SDK 1.x surfaces, 2020-12 for 2.x); default: see `defaultDialect`. */
  dialect?: ContractDialect;
  /**
   * Entry fields that are `_meta` keys (config `contract.meta`): a list of field names (the same name
   * as the `_meta` key) or a record `{ <_meta key>: <entry field> }`. An entry's own `_meta` key wins;
   * an absent field adds nothing. Default none.
   */
  meta?: readonly string[] | Readonly<Record<string, string>>;
}

/**
 * True when a value looks like tool definitions: a non-empty array or record of objects, at least one with a schema
 * field (a tool without arguments may have none, as in SDK registerTool configs).
 */
function holdsTools(value: unknown): boolean {
  const defs = Array.isArray(value) ? value : value !== null && typeof value === 'object' ? Object.values(value) : [];
  const isDef = (d: unknown): d is object => d !== null && typeof d === 'object' && !Array.isArray(d);
  return defs.length > 0 && defs.every(isDef) && defs.some((d) => SCHEMA_FIELDS.some(([input]) => input in d));
}

/**
 * The inputSchema of an entry that has neither `inputSchema` nor `input`: a tool without arguments, as both SDKs
 * advertise a tool registered without an inputSchema (@modelcontextprotocol/sdk 1.x and @modelcontextprotocol/server
 * 2.x `EMPTY_OBJECT_JSON_SCHEMA`).
 */
const NO_ARGUMENTS: Readonly<Record<string, unknown>> = { type: 'object', properties: {} };

/** What a module exports, for error messages: `name (array of 3)`, `name (function)`. */
function describeExports(mod: Record<string, unknown>): string {
  const names = Object.keys(mod).filter((k) => k !== '__esModule');
  if (names.length === 0) return 'no exports';
  return names.map((n) => {
    const v = mod[n];
    const kind = Array.isArray(v) ? `array of ${v.length}` : v === null ? 'null' : typeof v === 'object' ? 'object' : typeof v;
    return `${n} (${kind})`;
  }).join(', ');
}

function pickExport(file: string, mod: Record<string, unknown>, exportName?: string): [string, unknown] {
  if (exportName !== undefined) {
    if (mod[exportName] !== undefined) return [exportName, mod[exportName]];
    throw new ContractError(file, exportName, `the module has no export '${exportName}' (found: ${describeExports(mod)})`);
  }
  for (const name of ['tools', 'default']) if (mod[name] !== undefined && holdsTools(mod[name])) return [name, mod[name]];
  const candidates = Object.keys(mod).filter((k) => holdsTools(mod[k]));
  if (candidates.length === 1) return [candidates[0], mod[candidates[0]]];
  for (const name of ['tools', 'default']) if (mod[name] !== undefined) return [name, mod[name]];
  const why = candidates.length > 1 ? `several exports hold tool definitions (${candidates.join(', ')}); name one with contract.export` : "no export 'tools', no default export and no export that holds tool definitions";
  throw new ContractError(file, '', `the module has ${why} (found: ${describeExports(mod)})`);
}

/** Entries of an array or record export, each with its key path segment and the name a record key implies. */
function entriesOf(file: string, root: string, value: unknown): { at: Segment[]; def: unknown; key?: string }[] {
  if (Array.isArray(value)) return value.map((def, i) => ({ at: [root, i], def }));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).map(([key, def]) => ({ at: [root, key], def, key }));
  }
  const found = value === null ? 'null' : typeof value;
  throw new ContractError(file, root, `must be an array or a record of tool definitions (found: ${found})`);
}

function optionalString(file: string, at: Segment[], def: Record<string, unknown>, field: string): string | undefined {
  const value = def[field];
  if (value === undefined || typeof value === 'string') return value;
  throw new ContractError(file, keyPath([...at, field]), 'must be a string');
}

/** The field names a tool definition may spell its schemas with: `inputSchema`/`outputSchema` or `input`/`output`. */
const SCHEMA_FIELDS = [
  ['inputSchema', 'outputSchema'],
  ['input', 'output'],
] as const;

interface LoadContext {
  file: string;
  dialect: ContractDialect;
  /** `_meta` key -> entry field (from `ModuleContractOptions.meta`). */
  meta: [string, string][];
}

async function schemaOf(ctx: LoadContext, at: Segment[], value: unknown, io: 'input' | 'output') {
  const result = await toJsonSchemaObject(value, io, { dialect: ctx.dialect, from: ctx.file });
  if (!result.ok) throw new ContractError(ctx.file, keyPath(at), result.reason);
  return result.schema;
}

/** The definition's name (its own, or the record key). */
function nameOf(file: string, at: Segment[], def: unknown, key?: string): string {
  if (def === null || typeof def !== 'object' || Array.isArray(def)) {
    throw new ContractError(file, keyPath(at), 'must be a tool definition object');
  }
  const name = optionalString(file, at, def as Record<string, unknown>, 'name') ?? key;
  if (name === undefined || name === '') throw new ContractError(file, keyPath([...at, 'name']), 'a tool needs a name');
  return name;
}

async function toContractTool(ctx: LoadContext, at: Segment[], record: Record<string, unknown>, name: string): Promise<ContractTool> {
  const { file } = ctx;
  // an entry with neither field is a tool without arguments (NO_ARGUMENTS); its output, if any, is `outputSchema` or `output`
  const fields = SCHEMA_FIELDS.find(([input, output]) => record[input] !== undefined || record[output] !== undefined) ?? SCHEMA_FIELDS[0];
  const [inputField, outputField] = fields;
  const inputSchema = record[inputField] === undefined ? structuredClone(NO_ARGUMENTS) : await schemaOf(ctx, [...at, inputField], record[inputField], 'input');
  const tool: ContractTool = { name, inputSchema };
  const title = optionalString(file, at, record, 'title');
  const description = optionalString(file, at, record, 'description');
  if (title !== undefined) tool.title = title;
  if (description !== undefined) tool.description = description;
  if (record[outputField] !== undefined) {
    tool.outputSchema = await schemaOf(ctx, [...at, outputField], record[outputField], 'output');
  }
  if (record.annotations !== undefined) tool.annotations = annotationsOf(file, [...at, 'annotations'], record.annotations);
  const own = record._meta !== undefined ? metaOf(file, [...at, '_meta'], record._meta) : undefined;
  const mapped = Object.fromEntries(ctx.meta.filter(([, field]) => record[field] !== undefined).map(([key, field]) => [key, jsonOf(file, [...at, field], record[field])]));
  if (own !== undefined || Object.keys(mapped).length > 0) tool._meta = { ...mapped, ...own };
  return tool;
}

/** A copy of a JSON value. @throws ContractError naming the key when it is not JSON data. */
function jsonOf(file: string, at: Segment[], value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    throw new ContractError(file, keyPath(at), 'must be JSON data');
  }
}

function metaOf(file: string, at: Segment[], value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ContractError(file, keyPath(at), 'must be an object');
  try {
    return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  } catch {
    throw new ContractError(file, keyPath(at), 'must be JSON data');
  }
}

function annotationsOf(file: string, at: Segment[], value: unknown): ToolAnnotations {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ContractError(file, keyPath(at), 'must be an object of tool annotations');
  }
  return structuredClone(value) as ToolAnnotations;
}

/**
 * The dialect a module's schemas are projected to when the config names none: draft-07 when the
 * nearest package.json above the module that depends on an MCP SDK lists `@modelcontextprotocol/sdk`
 * (1.x) and not `@modelcontextprotocol/server` (2.x), else 2020-12. (Comparisons are dialect-neutral
 * anyway, harness/schema/canonicalise.ts; this only decides how projections are spelled.)
 */
export async function defaultDialect(file: string): Promise<ContractDialect> {
  let dir = dirname(resolve(file));
  for (;;) {
    try {
      const json = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
      const deps = { ...json.peerDependencies, ...json.devDependencies, ...json.dependencies };
      const v1 = '@modelcontextprotocol/sdk' in deps;
      const v2 = '@modelcontextprotocol/server' in deps;
      if (v1 || v2) return v1 && !v2 ? 'draft-07' : '2020-12';
    } catch {
      // no (readable) package.json here: look further up
    }
    const parent = dirname(dir);
    if (parent === dir) return '2020-12';
    dir = parent;
  }
}

/**
 * Import a contract module and project its tools to a `Contract` (`kind: 'module'`, `source: file`).
 *
 * @param file module path (absolute or relative to the process cwd); TypeScript works under tsx
 * @param options the export (a string is the export name), the tool selection and the dialect. The
 *   export is an array or a record (key = default name) of `{ name, title?, description?,
 *   inputSchema? | input?, outputSchema? | output?, annotations?, _meta? }` (no input schema: a tool without
 *   arguments, `{ type: 'object', properties: {} }`, as the SDKs advertise one); schemas are zod v4, zod v3,
 *   raw zod shapes or JSON Schema objects, converted by their own zod (./convert.ts). Inputs are
 *   converted with `io: 'input'`, outputs with `io: 'output'` (as the SDKs advertise them). Only the
 *   selected tools are converted.
 * @throws ContractError naming the file and key path: missing file, failed import, no usable export
 *   (naming what the module exports), a tool without a name, a duplicate name, a schema that cannot
 *   be converted, or a selection naming a tool the module does not define.
 */
export async function loadContractModule(file: string, options: string | ModuleContractOptions = {}): Promise<Contract> {
  const opts: ModuleContractOptions = typeof options === 'string' ? { export: options } : options;
  const mod = await importModule(file);
  const [root, value] = pickExport(file, mod, opts.export);
  const meta = Array.isArray(opts.meta) ? (opts.meta as readonly string[]).map((f): [string, string] => [f, f]) : Object.entries(opts.meta ?? {});
  const ctx: LoadContext = { file, dialect: opts.dialect ?? (await defaultDialect(file)), meta };
  const select = opts.tools;
  const wanted = typeof select === 'function' ? select : select ? (name: string) => select.includes(name) : () => true;
  const tools: ContractTool[] = [];
  const seen = new Set<string>();
  for (const { at, def, key } of entriesOf(file, root, value)) {
    const name = nameOf(file, at, def, key);
    if (seen.has(name)) throw new ContractError(file, keyPath([...at, 'name']), `duplicate tool name '${name}'`);
    seen.add(name);
    if (!wanted(name)) continue;
    tools.push(await toContractTool(ctx, at, def as Record<string, unknown>, name));
  }
  const missing = Array.isArray(select) ? select.filter((n) => !seen.has(n)) : [];
  if (missing.length > 0) throw new ContractError(file, root, `defines no tool named ${missing.map((n) => `'${n}'`).join(', ')} (selected by contract.tools)`);
  return { source: file, kind: 'module', tools };
}
