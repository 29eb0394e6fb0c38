/**
 * errors/classification: an unknown tool is JSON-RPC -32602 in every revision; arguments that fail
 * the inputSchema (2025-11-25+) and tool failures are `isError` results, not JSON-RPC errors.
 * Spec: spec:2025-11-25/server/tools.mdx §Error Handling; SEP-1303; spec:2026-07-28/server/tools.mdx.
 */
import { defineCheck } from '../define.ts';
import { deriveArgumentProbes } from '../../probes/negative.ts';
import { probeRecord, responseKind, rpcError } from '../../probes/records.ts';
import { makeSentinel } from '../../probes/sentinel.ts';
import { listedTools, mayProbe, successfulArguments, toolCallProbe, unknownToolName } from '../../probes/targets.ts';
import { atLeastRevision } from '../../wire/revision.ts';
import type { ProbeRequest, SurfaceObservation } from '../../types.ts';

const ID = 'errors/classification';
const UNKNOWN = `${ID}:unknown-tool`;
const invalidId = (tool: string) => `${ID}:${tool}:invalid-arguments`;

/** Whether a schema requires at least one property (then `{}` is invalid arguments). */
function hasRequired(schema: unknown): boolean {
  const required = (schema as { required?: unknown } | null)?.required;
  return Array.isArray(required) && required.length > 0;
}

/** Invalid arguments for a tool: the first reject probe from its known-good arguments, else `{}` when it requires properties. */
function invalidArgumentsProbe(observation: SurfaceObservation, tool: string, schema: unknown): ProbeRequest | undefined {
  const base = successfulArguments(observation, tool);
  if (!base) return hasRequired(schema) ? toolCallProbe(ID, invalidId(tool), tool, {}) : undefined;
  const probe = deriveArgumentProbes(schema, base, invalidId(tool)).find((p) => p.expect === 'reject');
  return probe ? toolCallProbe(ID, invalidId(tool), tool, probe.arguments) : undefined;
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'An unknown tool is JSON-RPC -32602; invalid arguments (2025-11-25+) and tool failures are isError results.',
    rationale: 'A model can only self-correct from an isError result it sees; a JSON-RPC error is swallowed by the host. An unknown tool is a protocol error so that clients can tell a missing tool from a failing one.',
    spec: 'spec:2025-11-25/server/tools.mdx §Error Handling; SEP-1303',
    messages: {
      unknownToolNotProtocolError: 'Calling a tool that does not exist was answered with {{kind}}; it must be a JSON-RPC error with code -32602 (unknown tool).',
      unknownToolWrongCode: 'Calling a tool that does not exist was answered with JSON-RPC error code {{code}}; the spec uses -32602 (unknown tool).',
      invalidArgumentsProtocolError: 'Tool {{tool}}: arguments that fail its inputSchema were answered with JSON-RPC error {{code}}; from protocol 2025-11-25 they must come back as a CallToolResult with isError: true and a readable message.',
      toolErrorAsProtocolError: 'Tool {{tool}}: scenario {{scenario}} expects a tool error but got JSON-RPC error {{code}}; a tool that fails must return a CallToolResult with isError: true.',
    },
    examples: {
      fail: '{"method":"tools/call","params":{"name":"lookup_user","arguments":{"id":"u1","foobar":1}}} -> {"error":{"code":0,"message":"decode failed"}}',
      pass: '-> {"result":{"content":[{"type":"text","text":"Invalid arguments: unknown field"}],"isError":true}}',
    },
  },
  plan({ observation }) {
    const probes: ProbeRequest[] = [toolCallProbe(ID, UNKNOWN, unknownToolName(observation), { probe: makeSentinel(UNKNOWN) })];
    for (const tool of listedTools(observation)) {
      if (!mayProbe(observation, tool)) continue;
      const probe = invalidArgumentsProbe(observation, tool.name, tool.inputSchema);
      if (probe) probes.push(probe);
    }
    return probes;
  },
  check({ observation }, report) {
    const unknown = probeRecord(observation, UNKNOWN);
    if (unknown) {
      const kind = responseKind(unknown.request);
      const code = rpcError(unknown.request)?.code;
      if (kind === 'tool-error' || kind === 'result') report({ messageId: 'unknownToolNotProtocolError', data: { kind: kind === 'tool-error' ? 'an isError result' : 'a success result' }, pointer: '/params/name' });
      else if (kind === 'protocol-error' && code !== -32602) report({ messageId: 'unknownToolWrongCode', data: { code: String(code) }, pointer: '/error/code' });
    }
    const modernRule = atLeastRevision(observation.negotiation?.protocolVersion, '2025-11-25');
    for (const tool of listedTools(observation)) {
      const record = probeRecord(observation, invalidId(tool.name));
      if (!record || responseKind(record.request) !== 'protocol-error') continue;
      report({ messageId: 'invalidArgumentsProtocolError', tool: tool.name, pointer: '/error/code', data: { tool: tool.name, code: String(rpcError(record.request)?.code) }, ...(modernRule ? {} : { severity: 'info' }) });
    }
    for (const call of observation.calls) {
      if (call.scenario.expect !== 'tool-error' || responseKind(call.request) !== 'protocol-error') continue;
      report({ messageId: 'toolErrorAsProtocolError', tool: call.scenario.tool, pointer: '/error/code', data: { tool: call.scenario.tool, scenario: call.scenario.name, code: String(rpcError(call.request)?.code) } });
    }
  },
});
