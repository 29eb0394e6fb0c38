/**
 * tools/advertised-shape: every advertised Tool object has the shape of the negotiated revision's
 * schema.ts `Tool`: string name; inputSchema an object with root type "object" (every revision);
 * outputSchema root type "object" on 2025 revisions (any JSON Schema on 2026-07-28); title and
 * description strings; annotations an object of hints; icons an array (2025-11-25+).
 * outputSchema came with 2025-06-18: on 2024-11-05 and 2025-03-26 (no Tool.outputSchema) its problems are
 * warnings that name 2025-06-18 as the rule's revision (clients such as the MCP SDKs parse tools/list with
 * that shape whatever the revision); see harness/invariants.ts `advertisedShapeProblems`.
 */
import { defineCheck } from '../define.ts';
import { advertisedShapeProblems, type ShapeProblem } from '../../invariants.ts';
import { LATEST_LEGACY_PROTOCOL_VERSION } from '../../model/protocol.ts';

export default defineCheck({
  meta: {
    id: 'tools/advertised-shape',
    defaultSeverity: 'error',
    description: 'Every advertised Tool object matches the negotiated revision\'s Tool shape (inputSchema root type "object", outputSchema root object on 2025 revisions).',
    rationale:
      'Clients and model APIs reject a tool whose inputSchema root is not an object (a root anyOf/oneOf), and some drop every tool of the server because of one. outputSchema problems are warnings on 2024-11-05 and 2025-03-26, which define no outputSchema (the SDKs parse it whatever the revision).',
    spec: 'schema/2025-06-18, schema/2025-11-25, schema/2026-07-28 schema.ts Tool; spec:2025-11-25/server/tools.mdx §Tool',
    messages: {
      inputRoot: '{{tool}}: inputSchema root does not declare type "object"{{detail}}.',
      outputRoot: '{{tool}}: outputSchema root does not declare type "object"{{detail}}; {{rule}}.',
      fieldType: '{{tool}}: {{field}} is not {{what}}.',
    } satisfies Record<ShapeProblem['messageId'], string>,
    examples: {
      fail: '{"name":"update","inputSchema":{"anyOf":[{"type":"object"},{"type":"object"}]}}',
      pass: '{"name":"update","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}',
    },
  },
  check({ observation }, report) {
    const version = observation.negotiation?.protocolVersion ?? LATEST_LEGACY_PROTOCOL_VERSION;
    for (const tool of observation.listing?.tools ?? []) {
      for (const problem of advertisedShapeProblems(tool, version)) report(problem);
    }
  },
});
