/**
 * The reference wire schemas, one per revision, copied as data from the specification repository
 * (modelcontextprotocol/modelcontextprotocol `schema/<rev>/schema.json` @ b0f60ba, the digest's snapshot;
 * each file's `source` field says which definitions were kept). `scripts/wire-schema-subset.mjs` made
 * them (it reproduces every bundled file byte for byte from the upstream schema.json). License: the
 * specification repository's (MIT, moving to Apache-2.0 for new contributions; see its LICENSE);
 * noted in harness/wire/schemas/README.md.
 *
 * Why not `@modelcontextprotocol/core`'s zod schemas: core 2.4.0 ships ONE merged, passthrough schema set
 * for every revision (no `resultType`, `ttlMs` or `cacheScope` on 2026-07-28 results, `content`
 * defaulted to `[]` instead of required, DiscoverResult without its required cache hints), so it is
 * not faithful to any single revision. The spec's JSON schemas are the source of truth (schema.ts).
 */
import rev20241105 from './schemas/2024-11-05.json' with { type: 'json' };
import rev20250326 from './schemas/2025-03-26.json' with { type: 'json' };
import rev20250618 from './schemas/2025-06-18.json' with { type: 'json' };
import rev20251125 from './schemas/2025-11-25.json' with { type: 'json' };
import rev20260728 from './schemas/2026-07-28.json' with { type: 'json' };
import type { WireRevision } from './revision.ts';

/** One bundled wire schema document: `schema` is the spec's schema.json reduced to the definitions used. */
export interface WireSchemaDocument {
  source: string;
  schema: Record<string, unknown>;
}

const DOCUMENTS: Record<WireRevision, WireSchemaDocument> = {
  '2024-11-05': rev20241105 as WireSchemaDocument,
  '2025-03-26': rev20250326 as WireSchemaDocument,
  '2025-06-18': rev20250618 as WireSchemaDocument,
  '2025-11-25': rev20251125 as WireSchemaDocument,
  '2026-07-28': rev20260728 as WireSchemaDocument,
};

/** The wire schema document of a revision. */
export function wireSchemaDocument(revision: WireRevision): WireSchemaDocument {
  return DOCUMENTS[revision];
}

/** Whether a revision's schema.json is draft-07 (2024-11-05 through 2025-06-18) rather than 2020-12 (later). */
export function isDraft07(revision: WireRevision): boolean {
  return String(wireSchemaDocument(revision).schema.$schema).includes('draft-07');
}

/** `definitions` (draft-07 revisions) or `$defs` (2020-12, 2025-11-25 on): where a revision keeps its types. */
export function definitionsKey(revision: WireRevision): 'definitions' | '$defs' {
  return '$defs' in wireSchemaDocument(revision).schema ? '$defs' : 'definitions';
}

/** The definition names for the envelope of each message kind in a revision (up to 2025-06-18 other names). */
export function envelopeNames(revision: WireRevision): { result: string; error: string; notification: string; request: string } {
  const defs = wireSchemaDocument(revision).schema[definitionsKey(revision)] as Record<string, unknown>;
  return 'JSONRPCResultResponse' in defs
    ? { result: 'JSONRPCResultResponse', error: 'JSONRPCErrorResponse', notification: 'JSONRPCNotification', request: 'JSONRPCRequest' }
    : { result: 'JSONRPCResponse', error: 'JSONRPCError', notification: 'JSONRPCNotification', request: 'JSONRPCRequest' };
}

/**
 * Every result definition ./frames.ts's `resultDefinition` names. With the envelopes (`envelopeNames`),
 * these are the definitions precompiled at build time (scripts/generate-validators.ts).
 */
export const RESULT_DEFINITIONS = [
  'InputRequiredResult', 'ListToolsResult', 'ListPromptsResult', 'ListResourcesResult', 'ListResourceTemplatesResult',
  'CallToolResult', 'InitializeResult', 'DiscoverResult', 'Result',
] as const;
