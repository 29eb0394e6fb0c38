/**
 * Contract loading: contract modules (zod v4, zod v3, raw shapes, JSON Schema) and contract locks.
 */
export { ContractError, keyPath } from './errors.ts';
export { CANONICAL_FORM, sortedJson, hashToolSchemas, sortKeysDeep, type HashableTool } from './hash.ts';
export { detectSchemaKind, toJsonSchemaObject, type ContractDialect, type ConvertOptions, type SchemaKind, type SchemaIo, type ConversionResult } from './convert.ts';
export { defaultDialect, loadContractModule, type ModuleContractOptions } from './load-module.ts';
export { LOCK_VERSION, lockFileSchema, lockToolSchema, type LockFile } from './lock-format.ts';
export { buildLock, lockableTools, readLock, serializeLock, writeLock, type UnlockedTool } from './lock.ts';
