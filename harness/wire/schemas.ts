/**
 * The reference wire schemas, one per revision, copied as data from the specification repository
 * (modelcontextprotocol/modelcontextprotocol `schema/<rev>/schema.json` @ b0f60ba, the digest's snapshot;
 * each file's `source` field says which definitions were kept).
 *
 * Why not `@modelcontextprotocol/core`'s zod schemas: core 2.4.0 ships ONE merged, passthrough schema set
 * for every revision (no `resultType`, `ttlMs` or `cacheScope` on 2026-07-28 results, `content`
 * defaulted to `[]` instead of required, DiscoverResult without its required cache hints), so it is
 * not faithful to any single revision. The spec's JSON schemas are the source of truth (schema.ts).
 */
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
  '2025-06-18': rev20250618 as WireSchemaDocument,
  '2025-11-25': rev20251125 as WireSchemaDocument,
  '2026-07-28': rev20260728 as WireSchemaDocument,
};

/** The wire schema document of a revision. */
export function wireSchemaDocument(revision: WireRevision): WireSchemaDocument {
  return DOCUMENTS[revision];
}

/** `definitions` (draft-07, 2025-06-18) or `$defs` (2020-12, later revisions): where a revision keeps its types. */
export function definitionsKey(revision: WireRevision): 'definitions' | '$defs' {
  return revision === '2025-06-18' ? 'definitions' : '$defs';
}

/** The definition names for the envelope of each message kind in a revision (2025-06-18 used other names). */
export function envelopeNames(revision: WireRevision): { result: string; error: string; notification: string; request: string } {
  return revision === '2025-06-18'
    ? { result: 'JSONRPCResponse', error: 'JSONRPCError', notification: 'JSONRPCNotification', request: 'JSONRPCRequest' }
    : { result: 'JSONRPCResultResponse', error: 'JSONRPCErrorResponse', notification: 'JSONRPCNotification', request: 'JSONRPCRequest' };
}
