/**
 * schema/dialect: the `$schema` of every inputSchema/outputSchema names a supported dialect, and the
 * schema is valid against its dialect's meta-schema (so no keyword is used with another dialect's
 * meaning: boolean `exclusiveMinimum` or tuple-form `items` under 2020-12, `type: "float"`).
 * A declared draft-07 or 2019-09 is supported and only noted (info).
 * Spec: spec:2025-11-25/basic/index.mdx §JSON Schema Usage (default 2020-12; MUST be valid for the dialect).
 */
import { defineCheck } from '../define.ts';
import { namedTools, schemasOf } from '../../schema/tool-schemas.ts';

export default defineCheck({
  meta: {
    id: 'schema/dialect',
    defaultSeverity: 'error',
    description: 'Each tool schema declares a supported dialect ($schema) and is valid against that dialect\'s meta-schema.',
    rationale: 'Model APIs and clients refuse a whole request when one tool schema is invalid for its dialect; an unsupported $schema cannot be evaluated at all.',
    spec: 'spec:2025-11-25/basic/index.mdx §JSON Schema Usage',
    messages: {
      unknownDialect: '{{tool}}: {{field}} declares a $schema that names no supported dialect (2020-12, 2019-09, draft-07); the schema cannot be evaluated.',
      metaInvalid: '{{tool}}: {{pointer}} is not valid under the {{dialect}} meta-schema: {{problem}}.',
      nonDefaultDialect: '{{tool}}: {{field}} declares {{dialect}}; it is supported and validated with {{dialect}} rules, but clients that only accept 2020-12 (the MCP default dialect since protocol 2025-11-25) may refuse it.',
    },
    examples: {
      fail: '{"inputSchema":{"type":"object","properties":{"ttl":{"type":"integer","minimum":0,"exclusiveMinimum":true}}}}',
      pass: '{"inputSchema":{"type":"object","properties":{"ttl":{"type":"integer","exclusiveMinimum":0}}}}',
    },
  },
  check({ observation, schemas }, report) {
    for (const tool of namedTools(observation.listing?.tools)) {
      for (const entry of schemasOf(tool)) {
        const info = schemas.dialectOf(entry.schema);
        const base = { tool: tool.name, field: entry.field };
        if (!info.dialect) {
          report({ messageId: 'unknownDialect', tool: tool.name, pointer: `${entry.root}/$schema`, data: base });
          continue;
        }
        if (info.declared !== undefined && info.dialect !== '2020-12') {
          report({ messageId: 'nonDefaultDialect', severity: 'info', tool: tool.name, pointer: `${entry.root}/$schema`, data: { ...base, dialect: info.dialect } });
        }
        for (const issue of schemas.metaValidate(entry.schema)) {
          const pointer = entry.root + issue.pointer;
          report({ messageId: 'metaInvalid', tool: tool.name, pointer, data: { ...base, pointer, dialect: info.dialect, problem: issue.message } });
        }
      }
    }
  },
});
