/**
 * The benchmark's synthetic surface and bare client, against a real synthetic-server process:
 * 1,000 tools over 10 pages, results valid (or broken on request) for their outputSchema, inputs
 * enforced, and the bare client completing a full replay. No timing is asserted.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runBare } from '../../bench/bare-client.ts';
import { renderResults, type SurfaceFigures } from '../../bench/results.ts';
import { median, medianRatio } from '../../bench/stats.ts';
import { measureThroughput } from '../../bench/throughput.ts';
import { syntheticReplay } from '../../bench/synthetic-bench.ts';
import { conforms } from '../../bench/synthetic/validate.mjs';
import { inputSchema, outputSchema, sampleArguments, structuredResult } from '../../bench/synthetic/tools.mjs';
import { createSchemaService } from '../../harness/schema/ajv.ts';

const SERVER = fileURLToPath(new URL('../../bench/synthetic-server.mjs', import.meta.url));
const children: ReturnType<typeof spawn>[] = [];

/** A synthetic server process with a tiny request helper (answers matched by id). */
function startServer(args: string[] = []) {
  const child = spawn(process.execPath, [SERVER, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  const waiting = new Map<number, (frame: Record<string, any>) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const frame = JSON.parse(line) as Record<string, any>;
    waiting.get(frame.id)?.(frame);
  });
  let id = 0;
  const request = (method: string, params?: unknown) => {
    const answer = new Promise<Record<string, any>>((resolve) => waiting.set(++id, resolve));
    child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return answer;
  };
  return { child, request };
}

async function listAll(request: ReturnType<typeof startServer>['request']) {
  const pages: Record<string, any>[] = [];
  let cursor: string | undefined;
  do {
    const page = await request('tools/list', cursor === undefined ? {} : { cursor });
    pages.push(page.result);
    cursor = page.result.nextCursor;
  } while (cursor !== undefined);
  return pages;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('synthetic server', () => {
  it('serves 1,000 distinct tools over 10 pages of 100, then exits when stdin closes', async () => {
    const { child, request } = startServer();
    const init = await request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } });
    expect(init.result.protocolVersion).toBe('2025-11-25');
    const pages = await listAll(request);
    expect(pages.map((p) => p.tools.length)).toEqual(Array(10).fill(100));
    const names = pages.flatMap((p) => p.tools.map((t: { name: string }) => t.name));
    expect(new Set(names).size).toBe(1000);
    child.stdin!.end();
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('answers the modern era probe and an unknown cursor with JSON-RPC errors', async () => {
    const { request } = startServer(['--tools', '3']);
    expect((await request('server/discover', {})).error.code).toBe(-32601);
    expect((await request('tools/list', { cursor: 'nope' })).error.code).toBe(-32602);
    expect((await request('tools/call', { name: 'missing', arguments: {} })).error.code).toBe(-32602);
  });

  it('answers valid arguments with structuredContent valid for the outputSchema, mirrored in a text block', async () => {
    const { request } = startServer(['--tools', '5']);
    const answer = await request('tools/call', { name: 'synthetic_0004', arguments: sampleArguments(4) });
    const compiled = createSchemaService().compile(outputSchema(4));
    expect(compiled.ok && compiled.validate(answer.result.structuredContent)).toEqual([]);
    expect(JSON.parse(answer.result.content[0].text)).toEqual(answer.result.structuredContent);
    expect(answer.result.isError).toBeUndefined();
  });

  it('rejects arguments its inputSchema forbids with an isError result', async () => {
    const { request } = startServer(['--tools', '5']);
    const args = { ...sampleArguments(2), limit: 10_000 };
    const answer = await request('tools/call', { name: 'synthetic_0002', arguments: args });
    expect(answer.result.isError).toBe(true);
  });

  it('breaks the given percentage of results (--broken)', async () => {
    const { request } = startServer(['--tools', '3', '--broken', '100']);
    const answer = await request('tools/call', { name: 'synthetic_0001', arguments: sampleArguments(1) });
    const compiled = createSchemaService().compile(outputSchema(1));
    expect(compiled.ok && compiled.validate(answer.result.structuredContent).length).toBeGreaterThan(0);
  });
});

