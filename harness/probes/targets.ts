/**
 * Choosing what to probe: the tools a check may call, their known-good base arguments, the name of
 * a tool that cannot exist, and the `tools/call` probe request shape. Pure.
 */
import type { ListedTool, ProbeRequest, SurfaceObservation } from '../types.ts';
import { responseKind } from './records.ts';
import { fnv1aHex } from './sentinel.ts';

/**
 * Whether a tool may be called by a probe: not when it may be destructive (annotations.destructiveHint
 * not false and readOnlyHint not true; spec defaults: destructiveHint true), unless
 * `options.allowDestructive`.
 */
export function mayProbe(observation: SurfaceObservation, tool: ListedTool): boolean {
  if (observation.options.allowDestructive) return true;
  const a = tool.annotations ?? {};
  return a.readOnlyHint === true || a.destructiveHint === false;
}

/** The arguments of the first call of `tool` that answered a non-error result, if any. */
export function successfulArguments(observation: SurfaceObservation, tool: string): Record<string, unknown> | undefined {
  const call = observation.calls.find((c) => c.scenario.tool === tool && responseKind(c.request) === 'result');
  return call ? call.scenario.arguments : undefined;
}

/** A tool name that is not advertised: `mcp_harness_unknown_tool_<8 hex>`, stable for a listing. */
export function unknownToolName(observation: SurfaceObservation): string {
  const names = new Set((observation.listing?.tools ?? []).map((t) => t.name));
  let salt = [...names].sort().join('\u0000');
  let name = `mcp_harness_unknown_tool_${fnv1aHex(salt)}`;
  while (names.has(name)) {
    salt += '+';
    name = `mcp_harness_unknown_tool_${fnv1aHex(salt)}`;
  }
  return name;
}

/** A `tools/call` probe request. */
export function toolCallProbe(check: string, id: string, tool: string, args: Record<string, unknown>): ProbeRequest {
  return { id, check, tool, method: 'tools/call', params: { name: tool, arguments: args } };
}

/** The tools of the listing (empty when there is none). */
export function listedTools(observation: SurfaceObservation): ListedTool[] {
  return observation.listing?.tools ?? [];
}
