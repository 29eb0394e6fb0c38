import { describe, expect, it } from 'vitest';
import { ConfigError, instantiateSurface, placeholdersIn, resolveConfig, substitute } from '../../harness/config/index.ts';

describe('substitute', () => {
  it('replaces known placeholders, repeatedly and in place', () => {
    expect(substitute('${a}/x/${b}/${a}', { a: '1', b: '2' })).toBe('1/x/2/1');
    expect(substitute('no placeholders', {})).toBe('no placeholders');
    expect(placeholdersIn('${a}-${b}')).toEqual(['a', 'b']);
  });

  it('throws a ConfigError naming the file and key for an unknown placeholder', () => {
    const run = () => substitute('${nope}', { tempDir: '/t' }, { key: 'surfaces[0].args[1]', file: 'mcp-harness.config.ts' });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow('mcp-harness.config.ts: surfaces[0].args[1]: Unknown placeholder ${nope} (known: ${tempDir})');
  });
});

describe('instantiateSurface', () => {
  const config = resolveConfig({
    surfaces: [{
      name: 's', command: 'node', args: ['--root', '${tempDir}', '${configDir}/a'], cwd: '${tempDir}/work',
      env: { set: { DATA: '${tempDir}/data.json' } }, setup: { tempDir: true, copy: [{ from: 'seed', to: 'seed' }, { from: 'x', to: '${tempDir}/y' }] },
    }],
  }, { file: '/proj/mcp-harness.config.ts', cwd: '/proj' });

  it('fills ${tempDir} into args, cwd, env.set and copy targets, resolving targets in the temp dir', () => {
    const s = instantiateSurface(config.surfaces[0], { tempDir: '/tmp/run1' });
    expect(s.args).toEqual(['--root', '/tmp/run1', '/proj/a']);
    expect(s.cwd).toBe('/tmp/run1/work');
    expect(s.env.set).toEqual({ DATA: '/tmp/run1/data.json' });
    expect(s.setup.copy).toEqual([{ from: '/proj/seed', to: '/tmp/run1/seed' }, { from: '/proj/x', to: '/tmp/run1/y' }]);
  });

  it('fails with the surface key when the run provides no temp dir', () => {
    expect(() => instantiateSurface(config.surfaces[0], {})).toThrow(/surfaces\.s\.args\[1\]: Unknown placeholder \$\{tempDir\}/);
  });
});
