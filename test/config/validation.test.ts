import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from '../../harness/config/index.ts';
import { contractKinds, contractSchema } from '../../harness/config/schema.ts';
import { errorLines, minimal } from './helpers.ts';

describe('config validation: errors name the file and the key path', () => {
  it('accepts a minimal config', () => {
    expect(() => resolveConfig(minimal(), { file: 'mcp-harness.config.ts', cwd: '/proj' })).not.toThrow();
  });

  it('reports a wrong type at its key path', () => {
    const config = { surfaces: [minimal().surfaces[0], { name: 'b', command: 'x' }, { name: 'c', command: 'y', timeouts: { requestMs: '100' } }] };
    expect(errorLines(config)).toEqual(['mcp-harness.config.ts: surfaces[2].timeouts.requestMs: Invalid input: expected number, received string']);
  });

  it('reports an unknown key with the nearest known key', () => {
    const lines = errorLines({ surfaces: [{ name: 'a', comand: 'node' }] });
    expect(lines).toContain('mcp-harness.config.ts: surfaces[0].comand: Unknown key (did you mean "command"?)');
    expect(lines).toContain('mcp-harness.config.ts: surfaces[0].command: Expected "command" (a stdio server), "url" (a running Streamable HTTP server), or both (a server the harness starts)');
  });

  it('reports unknown top-level and nested keys, listing the known ones when none is close', () => {
    expect(errorLines({ ...minimal(), reporter: ['json'] })).toEqual(['mcp-harness.config.ts: reporter: Unknown key (did you mean "reporters"?)']);
    const [line] = errorLines({ ...minimal(), timeouts: { zzzzzzzz: 1 } });
    expect(line).toMatch(/^mcp-harness\.config\.ts: timeouts\.zzzzzzzz: Unknown key \(expected one of "requestMs", /);
  });

  it('requires at least one surface', () => {
    expect(errorLines({})).toEqual(['mcp-harness.config.ts: surfaces: Required (expected array)']);
    expect(errorLines({ surfaces: [] })).toEqual(['mcp-harness.config.ts: surfaces: Expected at least one surface']);
  });

  it('reports duplicate surface names with both indexes', () => {
    const config = { surfaces: [{ name: 'a', command: 'x' }, { name: 'b', command: 'x' }, { name: 'a', command: 'y' }] };
    expect(errorLines(config)).toEqual(['mcp-harness.config.ts: surfaces[2].name: Duplicate surface name "a" (also surfaces[0].name)']);
  });

  it('reports an unknown placeholder and ${tempDir} without setup.tempDir', () => {
    const config = { surfaces: [{ name: 'a', command: 'x', args: ['--dir', '${tmpDir}'], env: { set: { DATA: '${tempDir}/d' } } }] };
    expect(errorLines(config)).toEqual([
      'mcp-harness.config.ts: surfaces[0].args[1]: Unknown placeholder ${tmpDir} (known: ${configDir}, ${tempDir}, ${port})',
      'mcp-harness.config.ts: surfaces[0].env.set.DATA: ${tempDir} needs setup.tempDir: true on this surface',
    ]);
  });

  it('checks cross-field rules: contract kind, fromManifest needs manifest, check IDs and settings', () => {
    const config = {
      checks: { 'result/size': ['warning', { maxBytes: 1 }], nonsense: 'error', 'tools/name': 'loud' },
      surfaces: [{ name: 'a', command: 'x', contract: { module: 'c.ts', lock: 'c.lock.json' }, declaredVersion: { fromManifest: true } }],
    };
    expect(errorLines(config)).toEqual([
      'mcp-harness.config.ts: checks.nonsense: Expected a check ID of the form area/name',
      'mcp-harness.config.ts: checks["tools/name"]: Expected "off" | "info" | "warning" | "error", or [severity, options]',
      'mcp-harness.config.ts: surfaces[0].contract: Expected exactly one of "module" or "lock"',
      'mcp-harness.config.ts: surfaces[0].declaredVersion: { fromManifest: true } needs "manifest"',
    ]);
  });

  it('reports an unknown check ID under checks with a did-you-mean, or the known IDs of its area', () => {
    expect(errorLines({ ...minimal(), checks: { 'tools/nmae': 'error', 'result/shape': 'off' } })).toEqual([
      'mcp-harness.config.ts: checks["tools/nmae"]: Unknown check "tools/nmae" (did you mean "tools/name"?)',
    ]);
    const [line] = errorLines({ ...minimal(), checks: { 'transport/zzzzzzzzzzzz': 'off' } });
    expect(line).toMatch(/^mcp-harness\.config\.ts: checks\["transport\/zzzzzzzzzzzz"\]: Unknown check "transport\/zzzzzzzzzzzz" \(known in transport\/: transport\/stdout, /);
  });

  it('reports every problem at once: schema errors, unknown checks and unknown reporters together', () => {
    const config = { surfaces: [{ name: 'a' }], reporters: ['jnuit'], checks: { 'schema/portabilty': 'warning' } };
    expect(errorLines(config)).toEqual([
      'mcp-harness.config.ts: surfaces[0].command: Expected "command" (a stdio server), "url" (a running Streamable HTTP server), or both (a server the harness starts)',
      'mcp-harness.config.ts: checks["schema/portabilty"]: Unknown check "schema/portabilty" (did you mean "schema/portability"?)',
      'mcp-harness.config.ts: reporters[0]: Unknown reporter "jnuit" (did you mean "junit"? known: console, json, markdown, junit, sarif, html)',
    ]);
    expect(errorLines({ ...minimal(), reporters: ['htm'], checks: { 'tools/nmae': 'error' } })).toHaveLength(2);
  });

  it('rejects bad surface names and non-positive numbers', () => {
    const lines = errorLines({ concurrency: 0, surfaces: [{ name: 'a b', command: 'x', callConcurrency: 1.5 }] });
    expect(lines).toEqual([
      'mcp-harness.config.ts: concurrency: Too small: expected number to be >0',
      'mcp-harness.config.ts: surfaces[0].name: Expected a name of [A-Za-z0-9_.-]+',
      'mcp-harness.config.ts: surfaces[0].callConcurrency: Invalid input: expected int, received number',
    ]);
  });

  it('throws a ConfigError with a stable code, the file and structured issues', () => {
    const error = (() => {
      try {
        resolveConfig({ surfaces: 'x' } as never, { file: '/proj/sub/mcp-harness.config.ts', cwd: '/proj' });
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.file).toBe('sub/mcp-harness.config.ts');
    expect(error.issues).toEqual([{ path: 'surfaces', message: 'Invalid input: expected array, received string' }]);
  });

  it('names a programmatic config without a file as <config>', () => {
    expect(() => resolveConfig({} as never, { cwd: '/proj' })).toThrow(/^<config>: surfaces: Required/);
  });
});

describe('contract entries: one of two kinds (schema.ts contractKinds, the type ContractConfig derives from)', () => {
  const entries: unknown[] = [
    { module: 'c.ts' },
    { module: 'c.ts', export: 'tools', tools: ['a'], dialect: '2020-12', meta: ['category'] },
    { module: 'c.ts', tools: (name: string) => name !== 'x', meta: { 'x/tier': 'tier' } },
    { lock: 'c.lock.json' },
    {},
    { module: 'c.ts', lock: 'c.lock.json' },
    { lock: 'c.lock.json', export: 'tools' },
    { lock: 'c.lock.json', tools: ['a'] },
    { module: '' },
    { module: 'c.ts', dialect: 'draft-04' },
    { modul: 'c.ts' },
    { module: 'c.ts', lock: undefined },
  ];
  it('the validating schema admits exactly what the union admits (so its cast to the union type holds)', () => {
    expect(entries.map((e) => contractSchema.safeParse(e).success)).toEqual(entries.map((e) => contractKinds.safeParse(e).success));
    expect(entries.map((e) => contractKinds.safeParse(e).success)).toEqual([true, true, true, true, false, false, false, false, false, false, false, true]);
  });
  it('names the offending key of a bad entry', () => {
    const lines = (contract: unknown) => errorLines({ surfaces: [{ name: 'a', command: 'x', contract }] });
    expect(lines({ lock: 'l.json', export: 'e', dialect: 'draft-07' })).toEqual([
      'mcp-harness.config.ts: surfaces[0].contract.export: "export" applies to "module" contracts only',
      'mcp-harness.config.ts: surfaces[0].contract.dialect: "dialect" applies to "module" contracts only',
    ]);
    expect(lines({ modul: 'c.ts' })).toEqual([
      'mcp-harness.config.ts: surfaces[0].contract.modul: Unknown key (did you mean "module"?)',
      'mcp-harness.config.ts: surfaces[0].contract: Expected exactly one of "module" or "lock"',
    ]);
    expect(lines({})).toEqual(['mcp-harness.config.ts: surfaces[0].contract: Expected exactly one of "module" or "lock"']);
    expect(lines({ module: 'c.ts', dialect: 'x' })).toEqual(['mcp-harness.config.ts: surfaces[0].contract.dialect: Invalid option: expected one of "draft-07"|"2020-12"']);
  });
});
