/**
 * errors/input-enforcement: the handler rejects arguments its inputSchema forbids (one negative
 * probe per constraint) and accepts the boundary values it allows.
 * Spec: spec:2025-11-25/server/tools.mdx §Error Handling, §Security Considerations (servers MUST validate all tool inputs).
 */
import { defineCheck } from '../define.ts';
import { deriveArgumentProbes, type ArgumentProbe } from '../../probes/negative.ts';
import { looksLikeValidationError, probeRecord, responseKind, rpcError } from '../../probes/records.ts';
import { listedTools, mayProbe, successfulArguments, toolCallProbe } from '../../probes/targets.ts';
import type { SurfaceObservation } from '../../types.ts';

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
    },
    examples: {
      fail: 'inputSchema {"properties":{"limit":{"type":"integer","maximum":50}}}; a call with limit above 50 returns a normal result',
      pass: 'the same call returns {"isError":true,"content":[{"type":"text","text":"limit must be at most 50"}]}',
    },
  },
  plan({ observation }) {
    return planned(observation).map(({ tool, probe }) => toolCallProbe(ID, probeId(tool, probe), tool, probe.arguments));
  },
  check({ observation }, report) {
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
