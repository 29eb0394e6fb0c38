/**
 * schema/compile: every inputSchema and outputSchema compiles; every `$ref` resolves inside its
 * document; remote refs are reported and never fetched. Unknown dialects and meta-schema violations
 * are left to schema/dialect. A `pattern` that is ECMA-262 only without the `u` flag does not make a schema fail
 * to compile (JSON Schema 2020-12 Validation §6.3.3: a pattern "SHOULD be a valid regular expression, according
 * to the ECMA-262 regular expression dialect"): schema/regex names it once, as a warning; a pattern that is not
 * ECMA-262 with or without `u` is still a compile error here.
 * A remote `$ref` (one that resolves outside the schema document) is a warning, not an error: JSON Schema permits it
 * and no revision forbids a server to write one; 2026-07-28 §$ref Resolution binds the receiver (it "MUST NOT
 * automatically dereference" a network URI, and schemas that fail for an unresolved external `$ref` "SHOULD be
 * rejected"), so conforming clients refuse the tool's schema: a SHOULD's consequence. A local `$ref` that resolves
 * nowhere stays an error (the ground-truth case 08).
 * A schema the harness does not evaluate is a compile error too, as a document nested past MAX_SCHEMA_DEPTH is: one
 * whose `$ref`s expand past MAX_EXPANDED_SUBSCHEMAS subschemas (harness/schema/expansion.ts; validating against it is
 * exponential for every validator, clients included), and one whose validator overflows the call stack
 * (harness/schema/stack-guard.ts), also when another check's validation found that (this check is judged last:
 * `judgedLast`). Nothing generates or validates against it; the rest of the surface is judged.
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
    // a validator that overflows the call stack only on a result (a long $ref chain the warm-up instance does not
    // reach) is found by result/structured-content's validation: judged after it, this check reports that schema too
    judgedLast: true,
    messages: {
      unresolvedRef: '{{tool}}: {{keyword}} at {{pointer}} does not resolve inside the schema document.',
      remoteRef: '{{tool}}: {{keyword}} at {{pointer}} points outside the schema document; remote refs are never fetched, so the schema cannot be evaluated, and clients should reject it (2026-07-28 $ref Resolution).',
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
          else if (result.reason === 'remote-ref') report({ messageId: 'remoteRef', severity: 'warning', tool: tool.name, pointer, data: { tool: tool.name, keyword: issue.keyword, pointer } });
          else report({ messageId: 'unresolvedRef', tool: tool.name, pointer, data: { tool: tool.name, keyword: issue.keyword, pointer } });
        }
      }
    }
  },
});
