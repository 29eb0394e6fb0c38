/**
 * Re-list on `notifications/tools/list_changed` (issue 9 §3: a tool set that changes mid-run must not
 * be silently missed).
 *
 * Spec: spec:2025-06-18/server/tools.mdx and spec:2025-11-25/server/tools.mdx §List Changed Notification:
 * "When the list of available tools changes, servers that declared the `listChanged` capability SHOULD
 * send a notification"; the message flow there has the client send `tools/list` again. The SDK 2.x client
 * skips its list-changed handler when the server does not declare `listChanged`.
 *
 * What the harness does, at ONE point of the run (the re-list point: after the calls, before the probes;
 * where a re-list may follow, also after the early probes sent right behind the calls, so a notification
 * one of them draws is on this side of the point at any load):
 * - legacy era, `capabilities.tools.listChanged: true`, and at least one notification came since the
 *   session opened (not only since the first `tools/list`: an SDK server that registers a tool while
 *   handling `notifications/initialized` sends one that lands just before or just after the first
 *   `tools/list` is written, by timing; counting from the start makes both the same): list again (same pagination and page limit), merge the tools it added
 *   into the listing the checks judge, plan the added tools' calls with the same planner (F11: only
 *   `readOnlyHint: true` tools by default) and call them in effect order. Repeated while those calls
 *   draw more notifications, at most MAX_RELISTS times.
 * - modern era (2026-07-28): list changes come only on a `subscriptions/listen` stream the client asked
 *   for; the harness opens none, so an unsolicited notification is recorded, never acted on.
 * - not declared: recorded (tools/listing warns), not acted on, as an SDK client would.
 * Determinism: a server that sends the notification before its reply to the request that changed the
 * tool set is seen at any machine load (stdout is one ordered stream). One sent after the last reply
 * the harness waits for can land before or after the re-list point: docs/determinism.md.
 */
import type { ListChanged, Relist, SurfaceObservation } from '../model/observation.ts';
import type { ListedTool } from '../model/protocol.ts';
import type { CallRecord, Scenario } from '../model/wire.ts';
import type { Session } from '../session/index.ts';
import { changesStateByName } from './effect-order.ts';

/** The notification method (spec:2025-11-25/schema ToolListChangedNotification). */
export const LIST_CHANGED = 'notifications/tools/list_changed';

/** Re-lists per surface at most (a server that changes its tools on every call cannot loop the run). */
export const MAX_RELISTS = 3;

/** What `followListChanges` needs from the observation stage. */
export interface RelistDeps {
  session: Pick<Session, 'listTools' | 'notificationCount'>;
  obs: SurfaceObservation;
  /** The surface's call planner (the one that planned the first calls). */
  planCalls: (observation: SurfaceObservation) => { scenarios: Scenario[]; skipped: SurfaceObservation['skippedTools'] };
  /** Calls scenarios in effect order (observe.ts callAll). */
  callScenarios: (scenarios: Scenario[], changesState: (tool: string | undefined) => boolean) => Promise<CallRecord[]>;
  signal?: AbortSignal;
}

/**
 * Act on the notifications that came since the first listing (see the module doc); mutates `obs.listing`,
 * `obs.calls` and `obs.skippedTools`. Resolves with the record of what happened (undefined when no
 * notification came at all), its `late` count 0: `finishListChanged` fills it in before the session
 * closes. Never rejects for server faults (a failed re-list is in its `listing`, judged by tools/listing).
 */
export async function followListChanges(deps: RelistDeps): Promise<ListChanged | undefined> {
  const { session, obs, signal } = deps;
  const declared = declaresListChanged(obs.negotiation?.capabilities);
  const relists: Relist[] = [];
  let current = obs.listing?.tools ?? [];
  let acted = 0; // counted since the session opened: see the module doc
  let ignored: ListChanged['ignored'];
  while (relists.length < MAX_RELISTS && !signal?.aborted && obs.listing !== undefined) {
    if (session.notificationCount(LIST_CHANGED) <= acted) break;
    if (obs.negotiation?.era !== 'legacy' || !declared) {
      ignored = obs.negotiation?.era !== 'legacy' ? 'modern' : 'undeclared';
      break;
    }
    acted = session.notificationCount(LIST_CHANGED);
    const listing = await session.listTools();
    if (listing.stop === 'error') {
      relists.push({ listing, added: [], removed: [], changed: [] });
      break; // the tool set stays the last one listed; tools/listing reports the failure
    }
    const relist: Relist = { listing, ...diffTools(current, listing.tools, obs.listing.tools) };
    relists.push(relist);
    current = listing.tools;
    if (relist.added.length === 0) continue;
    obs.listing = { ...obs.listing, tools: [...obs.listing.tools, ...listing.tools.filter((t) => relist.added.includes(t.name))] };
    const added = new Set(relist.added);
    const plan = deps.planCalls(obs);
    obs.skippedTools = [...obs.skippedTools, ...plan.skipped.filter((s) => added.has(s.tool))];
    if (signal?.aborted) break;
    const calls = await deps.callScenarios(plan.scenarios.filter((s) => added.has(s.tool)), changesStateByName(obs.listing.tools));
    for (const call of calls) obs.calls.push(call); // no spread: as many as the server added
  }
  const count = session.notificationCount(LIST_CHANGED);
  if (count === 0) return undefined;
  return { count, late: 0, declared, ...(ignored ? { ignored } : {}), relists };
}

/**
 * Fill in the notifications that came after the re-list point (during the probes); call it before the
 * session closes. Returns the record to store (created when the first came only then), or undefined.
 */
export function finishListChanged(record: ListChanged | undefined, session: Pick<Session, 'notificationCount'>, obs: SurfaceObservation): ListChanged | undefined {
  const total = session.notificationCount(LIST_CHANGED);
  if (total === 0) return record;
  const base = record ?? { count: 0, late: 0, declared: declaresListChanged(obs.negotiation?.capabilities), relists: [] };
  return { ...base, late: total - base.count };
}

/** `capabilities.tools.listChanged === true` (spec:2025-11-25/server/tools.mdx §Capabilities). */
export function declaresListChanged(capabilities: Record<string, unknown> | undefined): boolean {
  const tools = capabilities?.tools;
  return tools !== null && typeof tools === 'object' && (tools as { listChanged?: unknown }).listChanged === true;
}

/**
 * How a re-list's tools differ: `added` (never listed before in this run: `seen`), `removed` (in the
 * previous listing `before`, not now), `changed` (in both, another definition). Names in listing order.
 */
export function diffTools(before: readonly ListedTool[], after: readonly ListedTool[], seen: readonly ListedTool[]): Pick<Relist, 'added' | 'removed' | 'changed'> {
  const prior = new Map(before.map((t) => [t.name, t]));
  const now = new Set(after.map((t) => t.name));
  const everListed = new Set(seen.map((t) => t.name));
  const named = (t: ListedTool) => typeof t.name === 'string';
  return {
    added: unique(after.filter((t) => named(t) && !everListed.has(t.name)).map((t) => t.name)),
    removed: unique(before.filter((t) => named(t) && !now.has(t.name)).map((t) => t.name)),
    changed: unique(after.filter((t) => named(t) && prior.has(t.name) && JSON.stringify(prior.get(t.name)) !== JSON.stringify(t)).map((t) => t.name)),
  };
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
