/**
 * The contract: what a surface is expected to advertise (from a contract package or a lock file),
 * schemas as projected JSON Schema. Plain data, no I/O.
 */
import type { Implementation, ToolAnnotations } from './protocol.ts';

/**
 * A contract tool: what a surface is expected to advertise, schemas as projected JSON Schema
 * (never zod objects). Comes from a contract package or a lock file.
 */
export interface ContractTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** The tool's `_meta` the contract fixes (tools/advertised-metadata compares its keys). */
  _meta?: Record<string, unknown>;
}

/** A surface's contract: the expected tools plus, for locks, the identity they were recorded from. */
export interface Contract {
  /** Where it came from (a module or lock file path, relative to the config's directory). */
  source: string;
  kind: 'module' | 'lock';
  tools: ContractTool[];
  /** Lock files only: the server identity at recording time. */
  serverInfo?: Implementation;
  /** Lock files only: sha256 (hex) of the canonical tool schemas at recording time. */
  schemaHash?: string;
}
