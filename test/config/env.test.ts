import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { adHocSurface, resolveSurfaceEnv } from '../../harness/config/index.ts';

const parent = { PATH: '/bin', HOME: '/home/u', SECRET_TOKEN: 's3cret', NODE_OPTIONS: '--inspect', MCP_A: '1', MCP_B: '2', Path: 'C:\\bin', EMPTY: undefined };
const surface = (allow: string[], set: Record<string, string> = {}) => ({ env: { allow, set } });

describe('resolveSurfaceEnv: allow-list over the parent environment', () => {
  it('passes only allowed variables; the parent env is not inherited', () => {
    const env = resolveSurfaceEnv(adHocSurface('node', [], '/'), parent);
    expect(env).toEqual({ PATH: '/bin', HOME: '/home/u', Path: 'C:\\bin' });
    expect(env).not.toHaveProperty('SECRET_TOKEN');
    expect(env).not.toHaveProperty('NODE_OPTIONS');
  });

  it('supports prefix patterns and explicit values, which win over the parent', () => {
    expect(resolveSurfaceEnv(surface(['MCP_*', 'HOME', 'EMPTY'], { HOME: '/tmp/h', EXTRA: 'x' }), parent)).toEqual({ MCP_A: '1', MCP_B: '2', HOME: '/tmp/h', EXTRA: 'x' });
  });

  it('an empty allow-list passes nothing from the parent', () => {
    expect(resolveSurfaceEnv(surface([]), parent)).toEqual({});
  });

  it('a real child process sees only the resolved environment', () => {
    const env = resolveSurfaceEnv(surface(['PATH'], { MARK: 'set' }), { ...process.env, SECRET_TOKEN: 's3cret' });
    const seen = JSON.parse(execFileSync(process.execPath, ['-e', 'process.stdout.write(JSON.stringify(Object.keys(process.env).sort()))'], { env }).toString()) as string[];
    expect(seen).toContain('MARK');
    expect(seen).not.toContain('SECRET_TOKEN');
    expect(seen.filter((k) => !['MARK', 'PATH'].includes(k))).toEqual([]);
  });
});
