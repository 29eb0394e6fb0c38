/**
 * Load a contract package: import a module that exports tool definitions and project every schema
 * to JSON Schema (see ./convert.ts). TypeScript modules are read through the lazily loaded TypeScript
 * loader (../config/import-module.ts), JavaScript ones natively.
 */
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { importModule as importAny } from '../config/import-module.ts';
import type { Contract, ContractTool } from '../model/contract.ts';
import type { ToolAnnotations } from '../model/protocol.ts';
import { toJsonSchemaObject } from './convert.ts';
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

function pickExport(file: string, mod: Record<string, unknown>, exportName?: string): [string, unknown] {
  const names = exportName !== undefined ? [exportName] : ['tools', 'default'];
  for (const name of names) if (mod[name] !== undefined) return [name, mod[name]];
  const wanted = exportName !== undefined ? `no export '${exportName}'` : "no export 'tools' and no default export";
  throw new ContractError(file, '', `the module has ${wanted}`);
}

/** Entries of an array or record export, each with its key path segment and the name a record key implies. */
function entriesOf(file: string, root: string, value: unknown): { at: Segment[]; def: unknown; key?: string }[] {
  if (Array.isArray(value)) return value.map((def, i) => ({ at: [root, i], def }));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).map(([key, def]) => ({ at: [root, key], def, key }));
  }
  throw new ContractError(file, root, 'must be an array or a record of tool definitions');
}

function optionalString(file: string, at: Segment[], def: Record<string, unknown>, field: string): string | undefined {
  const value = def[field];
  if (value === undefined || typeof value === 'string') return value;
  throw new ContractError(file, keyPath([...at, field]), 'must be a string');
}

async function schemaOf(file: string, at: Segment[], value: unknown, io: 'input' | 'output') {
  const result = await toJsonSchemaObject(value, io);
  if (!result.ok) throw new ContractError(file, keyPath(at), result.reason);
  return result.schema;
}

async function toContractTool(file: string, at: Segment[], def: unknown, key?: string): Promise<ContractTool> {
  if (def === null || typeof def !== 'object' || Array.isArray(def)) {
    throw new ContractError(file, keyPath(at), 'must be a tool definition object');
  }
  const record = def as Record<string, unknown>;
  const name = optionalString(file, at, record, 'name') ?? key;
  if (name === undefined || name === '') throw new ContractError(file, keyPath([...at, 'name']), 'a tool needs a name');
  if (record.inputSchema === undefined) throw new ContractError(file, keyPath([...at, 'inputSchema']), 'is required');
  const tool: ContractTool = { name, inputSchema: await schemaOf(file, [...at, 'inputSchema'], record.inputSchema, 'input') };
  const title = optionalString(file, at, record, 'title');
  const description = optionalString(file, at, record, 'description');
  if (title !== undefined) tool.title = title;
  if (description !== undefined) tool.description = description;
  if (record.outputSchema !== undefined) {
    tool.outputSchema = await schemaOf(file, [...at, 'outputSchema'], record.outputSchema, 'output');
  }
  if (record.annotations !== undefined) tool.annotations = annotationsOf(file, [...at, 'annotations'], record.annotations);
  return tool;
}

function annotationsOf(file: string, at: Segment[], value: unknown): ToolAnnotations {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ContractError(file, keyPath(at), 'must be an object of tool annotations');
  }
  return structuredClone(value) as ToolAnnotations;
}

/**
 * Import a contract module and project its tools to a `Contract` (`kind: 'module'`, `source: file`).
 *
 * @param file module path (absolute or relative to the process cwd); `.ts` modules load through tsx
 * @param exportName the export holding the tools; default: `tools`, else the default export. The export
 *   is an array or a record (key = default name) of `{ name, title?, description?, inputSchema,
 *   outputSchema?, annotations? }`; schemas are zod v4, zod v3, raw zod shapes or JSON Schema objects.
 *   Inputs are converted with `io: 'input'`, outputs with `io: 'output'` (as the SDKs advertise them).
 * @throws ContractError naming the file and key path: missing file, failed import, no tools export,
 *   a tool without a name, a duplicate name, or a schema that cannot be converted.
 */
export async function loadContractModule(file: string, exportName?: string): Promise<Contract> {
  const mod = await importModule(file);
  const [root, value] = pickExport(file, mod, exportName);
  const tools: ContractTool[] = [];
  const seen = new Set<string>();
  for (const { at, def, key } of entriesOf(file, root, value)) {
    const tool = await toContractTool(file, at, def, key);
    if (seen.has(tool.name)) throw new ContractError(file, keyPath([...at, 'name']), `duplicate tool name '${tool.name}'`);
    seen.add(tool.name);
    tools.push(tool);
  }
  return { source: file, kind: 'module', tools };
}
