import dialect from '../../../harness/checks/schema/dialect.ts';
import { checkTester, loadCase, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';
import { runCheckOn } from '../../helpers/check-tester.ts';
import { expect, it } from 'vitest';

checkTester(dialect, {
  examples: toolExample,
  valid: [
    { name: 'no $schema (2020-12 default)', observation: makeObservation({ tools: [makeTool('a', { outputSchema: { type: 'object' } })] }) },
  ],
  invalid: [
    { name: 'draft-07 declared is supported, info at most (case 11)', observation: makeObservation({ tools: [loadCase('11').tool] }),
      findings: [
        { messageId: 'nonDefaultDialect', pointer: '/inputSchema/$schema', severity: 'info', data: { tool: 'search_notes', field: 'inputSchema', dialect: 'draft-07' } },
        { messageId: 'nonDefaultDialect', pointer: '/outputSchema/$schema', severity: 'info', data: { tool: 'search_notes', field: 'outputSchema', dialect: 'draft-07' } },
      ],
    },
    { name: 'draft-07 tuple items are valid under draft-07', observation: makeObservation({ tools: [makeTool('t', { inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { p: { type: 'array', items: [{ type: 'string' }] } } } })] }), findings: [{ messageId: 'nonDefaultDialect', severity: 'info' }] },
    {
      name: 'boolean exclusiveMinimum under 2020-12 (case 12)',
      observation: makeObservation({ tools: [loadCase('12').tool] }),
      findings: [{ messageId: 'metaInvalid', tool: 'dns_create_record', pointer: '/inputSchema/properties/ttl/exclusiveMinimum', severity: 'error' }],
    },
    {
      name: 'tuple-form items under 2020-12',
      observation: makeObservation({ tools: [makeTool('t', { inputSchema: { type: 'object', properties: { p: { type: 'array', items: [{ type: 'string' }] } } } })] }),
      findings: [{ messageId: 'metaInvalid', pointer: '/inputSchema/properties/p/items' }],
    },
    {
      name: 'type float in outputSchema',
      observation: makeObservation({ tools: [makeTool('f', { outputSchema: { type: 'object', properties: { x: { type: 'float' } } } })] }),
      findings: [{ messageId: 'metaInvalid', tool: 'f', pointer: '/outputSchema/properties/x/type' }],
    },
    {
      name: 'unknown $schema',
      observation: makeObservation({ tools: [makeTool('u', { inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } })] }),
      findings: [{ messageId: 'unknownDialect', tool: 'u', pointer: '/inputSchema/$schema' }],
    },
  ],
});

it('schema/dialect notes a declared draft-07 at info (case 11)', () => {
  const findings = runCheckOn(dialect, makeObservation({ tools: [loadCase('11').tool] }));
  expect(findings.map((f) => [f.messageId, f.severity, f.pointer])).toEqual([
    ['nonDefaultDialect', 'info', '/inputSchema/$schema'],
    ['nonDefaultDialect', 'info', '/outputSchema/$schema'],
  ]);
});
