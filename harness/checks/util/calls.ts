/**
 * Views over the observation's `tools/call` exchanges and the negotiated revision, shared by the
 * result checks. Pure; never throws.
 */
import { MODERN_PROTOCOL_VERSION } from '../../model/protocol.ts';
import { indexOf } from '../../probes/index-cache.ts';
import { distinctProbes } from '../../probes/records.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { ListedTool } from '../../model/protocol.ts';
import type { RequestRecord, Scenario } from '../../model/wire.ts';
import { isJsonObject } from './json.ts';

/** One `tools/call` exchange: a scenario call or a `tools/call` probe. */
export interface ToolCallView {
  /** The tool called (scenario tool, probe tool, or `params.name`); `''` when unknown. */
  tool: string;
  /** Human label for messages: `scenario 'name'` or `probe 'id'` (names, never values). */
  label: string;
  record: RequestRecord;
  /** Set for scenario calls, absent for probes. */
  scenario?: Scenario;
  /** A probe whose arguments break the tool's inputSchema on purpose (ProbeRequest.invalidArguments). */
  invalidArguments?: true;
}

/** The views of the scenario calls (built once per `observation.calls` array and length: ../../probes/index-cache.ts). */
function callViews(calls: Readonly<SurfaceObservation['calls']>): readonly ToolCallView[] {
  return calls.map((call) => ({
    tool: call.scenario.tool,
    label: `scenario '${call.scenario.name}'`,
    record: call.request,
    scenario: call.scenario,
  }));
}

/**
 * The views of the `tools/call` probes (built once per `observation.probes` array and length), one per request sent:
 * a request shared by two checks' probes is one exchange to judge (probes/records.ts `distinctProbes`).
 */
function probeViews(probes: Readonly<SurfaceObservation['probes']>): readonly ToolCallView[] {
  const views: ToolCallView[] = [];
  for (const { probe, request } of distinctProbes({ probes })) {
    if (probe.method !== 'tools/call') continue;
    const named = isJsonObject(probe.params) && typeof probe.params.name === 'string' ? probe.params.name : '';
    views.push({ tool: probe.tool ?? named, label: `probe '${probe.id}'`, record: request, ...(probe.invalidArguments === true ? { invalidArguments: true as const } : {}) });
  }
  return views;
}

/**
 * Every `tools/call` exchange of the observation: scenario calls first, then (when `withProbes`)
 * probes whose method is `tools/call`. The result checks each ask for the same views (~19,000 on a
 * 1,000-tool surface): the view objects are built once per records array and shared, read-only; each
 * caller gets its own array.
 */
export function toolCalls(observation: SurfaceObservation, withProbes = true): ToolCallView[] {
  const calls = indexOf(observation.calls, callViews);
  return withProbes ? [...calls, ...indexOf(observation.probes, probeViews)] : [...calls];
}

/**
 * True when the exchange got a JSON-RPC result (outcome `success` or `tool-error` and a `result`
 * member in the response frame), whatever its type; false for a response dropped as too deep
 * (`tooDeep`, reported by result/size).
 */
export function hasResult(record: RequestRecord): boolean {
  return (record.outcome === 'success' || record.outcome === 'tool-error') && record.tooDeep === undefined && record.response !== undefined && 'result' in record.response;
}

/** The result when it is a JSON object (see `hasResult`), else undefined. */
export function resultObject(record: RequestRecord): Record<string, unknown> | undefined {
  if (!hasResult(record)) return undefined;
  const result = record.response?.result;
  return isJsonObject(result) ? result : undefined;
}

/** True when the result reports a tool error (`isError: true`, schema.ts CallToolResult.isError). */
export function isToolError(result: Record<string, unknown>): boolean {
  return result.isError === true;
}

/**
 * True when the surface negotiated the 2026-07-28 revision (or a later date-named one), where results
 * carry `resultType` and structuredContent may be any JSON value (SEP-2106). Without a negotiation the
 * stricter 2025 rules apply.
 */
export function isModernRevision(observation: SurfaceObservation): boolean {
  const negotiation = observation.negotiation;
  if (negotiation === undefined) return false;
  return negotiation.era === 'modern' || negotiation.protocolVersion >= MODERN_PROTOCOL_VERSION;
}

/** Name -> first advertised tool of that name (built once per tools array). */
function byName(tools: readonly ListedTool[]): Map<string, ListedTool> {
  const map = new Map<string, ListedTool>();
  for (const tool of tools) if (!map.has(tool.name)) map.set(tool.name, tool);
  return map;
}

/** The advertised tool named `name`, if `tools/list` listed it. O(1) after the first lookup. */
export function listedTool(observation: SurfaceObservation, name: string): ListedTool | undefined {
  const tools = observation.listing?.tools;
  return tools ? indexOf(tools, byName).get(name) : undefined;
}
