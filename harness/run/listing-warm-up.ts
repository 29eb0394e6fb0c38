/**
 * Work the judge does with the listing anyway, done while the server prepares the next `tools/list` page (issue 12:
 * at 1,000 tools over 10 pages the harness waited ~20-45 ms there with nothing to do, then compiled ~2,000 schemas
 * in call planning and in the judge with a request in flight never). The schema service keeps each compile result
 * per schema object and content, a pure cache: a verdict cannot depend on when a schema was compiled. A request's
 * timeout waits one more poll phase before it fires (harness/session/exchange.ts), so a page answered while the
 * harness compiles is read, never timed out.
 */
import type { ListedTool } from '../model/protocol.ts';
import type { SchemaService } from '../schema/service.ts';
import { schemasOf } from '../schema/tool-schemas.ts';
import type { PageHook } from '../session/listing.ts';
import type { EnabledCheck } from './judge.ts';

/**
 * The page hook (harness/session/listing.ts `walkListing`) that compiles each listed tool's inputSchema and
 * outputSchema, or undefined when the run would not compile them all: only schema/compile compiles every schema of
 * every tool (call planning compiles only the tools it calls, result/structured-content only the outputSchemas of
 * tools that answered), so without it the hook would do work the run may never need.
 */
export function listingWarmUp(checks: readonly EnabledCheck[], schemas: SchemaService): PageHook | undefined {
  if (!checks.some((c) => c.check.meta.id === 'schema/compile')) return undefined;
  return (tools: readonly ListedTool[]) => {
    for (const tool of tools) for (const entry of schemasOf(tool)) schemas.compile(entry.schema);
  };
}
