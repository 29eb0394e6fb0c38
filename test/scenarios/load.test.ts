import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../harness/config/index.ts';
import { loadScenarios, scenarioJsonSchema } from '../../harness/scenarios/index.ts';

const root = mkdtempSync(join(tmpdir(), 'mcp-harness-scenarios-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A fresh config dir holding `files` (relative path -> JSON value or raw text). */
function project(files: Record<string, unknown>): string {
  const dir = join(root, String(n++));
  for (const [name, value] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return dir;
}

async function loadError(paths: string[], dir: string): Promise<string[]> {
  const error = await loadScenarios(paths, dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).message.split('\n');
}

const echo = { tool: 'echo', scenarios: [{ name: 'hello', arguments: { message: 'hi' }, expect: 'success', assert: { textIncludes: ['hi'] } }] };

describe('loadScenarios', () => {
  it('reads directories recursively and files, in sorted order, with file paths relative to the config dir', async () => {
    const dir = project({
      'scenarios/b/sum.json': { tool: 'get-sum', scenarios: [{ name: 'small', arguments: { a: 1, b: 2 }, expect: 'success', timeoutMs: 500 }] },
      'scenarios/a.json': echo,
      'scenarios/scenario.schema.json': { not: 'a scenario file' },
      'extra.json': { tool: 'echo', scenarios: [{ name: 'bad-args', arguments: { message: 1 }, expect: 'tool-error' }, { name: 'no-args', expect: 'tool-error' }] },
    });
    const scenarios = await loadScenarios(['scenarios', join(dir, 'extra.json')], dir);
    expect(scenarios).toEqual([
      { name: 'hello', tool: 'echo', arguments: { message: 'hi' }, expect: 'success', assert: { textIncludes: ['hi'] }, origin: 'file', file: 'scenarios/a.json' },
      { name: 'small', tool: 'get-sum', arguments: { a: 1, b: 2 }, expect: 'success', timeoutMs: 500, origin: 'file', file: 'scenarios/b/sum.json' },
      { name: 'bad-args', tool: 'echo', arguments: { message: 1 }, expect: 'tool-error', origin: 'file', file: 'extra.json' },
      { name: 'no-args', tool: 'echo', arguments: {}, expect: 'tool-error', origin: 'file', file: 'extra.json' },
    ]);
  });

  it('names the file and key path of invalid entries, across every file', async () => {
    const dir = project({
      'scenarios/reference/x.json': { tool: 'echo', scenarios: [echo.scenarios[0], { name: 'two', arguments: {}, expect: 'ok' }] },
      'scenarios/reference/y.json': { tool: 'echo', scenarios: [{ name: 'z', arguments: [], expect: 'success', asert: {} }] },
    });
    expect(await loadError(['scenarios'], dir)).toEqual([
      'scenarios/reference/x.json: scenarios[1].expect: Invalid option: expected one of "success"|"tool-error"|"protocol-error"',
      'scenarios/reference/y.json: scenarios[0].arguments: Invalid input: expected record, received array',
      'scenarios/reference/y.json: scenarios[0].asert: Unknown key (did you mean "assert"?)',
    ]);
  });

  it('reports invalid JSON, a missing path and an empty scenario list', async () => {
    const dir = project({ 'broken.json': '{ "tool": ', 'empty.json': { tool: 't', scenarios: [] } });
    const lines = await loadError(['broken.json', 'missing', 'empty.json'], dir);
    expect(lines[0]).toBe('missing: Scenario path not found');
    expect(lines[1]).toMatch(/^broken\.json: Invalid JSON: /);
    expect(lines[2]).toBe('empty.json: scenarios: Expected at least one scenario');
  });

  it('rejects a scenario name used twice for one tool, naming both places', async () => {
    const dir = project({ 'a.json': echo, 'b.json': { tool: 'echo', scenarios: [{ name: 'other', expect: 'success' }, echo.scenarios[0]] } });
    expect(await loadError(['a.json', 'b.json'], dir)).toEqual(['b.json: scenarios[1].name: Duplicate scenario name "hello" for tool "echo" (also a.json scenarios[0])']);
  });

  it('allows the same scenario name for different tools', async () => {
    const dir = project({ 'a.json': echo, 'b.json': { ...echo, tool: 'other' } });
    expect(await loadScenarios(['a.json', 'b.json'], dir)).toHaveLength(2);
  });
});

describe('scenario.schema.json', () => {
  it('equals the JSON Schema generated from the zod schema', () => {
    const committed = JSON.parse(readFileSync(join(import.meta.dirname, '../../harness/scenarios/scenario.schema.json'), 'utf8'));
    expect(committed).toEqual(scenarioJsonSchema());
  });
});
