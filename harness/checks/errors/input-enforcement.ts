/**
 * errors/input-enforcement: the handler rejects arguments its inputSchema forbids (one negative
 * probe per constraint) and accepts the boundary values it allows; and a call (generated or from a
 * scenario expecting success) whose arguments are valid per the advertised inputSchema but are
 * rejected as invalid means the inputSchema under-states what the handler enforces (once per tool,
 * naming the property where the error does).
 * Spec: spec:2025-11-25/server/tools.mdx §Error Handling, §Security Considerations (servers MUST validate all tool inputs).
 */
import { defineCheck } from '../define.ts';
import { deriveArgumentProbes, type ArgumentProbe } from '../../probes/negative.ts';
import { looksLikeValidationError, probeRecord, responseKind, rpcError } from '../../probes/records.ts';
import { listedTools, mayProbe, successfulArguments, toolCallProbe } from '../../probes/targets.ts';
import { argumentRejection } from '../../probes/rejection.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { ListedTool } from '../../model/protocol.ts';
import type { SchemaService } from '../../schema/service.ts';
import type { FindingDescriptor } from '../define.ts';
import { joinPointer } from '../util/pointer.ts';

const ID = 'errors/input-enforcement';
const prefix = (tool: string) => `${ID}:${tool}`;
const probeId = (tool: string, p: ArgumentProbe) => `${prefix(tool)}:${p.key}`;

/** Every (tool, argument probe) pair this check plans: probe-able tools with a successful call. */
function planned(observation: SurfaceObservation): Array<{ tool: string; probe: ArgumentProbe }> {
  const out: Array<{ tool: string; probe: ArgumentProbe }> = [];
  for (const tool of listedTools(observation)) {
    const base = mayProbe(observation, tool) ? successfulArguments(observation, tool.name) : undefined;
    if (!base) continue;
    for (const probe of deriveArgumentProbes(tool.inputSchema, base, prefix(tool.name))) out.push({ tool: tool.name, probe });
  }
  return out;
}

/** Top-level property names of an inputSchema (own keys only). */
function propertyNames(tool: ListedTool): string[] {
  const properties = tool.inputSchema?.properties;
  return properties !== null && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [];
}

/** Calls with arguments valid per the advertised inputSchema that came back rejected as invalid: one finding per tool. */
function judgeValidCalls(observation: SurfaceObservation, schemas: SchemaService, report: (f: FindingDescriptor) => void): void {
  const tools = new Map(listedTools(observation).map((t) => [t.name, t]));
  const reported = new Set<string>();
  for (const call of observation.calls) {
    const tool = tools.get(call.scenario.tool);
    if (!tool || reported.has(tool.name) || call.scenario.expect !== 'success') continue;
    const rejection = argumentRejection(call.request, propertyNames(tool));
    if (!rejection) continue;
    const compiled = schemas.compile(tool.inputSchema);
    if (!compiled.ok || compiled.validate(call.scenario.arguments).length > 0) continue;
    reported.add(tool.name);
    const pointer = rejection.property ? joinPointer('/inputSchema/properties', rejection.property) : '/inputSchema';
    const where = rejection.property ? `; the error names property '${rejection.property}'` : '';
    report({ messageId: 'validCallRejected', tool: tool.name, pointer, data: { tool: tool.name, answer: rejection.answer, where } });
  }
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'The handler rejects arguments its inputSchema forbids and accepts the values it allows.',
    rationale: 'A schema the handler does not enforce is a promise the server does not keep: out-of-range or unexpected input reaches the implementation, and hosts that trust the schema are misled. Rejecting allowed values is the opposite drift.',
    spec: 'spec:2025-11-25/server/tools.mdx §Error Handling, §Security Considerations',
    messages: {
      accepted: 'Tool {{tool}} accepted a call with {{probe}}, which its inputSchema forbids; it must reject it (an isError result, or -32602).',
      rejected: 'Tool {{tool}} rejected a call with {{probe}}, which its inputSchema allows ({{answer}}).',
      validCallRejected:
        'Tool {{tool}} rejected arguments that are valid per its advertised inputSchema as invalid ({{answer}}){{where}}: the inputSchema under-states what the handler enforces.',
    },
    examples: {
      fail: 'inputSchema {"properties":{"limit":{"type":"integer","maximum":50}}}; a call with limit above 50 returns a normal result',
      pass: 'the same call returns {"isError":true,"content":[{"type":"text","text":"limit must be at most 50"}]}',
    },
  },
  plan({ observation }) {
    return planned(observation).map(({ tool, probe }) => toolCallProbe(ID, probeId(tool, probe), tool, probe.arguments));
  },
  check({ observation, schemas }, report) {
    judgeValidCalls(observation, schemas, report);
    for (const { tool, probe } of planned(observation)) {
      const record = probeRecord(observation, probeId(tool, probe));
      if (!record) continue;
      const kind = responseKind(record.request);
      const data = { tool, probe: probe.label };
      if (probe.expect === 'reject' && kind === 'result') report({ messageId: 'accepted', tool, pointer: probe.pointer, data });
      const invalidParams = kind === 'protocol-error' && rpcError(record.request)?.code === -32602;
      const validationError = kind === 'tool-error' && looksLikeValidationError(record.request);
      if (probe.expect === 'accept' && (invalidParams || validationError)) {
        report({ messageId: 'rejected', tool, pointer: probe.pointer, data: { ...data, answer: invalidParams ? 'JSON-RPC -32602' : 'an isError result' } });
      }
    }
  },
});
