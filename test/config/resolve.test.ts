import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENV_ALLOW, DEFAULT_LIMITS, DEFAULT_TIMEOUTS, defineConfig, resolveConfig,
} from '../../harness/config/index.ts';
import { minimal } from './helpers.ts';

const where = { file: 'conf/mcp-harness.config.ts', cwd: '/proj' };

describe('resolveConfig: defaults and paths', () => {
  it('fills every default and makes paths absolute against the config directory', () => {
    const c = resolveConfig(minimal(), where);
    expect(c).toMatchObject({
      configFile: '/proj/conf/mcp-harness.config.ts',
      configDir: '/proj/conf',
      reportDir: '/proj/conf/reports',
      reporters: ['console', 'json', 'markdown'],
      failOn: 'error',
      concurrency: availableParallelism(),
      showValues: false,
      checks: {},
      timeouts: { requestMs: 15000, probeMs: 5000, startMs: 15000, stdinGraceMs: 2000, termGraceMs: 2000, surfaceMs: 300000 },
    });
    expect(c.baseline).toBeUndefined();
    expect(c.surfaces[0]).toEqual({
      name: 'ref', command: 'node', headers: {}, args: ['server.js'], cwd: '/proj/conf',
      env: { allow: [...DEFAULT_ENV_ALLOW], set: {} }, scenarios: [],
      generate: { enabled: true, destructive: false }, echo: 'warn', overrides: 'narrow', watchedPaths: [], era: 'auto',
      callConcurrency: 8, probeConcurrency: 8, sandbox: false, isolate: false, timeouts: DEFAULT_TIMEOUTS, setup: { tempDir: false, copy: [] }, limits: DEFAULT_LIMITS, configDir: '/proj/conf',
    });
    expect(DEFAULT_ENV_ALLOW).not.toContain('NODE_OPTIONS');
  });

  it('gives the probes the calls\' window unless a surface configures its own', () => {
    const c = resolveConfig({
      surfaces: [
        { name: 'plain', command: 'node' }, { name: 'one', command: 'node', callConcurrency: 1 },
        { name: 'own', command: 'node', callConcurrency: 1, probeConcurrency: 4 }, { name: 'wide', command: 'node', probeConcurrency: 64 },
      ],
    }, { file: '/proj/conf/mcp-harness.config.ts', cwd: '/proj' });
    expect(c.surfaces.map((s) => [s.name, s.callConcurrency, s.probeConcurrency])).toEqual([['plain', 8, 8], ['one', 1, 1], ['own', 1, 4], ['wide', 8, 64]]);
  });

  it('merges surface timeouts over top-level ones over defaults and resolves every path', () => {
    const c = resolveConfig({
      reportDir: 'out', baseline: 'base.json', timeouts: { requestMs: 500, probeMs: 100 },
      surfaces: [{
        name: 's', command: 'node', cwd: 'srv', scenarios: 'scenarios/s', manifest: 'srv/package.json',
        contract: { module: 'contract.ts', export: 'tools' }, timeouts: { requestMs: 900 }, generate: { destructive: true },
        setup: { tempDir: true, copy: [{ from: 'fixtures/db', to: 'db' }] }, args: ['${configDir}/x', '${tempDir}/y'],
      }],
    }, where);
    const s = c.surfaces[0];
    expect([c.reportDir, c.baseline]).toEqual(['/proj/conf/out', '/proj/conf/base.json']);
    expect(s.timeouts).toEqual({ ...DEFAULT_TIMEOUTS, requestMs: 900, probeMs: 100 });
    expect(c.timeouts.requestMs).toBe(500);
    expect(s).toMatchObject({
      cwd: '/proj/conf/srv', scenarios: ['/proj/conf/scenarios/s'], manifest: '/proj/conf/srv/package.json',
      contract: { module: '/proj/conf/contract.ts', export: 'tools' }, generate: { enabled: true, destructive: true },
      setup: { tempDir: true, copy: [{ from: '/proj/conf/fixtures/db', to: 'db' }] }, args: ['/proj/conf/x', '${tempDir}/y'],
    });
  });

  it('returns a deeply frozen config and frozen defaults', () => {
    const c = resolveConfig(minimal(), where);
    expect(Object.isFrozen(c) && Object.isFrozen(c.surfaces[0].args) && Object.isFrozen(c.timeouts)).toBe(true);
    expect(Object.isFrozen(DEFAULT_TIMEOUTS) && Object.isFrozen(DEFAULT_ENV_ALLOW)).toBe(true);
  });

  it('defineConfig is the identity (its type is the zod schema\'s input: types.ts derives it)', () => {
    const user = minimal();
    expect(defineConfig(user)).toBe(user);
  });
});

describe('declared version sources (issue 10 §5)', () => {
  it('resolves a list of sources (literal, manifest, module constant) with a name each', async () => {
    const { resolveConfig } = await import('../../harness/config/resolve.ts');
    const { declaredVersionsOf } = await import('../../harness/config/options.ts');
    const config = resolveConfig(
      { surfaces: [{ name: 's', command: 'node', manifest: 'package.json', declaredVersion: ['1.0.0', { fromManifest: true }, { module: 'src/compat.ts', export: 'LATEST' }] }] } as never,
      { file: '/p/mcp-harness.config.ts', cwd: '/p' },
    );
    const [surface] = config.surfaces;
    expect(declaredVersionsOf(surface, { version: '1.0.1' }, { '/p/src/compat.ts#LATEST': '1.0.2' })).toEqual([
      { source: 'the config', version: '1.0.0' },
      { source: 'its package manifest', version: '1.0.1' },
      { source: 'src/compat.ts#LATEST', version: '1.0.2' },
    ]);
  });
});
