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

/**
 * Called with each page's new tools (those `tools` gains from it) while the next page is on its way: one poll phase
 * after the next request was handed to the session, so its line is written first. Synchronous; a throw is ignored.
 */
export type PageHook = (tools: readonly ListedTool[]) => void;

/**
 * Walk every page. Tools are the object entries of each page's `result.tools`, kept raw. Never rejects. `onPage`
 * (optional) gets each page's tools while the server prepares the next one: every page's but the last's (nothing
 * is on its way then), so a listing of one page hands over nothing.
 */
export async function walkListing(fetchPage: PageFetcher, maxPages = DEFAULT_MAX_PAGES, onPage?: PageHook): Promise<Listing> {
  const pages: RequestRecord[] = [];
  const tools: ListedTool[] = [];
  const firstPage = new Map<string, number>();
  const repeats: NonNullable<Listing['repeats']> = [];
  const cursorPage = new Map<string, number>();
  const done = (stop: NonNullable<Listing['stop']>, extra: Partial<Listing> = {}): Listing => ({
    pages,
    tools,
    truncated: stop === 'cursor-repeat' || stop === 'page-limit',
    stop,
    ...(repeats.length > 0 ? { repeats } : {}),
    ...extra,
  });
  let pending: Promise<RequestRecord> | undefined;
  let cursor: string | undefined;
  let fresh = 0; // tools[fresh..] came with the latest page and were not yet handed to `onPage`
  const handOver = async (): Promise<void> => {
    if (!onPage || fresh === tools.length) return;
    const page = tools.slice(fresh);
    fresh = tools.length;
    await new Promise<void>((resolve) => setImmediate(resolve)); // the next request's line is written by then
    try {
      onPage(page);
    } catch {
      // a hook is an optimisation (harness/run/observe.ts): the listing is the same without it
    }
  };
  while (pages.length < maxPages) {
    const page = await (pending ?? fetchPage(cursor));
    pending = undefined;
    const index = pages.length;
    pages.push(page);
    const result = page.outcome === 'success' && isObject(page.response?.result) ? page.response.result : undefined;
    if (!result) return done('error');
    const listed = Array.isArray(result.tools) ? (result.tools.filter(isObject) as ListedTool[]) : [];
    for (const tool of listed) {
      const name = typeof tool.name === 'string' ? tool.name : undefined;
      const first = name === undefined ? undefined : firstPage.get(name);
      if (name !== undefined && first !== undefined && first !== index) {
        if (!repeats.some((r) => r.name === name)) repeats.push({ name, page: index, firstPage: first });
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
    if (pages.length < maxPages) {
      pending = fetchPage(cursor);
      pending.catch(() => undefined); // awaited below: no unhandled rejection while the hook runs
      await handOver();
    }
  }
  return done('page-limit');
}
