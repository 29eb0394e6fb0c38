/**
 * End to end against a real stdio server (@modelcontextprotocol/server-memory): list its tools, plan
 * calls with generated arguments, call them over a raw JSON-RPC line client, and expect every
 * generated call to succeed. The safe default plans only the tools annotated readOnlyHint: true (a tool
 * with destructiveHint: false still changes state); with destructive allowed every tool is planned.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCalls } from '../../harness/scenarios/index.ts';
import type { ListedTool } from '../../harness/model/protocol.ts';

let child: ChildProcessWithoutNullStreams;
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-memory-'));
const pending = new Map<number, (msg: { result?: Record<string, unknown>; error?: unknown }) => void>();
let nextId = 1;

/** Sends one request and resolves with its response frame. */
function request(method: string, params: Record<string, unknown>): Promise<{ result?: Record<string, unknown>; error?: unknown }> {
  const id = nextId++;
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  return new Promise((resolve) => pending.set(id, resolve));
}

beforeAll(async () => {
  const bin = join(import.meta.dirname, '../../node_modules/.bin/mcp-server-memory');
  child = spawn(bin, [], { env: { PATH: process.env.PATH ?? '', MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const msg = JSON.parse(line) as { id?: number; result?: Record<string, unknown>; error?: unknown };
    if (typeof msg.id === 'number') pending.get(msg.id)?.(msg);
  });
  await request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '0' } });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
});

afterAll(() => {
  child?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('generated scenarios against server-memory', () => {
  it('the safe default plans exactly the read-only tools', async () => {
    const { result } = await request('tools/list', {});
    const tools = (result?.tools ?? []) as ListedTool[];
    const plan = planCalls(tools, [], { generate: true, destructive: false });
    const readOnly = tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name).sort();
    expect(readOnly).toEqual(['open_nodes', 'read_graph', 'search_nodes']);
    expect([...new Set(plan.scenarios.map((s) => s.tool))].sort()).toEqual(readOnly);
    expect(plan.skipped.map((s) => s.tool).sort()).toEqual(tools.map((t) => t.name).filter((n) => !readOnly.includes(n)).sort());
  });

  it('every generated call succeeds, every tool planned when destructive calls are allowed', async () => {
    const { result } = await request('tools/list', {});
    const tools = (result?.tools ?? []) as ListedTool[];
    const plan = planCalls(tools, [], { generate: true, destructive: true });
    expect(plan.skipped).toEqual([]);
    expect(new Set(plan.scenarios.map((s) => s.tool)).size).toBe(tools.length);
    for (const s of plan.scenarios) {
      const response = await request('tools/call', { name: s.tool, arguments: s.arguments });
      expect({ tool: s.tool, error: response.error, isError: response.result?.isError ?? false }).toEqual({ tool: s.tool, error: undefined, isError: false });
    }
  });
});
