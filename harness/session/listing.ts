/**
 * `tools/list` pagination (spec server/utilities/pagination): follow `nextCursor` until it is absent.
 * Cursors are opaque; an empty string is a cursor, not the end (2026-07-28). The walk ends with a
 * `stop` reason: `end` (no nextCursor), `error` (a page was not a success), `cursor-repeat` (a
 * nextCursor seen before: a repeat or a cycle) or `page-limit` (still paginating after `maxPages`).
 * A tool name already listed on an earlier page is recorded in `repeats` and not listed twice, so a
 * looped tool is judged once; repeats within one page stay in `tools` (tools/name reports them).
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
  const firstPage = new Map<string, number>();
  const repeats: NonNullable<Listing['repeats']> = [];
  const repeated = new Set<string>(); // names in `repeats` (a list scan per tool made three pages of 250k repeats take ~48 s, a hostile review)
  const cursorPage = new Map<string, number>();
  const done = (stop: NonNullable<Listing['stop']>, extra: Partial<Listing> = {}): Listing => ({
    pages,
    tools,
    truncated: stop === 'cursor-repeat' || stop === 'page-limit',
    stop,
    ...(repeats.length > 0 ? { repeats } : {}),
    ...extra,
  });
  let cursor: string | undefined;
  while (pages.length < maxPages) {
    const page = await fetchPage(cursor);
    const index = pages.length;
    pages.push(page);
    const result = page.outcome === 'success' && isObject(page.response?.result) ? page.response.result : undefined;
    if (!result) return done('error');
    const listed = Array.isArray(result.tools) ? (result.tools.filter(isObject) as ListedTool[]) : [];
    for (const tool of listed) {
      const name = typeof tool.name === 'string' ? tool.name : undefined;
      const first = name === undefined ? undefined : firstPage.get(name);
      if (name !== undefined && first !== undefined && first !== index) {
        if (!repeated.has(name)) {
          repeated.add(name);
          repeats.push({ name, page: index, firstPage: first });
        }
        continue;
      }
      if (name !== undefined) firstPage.set(name, index);
      tools.push(tool);
    }
    if (typeof result.nextCursor !== 'string') return done('end');
    const seenAt = cursorPage.get(result.nextCursor);
    if (seenAt !== undefined) return done('cursor-repeat', { repeatedCursor: { page: index, firstPage: seenAt } });
    cursorPage.set(result.nextCursor, index);
    cursor = result.nextCursor;
  }
  return done('page-limit');
}
