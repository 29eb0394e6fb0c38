/**
 * The replay fixture server (test/fixtures/servers/replay-case.mjs) as a real stdio process: the legacy
 * and modern handshakes, case replay, unknown tools, cancellation, exit on stdin close; and the case
 * checks fed with what it really wrote.
 */
import { describe, expect, it } from 'vitest';
import { makeCall, makeObservation, runCheckOn } from '../helpers/check-tester.ts';
import type { JsonRpcResponse } from '../../harness/model/protocol.ts';
import { CASES_DIR, classifyLine } from './case-data.ts';
import { RELEASE_CHECKS } from './release-checks.ts';
import { converse, request, responseTo } from './wire-client.ts';

const CASE = (name: string) => CASES_DIR + name;
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const INIT = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } };

describe('replay-case.mjs', () => {
  it('legacy: replays case 20 stdout verbatim, answers the handshake, the tool and an unknown tool', async () => {
    const run = await converse(
      [CASE('20-stdout-log-pollution.json')],
      [
        request('probe', 'server/discover', { _meta: ENVELOPE }),
        request(10, 'initialize', INIT),
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        request(11, 'tools/list'),
        request(12, 'tools/call', { name: 'list_projects', arguments: {} }),
        request(13, 'tools/call', { name: 'no_such_tool', arguments: {} }),
      ],
      ['probe', 10, 11, 12, 13],
    );
    expect(run.lines[0]).toBe('Example DevOps MCP Server version : 1.2.3');
    expect(responseTo(run, 'probe')?.error).toMatchObject({ code: -32601 });
    expect(responseTo(run, 10)?.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'example-devops' } });
    expect(responseTo(run, 11)?.result).toMatchObject({ tools: [{ name: 'list_projects' }] });
    expect(responseTo(run, 12)?.result).toMatchObject({ content: [{ type: 'text' }] });
    expect(responseTo(run, 13)?.error).toMatchObject({ code: -32602 });
    expect([run.code, run.signal]).toEqual([0, null]);

    const stdout = run.lines.map((line, i) => classifyLine(line, i + 1));
    const observation = makeObservation({ wire: { ...makeObservation().wire, stdout, stdoutNonJsonRpc: 1 } });
    const findings = runCheckOn(RELEASE_CHECKS['transport/stdout'], observation);
    expect(findings.map((f) => [f.severity, f.message.includes('line 1')])).toEqual([['error', true]]);
  });

  it('legacy: the result of case 01 as it came off the wire draws result/structured-content; invalid arguments get isError', async () => {
    const run = await converse(
      [CASE('01-outputschema-without-structuredcontent.json')],
      [
        request(1, 'initialize', INIT),
        request(2, 'tools/list'),
        request(3, 'tools/call', { name: 'search_tools', arguments: { query: 'x' } }),
        request(4, 'tools/call', { name: 'search_tools', arguments: { query: 7 } }),
      ],
      [1, 2, 3, 4],
    );
    expect(responseTo(run, 4)?.result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('Input validation error') }] });
    const tools = (responseTo(run, 2)?.result as { tools: never[] }).tools;
    const call = makeCall('search_tools', responseTo(run, 3) as JsonRpcResponse, { scenario: { origin: 'file' } });
    const findings = runCheckOn(RELEASE_CHECKS['result/structured-content'], makeObservation({ tools, calls: [call] }));
    expect(findings.map((f) => [f.messageId, f.severity])).toEqual([['missing', 'error']]);
  });

  it('modern: discover, envelope and version refusals, resultType on results', async () => {
    const run = await converse(
      [CASE('03-openapi-nullable-in-outputschema.json'), '--era', 'modern'],
      [
        request('d', 'server/discover', { _meta: ENVELOPE }),
        request(1, 'tools/list'),
        request(2, 'tools/list', { _meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } }),
        request(3, 'initialize', INIT),
        request(4, 'tools/call', { name: 'get_item', arguments: { item_id: 'a' }, _meta: ENVELOPE }),
      ],
      ['d', 1, 2, 3, 4],
    );
    expect(responseTo(run, 'd')?.result).toMatchObject({ resultType: 'complete', supportedVersions: ['2026-07-28'], ttlMs: 0, cacheScope: 'private' });
    expect(responseTo(run, 1)?.error).toMatchObject({ code: -32602 });
    expect(responseTo(run, 2)?.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: '1900-01-01' } });
    expect(responseTo(run, 3)?.error).toMatchObject({ code: -32022 });
    expect(responseTo(run, 4)?.result).toMatchObject({ resultType: 'complete', structuredContent: { name: 'Widget' } });
  });

  it('replays exchange.response for invalid arguments under the request id and honours notifications/cancelled', async () => {
    const run = await converse(
      [CASE('21-invalid-arguments-as-protocol-error.json'), '--delay-ms', '100'],
      [
        request(1, 'initialize', INIT),
        request(2, 'tools/list'),
        request(3, 'tools/call', { name: 'lookup_user', arguments: {} }),
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'test' } },
        request(4, 'tools/call', { name: 'lookup_user', arguments: {} }),
      ],
      [1, 2, 4],
    );
    const toolName = ((responseTo(run, 2)?.result as { tools: Array<{ name: string }> }).tools[0] ?? { name: '' }).name;
    expect(toolName).toBe('lookup_user');
    expect(responseTo(run, 3)).toBeUndefined();
    expect(responseTo(run, 4)?.error).toMatchObject({ code: 0 });
    expect([run.code, run.signal]).toEqual([0, null]);
  });

  it('fails clearly on a missing case file', async () => {
    const run = await converse([CASE('no-such-case.json')], []);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot read case');
  });
});
