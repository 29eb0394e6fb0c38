/**
 * Protocol revision arithmetic. Revisions are ISO dates (`YYYY-MM-DD`), so they order as strings.
 * Spec: spec:2025-11-25/basic/lifecycle.mdx §Version Negotiation (revision identifiers).
 */

/** Revisions with a bundled wire schema (harness/wire/schemas/<revision>.json). */
export const WIRE_REVISIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
/** A revision with a bundled wire schema. */
export type WireRevision = (typeof WIRE_REVISIONS)[number];

/** True when `version` is a well-formed revision at or after `floor` (both `YYYY-MM-DD`). */
export function atLeastRevision(version: string | undefined, floor: string): boolean {
  return typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= floor;
}

/** The bundled wire revision for a negotiated version, or undefined when none is bundled. */
export function wireRevisionOf(version: string | undefined): WireRevision | undefined {
  return WIRE_REVISIONS.find((r) => r === version);
}

/**
 * The revision that introduced `Tool.outputSchema` and `CallToolResult.structuredContent`
 * (spec:2025-06-18/server/tools.mdx §Output Schema, §Structured Content): 2024-11-05 and 2025-03-26 define
 * neither (their `Result` allows extra members), so the output-schema rules are not theirs.
 */
export const STRUCTURED_OUTPUT_REVISION = '2025-06-18';

/**
 * The revision that made 2020-12 MCP's default JSON Schema dialect and required schemas to be valid for
 * their declared or default dialect (spec:2025-11-25/basic/index.mdx §JSON Schema Usage, SEP-1613); earlier
 * revisions say nothing about dialects.
 */
export const DEFAULT_DIALECT_REVISION = '2025-11-25';
