import regex from '../../../harness/checks/schema/regex.ts';
import { checkTester, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';

const input = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => makeTool('t', { inputSchema: { type: 'object', properties, ...extra } });

checkTester(regex, {
  examples: toolExample,
  valid: [
    { name: 'ECMA-262 patterns the linear-time engine runs', observation: makeObservation({ tools: [input({ id: { type: 'string', pattern: '^[a-z]\\w*(?:-\\d+)?\\b\\u00e9\\p{L}$' } }, { patternProperties: { '^x-': { type: 'string' } } })] }) },
    { name: 'a catastrophic but linear-time-safe pattern (the engine cannot backtrack)', observation: makeObservation({ tools: [input({ a: { type: 'string', pattern: '^(a+)+$' } })] }) },
    { name: 'a property named pattern is not the keyword', observation: makeObservation({ tools: [input({ pattern: { type: 'string' } })] }) },
  ],
  invalid: [
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
