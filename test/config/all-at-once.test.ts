/**
 * A config file's problems come in one report (ESLint with a bad config): shape errors, cross-field rules (a surface
 * without command or url, duplicate names), placeholders, unknown check IDs and reporters, and check options, every
 * one naming the file and its key path, even when they sit in the same surface as a type error. They used to come in
 * up to four rounds (schema, then names, then placeholders, then check options). The same config, fixed, loads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../harness/config/index.ts';
import { errorLines } from './helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'mcp-harness-all-at-once-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A config with one problem of every round, and the same config fixed. */
const broken = {
  reporters: ['jnuit'],
  checks: { 'tools/nmae': 'error', 'result/size': ['warning', { maxResultBytes: 'big' }], 'tools/name': ['error', { prefx: 'x' }] },
  surfaces: [
    { name: 'a', command: 'node', timeouts: { requestMs: '100' }, args: ['${tmpDir}'] },
    { name: 'a', args: ['--port', '${port}'] },
  ],
};
const fixed = {
  reporters: ['junit'],
  checks: { 'result/size': ['warning', { maxResultBytes: 1000 }], 'tools/name': ['error', { prefix: 'x' }] },
  surfaces: [
    { name: 'a', command: 'node', timeouts: { requestMs: 100 }, args: ['${configDir}'] },
    { name: 'b', command: 'node', url: 'http://127.0.0.1:${port}/mcp', args: ['--port', '${port}'] },
  ],
};

function write(name: string, config: unknown): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'mcp-harness.config.json'), JSON.stringify(config));
  return dir;
}

describe('every problem of a config at once', () => {
  it('loadConfig lists the schema, cross-field, placeholder, name and check-option problems together, each at its key path', async () => {
    const error = await loadConfig(undefined, write('broken', broken)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message.split('\n').sort()).toEqual(
      [
        'mcp-harness.config.json: surfaces[0].timeouts.requestMs: Invalid input: expected number, received string',
        'mcp-harness.config.json: surfaces[0].args[0]: Unknown placeholder ${tmpDir} (known: ${configDir}, ${tempDir}, ${port})',
        'mcp-harness.config.json: surfaces[1].command: Expected "command" (a stdio server), "url" (a running Streamable HTTP server), or both (a server the harness starts)',
        'mcp-harness.config.json: surfaces[1].args[1]: ${port} needs "url" on this surface (a free loopback port for its HTTP server)',
        'mcp-harness.config.json: surfaces[1].name: Duplicate surface name "a" (also surfaces[0].name)',
        'mcp-harness.config.json: checks["tools/nmae"]: Unknown check "tools/nmae" (did you mean "tools/name"?)',
        'mcp-harness.config.json: reporters[0]: Unknown reporter "jnuit" (did you mean "junit"? known: console, json, markdown, junit, sarif, html)',
        'mcp-harness.config.json: checks["result/size"].options.maxResultBytes: Invalid input: expected number, received string',
        'mcp-harness.config.json: checks["tools/name"].options.prefx: Unknown key (did you mean "prefix"?)',
      ].sort(),
    );
  });

  it('check options alone (a config otherwise valid) are reported by loadConfig too', async () => {
    const error = await loadConfig(undefined, write('options-only', { ...fixed, checks: { 'result/size': ['warning', { maxResultBytes: 'big' }] } })).catch((e: unknown) => e);
    expect((error as ConfigError).message).toBe('mcp-harness.config.json: checks["result/size"].options.maxResultBytes: Invalid input: expected number, received string');
  });

  it('the same config, fixed, loads', async () => {
    const config = await loadConfig(undefined, write('fixed', fixed));
    expect(config.surfaces.map((s) => s.name)).toEqual(['a', 'b']);
  });

  it('resolveConfig reports a placeholder in a surface whose other keys are wrong, with that surface\'s type error', () => {
    expect(errorLines({ surfaces: [{ name: 'a', command: 'x', callConcurrency: 'many', env: { set: { D: '${tempDir}' } } }] })).toEqual([
      'mcp-harness.config.ts: surfaces[0].callConcurrency: Invalid input: expected number, received string',
      'mcp-harness.config.ts: surfaces[0].env.set.D: ${tempDir} needs setup.tempDir: true on this surface',
    ]);
  });
});
