/**
 * Choosing what to probe: the tools a check may call, their known-good base arguments, the name of
 * a tool that cannot exist, and the `tools/call` probe request shape. Pure.
 */
import type { SurfaceObservation } from '../model/observation.ts';
import type { ListedTool, ToolAnnotations } from '../model/protocol.ts';
import type { CallRecord, ProbeRequest } from '../model/wire.ts';
import { indexOf } from './index-cache.ts';
import { notCallToolResult, responseKind, resultOf } from './records.ts';
import { failureShape } from './result-text.ts';
import { fnv1aHex } from './sentinel.ts';
import { namedTools } from '../schema/tool-schemas.ts';

/**
 * May a tool change its environment at all? Per ToolAnnotations (spec:2025-11-25 schema.ts) `readOnlyHint`
 * defaults to false: only a tool annotated `readOnlyHint: true` "does not modify its environment".
 * `destructiveHint: false` means "only additive updates" (an insert, a new directory): still a change.
 * So: everything not annotated `readOnlyHint: true`. The one gate shared by call planning
 * (harness/scenarios/plan.ts), the probing checks (`mayProbe`) and the call order (harness/run/effect-order.ts):
 * the safe default calls only tools for which this is false (trials F11).
 */
export function mayChangeState(annotations: ToolAnnotations | null | undefined): boolean {
  return annotations?.readOnlyHint !== true;
}

/**
 * May a tool modify its environment destructively (the spec's narrower sense)? `destructiveHint` defaults
 * to true and is meaningful only when the tool is not read-only. Descriptive only: what the harness may
 * call is decided by `mayChangeState`, never by this.
 */
export function isDestructive(annotations: ToolAnnotations | null | undefined): boolean {
  if (annotations?.readOnlyHint === true) return false;
  return annotations?.destructiveHint !== false;
}

/**
 * Whether a tool may be called by a probe: when it is read-only (`mayChangeState` false), or
 * `options.allowDestructive` (--allow-destructive, generate.destructive).
 */
export function mayProbe(observation: SurfaceObservation, tool: ListedTool): boolean {
  return observation.options.allowDestructive || !mayChangeState(tool.annotations);
}

/**
 * May a probe REPEAT a call of the tool that already succeeded (the cancellation probe, the omitted-arguments
 * and whole-float request probes, which expect the same success)? Only when `mayProbe`, and the repeat
 * leaves the state the calls left: the tool is read-only, or annotated `idempotentHint: true` ("calling the
 * tool repeatedly with the same arguments will have no additional effect", spec:2025-11-25 schema.ts
 * ToolAnnotations). Repeating a toggle undoes its call, and then the harness observes (and judges, e.g. at
 * shutdown) a state its own probe made (trials s3 R1: server-everything's toggle-simulated-logging).
 */
export function mayRepeat(observation: SurfaceObservation, tool: ListedTool): boolean {
  return mayProbe(observation, tool) && (!mayChangeState(tool.annotations) || tool.annotations?.idempotentHint === true);
}

/**
 * Whether a call succeeded as far as its answer says: a CallToolResult (a JSON object with a `content` array:
 * ./records.ts `notCallToolResult`, so not SDK 0.6's `{"toolResult": {...}}`, which says neither) without `isError`
 * whose body does not report a failure (./result-text.ts `failureShape`: a refusal dressed up as success, such as
 * `{"success": false, "message": "Safety confirmation required..."}`, is no success, and probes built on its
 * arguments would read the same refusal as acceptance).
 */
function succeeded(call: CallRecord): boolean {
  if (responseKind(call.request) !== 'result' || notCallToolResult(call.request)) return false;
  const result = resultOf(call.request);
  return result !== undefined && failureShape(result) === undefined;
}

/** Tool name -> arguments of its first call that succeeded (`succeeded`). */
function firstSuccess(calls: readonly CallRecord[]): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  for (const c of calls) if (!map.has(c.scenario.tool) && succeeded(c)) map.set(c.scenario.tool, c.scenario.arguments);
  return map;
}

/**
 * The arguments of the first call of `tool` that succeeded (a CallToolResult without isError whose body does not
 * report a failure: `succeeded`), if any: the known-good base the probing checks derive their probes from. O(1) after a one-time
 * index of `observation.calls` (rebuilt when the array grows or is replaced).
 */
export function successfulArguments(observation: SurfaceObservation, tool: string): Record<string, unknown> | undefined {
  return indexOf(observation.calls, firstSuccess).get(tool);
}

/** Tool name -> arguments of its first call answered with a result without `isError` (body refusals included). */
function firstAnswered(calls: readonly CallRecord[]): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  for (const c of calls) if (!map.has(c.scenario.tool) && responseKind(c.request) === 'result') map.set(c.scenario.tool, c.scenario.arguments);
  return map;
}

/**
 * The base of errors/echo's probe, which judges only a FAILURE answer (does it repeat a value the caller planted?):
 * `successfulArguments` when the tool has a call that succeeded; else, for a read-only tool only (`mayChangeState`
 * false), the arguments of its first call answered with a result without `isError`, even one whose body reports a
 * failure (`{"success": false, "message": "No such table"}`). Such a refusal is no known-good base for probes whose
 * verdict reads acceptance or a channel (errors/input-enforcement, errors/classification), but an invalid value derived
 * from it still reaches the server's validation. Never for a tool that may change state: the refusal may be the
 * server's own safety gate (`confirm: false`), which a derived wrong-typed value can slip past (a review of 0336025:
 * a table dropped by a probe). Undefined when no such call exists. O(1) after a one-time index of `observation.calls`.
 */
export function answeredArguments(observation: SurfaceObservation, tool: ListedTool): Record<string, unknown> | undefined {
  const succeeded = successfulArguments(observation, tool.name);
  if (succeeded !== undefined || mayChangeState(tool.annotations)) return succeeded;
  return indexOf(observation.calls, firstAnswered).get(tool.name);
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

/**
 * A `tools/call` probe request of `tool` with `args`; `invalid`: the arguments break its inputSchema on purpose
 * (`ProbeRequest.invalidArguments`: its answer is never judged against the outputSchema).
 */
export function toolCallProbe(check: string, id: string, tool: string, args: Record<string, unknown>, invalid = false): ProbeRequest {
  const probe: ProbeRequest = { id, check, tool, method: 'tools/call', params: { name: tool, arguments: args } };
  if (invalid) probe.invalidArguments = true;
  return probe;
}

/**
 * The tools of the listing a probe may name (empty when there is none): those with a string `name`. A tools/call
 * names its tool by a string (schema.ts CallToolRequestParams.name), so an entry whose name is not one
 * (tools/advertised-shape reports it) is never probed, as it is never called (harness/run/plan.ts).
 */
export function listedTools(observation: SurfaceObservation): ListedTool[] {
  return namedTools(observation.listing?.tools);
}
