import narrowing from '../../../harness/checks/tools/input-narrowing.ts';
import type { Contract } from '../../../harness/model/contract.ts';
import { checkTester, loadCase, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const case31 = loadCase('31');
const contract31: Contract = { source: 'shared-contract.ts', kind: 'module', tools: [{ name: 'createWidget', inputSchema: case31.exchange?.shared_contract_schema as Record<string, unknown> }] };
const contract: Contract = {
  source: 'contract.ts',
  kind: 'module',
  tools: [{ name: 'q', inputSchema: { type: 'object', properties: { n: { type: 'integer', maximum: 100 }, tags: { type: 'array', items: { type: 'string' } } } }, outputSchema: { type: 'object', properties: { total: { type: 'integer' } } } }],
};
const q = (inputProps: Record<string, unknown>, outputSchema: Record<string, unknown> | undefined = contract.tools[0].outputSchema) =>
  makeTool('q', { inputSchema: { type: 'object', properties: inputProps }, ...(outputSchema ? { outputSchema } : {}) });

checkTester(narrowing, {
  valid: [
    { name: 'identical schemas', observation: makeObservation({ contract, tools: [q(contract.tools[0].inputSchema.properties as Record<string, unknown>)] }) },
    { name: 'tightened bound, dropped optional property', observation: makeObservation({ contract, tools: [q({ n: { type: 'integer', maximum: 50 } })] }) },
  ],
  invalid: [
    {
      name: 'surface drops the type of a contract property (case 31)',
      observation: makeObservation({ contract: contract31, tools: [case31.tool] }),
      findings: [
        // `nullable: false` means nothing in JSON Schema: only the lost type is a difference
        { messageId: 'widened', tool: 'createWidget', pointer: '/inputSchema/properties/name/type', severity: 'error', data: { tool: 'createWidget', detail: "no 'type' at /inputSchema/properties/name/type, which its contract has" } },
      ],
    },
    {
      name: 'undeclared input property and widened items',
      observation: makeObservation({ contract, tools: [q({ extra: {}, tags: { type: 'array', items: { type: ['string', 'null'] } } })] }),
      findings: [
        { messageId: 'undeclaredProperty', pointer: '/inputSchema/properties/extra' },
        { messageId: 'widened', pointer: '/inputSchema/properties/tags/items/type' },
      ],
    },
    {
      name: 'outputSchema loosened and dropped',
      observation: makeObservation({ contract, tools: [q({}, { type: 'object', properties: { total: { type: 'number' } } })] }),
      findings: [{ messageId: 'widened', pointer: '/outputSchema/properties/total/type' }],
    },
    {
      name: 'a required input property the contract does not require',
      observation: makeObservation({ contract, tools: [makeTool('q', { inputSchema: { ...contract.tools[0].inputSchema, required: ['n'] }, outputSchema: contract.tools[0].outputSchema })] }),
      findings: [{ messageId: 'undeclaredRequired', tool: 'q', pointer: '/inputSchema/required', severity: 'error', data: { tool: 'q', side: 'input', property: 'n' } }],
    },
    {
      name: 'the outputSchema the contract declares is not advertised',
      observation: makeObservation({ contract, tools: [makeTool('q', { inputSchema: contract.tools[0].inputSchema })] }),
      findings: [{ messageId: 'schemaPresence', tool: 'q', pointer: '/outputSchema', message: 'q advertises no outputSchema, which its contract declares.' }],
    },
    {
      name: 'overrides none: even a narrowing is reported',
      observation: makeObservation({ contract, options: { overrides: 'none' } as never, tools: [q({ n: { type: 'integer', maximum: 50 } })] }),
      findings: [{ messageId: 'notIdentical', tool: 'q', pointer: '/inputSchema' }],
    },
  ],
});
