/**
 * The contract lock format (`mcp-harness snapshot` writes it, later runs read it) and its zod schema.
 * JSON, stable key order, 2-space indent, trailing newline; tools sorted by name.
 */
import { z } from 'zod';
import type { ContractTool } from '../model/contract.ts';
import type { Era } from '../model/protocol.ts';

/** Lock format version this module reads and writes. */
export const LOCK_VERSION = 1;

/** A contract lock as written to disk. */
export interface LockFile {
  lockVersion: 1;
  /** ISO 8601 timestamp of the recording. */
  recordedAt: string;
  /** The server's `Implementation` at recording time (only name, version, title are kept). */
  server: { name: string; version: string; title?: string };
  /** The negotiated protocol revision. */
  protocolVersion: string;
  era: Era;
  /** `hashToolSchemas(tools, canonicalForm)` (harness/schema/compare.ts): sha256 hex over the canonical tool schemas. */
  schemaHash: string;
  /**
   * The canonical form `schemaHash` was computed in (harness/schema/canonicalise.ts CANONICAL_FORM);
   * absent in locks written before it was recorded, which means form 1. A reader re-hashes in its
   * own form before comparing, so a new canonical form never reads as drift.
   */
  canonicalForm?: number;
  /** The advertised tools, sorted by name, schemas as recorded. */
  tools: ContractTool[];
}

const jsonObject = z.record(z.string(), z.unknown());

/** zod schema of one recorded tool (a lock's `tools[i]`); `buildLock` records only the tools it accepts. */
export const lockToolSchema = z.object({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.optional(),
  annotations: jsonObject.optional(),
  _meta: jsonObject.optional(),
});

/** zod schema of a lock file; unknown keys are rejected so typos surface with their key path. */
export const lockFileSchema = z.strictObject({
  lockVersion: z.literal(LOCK_VERSION),
  recordedAt: z.iso.datetime({ offset: true }),
  server: z.object({ name: z.string().min(1), version: z.string(), title: z.string().optional() }),
  protocolVersion: z.string().min(1),
  era: z.enum(['modern', 'legacy']),
  schemaHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters'),
  canonicalForm: z.number().int().positive().optional(),
  tools: z.array(lockToolSchema),
});

/** Format a zod issue path the way ContractError key paths read (`tools[0].inputSchema`). */
export function issuePath(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
}
