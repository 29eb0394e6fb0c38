import dialect from '../../../harness/checks/schema/dialect.ts';
import { checkTester, loadCase, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';
import { runCheckOn } from '../../helpers/check-tester.ts';
import { expect, it } from 'vitest';

/** An inputSchema with draft-07's tuple-form `items` and no `$schema`. */
const tupleInput = { type: 'object', properties: { p: { type: 'array', items: [{ type: 'string' }] } } };

checkTester(dialect, {
  examples: toolExample,
  valid: [
    { name: 'no $schema (2020-12 default)', observation: makeObservation({ tools: [makeTool('a', { outputSchema: { type: 'object' } })] }) },
    { name: 'no $schema, valid under 2020-12, on 2025-03-26', observation: makeObservation({ protocolVersion: '2025-03-26', tools: [makeTool('a', { outputSchema: { type: 'object', properties: { n: { type: 'integer', exclusiveMinimum: 0 } } } })] }) },
    // JSON Schema Validation §6.1.2 (draft-07, 2019-09, 2020-12), draft-06 §6.23: enum "MUST be an array. This array SHOULD have at least
    // one element. Elements in the array SHOULD be unique." An empty or repeating enum is valid (schema/portability warns)
    ...[undefined, 'https://json-schema.org/draft/2020-12/schema'].map((uri) => ({
      name: `an empty enum and a repeating enum are valid under ${uri ?? 'the 2020-12 default'}`,
      observation: makeObservation({ tools: [makeTool('e', { inputSchema: { ...(uri ? { $schema: uri } : {}), type: 'object', properties: { mode: { type: 'string', enum: [] }, tier: { enum: ['a', 'a'] } } } })] }),
    })),
  ],
  invalid: [
    // another spelling of a supported dialect's URI: validated as that dialect (ajv's lookup by the raw URI threw
    // "no schema with key or ref", a false metaInvalid error), and a warning: validators that look the URI up refuse it
    ...([
      ['https://json-schema.org/draft-07/schema#', 'draft-07', 'http://json-schema.org/draft-07/schema'],
      ['https://json-schema.org/draft-06/schema', 'draft-06', 'http://json-schema.org/draft-06/schema'],
      ['http://json-schema.org/draft/2020-12/schema', '2020-12', 'https://json-schema.org/draft/2020-12/schema'],
      ['http://json-schema.org/draft/2019-09/schema#', '2019-09', 'https://json-schema.org/draft/2019-09/schema'],
      // RFC 3986: scheme and host are case-insensitive (a fresh review: this was an unknown dialect, the tool not called)
      ['HTTP://JSON-SCHEMA.ORG/draft-07/schema#', 'draft-07', 'http://json-schema.org/draft-07/schema'],
    ] as const).map(([uri, dialect, canonical]) => ({
      name: `${uri}: nonCanonicalUri, validated as ${dialect}, no metaInvalid`,
      observation: makeObservation({ tools: [makeTool('u', { inputSchema: { $schema: uri, type: 'object', properties: { q: { type: 'string', minLength: 1 } } } })] }),
      findings: [
        { messageId: 'nonCanonicalUri', pointer: '/inputSchema/$schema', severity: 'warning' as const, message: `u: inputSchema names ${dialect} by a $schema URI other than its meta-schema's own (${canonical}); the harness validated it as ${dialect}, but validators that look the meta-schema up by its URI (ajv does) do not know that spelling and refuse the schema.` },
        ...(dialect === '2020-12' ? [] : [{ messageId: 'nonDefaultDialect', severity: 'info' as const }]),
      ],
    })),
    {
      name: 'another spelling of the draft-07 URI, and a schema invalid under draft-07: both said, the meta-schema error is draft-07\'s own',
      observation: makeObservation({ tools: [makeTool('u', { inputSchema: { $schema: 'https://json-schema.org/draft-07/schema#', type: 'object', properties: { q: { type: 'string', minLength: -1 } } } })] }),
      findings: [{ messageId: 'nonCanonicalUri', severity: 'warning' }, { messageId: 'nonDefaultDialect', severity: 'info' }, { messageId: 'metaInvalid', pointer: '/inputSchema/properties/q/minLength', severity: 'error' }],
    },
    ...([
      ['http://json-schema.org/draft-07/schema#', 'draft-07', 'with draft-07 rules'],
      ['http://json-schema.org/draft-06/schema#', 'draft-06', 'against the draft-06 meta-schema, with draft-07 rules for its keywords (draft-07 only added keywords to draft-06)'],
      ['https://json-schema.org/draft/2019-09/schema', '2019-09', 'with 2019-09 rules'],
    ] as const).map(([uri, dialect, validation]) => ({
      // the published draft-06/07 meta-schemas add minItems: 1 and uniqueItems: true to enum, which their prose makes SHOULDs (harness/schema/meta-schemas.ts)
      name: `an empty enum and a repeating enum are valid under ${dialect}: the dialect noted, no metaInvalid`,
      observation: makeObservation({ tools: [makeTool('e', { inputSchema: { $schema: uri, type: 'object', properties: { mode: { type: 'string', enum: [] }, tier: { enum: ['a', 'a'] } }, required: ['mode'] } })] }),
      findings: [{ messageId: 'nonDefaultDialect', pointer: '/inputSchema/$schema', severity: 'info' as const, data: { tool: 'e', field: 'inputSchema', dialect, validation } }],
    })),
    ...['http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-06/schema#', undefined].map((uri) => ({
      // "The value of this keyword MUST be an array": that stays a meta-schema error
      name: `an enum that is not an array is invalid under ${uri ?? 'the 2020-12 default'}`,
      observation: makeObservation({ tools: [makeTool('n', { inputSchema: { ...(uri ? { $schema: uri } : {}), type: 'object', properties: { mode: { enum: 'fast' } } } })] }),
      findings: [
        ...(uri ? [{ messageId: 'nonDefaultDialect', severity: 'info' as const }] : []),
        { messageId: 'metaInvalid', pointer: '/inputSchema/properties/mode/enum', severity: 'error' as const, data: { tool: 'n', field: 'inputSchema', pointer: '/inputSchema/properties/mode/enum', dialect: uri?.includes('06') ? 'draft-06' : uri ? 'draft-07' : '2020-12', problem: 'must be array', basis: '' } },
      ],
    })),
    { name: 'draft-07 declared is supported, info at most (case 11)', observation: makeObservation({ tools: [loadCase('11').tool] }),
      findings: [
        { messageId: 'nonDefaultDialect', pointer: '/inputSchema/$schema', severity: 'info', data: { tool: 'search_notes', field: 'inputSchema', dialect: 'draft-07', validation: 'with draft-07 rules' } },
        { messageId: 'nonDefaultDialect', pointer: '/outputSchema/$schema', severity: 'info', data: { tool: 'search_notes', field: 'outputSchema', dialect: 'draft-07', validation: 'with draft-07 rules' } },
      ],
    },
    {
      // the sweep: a draft-06 $schema was reported as draft-07; it runs on the draft-07 engine, yet findings name draft-06
      name: 'a declared draft-06 is named draft-06 (info), and its meta-schema problems are draft-06 meta-schema problems',
      observation: makeObservation({ tools: [makeTool('d6', { inputSchema: { $schema: 'http://json-schema.org/draft-06/schema#', type: 'object', properties: { x: { type: 'float' } } } })] }),
      findings: [
        {
          messageId: 'nonDefaultDialect',
          pointer: '/inputSchema/$schema',
          severity: 'info',
          message: 'd6: inputSchema declares draft-06; it is supported and validated against the draft-06 meta-schema, with draft-07 rules for its keywords (draft-07 only added keywords to draft-06), but clients that only accept 2020-12 (the MCP default dialect since protocol 2025-11-25) may refuse it.',
        },
        { messageId: 'metaInvalid', pointer: '/inputSchema/properties/x/type', severity: 'error', message: 'd6: /inputSchema/properties/x/type is not valid under the draft-06 meta-schema: must be equal to one of the allowed values.' },
      ],
    },
    { name: 'draft-07 tuple items are valid under draft-07', observation: makeObservation({ tools: [makeTool('t', { inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { p: { type: 'array', items: [{ type: 'string' }] } } } })] }), findings: [{ messageId: 'nonDefaultDialect', severity: 'info' }] },
    {
      name: 'boolean exclusiveMinimum under 2020-12 (case 12)',
      observation: makeObservation({ tools: [loadCase('12').tool] }),
      findings: [{ messageId: 'metaInvalid', tool: 'dns_create_record', pointer: '/inputSchema/properties/ttl/exclusiveMinimum', severity: 'error' }],
    },
    {
      name: 'case 12 (a declared 2020-12) on 2025-06-18: a warning, validity for the declared dialect is required only from 2025-11-25',
      observation: makeObservation({ protocolVersion: '2025-06-18', tools: [loadCase('12').tool] }),
      findings: [
        {
          messageId: 'metaInvalid',
          tool: 'dns_create_record',
          pointer: '/inputSchema/properties/ttl/exclusiveMinimum',
          severity: 'warning',
          message:
            'dns_create_record: /inputSchema/properties/ttl/exclusiveMinimum is not valid under the 2020-12 meta-schema: must be number; MCP requires a schema to be valid for its declared dialect only from protocol 2025-11-25 (the negotiated 2025-06-18 says nothing of dialects), but clients that validate it may refuse it.',
        },
      ],
    },
    {
      name: 'tuple-form items under 2020-12',
      observation: makeObservation({ tools: [makeTool('t', { inputSchema: tupleInput })] }),
      findings: [{ messageId: 'metaInvalid', pointer: '/inputSchema/properties/p/items', severity: 'error', message: 't: /inputSchema/properties/p/items is not valid under the 2020-12 meta-schema: must be object,boolean.' }],
    },
    {
      name: 'tuple-form items without $schema on 2026-07-28: an error (2020-12 is the default)',
      observation: makeObservation({ era: 'modern', tools: [makeTool('t', { inputSchema: tupleInput })] }),
      findings: [{ messageId: 'metaInvalid', pointer: '/inputSchema/properties/p/items', severity: 'error' }],
    },
    {
      name: 'a declared draft-07 schema invalid under draft-07 on 2025-11-25: an error',
      observation: makeObservation({ tools: [makeTool('d', { inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { x: { type: 'float' } } } })] }),
      findings: [
        { messageId: 'nonDefaultDialect', severity: 'info' },
        { messageId: 'metaInvalid', pointer: '/inputSchema/properties/x/type', severity: 'error', data: { tool: 'd', field: 'inputSchema', pointer: '/inputSchema/properties/x/type', dialect: 'draft-07', problem: 'must be equal to one of the allowed values', basis: '' } },
      ],
    },
    ...(['2024-11-05', '2025-03-26', '2025-06-18'] as const).map((v) => ({
      name: `tuple-form items without $schema on ${v} (no default dialect): a warning`,
      observation: makeObservation({ protocolVersion: v, tools: [makeTool('t', { inputSchema: tupleInput })] }),
      findings: [
        {
          messageId: 'metaInvalid',
          pointer: '/inputSchema/properties/p/items',
          severity: 'warning' as const,
          message: `t: /inputSchema/properties/p/items is not valid under the 2020-12 meta-schema: must be object,boolean; the schema declares no dialect ($schema), and 2020-12 is the MCP default only from protocol 2025-11-25 (the negotiated ${v} names none), so clients that assume 2020-12 may refuse it.`,
        },
      ],
    })),
    {
      name: 'type float in outputSchema',
      observation: makeObservation({ tools: [makeTool('f', { outputSchema: { type: 'object', properties: { x: { type: 'float' } } } })] }),
      findings: [{ messageId: 'metaInvalid', tool: 'f', pointer: '/outputSchema/properties/x/type' }],
    },
    {
      name: 'unknown $schema',
      observation: makeObservation({ tools: [makeTool('u', { inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } })] }),
      findings: [
        {
          messageId: 'unknownDialect',
          tool: 'u',
          pointer: '/inputSchema/$schema',
          severity: 'warning',
          message: 'u: inputSchema declares a $schema that names no dialect the harness supports (2020-12, 2019-09, draft-07, draft-06): the schema cannot be evaluated, and clients that support only 2020-12 may refuse it.',
        },
      ],
    },
    ...(['2025-03-26', '2025-11-25', '2026-07-28'] as const).map((v) => ({
      name: `unknown $schema on ${v}: a warning (a $schema MAY name another dialect)`,
      observation: makeObservation({ protocolVersion: v, tools: [makeTool('u', { outputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } })] }),
      findings: [{ messageId: 'unknownDialect', tool: 'u', pointer: '/outputSchema/$schema', severity: 'warning' as const }],
    })),
  ],
});

it('schema/dialect notes a declared draft-07 at info (case 11)', () => {
  const findings = runCheckOn(dialect, makeObservation({ tools: [loadCase('11').tool] }));
  expect(findings.map((f) => [f.messageId, f.severity, f.pointer])).toEqual([
    ['nonDefaultDialect', 'info', '/inputSchema/$schema'],
    ['nonDefaultDialect', 'info', '/outputSchema/$schema'],
  ]);
});
