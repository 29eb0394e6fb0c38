import metadata from '../../../harness/checks/tools/advertised-metadata.ts';
import type { Contract } from '../../../harness/model/contract.ts';
import { checkTester, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const contract: Contract = {
  source: 'contract.ts',
  kind: 'module',
  tools: [{ name: 'a', title: 'A', description: 'Does a.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
};
/** A contract that fixes `_meta.category` and `_meta.tier` (issue 10 §5). */
const withMeta: Contract = { ...contract, tools: [{ ...contract.tools[0], _meta: { category: 'utility', tier: 1 } }] };
const { title: _title, ...untitledTool } = contract.tools[0];
/** A contract whose tool declares no title. */
const untitled: Contract = { ...contract, tools: [untitledTool] };
const agreeing = { title: 'A', description: 'Does a.', annotations: { readOnlyHint: true } };
/** A contract module whose entry states only what differs from its project's defaults (loopover's `annotations`, issue 10). */
const partial: Contract = { ...contract, tools: [{ ...contract.tools[0], annotations: { idempotentHint: true } }] };
/** The same tool recorded in a lock (snapshot writes what the server advertised). */
const locked: Contract = { ...contract, kind: 'lock', source: 'mcp.lock.json' };

checkTester(metadata, {
  valid: [
    { name: 'agreeing metadata', observation: makeObservation({ contract, tools: [makeTool('a', { title: 'A', description: 'Does a.', annotations: { readOnlyHint: true, openWorldHint: true } })] }) },
    { name: 'declared _meta keys agree; undeclared ones are the server\'s business', observation: makeObservation({ contract: withMeta, tools: [makeTool('a', { ...agreeing, _meta: { category: 'utility', tier: 1, extra: true } } as never)] }) },
    { name: 'metaKeys narrows the compared _meta keys', observation: makeObservation({ contract: withMeta, tools: [makeTool('a', { ...agreeing, _meta: { category: 'utility', tier: 2 } } as never)] }), options: { metaKeys: ['category'] } },
    {
      name: 'a contract module: annotation keys the entry does not declare are not compared (the server advertises its own defaults)',
      observation: makeObservation({ contract: partial, tools: [makeTool('a', { ...agreeing, annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } })] }),
    },
    { name: 'a declared hint advertised absent compares as its spec default', observation: makeObservation({ contract: { ...contract, tools: [{ ...contract.tools[0], annotations: { destructiveHint: true } }] }, tools: [makeTool('a', { ...agreeing, annotations: {} })] }) },
    { name: 'tools without a contract entry are left to tools/set-diff', observation: makeObservation({ contract, tools: [makeTool('other', { title: 'X' })] }) },
  ],
  invalid: [
    {
      name: 'a title the contract does not declare',
      observation: makeObservation({ contract: untitled, tools: [makeTool('a', agreeing)] }),
      findings: [{ messageId: 'added', tool: 'a', pointer: '/title', severity: 'error', data: { tool: 'a', field: '/title' } }],
    },
    {
      name: 'description changed, hint flipped, title dropped',
      observation: makeObservation({ contract, tools: [makeTool('a', { description: 'Does b.', annotations: { readOnlyHint: false } })] }),
      findings: [
        { messageId: 'removed', tool: 'a', pointer: '/title' },
        { messageId: 'changed', tool: 'a', pointer: '/description' },
        { messageId: 'changed', tool: 'a', pointer: '/annotations/readOnlyHint' },
      ],
    },
    {
      name: 'a contract module: a declared annotation key that differs is still a finding',
      observation: makeObservation({ contract: partial, tools: [makeTool('a', { ...agreeing, annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false } })] }),
      findings: [{ messageId: 'changed', tool: 'a', pointer: '/annotations/idempotentHint' }],
    },
    {
      name: 'a lock: a hint the server now advertises that the lock did not record is a finding (the lock recorded the default)',
      observation: makeObservation({ contract: locked, tools: [makeTool('a', { ...agreeing, annotations: { readOnlyHint: true, destructiveHint: false } })] }),
      findings: [{ messageId: 'changed', tool: 'a', pointer: '/annotations/destructiveHint' }],
    },
    {
      name: '_meta.category changed and _meta.tier dropped',
      observation: makeObservation({ contract: withMeta, tools: [makeTool('a', { ...agreeing, _meta: { category: 'ops' } } as never)] }),
      findings: [
        { messageId: 'changed', tool: 'a', pointer: '/_meta/category' },
        { messageId: 'removed', tool: 'a', pointer: '/_meta/tier' },
      ],
    },
  ],
});
