/**
 * `tools/list` pagination (spec server/utilities/pagination): follow `nextCursor` until it is absent.
 * Cursors are opaque; an empty string is a cursor, not the end (2026-07-28). A repeated cursor or the page
 * limit stops the walk with `truncated: true`. A page that is not a success ends the walk.
 */
import type { Listing } from '../model/observation.ts';
import type { ListedTool } from '../model/protocol.ts';
import type { RequestRecord } from '../model/wire.ts';
import { isObject } from './classify.ts';

/** Fetches one page; `cursor` undefined for the first. */
export type PageFetcher = (cursor: string | undefined) => Promise<RequestRecord>;

/** Default page limit. */
export const DEFAULT_MAX_PAGES = 100;

/** Walk every page. Tools are the object entries of each page's `result.tools`, kept raw. Never rejects. */
export async function walkListing(fetchPage: PageFetcher, maxPages = DEFAULT_MAX_PAGES): Promise<Listing> {
  const pages: RequestRecord[] = [];
  const tools: ListedTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  while (pages.length < maxPages) {
    const page = await fetchPage(cursor);
    pages.push(page);
    const result = page.outcome === 'success' && isObject(page.response?.result) ? page.response.result : undefined;
    if (!result) return { pages, tools, truncated: false };
    if (Array.isArray(result.tools)) tools.push(...(result.tools.filter(isObject) as ListedTool[]));
    if (typeof result.nextCursor !== 'string') return { pages, tools, truncated: false };
    if (seen.has(result.nextCursor)) return { pages, tools, truncated: true };
    seen.add(result.nextCursor);
    cursor = result.nextCursor;
  }
  return { pages, tools, truncated: true };
}
