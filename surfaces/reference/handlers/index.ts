/**
 * The reference handlers by tool name. Each takes already-validated arguments (the SDK validated them
 * against the registered inputSchema) and returns a CallToolResult. Pure and deterministic.
 */
import { compareLocal, listTargets, scoreBranch } from './branch.ts';
import { compareVariants, deletePreview, getStatus, previewRelease } from './release.ts';
import { toCallToolResult, type HandlerOutcome, type ReferenceToolResult } from './result.ts';

export { toCallToolResult, type HandlerOutcome, type ReferenceToolResult } from './result.ts';

/** A handler over validated arguments. */
export type ReferenceHandler = (args: Record<string, unknown>) => ReferenceToolResult;

type Pure = (args: never) => HandlerOutcome<Record<string, unknown>>;

function wrap(pure: Pure): ReferenceHandler {
  return (args) => toCallToolResult((pure as (a: Record<string, unknown>) => HandlerOutcome<Record<string, unknown>>)(args));
}

/** Handlers keyed by contract tool name. */
export const handlers: Readonly<Record<string, ReferenceHandler>> = {
  preview_release: wrap(previewRelease),
  compare_variants: wrap(compareVariants),
  compare_local: wrap(compareLocal),
  score_branch: wrap(scoreBranch),
  list_targets: wrap(listTargets),
  get_status: wrap(getStatus),
  delete_preview: wrap(deletePreview),
};

/** The handler of a tool. @throws Error for a tool without a handler (a bug in the package). */
export function handlerOf(name: string): ReferenceHandler {
  const handler = handlers[name];
  if (!handler) throw new Error(`reference handlers: no handler for tool '${name}'`);
  return handler;
}
