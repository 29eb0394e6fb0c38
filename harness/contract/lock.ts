/**
 * Contract locks: build one from a live session's negotiation and listing, write it, read it back
 * as a `Contract` (`kind: 'lock'`). Format and schema: ./lock-format.ts.
 */
import { readFile } from 'node:fs/promises';
import { replaceFile } from '../output-file.ts';
import type { Contract, ContractTool } from '../model/contract.ts';
import type { Negotiation } from '../model/observation.ts';
import { toolLabel, type ListedTool } from '../model/protocol.ts';
import { ContractError, keyPath } from './errors.ts';
import { CANONICAL_FORM, hashToolSchemas, sortKeysDeep } from './hash.ts';
import { canonicalise } from '../schema/canonicalise.ts';
import { issuePath, LOCK_VERSION, lockFileSchema, lockToolSchema, type LockFile } from './lock-format.ts';
import { parseJsonFile } from '../json.ts';

/** Keep the contract fields of a listed tool, in a fixed key order, nested keys sorted. */
function lockTool(tool: ListedTool | ContractTool): ContractTool {
  const out: ContractTool = { name: tool.name, inputSchema: {} };
  if (tool.title !== undefined) out.title = tool.title;
  if (tool.description !== undefined) out.description = tool.description;
  out.inputSchema = sortKeysDeep(tool.inputSchema) as Record<string, unknown>;
  if (tool.outputSchema !== undefined) out.outputSchema = sortKeysDeep(tool.outputSchema) as Record<string, unknown>;
  if (tool.annotations !== undefined) out.annotations = sortKeysDeep(tool.annotations) as ContractTool['annotations'];
  const meta = (tool as { _meta?: unknown })._meta;
  if (meta !== null && typeof meta === 'object' && !Array.isArray(meta)) out._meta = sortKeysDeep(meta) as Record<string, unknown>;
  return out;
}

/** A listed tool a lock cannot record (`lockableTools`): its name as shown (`toolLabel`), where and why (value-free). */
export interface UnlockedTool {
  /** The tool's name as text: its JSON text when not a string (`123`, `(no name)`). */
  tool: string;
  /** Its index in the listing. */
  index: number;
  /** The lock key path and the lock schema's reason, e.g. `name: Invalid input: expected string, received number`. */
  reason: string;
}

/**
 * Split a listing into the tools a lock records and those it cannot: a tool whose recorded fields fail the lock
 * schema (a `name` that is not a non-empty string, a `title` that is not a string, an `inputSchema` that is not an
 * object, ...) is left out, never recorded under a name it does not have, so `readLock` (and `diff`) always
 * read back what `buildLock` wrote. The server's run reports those tools (tools/advertised-shape). Never throws.
 */
export function lockableTools(tools: readonly ListedTool[]): { kept: ContractTool[]; left: UnlockedTool[] } {
  const kept: ContractTool[] = [];
  const left: UnlockedTool[] = [];
  tools.forEach((tool, index) => {
    const name = toolLabel((tool as { name?: unknown } | null)?.name);
    if (tool === null || typeof tool !== 'object') {
      left.push({ tool: name, index, reason: 'not a Tool object' });
      return;
    }
    const recorded = lockTool(tool);
    const parsed = lockToolSchema.safeParse(recorded);
    if (parsed.success) kept.push(recorded);
    else {
      const issue = parsed.error.issues[0];
      left.push({ tool: name, index, reason: `${keyPath(issuePath(issue.path)) || 'tool'}: ${issue.message}` });
    }
  });
  return { kept, left };
}

/**
 * Build a lock from what a session observed: the tools `lockableTools` keeps (see there for those left out).
 * Pure apart from the clock (`now`, default: current time).
 * @throws ContractError when the negotiation carries no serverInfo with a non-empty name and a version (nothing
 *   to lock the version to), or a protocol version the lock schema does not accept.
 */