describe('synthetic schemas and the server-side validator', () => {
  it('agree with ajv on valid and invalid instances', () => {
    const service = createSchemaService();
    for (const i of [0, 7, 999]) {
      const input = service.compile(inputSchema(i));
      expect(input.ok && input.validate(sampleArguments(i))).toEqual([]);
      expect(conforms(inputSchema(i), sampleArguments(i))).toBe(true);
      const bad = { ...sampleArguments(i), filters: [{ field: 'name', tag: 'other', values: [1] }] };
      expect(input.ok && input.validate(bad).length).toBeGreaterThan(0);
      expect(conforms(inputSchema(i), bad)).toBe(false);
      expect(conforms(outputSchema(i), structuredResult(i))).toBe(true);
      expect(conforms(outputSchema(i), structuredResult(i, true))).toBe(false);
    }
  });
});

describe('bare client', () => {
  it('completes a full replay of the harness plan against the 1,000-tool surface', async () => {
    const replay = syntheticReplay();
    expect(replay.calls).toHaveLength(1000);
    const result = await runBare({
      command: process.execPath, args: [SERVER], cwd: process.cwd(), env: {}, era: replay.era,
      calls: replay.calls, window: 4, stdinGraceMs: 2000, requestMs: 15_000,
    });
    expect(result).toMatchObject({ tools: 1000, calls: 1000, errors: 0 });
  });

  it('rejects with a clear error when the server exits during the handshake', async () => {
    const run = runBare({
      command: process.execPath, args: ['-e', 'process.exit(3)'], cwd: process.cwd(), env: {}, era: 'legacy',
      calls: [], window: 1, stdinGraceMs: 100, requestMs: 15_000,
    });
    await expect(run).rejects.toThrow(/exited/);
  });
});

describe('stats', () => {
  it('takes medians of samples and of paired ratios', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(medianRatio([2, 9, 3], [1, 3, 3])).toBe(2);
  });
});

describe('throughput and RESULTS.md', () => {
  it('validates every sample instance of the synthetic schemas', () => {
    const t = measureThroughput({ tools: 3, minMs: 0 });
    expect(t).toMatchObject({ schemas: 6, invalid: 0 });
    expect(t.validations).toBeGreaterThanOrEqual(6);
  });

  it('marks each surface target met or missed and names a surface that could not be measured', () => {
    const row = (surface: string, ratio: number): SurfaceFigures => ({
      surface, era: 'legacy', calls: 3, rounds: 5, bareMs: 100, coreMs: 100 * ratio, allMs: 300, ratio, ratioAll: 3, bestRatio: ratio,
    });
    const failed = { ...row('broken', Number.NaN), error: 'spawn ENOENT | x' };
    const md = renderResults({ date: '2026-01-01', cpus: 2, cpuModel: 'cpu', node: 'v20', surfaces: [row('fast', 1.1), row('slow', 1.5), failed], benchSeconds: 1 });
    expect(md).toMatch(/\| fast \|.*\| 1\.10 \| met \|/);
    expect(md).toMatch(/\| slow \|.*\| 1\.50 \| \*\*missed\*\* \|/);
    expect(md).toContain('not measured: spawn ENOENT \\| x');
    expect(md).toContain('2 CPUs');
    expect(md).toContain('bench/HISTORY.md');
    expect(md).not.toContain('Code: commit');
    expect(renderResults({ date: '2026-01-01', cpus: 2, cpuModel: 'cpu', node: 'v20', code: { commit: 'abc1234', dirty: true }, surfaces: [], benchSeconds: 1 })).toContain('Code: commit abc1234 with uncommitted changes.');
  });
});
