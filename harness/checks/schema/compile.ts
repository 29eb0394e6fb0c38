/**
 * schema/compile: every inputSchema and outputSchema compiles; every `$ref` resolves inside its
 * document; remote refs are reported and never fetched. Unknown dialects and meta-schema violations
 * are left to schema/dialect. A `pattern` that is ECMA-262 only without the `u` flag does not make a schema fail
 * to compile (JSON Schema 2020-12 Validation §6.3.3: a pattern "SHOULD be a valid regular expression, according
 * to the ECMA-262 regular expression dialect"): schema/regex names it once, as a warning; a pattern that is not
 * ECMA-262 with or without `u` is still a compile error here.
 * Spec: spec:2025-11-25/basic/index.mdx §JSON Schema Usage; SEP-2106 ($ref Resolution).
 */
import { defineCheck } from '../define.ts';
import { namedTools, schemasOf } from '../../schema/tool-schemas.ts';

export default defineCheck({
  meta: {
    id: 'schema/compile',
    defaultSeverity: 'error',
    description: 'Every inputSchema and outputSchema compiles and every $ref resolves locally; remote refs are never fetched.',
    rationale: 'Clients that resolve refs eagerly drop a whole server on one schema that does not compile; a remote $ref needs the network and is a supply-chain risk.',
    spec: 'spec:2025-11-25/basic/index.mdx §JSON Schema Usage; spec:2026-07-28/basic/index.mdx §$ref Resolution (SEP-2106)',
    messages: {
      unresolvedRef: '{{tool}}: {{keyword}} at {{pointer}} does not resolve inside the schema document.',
      remoteRef: '{{tool}}: {{keyword}} at {{pointer}} points outside the schema document; remote refs are never fetched, so the schema cannot be evaluated.',
      compileError: '{{tool}}: {{field}} does not compile ({{reason}}).',
    },
    examples: {
      fail: '{"outputSchema":{"type":"object","properties":{"v":{"$ref":"#/$defs/Missing"}}}}',
      pass: '{"outputSchema":{"type":"object","properties":{"v":{"$ref":"#/$defs/V"}},"$defs":{"V":{"type":"string"}}}}',
    },
  },
  check({ observation, schemas }, report) {
    for (const tool of namedTools(observation.listing?.tools)) {
      for (const entry of schemasOf(tool)) {
        const result = schemas.compile(entry.schema);
        if (result.ok || result.reason === 'unknown-dialect' || result.reason === 'invalid-schema') continue;
        for (const issue of result.issues) {
          const pointer = entry.root + issue.pointer;
          if (result.reason === 'compile-error') report({ messageId: 'compileError', tool: tool.name, pointer, data: { tool: tool.name, field: entry.field, reason: issue.message } });
          else report({ messageId: result.reason === 'remote-ref' ? 'remoteRef' : 'unresolvedRef', tool: tool.name, pointer, data: { tool: tool.name, keyword: issue.keyword, pointer } });
        }
      }
    }
  },
});
