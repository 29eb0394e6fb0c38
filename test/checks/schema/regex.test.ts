import regex from '../../../harness/checks/schema/regex.ts';
import { checkTester, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';

const input = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => makeTool('t', { inputSchema: { type: 'object', properties, ...extra } });

checkTester(regex, {
  examples: toolExample,
  valid: [
    { name: 'ECMA-262 patterns the linear-time engine runs', observation: makeObservation({ tools: [input({ id: { type: 'string', pattern: '^[a-z]\\w*(?:-\\d+)?\\b\\u00e9\\p{L}$' } }, { patternProperties: { '^x-': { type: 'string' } } })] }) },
    { name: 'a catastrophic but linear-time-safe pattern (the engine cannot backtrack)', observation: makeObservation({ tools: [input({ a: { type: 'string', pattern: '^(a+)+$' } })] }) },
    { name: 'a property named pattern is not the keyword', observation: makeObservation({ tools: [input({ pattern: { type: 'string' } })] }) },
    { name: 'the u-flag spelling of a phone pattern (- unescaped outside a class)', observation: makeObservation({ tools: [input({ phone: { type: 'string', pattern: '^\\d{3}-\\d{4}$' } })] }) },
    { name: 'a pattern that is not ECMA-262 at all is schema/compile\'s', observation: makeObservation({ tools: [input({ a: { type: 'string', pattern: '(' } })] }) },
  ],
  invalid: [
    {
      // JSON Schema 2020-12 Validation §6.3.3: "SHOULD be a valid regular expression, according to the ECMA-262 regular expression dialect"
      name: 'a pattern valid ECMA-262 only without the u flag (an identity escape \\-): a warning, enforced',
      observation: makeObservation({ tools: [input({ phone: { type: 'string', pattern: '^\\d{3}\\-\\d{4}$' } })] }),
      findings: [{
        messageId: 'nonUnicode', tool: 't', pointer: '/inputSchema/properties/phone/pattern', severity: 'warning',
        message: 't: the pattern at /inputSchema/properties/phone/pattern is a valid ECMA-262 regular expression only without the u flag; validators that compile patterns with it (ajv by default, as in the MCP TypeScript SDK) refuse the whole schema. The harness enforces it, reading its escaped punctuation as the characters escaped.',
      }],
    },
    {
      name: 'a pattern valid only without the u flag that the harness cannot run: a warning, not enforced',
      observation: makeObservation({ tools: [input({ a: { type: 'string', pattern: 'x{' } })] }),
      findings: [{ messageId: 'nonUnicode', severity: 'warning', pointer: '/inputSchema/properties/a/pattern', data: { tool: 't', pointer: '/inputSchema/properties/a/pattern', enforced: 'The harness does not enforce it.' } }],
    },
    {
      name: 'lookahead in an inputSchema pattern',
      observation: makeObservation({ tools: [input({ pw: { type: 'string', pattern: '^(?=.*\\d).{8,}$' } })] }),
      findings: [{ messageId: 'refused', tool: 't', pointer: '/inputSchema/properties/pw/pattern', severity: 'warning' }],
    },
    {
      name: 'backreference in a patternProperties key and huge repetition in an outputSchema',
      observation: makeObservation({ tools: [makeTool('t', { inputSchema: { type: 'object', patternProperties: { '^(a)\\1$': {} } }, outputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^a{300000000}$' } } } })] }),
      findings: [
        { messageId: 'refused', pointer: '/inputSchema/patternProperties/^(a)\\1$' },
        { messageId: 'refused', pointer: '/outputSchema/properties/s/pattern' },
      ],
    },
  ],
});
