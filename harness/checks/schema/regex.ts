/**
 * schema/regex: every `pattern` and `patternProperties` key of a tool schema runs on the harness's
 * linear-time regex engine (harness/schema/regex.ts). A pattern it refuses (backreference,
 * lookahead/lookbehind, a repetition count above 1,000, a Unicode property RE2 lacks, an overlong
 * pattern) is reported here and NOT enforced while validating: the harness never runs a server's
 * regex on a backtracking engine, so one catastrophic pattern cannot hang the run (ReDoS). A pattern
 * that is ECMA-262 only WITHOUT the `u` flag (`^\d{3}\-\d{4}$`: `\-` outside a class is an identity escape,
 * invalid under `u`) is `nonUnicode`, a warning reported here alone (schema/compile does not: the schema
 * compiles): JSON Schema 2020-12 Validation §6.3.3 says a pattern "SHOULD be a valid regular expression,
 * according to the ECMA-262 regular expression dialect" and MCP adds nothing stricter, but validators that
 * compile patterns with `u` (ajv's default, in the MCP TypeScript SDK) refuse the whole schema. The message
 * says whether the harness enforces it (identity escapes read as the characters they escape) or not
 * (harness/schema/regex.ts). Patterns that are not ECMA-262 at all are schema/compile's. Spec: JSON Schema
 * 2020-12 Core §6.4 (regular expressions SHOULD be ECMA-262; the interoperable subset is RECOMMENDED),
 * Validation §6.3.3, §10.3.2.2.
 */
import { defineCheck } from '../define.ts';
import { compilePattern } from '../../schema/regex.ts';
import { joinPointer } from '../../schema/pointer.ts';
import { namedTools, schemasOf } from '../../schema/tool-schemas.ts';
import { walkSchema, type SchemaVisit } from '../../schema/walk.ts';

/** Patterns of one subschema: [pointer to the pattern, pattern text]. */
function patternsOf(node: Record<string, unknown>, visit: SchemaVisit): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (Object.hasOwn(node, 'pattern') && typeof node.pattern === 'string') out.push([joinPointer(visit.pointer, 'pattern'), node.pattern]);
  const props = Object.hasOwn(node, 'patternProperties') ? node.patternProperties : undefined;
  if (props !== null && typeof props === 'object' && !Array.isArray(props)) {
    for (const key of Object.keys(props)) out.push([joinPointer(visit.pointer, 'patternProperties', key), key]);
  }
  return out;
}

/** How the harness runs a `nonUnicode` pattern (harness/schema/regex.ts). */
const ENFORCED = 'The harness enforces it, reading its escaped punctuation as the characters escaped.';
const NOT_ENFORCED = 'The harness does not enforce it.';

export default defineCheck({
  meta: {
    id: 'schema/regex',
    defaultSeverity: 'warning',
    description: 'Tool schema patterns stay within what a linear-time regex engine runs (no backreferences, lookaround or huge repetition counts).',
    rationale: 'A backtracking engine can take exponential time on a crafted string (ReDoS); clients that run patterns on RE2-class engines (Go, Rust, re2) reject these patterns, and the harness does not enforce them.',
    spec: 'JSON Schema 2020-12 Core §6.4 (Regular Expressions); Validation §6.3.3 (pattern), §10.3.2.2 (patternProperties)',
    messages: {
      refused: '{{tool}}: the pattern at {{pointer}} {{feature}}; the harness runs patterns in linear time only, so this one is not enforced.',
      nonUnicode:
        '{{tool}}: the pattern at {{pointer}} is a valid ECMA-262 regular expression only without the u flag; validators that compile patterns with it (ajv by default, as in the MCP TypeScript SDK) refuse the whole schema. {{enforced}}',
    },
    examples: {
      fail: '{"inputSchema":{"type":"object","properties":{"pw":{"type":"string","pattern":"^(?=.*[0-9]).{8,}$"}}}}',
      pass: '{"inputSchema":{"type":"object","properties":{"pw":{"type":"string","pattern":"^[A-Za-z0-9]{8,}$"}}}}',
    },
  },
  check({ observation }, report) {
    for (const tool of namedTools(observation.listing?.tools)) {
      for (const entry of schemasOf(tool)) {
        walkSchema(entry.schema, (visit) => {
          const node = visit.node;
          if (typeof node === 'boolean') return;
          for (const [at, pattern] of patternsOf(node, visit)) {
            const compiled = compilePattern(pattern);
            const full = entry.root + at;
            if ((compiled.ok && compiled.nonUnicode) || (!compiled.ok && compiled.refusal === 'non-unicode')) {
              report({ messageId: 'nonUnicode', tool: tool.name, pointer: full, data: { tool: tool.name, pointer: full, enforced: compiled.ok ? ENFORCED : NOT_ENFORCED } });
              continue;
            }
            if (compiled.ok || compiled.refusal === 'invalid') continue;
            report({ messageId: 'refused', tool: tool.name, pointer: full, data: { tool: tool.name, pointer: full, feature: compiled.message } });
          }
        });
      }
    }
  },
});
