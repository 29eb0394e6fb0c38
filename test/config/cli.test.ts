import { describe, expect, it } from 'vitest';
import {
  ConfigError, adHocConfig, adHocSurface, applyCliOverrides, parseShard, resolveConfig, toSurfaceOptions,
} from '../../harness/config/index.ts';

const config = resolveConfig({
  surfaces: [{ name: 'alpha', command: 'a' }, { name: 'beta', command: 'b', echo: 'forbid', limits: { maxResultBytes: 10 }, generate: { destructive: true } }],
}, { file: '/proj/mcp-harness.config.ts', cwd: '/proj' });

describe('applyCliOverrides', () => {
  it('maps flags onto config keys, resolving paths against the cwd', () => {
    const c = applyCliOverrides(config, { reportDir: 'out', reporters: ['sarif'], failOn: 'warning', showValues: true, concurrency: 1, baseline: 'b.json', callConcurrency: 1 }, '/cwd');
    expect(c).toMatchObject({ reportDir: '/cwd/out', reporters: ['sarif'], failOn: 'warning', showValues: true, concurrency: 1, baseline: '/cwd/b.json' });
    expect(c.surfaces.map((s) => s.callConcurrency)).toEqual([1, 1]);
    expect(c.surfaces.map((s) => s.probeConcurrency)).toEqual([1, 1]); // a server that needs 1 gets 1 for every request
    expect(config.surfaces[0].callConcurrency).toBe(8);
    expect(config.surfaces[0].probeConcurrency).toBe(8);
  });

  it('filters surfaces and rejects an unknown one with a suggestion', () => {
    expect(applyCliOverrides(config, { surfaces: ['beta'] }, '/').surfaces.map((s) => s.name)).toEqual(['beta']);
    expect(() => applyCliOverrides(config, { surfaces: ['alfa'] }, '/')).toThrow('<command line>: --surface: Unknown surface "alfa" (did you mean "alpha"? known: alpha, beta)');
  });

  it('leaves the config unchanged without overrides', () => {
    expect(applyCliOverrides(config, {}, '/')).toEqual(config);
  });
});

describe('parseShard', () => {
  it('parses K/N and rejects anything else', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, total: 4 });
    for (const bad of ['0/4', '5/4', '1/0', 'x', '1/2/3']) expect(() => parseShard(bad)).toThrow(ConfigError);
  });

  it('uses the report layer grammar and its precise problem, as a ConfigError naming --shard', () => {
    expect(parseShard(' 1 / 2 ')).toEqual({ index: 1, total: 2 });
    expect(() => parseShard('5/4')).toThrow('<command line>: --shard: shard index K must be between 1 and 4, got 5');
    expect(() => parseShard('x')).toThrow("<command line>: --shard: expected K/N with positive integers (e.g. 1/3), got 'x'");
  });
});

describe('ad-hoc surface and SurfaceOptions', () => {
  it('builds an ad-hoc surface with no contract, generation on and destructive tools off', () => {
    const s = adHocSurface('node', ['server.js'], '/work');
    expect(s).toMatchObject({ name: 'ad-hoc', command: 'node', args: ['server.js'], cwd: '/work', adHoc: true, generate: { enabled: true, destructive: false } });
    expect(s.contract).toBeUndefined();
    expect(adHocConfig('node', [], '/work').surfaces).toHaveLength(1);
  });

  it('maps a surface onto SurfaceOptions, reading the version from the manifest when asked', () => {
    expect(toSurfaceOptions(config.surfaces[1])).toEqual({
      allowDestructive: true, echo: 'forbid', maxResultBytes: 10, maxResultTokens: 25000, maxToolNameLength: 64, watchedPaths: [], overrides: 'narrow',
    });
    const withManifest = resolveConfig({ surfaces: [{ name: 'm', command: 'x', manifest: 'package.json', declaredVersion: { fromManifest: true } }] }, { cwd: '/p' }).surfaces[0];
    expect(toSurfaceOptions(withManifest, { version: '1.2.3' }).declaredVersion).toBe('1.2.3');
    expect(toSurfaceOptions(withManifest).declaredVersion).toBeUndefined();
  });
});
