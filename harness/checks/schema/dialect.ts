/**
 * schema/dialect: the `$schema` of every inputSchema/outputSchema names a supported dialect, and the
 * schema is valid against its dialect's meta-schema (so no keyword is used with another dialect's
 * meaning: boolean `exclusiveMinimum` or tuple-form `items` under 2020-12, `type: "float"`).
 * A declared draft-07, draft-06 or 2019-09 is supported and only noted (info). Findings name the dialect the schema
 * declares: a draft-06 schema is draft-06 in every message, though it runs on the draft-07 engine (validated against the
 * draft-06 meta-schema; draft-07 only added keywords to draft-06).
 *
 * Severities follow the negotiated revision (spec:2025-11-25/basic/index.mdx §JSON Schema Usage, SEP-1613):
 * - metaInvalid is an error from 2025-11-25 on ("Schemas MUST be valid according to their declared or default
 *   dialect"; a schema without `$schema` "defaults to JSON Schema 2020-12"). Earlier revisions have no dialect
 *   text at all, neither a default nor that MUST: there it is a warning, whose message says the schema declares
 *   no dialect and 2020-12 is the default only from 2025-11-25 (or that the declared dialect's validity is
 *   required only from then), since clients that assume 2020-12 may refuse it.
 * - unknownDialect is a warning on every revision: "Schemas MAY include a $schema field to specify a different
 *   dialect"; the MUST ("MUST handle unsupported dialects gracefully") binds the receiver. The harness cannot
 *   evaluate the schema, and clients that support only 2020-12 may refuse it.
 * - nonCanonicalUri, a warning on every revision, as unknownDialect: a `$schema` that names a supported dialect by
 *   another spelling of its meta-schema's URI (`https://json-schema.org/draft-07/schema#`, an `http://` 2020-12).
 *   The harness resolves it to the dialect and validates the schema against that meta-schema (before, ajv's lookup by
 *   the raw string failed and read as a false metaInvalid error); validators that look the meta-schema up by its URI
 *   (ajv's `compile` throws "no schema with key or ref") do not know it, so to them the dialect is unsupported.
 */
import { defineCheck } from '../define.ts';
import { isCanonicalSchemaUri, metaSchemaIdOf } from '../../schema/dialects.ts';
import { namedTools, schemasOf } from '../../schema/tool-schemas.ts';
import { atLeastRevision, DEFAULT_DIALECT_REVISION } from '../../wire/revision.ts';

export default defineCheck({
  meta: {
    id: 'schema/dialect',
    defaultSeverity: 'error',
    description: 'Each tool schema declares a supported dialect ($schema) and is valid against that dialect\'s meta-schema.',
    rationale:
      'Model APIs and clients refuse a whole request when one tool schema is invalid for its dialect; an unsupported $schema cannot be evaluated at all. metaInvalid is an error from protocol 2025-11-25 (schemas MUST be valid for their declared or default dialect, 2020-12 the default) and a warning before it, where MCP names no dialect; unknownDialect is a warning (a $schema MAY name another dialect).',
    spec: 'spec:2025-11-25/basic/index.mdx §JSON Schema Usage',
    messages: {
      unknownDialect: '{{tool}}: {{field}} declares a $schema that names no dialect the harness supports (2020-12, 2019-09, draft-07, draft-06): the schema cannot be evaluated, and clients that support only 2020-12 may refuse it.',
      metaInvalid: '{{tool}}: {{pointer}} is not valid under the {{dialect}} meta-schema: {{problem}}{{basis}}.',
      nonDefaultDialect: '{{tool}}: {{field}} declares {{dialect}}; it is supported and validated {{validation}}, but clients that only accept 2020-12 (the MCP default dialect since protocol 2025-11-25) may refuse it.',
      nonCanonicalUri: "{{tool}}: {{field}} names {{dialect}} by a $schema URI other than its meta-schema's own ({{canonical}}); the harness validated it as {{dialect}}, but validators that look the meta-schema up by its URI (ajv does) do not know that spelling and refuse the schema.",
    },
    examples: {
      fail: '{"inputSchema":{"type":"object","properties":{"ttl":{"type":"integer","minimum":0,"exclusiveMinimum":true}}}}',
      pass: '{"inputSchema":{"type":"object","properties":{"ttl":{"type":"integer","exclusiveMinimum":0}}}}',
    },
  },
  check({ observation, schemas }, report) {
    const version = observation.negotiation?.protocolVersion;
    for (const tool of namedTools(observation.listing?.tools)) {
      for (const entry of schemasOf(tool)) {
        const info = schemas.dialectOf(entry.schema);
        const base = { tool: tool.name, field: entry.field };
        if (!info.dialect) {
          report({ messageId: 'unknownDialect', severity: 'warning', tool: tool.name, pointer: `${entry.root}/$schema`, data: base });
          continue;
        }
        const { basis, severity } = metaInvalidBasis(version, info.declared !== undefined);
        const dialect = info.name ?? info.dialect;
        if (info.declared !== undefined && !isCanonicalSchemaUri(info.declared, dialect)) {
          report({ messageId: 'nonCanonicalUri', severity: 'warning', tool: tool.name, pointer: `${entry.root}/$schema`, data: { ...base, dialect, canonical: metaSchemaIdOf(dialect) } });
        }
        if (info.declared !== undefined && info.dialect !== '2020-12') {
          report({ messageId: 'nonDefaultDialect', severity: 'info', tool: tool.name, pointer: `${entry.root}/$schema`, data: { ...base, dialect, validation: validationOf(dialect) } });
        }
        for (const issue of schemas.metaValidate(entry.schema)) {
          const pointer = entry.root + issue.pointer;
          report({ messageId: 'metaInvalid', tool: tool.name, pointer, data: { ...base, pointer, dialect, problem: issue.message, basis }, ...(severity ? { severity } : {}) });
        }
      }
    }
  },
});

/** How a declared dialect is validated, for nonDefaultDialect's `{{validation}}`: draft-06 runs on the draft-07 engine. */
function validationOf(dialect: string): string {
  return dialect === 'draft-06' ? 'against the draft-06 meta-schema, with draft-07 rules for its keywords (draft-07 only added keywords to draft-06)' : `with ${dialect} rules`;
}

/**
 * The `{{basis}}` of metaInvalid and its severity. From 2025-11-25 on (or when no revision was negotiated) the
 * negotiated revision's MUST: no basis, the check's severity. Before it, a warning that says why clients may
 * refuse the schema although that revision requires nothing of its dialect (spec:2025-11-25/basic/index.mdx
 * §JSON Schema Usage: the 2020-12 default and "MUST be valid according to their declared or default dialect"
 * came with 2025-11-25).
 */
export function metaInvalidBasis(version: string | undefined, declared: boolean): { basis: string; severity?: 'warning' } {
  if (version === undefined || atLeastRevision(version, DEFAULT_DIALECT_REVISION)) return { basis: '' };
  const basis = declared
    ? `; MCP requires a schema to be valid for its declared dialect only from protocol ${DEFAULT_DIALECT_REVISION} (the negotiated ${version} says nothing of dialects), but clients that validate it may refuse it`
    : `; the schema declares no dialect ($schema), and 2020-12 is the MCP default only from protocol ${DEFAULT_DIALECT_REVISION} (the negotiated ${version} names none), so clients that assume 2020-12 may refuse it`;
  return { basis, severity: 'warning' };
}
