import portability from '../../../harness/checks/schema/portability.ts';
import { checkTester, loadCase, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';

const input = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => makeTool('t', { inputSchema: { type: 'object', properties, ...extra } });

checkTester(portability, {
  examples: toolExample,
  valid: [
    { name: 'nullable written as a type list', observation: makeObservation({ tools: [input({ note: { type: ['string', 'null'] } })] }) },
    { name: 'standard format, consistent enum and default', observation: makeObservation({ tools: [input({ at: { type: 'string', format: 'date-time' }, mode: { type: ['string', 'null'], enum: ['a', null], default: null } })] }) },
    { name: 'ref into $defs', observation: makeObservation({ tools: [input({ a: { $ref: '#/$defs/A' } }, { $defs: { A: { type: 'string' } } })] }) },
    {
      name: 'required supplied through allOf/$ref/patternProperties, and keywords matching their types, are left alone',
      observation: makeObservation({
        tools: [
          input(
            { n: { type: ['integer', 'string'], minimum: 1, maxLength: 3 }, m: { type: 'number', multipleOf: 2 } },
            { required: ['n', 'fromAllOf'], allOf: [{ properties: { fromAllOf: { type: 'string' } } }] },
          ),
          makeTool('u', { inputSchema: { type: 'object', patternProperties: { '^x': { type: 'string' } }, required: ['x1'] } }),
          makeTool('v', { inputSchema: { type: 'object', required: ['anything'] } }),
        ],
      }),
    },
    {
      name: "a required in an in-place subschema naming a property its parent or an allOf sibling declares (if/then conditions, allOf mixins)",
      observation: makeObservation({
        tools: [
          input(
            { kind: { type: 'string' }, path: { type: 'string' }, url: { type: 'string' } },
            {
              if: { properties: { kind: { const: 'file' } }, required: ['kind', 'path'] },
              then: { properties: { path: { minLength: 1 } }, required: ['path', 'kind'] },
              else: { anyOf: [{ properties: { url: { minLength: 1 } }, required: ['url', 'kind'] }] },
              allOf: [{ properties: { extra: { type: 'string' } } }, { properties: { kind: { type: 'string' } }, required: ['kind', 'extra', 'url'] }],
              dependentSchemas: { url: { properties: { url: { format: 'uri' } }, required: ['kind'] } },
            },
          ),
        ],
      }),
    },
    { name: 'property named nullable is not the keyword', observation: makeObservation({ tools: [input({ nullable: { type: 'boolean' } })] }) },
    // review D4: model APIs constrain function parameter (input) names; an outputSchema never reaches them
    {
      name: "output property names outside ^[a-zA-Z0-9_.-]{1,64}$ (top level and nested) are not the model APIs' business",
      observation: makeObservation({
        tools: [makeTool('t', { inputSchema: { type: 'object', properties: { city: { type: 'string' } } }, outputSchema: { type: 'object', properties: { 'wind speed': { type: 'number' }, at: { type: 'object', properties: { 'ü x': { type: 'string' } } } } } })],
      }),
    },
    // the conformant twins of emptyEnum and enumDuplicate: a one-member enum, distinct members ('1' and 1 are different JSON values), an enum inside data
    { name: 'a one-member enum, distinct members, and an empty enum inside a const', observation: makeObservation({ tools: [input({ mode: { type: 'string', enum: ['fast'] }, tier: { enum: [1, '1', [1], { a: 1 }, { a: 2 }] }, c: { const: { enum: [] } } })] }) },
    { name: 'no-parameter tool (case 16)', observation: makeObservation({ tools: [loadCase('16').tool] }) },
    {
      name: "a required under not forbids the name (sweep 37, agent-device 0.21.5's oneOf branch idiom; mutually exclusive arguments)",
      observation: makeObservation({
        tools: [
          makeTool('t', {
            inputSchema: { type: 'object', properties: { ref: { type: 'string' }, selector: { type: 'string' } }, not: { properties: {}, required: ['ref', 'selector'] } },
            outputSchema: { type: 'object', oneOf: [{ type: 'object', properties: { text: { type: 'string' } }, required: ['text'], not: { type: 'object', properties: {}, required: ['verification'], additionalProperties: false } }, { type: 'object', properties: { verification: { type: 'object' } } }] },
          }),
        ],
      }),
    },
    {
      name: "a required under not reached through a $ref into $defs forbids the name too (the branch idiom of ff3368f with the negated branch shared)",
      observation: makeObservation({
        tools: [
          makeTool('t', {
            outputSchema: { type: 'object', $defs: { Verified: { type: 'object', properties: {}, required: ['verification'] } }, oneOf: [{ type: 'object', properties: { text: { type: 'string' } }, required: ['text'], not: { $ref: '#/$defs/Verified' } }, { type: 'object', properties: { verification: { type: 'object' } } }] },
          }),
        ],
      }),
    },
    {
      name: 'negative control: a $ref into $defs whose properties have default null with a nullable type (zod, pydantic, OpenAPI-and-JSON-Schema forms)',
      observation: makeObservation({
        tools: [
          input(
            { a: { $ref: '#/$defs/Opts' }, b: { $ref: '#/$defs/Opts' }, c: { anyOf: [{ $ref: '#/$defs/Mode' }, { type: 'null' }], default: null } },
            {
              $defs: {
                Opts: {
                  type: 'object',
                  properties: {
                    note: { type: ['string', 'null'], default: null },
                    n: { default: null, anyOf: [{ type: 'integer' }, { type: 'null' }] },
                    mode: { default: null, anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
                    both: { type: ['string', 'null'], nullable: true, default: null },
                  },
                },
                Mode: { type: 'string', enum: ['a', 'b'] },
              },
            },
          ),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'nullable in outputSchema (case 03)',
      observation: makeObservation({ tools: [loadCase('03').tool] }),
      findings: [{ messageId: 'nullable', tool: 'get_item', pointer: '/outputSchema/properties/price/nullable', severity: 'warning' }],
    },
    {
      name: 'nullable in inputSchema (case 24)',
      observation: makeObservation({ tools: [loadCase('24').tool] }),
      findings: [{ messageId: 'nullable', tool: 'create_item', pointer: '/inputSchema/properties/note/nullable', severity: 'warning' }],
    },
    {
      name: "required naming a property 'properties' lacks; unsatisfiable beside additionalProperties: false",
      observation: makeObservation({
        tools: [input({ a: { type: 'object', properties: { x: { type: 'string' } }, required: ['x', 'y'], additionalProperties: false } }, { required: ['a', 'missing'] })],
      }),
      findings: [
        { messageId: 'requiredUndeclared', pointer: '/inputSchema/required/1', severity: 'warning' },
        { messageId: 'requiredUnsatisfiable', pointer: '/inputSchema/properties/a/required/1', severity: 'warning' },
      ],
    },
    {
      name: 'a $defs entry also referenced outside any not still requires its names',
      observation: makeObservation({ tools: [input({ x: { type: 'string' } }, { $defs: { D: { type: 'object', properties: {}, required: ['y'] } }, not: { $ref: '#/$defs/D' }, properties: { x: { type: 'string' }, d: { $ref: '#/$defs/D' } } })] }),
      findings: [{ messageId: 'requiredUndeclared', pointer: '/inputSchema/$defs/D/required/0', severity: 'warning' }],
    },
    {
      name: 'a name no schema of the same instance declares is still undeclared in an in-place subschema; a nested object does not inherit its parent\'s properties',
      observation: makeObservation({
        tools: [
          input(
            { kind: { type: 'string' }, box: { type: 'object', properties: { w: { type: 'number' } }, required: ['kind'] } },
            { if: { properties: { kind: { const: 'file' } }, required: ['kind', 'nowhere'] }, anyOf: [{ properties: { a: {} } }, { properties: { b: {} }, required: ['a'] }] },
          ),
        ],
      }),
      findings: [
        { messageId: 'requiredUndeclared', pointer: '/inputSchema/properties/box/required/0', severity: 'warning' },
        { messageId: 'requiredUndeclared', pointer: '/inputSchema/if/required/1', severity: 'warning' },
        { messageId: 'requiredUndeclared', pointer: '/inputSchema/anyOf/1/required/0', severity: 'warning' },
      ],
    },
    {
      name: 'a property named like an in-place keyword (then, allOf) is a nested object, not a subschema of the same instance: its required still names its own properties only',
      observation: makeObservation({
        tools: [
          input({
            properties: { type: 'object', description: 'page properties' },
            then: { type: 'object', properties: { a: { type: 'string' } }, required: ['description'] },
            allOf: { type: 'array', items: { type: 'object', properties: {}, required: ['type'] } },
          }),
        ],
      }),
      findings: [
        { messageId: 'requiredUndeclared', pointer: '/inputSchema/properties/then/required/0', severity: 'warning' },
        { messageId: 'requiredUndeclared', pointer: '/inputSchema/properties/allOf/items/required/0', severity: 'warning' },
      ],
    },
    {
      name: 'a required under two nots requires the name again',
      observation: makeObservation({ tools: [input({ x: { type: 'string' } }, { not: { not: { properties: {}, required: ['y'] } } })] }),
      findings: [{ messageId: 'requiredUndeclared', pointer: '/inputSchema/not/not/required/0', severity: 'warning' }],
    },
    {
      name: 'property names outside ^[a-zA-Z0-9_.-]{1,64}$: top level a warning, nested a note (mongodb F8: the APIs check the top level)',
      observation: makeObservation({ tools: [input({ 'first name': { type: 'string' }, ok: { type: 'object', properties: { ['x'.repeat(65)]: { type: 'string' }, 'ü': { type: 'string' } } } })] }),
      findings: [
        { messageId: 'propertyName', pointer: '/inputSchema/properties/first name' },
        { messageId: 'nestedPropertyName', pointer: `/inputSchema/properties/ok/properties/${'x'.repeat(65)}`, severity: 'info' },
        { messageId: 'nestedPropertyName', pointer: '/inputSchema/properties/ok/properties/ü', severity: 'info' },
      ],
    },
    {
      name: "review D4's fault on its input side: 'wind speed' as an input property is warned about, the same name in the outputSchema is not",
      observation: makeObservation({
        tools: [makeTool('t', { inputSchema: { type: 'object', properties: { 'wind speed': { type: 'number' } } }, outputSchema: { type: 'object', properties: { 'wind speed': { type: 'number' } } } })],
      }),
      findings: [{ messageId: 'propertyName', pointer: '/inputSchema/properties/wind speed', severity: 'warning' }],
    },
    {
      name: 'type-specific keywords on another type',
      observation: makeObservation({ tools: [input({ s: { type: 'string', properties: { a: { type: 'string' } } }, n: { type: 'integer', minLength: 1 }, l: { type: ['string', 'null'], items: { type: 'string' } } })] }),
      findings: [
        { messageId: 'keywordTypeMismatch', pointer: '/inputSchema/properties/s/properties' },
        { messageId: 'keywordTypeMismatch', pointer: '/inputSchema/properties/n/minLength' },
        { messageId: 'keywordTypeMismatch', pointer: '/inputSchema/properties/l/items' },
      ],
    },
    {
      name: 'misplaced keywords are named in the catalogue order (object, array, string, number), not the document order',
      observation: makeObservation({ tools: [input({ b: { type: 'boolean', pattern: 'x', maximum: 1, items: {}, required: ['a'], minLength: 1 } })] }),
      findings: [
        { messageId: 'keywordTypeMismatch', pointer: '/inputSchema/properties/b/required' },
        { messageId: 'keywordTypeMismatch', pointer: '/inputSchema/properties/b/items' },
        { messageId: 'keywordTypeMismatch', pointer: '/inputSchema/properties/b/minLength' },
        { messageId: 'keywordTypeMismatch', pointer: '/inputSchema/properties/b/pattern' },
        { messageId: 'keywordTypeMismatch', pointer: '/inputSchema/properties/b/maximum' },
      ],
    },
    {
      name: 'nullable with default null under a non-null type: one note (nullable), not two',
      observation: makeObservation({ tools: [input({ o: { $ref: '#/$defs/O' } }, { $defs: { O: { type: 'object', properties: { note: { type: 'string', nullable: true, default: null } } } } })] }),
      findings: [{ messageId: 'nullable', pointer: '/inputSchema/$defs/O/properties/note/nullable' }],
    },
    {
      name: 'type admits null, enum and default disagree (case 26)',
      observation: makeObservation({ tools: [loadCase('26').tool] }),
      findings: [
        { messageId: 'typeUnreachable', tool: 'set_mode', pointer: '/inputSchema/properties/mode/type/0', severity: 'warning' },
        { messageId: 'defaultInvalid', tool: 'set_mode', pointer: '/inputSchema/properties/mode/default', severity: 'warning' },
      ],
    },
    {
      // JSON Schema Validation §6.1.2: "This array SHOULD have at least one element": a warning, its own kind, not typeUnreachable too
      name: 'an empty enum (the netlify-coding-rules shape, draft-07): emptyEnum, nothing else',
      observation: makeObservation({
        tools: [makeTool('netlify-coding-rules', { inputSchema: { type: 'object', properties: { creationType: { type: 'string', enum: [] } }, required: ['creationType'], additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' } })],
      }),
      findings: [
        {
          messageId: 'emptyEnum',
          tool: 'netlify-coding-rules',
          pointer: '/inputSchema/properties/creationType/enum',
          severity: 'warning',
          message: 'netlify-coding-rules: the enum at /inputSchema/properties/creationType/enum is empty, so no value can ever validate there (JSON Schema Validation §6.1.2: the enum array SHOULD have at least one element; an empty enum admits no value).',
        },
      ],
    },
    {
      name: 'an empty enum without type, in $defs and in an outputSchema',
      observation: makeObservation({ tools: [makeTool('e', { inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/None' } }, $defs: { None: { enum: [] } } }, outputSchema: { type: 'object', properties: { b: { enum: [] } } } })] }),
      findings: [
        { messageId: 'emptyEnum', pointer: '/inputSchema/$defs/None/enum', severity: 'warning' },
        { messageId: 'emptyEnum', pointer: '/outputSchema/properties/b/enum', severity: 'warning' },
      ],
    },
    {
      // ajv compiles what a $ref names, wherever it is; the walk does not descend into an unknown keyword (review 3)
      name: 'an empty enum reached only through a $ref outside $defs (a chain through unknown keywords); an unreferenced one is no schema',
      observation: makeObservation({ tools: [makeTool('x', { inputSchema: { type: 'object', properties: { a: { $ref: '#/x-lib/N' }, b: { $ref: '#/x-a' } }, 'x-lib': { N: { enum: [] }, M: { enum: [] } }, 'x-a': { $ref: '#/x-b' }, 'x-b': { enum: [] } } })] }),
      findings: [
        { messageId: 'emptyEnum', tool: 'x', pointer: '/inputSchema/x-lib/N/enum', severity: 'warning' },
        { messageId: 'emptyEnum', tool: 'x', pointer: '/inputSchema/x-b/enum', severity: 'warning' },
        { messageId: 'refOutsideDefs', pointer: '/inputSchema/properties/a/$ref' },
        { messageId: 'refOutsideDefs', pointer: '/inputSchema/properties/b/$ref' },
      ],
    },
    {
      // §6.1.2: "Elements in the array SHOULD be unique": each repeat named at its own index, compared as JSON values
      name: 'enum members that repeat an earlier member',
      observation: makeObservation({ tools: [input({ tier: { enum: ['a', 'b', 'a', { x: 1, y: 2 }, { y: 2, x: 1 }, 1, 1.0] } })] }),
      findings: [
        { messageId: 'enumDuplicate', pointer: '/inputSchema/properties/tier/enum/2', severity: 'warning', message: 't: enum member /inputSchema/properties/tier/enum/2 repeats an earlier member (JSON Schema Validation §6.1.2: the elements of the enum array SHOULD be unique).' },
        { messageId: 'enumDuplicate', pointer: '/inputSchema/properties/tier/enum/4', severity: 'warning' },
        { messageId: 'enumDuplicate', pointer: '/inputSchema/properties/tier/enum/6', severity: 'warning' },
      ],
    },
    {
      name: 'enum member outside the declared type',
      observation: makeObservation({ tools: [input({ n: { type: 'integer', enum: [1, 'two'] } })] }),
      findings: [{ messageId: 'enumOutsideType', pointer: '/inputSchema/properties/n/enum/1' }],
    },
    {
      name: 'unknown format',
      observation: makeObservation({ tools: [input({ n: { type: 'integer', format: 'int32' } })] }),
      findings: [{ messageId: 'unknownFormat', pointer: '/inputSchema/properties/n/format' }],
    },
    {
      name: 'ref outside $defs and recursive ref',
      observation: makeObservation({ tools: [input({ a: { type: 'string' }, b: { $ref: '#/properties/a' }, tree: { $ref: '#/$defs/Node' } }, { $defs: { Node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Node' } } } } } })] }),
      findings: [
        { messageId: 'refOutsideDefs', pointer: '/inputSchema/properties/b/$ref' },
        { messageId: 'recursiveRef', pointer: '/inputSchema/$defs/Node/properties/kids/items/$ref' },
      ],
    },
    {
      name: 'OpenAPI annotations at info',
      observation: makeObservation({ tools: [input({ a: { type: 'string', example: 'x', readOnly: true } }, { discriminator: { propertyName: 'a' } })] }),
      findings: [
        { messageId: 'openapiAnnotation', pointer: '/inputSchema/discriminator', severity: 'info' },
        { messageId: 'openapiAnnotation', pointer: '/inputSchema/properties/a/example', severity: 'info' },
        { messageId: 'openapiAnnotation', pointer: '/inputSchema/properties/a/readOnly', severity: 'info' },
      ],
    },
  ],
});
