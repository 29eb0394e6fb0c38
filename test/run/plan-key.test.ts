/**
 * The plan key (harness/run/plan-key.ts): shards of one run share it, a run asked something else gets another,
 * and what differs between the machines of one CI matrix (paths, commands, environment values) leaves it alone.
 */
import { describe, expect, it } from 'vitest';
import type { ResolvedConfig, ResolvedSurface } from '../../harness/config/types.ts';
import { planKey } from '../../harness/run/plan-key.ts';

const surface = (name: string, more: Partial<ResolvedSurface> = {}): ResolvedSurface =>
  ({ name, command: 'node', args: ['/home/ci/a/server.js'], cwd: '/home/ci/a', env: { allow: [], set: { TOKEN: 'secret-1' } }, headers: {}, era: 'auto', generate: { enabled: true, destructive: false }, echo: 'warn', overrides: 'narrow', ...more }) as ResolvedSurface;
const config = (surfaces: ResolvedSurface[], checks: ResolvedConfig['checks'] = {}): ResolvedConfig => ({ surfaces, checks }) as unknown as ResolvedConfig;

describe('planKey', () => {
  const base = planKey(config([surface('a'), surface('b')]), {});

  it('16 hex characters, the same for the same plan in any surface order', () => {
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    expect(planKey(config([surface('b'), surface('a')]), {})).toBe(base);
  });

  it('the same on another machine: paths, commands, environment values and timeouts are not in it', () => {
    const elsewhere = [surface('a', { command: '/usr/bin/node', args: ['/work/b/server.js'], cwd: '/work/b', env: { allow: ['PATH'], set: { TOKEN: 'secret-2' } } }), surface('b')];
    expect(planKey(config(elsewhere), {})).toBe(base);
  });

  it('another plan: other surfaces (--surface), another check setting, other --check or --tool filters, another era', () => {
    const keys = [
      planKey(config([surface('a')]), {}),
      planKey(config([surface('a'), surface('b')], { 'result/text-mirror': 'error' }), {}),
      planKey(config([surface('a'), surface('b')]), { checks: ['protocol/era'] }),
      planKey(config([surface('a'), surface('b')]), { tools: ['echo'] }),
      planKey(config([surface('a', { era: 'legacy' }), surface('b')]), {}),
    ];
    expect(new Set([base, ...keys]).size).toBe(keys.length + 1);
  });

  it('filters in any order give one key', () => {
    expect(planKey(config([surface('a')]), { checks: ['x', 'y'], tools: ['t', 'u'] })).toBe(planKey(config([surface('a')]), { checks: ['y', 'x'], tools: ['u', 't'] }));
  });
});