export function buildLock(negotiation: Negotiation, tools: ListedTool[], now: Date = new Date()): LockFile {
  const info = negotiation.serverInfo;
  if (!info || typeof info.name !== 'string' || info.name === '' || typeof info.version !== 'string') {
    throw new ContractError('<lock>', 'server', 'the server reported no serverInfo with name and version');
  }
  if (typeof negotiation.protocolVersion !== 'string' || negotiation.protocolVersion === '') {
    throw new ContractError('<lock>', 'protocolVersion', 'the server negotiated no protocol version');
  }
  const server: LockFile['server'] = { name: info.name, version: info.version };
  if (typeof info.title === 'string') server.title = info.title;
  const sorted = lockableTools(tools).kept.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    lockVersion: LOCK_VERSION,
    recordedAt: now.toISOString(),
    server,
    protocolVersion: negotiation.protocolVersion,
    era: negotiation.era,
    schemaHash: hashToolSchemas(sorted),
    canonicalForm: CANONICAL_FORM,
    tools: sorted,
  };
}

/** Serialize a lock: fixed top-level key order, 2-space indent, trailing newline. */
export function serializeLock(lock: LockFile): string {
  const ordered = {
    lockVersion: lock.lockVersion,
    recordedAt: lock.recordedAt,
    server: { name: lock.server.name, version: lock.server.version, title: lock.server.title },
    protocolVersion: lock.protocolVersion,
    era: lock.era,
    schemaHash: lock.schemaHash,
    canonicalForm: lock.canonicalForm,
    tools: lock.tools.map(lockTool),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/**
 * The `schemaHash` problem of a lock whose tools hold a schema past canonical form's `$ref` inlining budget
 * (harness/schema/inline-budget.ts). Before 4da0cbd such a schema was inlined in part, in key order, so a lock an
 * earlier mcp-harness recorded for it hashes differently now (the canonical form below the budget, and so every other
 * lock's hash, did not change): the message says so and how to re-record, rather than suspecting a hand edit.
 */
const PAST_BUDGET_MISMATCH =
  'does not match the recorded tools: a recorded schema is past the $ref inlining budget, whose hash earlier builds of mcp-harness computed in key order; ' +
  're-record the lock (`mcp-harness snapshot --out <lock> -- <command>`), or it was edited by hand';

/** True when a tool's inputSchema or outputSchema is past the `$ref` inlining budget in canonical form `form`. */
function recordsPastBudget(tools: readonly ContractTool[], form: number): boolean {
  return tools.some((tool) => canonicalise(tool.inputSchema, form).pastBudget === true || canonicalise(tool.outputSchema, form).pastBudget === true);
}

/** Write a lock file (UTF-8), creating its directory; replaced, never written through a symlink (harness/output-file.ts). Errors are the fs errors of `replaceFile`. */
export async function writeLock(file: string, lock: LockFile): Promise<void> {
  await replaceFile(file, serializeLock(lock));
}

/**
 * Read and validate a lock file and return it as a `Contract` (`kind: 'lock'`, `source: file`,
 * `serverInfo`, `schemaHash`).
 * `schemaHash` is the recorded tools' hash in this harness's canonical form (the file's own is checked
 * in the form it records).
 * @throws ContractError naming the file and key path: unreadable file, invalid JSON, a field that
 *   fails the lock schema, a canonical form newer than this harness's, or a `schemaHash` that does
 *   not match the recorded tools.
 */
export async function readLock(file: string): Promise<Contract> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new ContractError(file, '', 'lock file not found or unreadable');
  }
  let json: unknown;
  try {
    json = parseJsonFile(text);
  } catch (error) {
    throw new ContractError(file, '', `not valid JSON (${error instanceof Error ? error.message : 'parse error'})`);
  }
  const parsed = lockFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ContractError(file, keyPath(issuePath(issue.path)), issue.message);
  }
  const lock = parsed.data as LockFile;
  const form = lock.canonicalForm ?? 1;
  if (form > CANONICAL_FORM) {
    throw new ContractError(file, 'canonicalForm', `is ${form}, but this harness knows canonical forms up to ${CANONICAL_FORM} (upgrade mcp-harness or re-record the lock)`);
  }
  if (hashToolSchemas(lock.tools, form) !== lock.schemaHash) {
    throw new ContractError(file, 'schemaHash', form >= 2 && recordsPastBudget(lock.tools, form) ? PAST_BUDGET_MISMATCH : 'does not match the recorded tools (the lock was edited by hand?)');
  }
  // the hash a run compares with is the recorded tools' hash in this harness's canonical form, so a
  // lock written under an older form never reads as a schema change
  return { source: file, kind: 'lock', tools: lock.tools, serverInfo: lock.server, schemaHash: hashToolSchemas(lock.tools) };
}
