/**
 * schema/portability: legal JSON Schema that clients, model APIs or the author's intent read
 * differently: OpenAPI-isms (`nullable`; `example`/`discriminator`/input `readOnly` at info), unknown
 * `format`s, an empty `enum` (no value can validate) or one with repeated members (both SHOULDs of JSON Schema
 * Validation §6.1.2, so warnings), `enum`/`default` values that contradict the declared type, `$ref`s outside
 * `$defs`/`definitions`, recursive refs, `required` names that `properties` lacks (unsatisfiable beside
 * `additionalProperties: false`), input property names model APIs reject (not output ones: model APIs never see an
 * outputSchema), type-specific keywords on another type. Spec: spec:2025-11-25/basic/index.mdx §JSON Schema Usage
 * (schemas are JSON Schema, default 2020-12); JSON Schema 2020-12 Validation §6.1.2 (enum), §9.2 (default).
 */
import type { Severity } from '../../model/report.ts';
import { defineCheck } from '../define.ts';
import { portabilityIssues, type PortabilityIssue } from '../../schema/portability.ts';
import { namedTools, schemasOf } from '../../schema/tool-schemas.ts';

/** messageId and severity override per kind (undefined severity = the check's resolved severity). */
const BY_KIND: Record<PortabilityIssue['kind'], { messageId: string; severity?: Severity }> = {
  nullable: { messageId: 'nullable' },
  'openapi-annotation': { messageId: 'openapiAnnotation', severity: 'info' },
  'unknown-format': { messageId: 'unknownFormat' },
  'empty-enum': { messageId: 'emptyEnum' },
  'enum-duplicate': { messageId: 'enumDuplicate' },
  'enum-outside-type': { messageId: 'enumOutsideType' },
  'type-unreachable': { messageId: 'typeUnreachable' },
  'default-invalid': { messageId: 'defaultInvalid' },
  'ref-outside-defs': { messageId: 'refOutsideDefs' },
  'recursive-ref': { messageId: 'recursiveRef' },
  'required-undeclared': { messageId: 'requiredUndeclared' },
  'required-unsatisfiable': { messageId: 'requiredUnsatisfiable' },
  'property-name': { messageId: 'propertyName' },
  'nested-property-name': { messageId: 'nestedPropertyName', severity: 'info' },
  'keyword-type-mismatch': { messageId: 'keywordTypeMismatch' },
};

export default defineCheck({
  meta: {
    id: 'schema/portability',
    defaultSeverity: 'warning',
    description: 'Tool schemas avoid constructs that are legal but read differently by JSON Schema, OpenAPI tooling and model APIs.',
    rationale: 'OpenAPI\'s nullable is ignored by JSON Schema, so nulls the author meant to allow are rejected; a default or enum member that its own type rejects can never validate, and an empty enum admits no value at all; unknown formats and deep or recursive refs are handled differently by each client.',
    spec: 'spec:2025-11-25/basic/index.mdx §JSON Schema Usage; JSON Schema 2020-12 Validation §6.1.2, §7.3, §9.2',
    messages: {
      nullable: "{{tool}}: {{pointer}} uses 'nullable', an OpenAPI 3.0 keyword that JSON Schema ignores, so null stays invalid; write type as a list that includes 'null'.",
      openapiAnnotation: "{{tool}}: {{pointer}} uses '{{keyword}}', an OpenAPI annotation with no JSON Schema meaning here.",
      unknownFormat: '{{tool}}: {{pointer}} names a format that JSON Schema 2020-12 does not define; validators ignore it or reject the schema.',
      emptyEnum: '{{tool}}: the enum at {{pointer}} is empty, so no value can ever validate there (JSON Schema Validation §6.1.2: the enum array SHOULD have at least one element; an empty enum admits no value).',
      enumDuplicate: '{{tool}}: enum member {{pointer}} repeats an earlier member (JSON Schema Validation §6.1.2: the elements of the enum array SHOULD be unique).',
      enumOutsideType: '{{tool}}: enum member {{pointer}} has a JSON type that the schema\'s type rejects, so it can never validate.',
      typeUnreachable: '{{tool}}: {{pointer}} admits a type that no enum member has, so that type can never validate.',
      defaultInvalid: "{{tool}}: the default at {{pointer}} fails its own schema's type, enum or const.",
      refOutsideDefs: '{{tool}}: {{pointer}} points outside $defs/definitions; clients that inline refs handle such targets inconsistently.',
      recursiveRef: '{{tool}}: {{pointer}} is recursive; valid JSON Schema, but clients that inline refs cannot register it. Consider bounding the depth.',
      requiredUndeclared: "{{tool}}: {{pointer}} requires a property that 'properties' does not declare; clients that build forms or arguments from 'properties' cannot supply it.",
      requiredUnsatisfiable: "{{tool}}: {{pointer}} requires a property that 'properties' does not declare while additionalProperties is false, so no arguments can ever validate.",
      propertyName: '{{tool}}: the top-level property name at {{pointer}} is outside ^[a-zA-Z0-9_.-]{1,64}$, which model APIs require of tool input property names; they reject the whole tool.',
      nestedPropertyName: '{{tool}}: the nested property name at {{pointer}} is outside ^[a-zA-Z0-9_.-]{1,64}$; the model APIs check only top-level names, but some clients may reject it.',
      keywordTypeMismatch: "{{tool}}: '{{keyword}}' at {{pointer}} applies to another JSON type than the subschema's type admits, so it never constrains anything (a misplaced keyword).",
    },
    examples: {
      fail: '{"inputSchema":{"type":"object","properties":{"note":{"type":"string","nullable":true}}}}',
      pass: '{"inputSchema":{"type":"object","properties":{"note":{"type":["string","null"]}}}}',
    },
  },
  check({ observation }, report) {
    for (const tool of namedTools(observation.listing?.tools)) {
      for (const entry of schemasOf(tool)) {
        for (const issue of portabilityIssues(entry.schema, entry.field === 'inputSchema' ? 'input' : 'output')) {
          const { messageId, severity } = BY_KIND[issue.kind];
          const pointer = entry.root + issue.pointer;
          report({ messageId, ...(severity ? { severity } : {}), tool: tool.name, pointer, data: { tool: tool.name, pointer, keyword: issue.keyword } });
        }
      }
    }
  },
});
