import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/tools/name.ts';
import { checkTester, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';
import { drive, init } from '../../probes/drive.ts';
import case17 from '../../fixtures/cases/17-tool-name-with-dots.json' with { type: 'json' };
import type { ListedTool } from '../../../harness/model/protocol.ts';

const obs = (...names: string[]) => makeObservation({ tools: names.map((n) => makeTool(n)) });

checkTester(check, {
  examples: toolExample,
  valid: [
    { name: 'spec-conformant names', observation: obs('get_user', 'list-items', 'A9') },
    { name: 'custom budget via options', observation: obs('x'.repeat(70)), options: { maxLength: 100 } },
    { name: 'prefixed name within the budget', observation: obs('x'.repeat(50)), options: { prefix: 'mcp__{server}__' } },
  ],
  invalid: [
    { name: 'case 17: dotted name is a portability warning', observation: makeObservation({ tools: [case17.tool as ListedTool] }), findings: [{ messageId: 'portability', tool: 'photos.albums.assets.add', pointer: '/name', severity: 'warning' }] },
    { name: 'characters outside the set (2025-11-25)', observation: obs('bad name'), findings: [{ messageId: 'charset', severity: 'warning' }] },
    { name: 'slash is outside the spec set', observation: obs('a/b'), findings: [{ messageId: 'charset' }] },
    { name: 'version gate: info on 2025-06-18', observation: makeObservation({ protocolVersion: '2025-06-18', tools: [makeTool('bad name')] }), findings: [{ messageId: 'charset', severity: 'info' }] },
    // spec:2025-11-25/server/tools.mdx §Tool Names: "Tool names SHOULD be unique within a server" (a warning, never an error)
    { name: 'duplicates are a warning (2025-11-25: SHOULD be unique)', observation: obs('twice', 'twice'), findings: [{ messageId: 'duplicate', tool: 'twice', severity: 'warning', data: { tool: 'twice', count: 2 } }] },
    { name: 'duplicates are a warning on 2026-07-28', observation: makeObservation({ protocolVersion: '2026-07-28', tools: [makeTool('twice'), makeTool('twice')] }), findings: [{ messageId: 'duplicate', severity: 'warning' }] },
    // earlier revisions only describe name as "Unique identifier for the tool": no MUST either
    { name: 'duplicates are a warning on 2024-11-05', observation: makeObservation({ protocolVersion: '2024-11-05', tools: [makeTool('twice'), makeTool('twice'), makeTool('twice')] }), findings: [{ messageId: 'duplicate', severity: 'warning', message: 'Tool twice is advertised 3 times; tool names should be unique within a server (tools/call names a tool by its name alone, so a client cannot reach each of them).' }] },
    { name: 'over 128 characters', observation: obs('x'.repeat(129)), findings: [{ messageId: 'length' }] },
    {
      name: "prefix budget: 'mcp__test__' (11) + 54 characters is over 64",
      observation: obs('x'.repeat(54)),
      options: { prefix: 'mcp__{server}__', maxLength: 64 },
      findings: [{ messageId: 'prefixBudget', pointer: '/name', severity: 'warning', message: `Tool ${'x'.repeat(54)}: with the host's prefix 'mcp__test__' the name has 65 characters, over the budget of 64; hosts reject or truncate it.` }],
    },
    { name: 'prefix budget with an explicit server name', observation: obs('x'.repeat(50)), options: { prefix: 'mcp__{server}__', server: 'a-long-server-name' }, findings: [{ messageId: 'prefixBudget' }] },
    { name: 'over the host budget', observation: makeObservation({ tools: [makeTool('x'.repeat(70))], options: { maxToolNameLength: 64 } as never }), findings: [{ messageId: 'budget', severity: 'warning' }] },
  ],
});

describe('fixture bad-names.mjs', () => {
  it('advertises a dotted, a spaced and a duplicate name', async () => {
    const frames = await drive('bad-names.mjs', [init(), { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }], { expectIds: [0, 1] });
    expect(frames.find((f) => f.id === 1)?.result.tools.map((t: { name: string }) => t.name)).toEqual(['photos.albums.add', 'bad name', 'twice', 'twice']);
  });
});
