import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { gone } from './helpers.ts';

const DRIVER = fileURLToPath(new URL('./drivers/exit-driver.mts', import.meta.url));

async function runDriver(mode: 'close' | 'exit'): Promise<{ exitCode?: number; timedOut: boolean; ids: { pid: number; childPid: number } }> {
  const result = await execa(process.execPath, ['--import', 'tsx', DRIVER, mode], { timeout: 20_000, reject: false });
  const line = result.stdout.trim().split('\n').pop() ?? '{}';
  return { exitCode: result.exitCode, timedOut: result.timedOut, ids: JSON.parse(line) };
}

describe('the harness process itself', () => {
  it('exits on its own after close (no timer or pipe keeps the event loop alive)', async () => {
    const { exitCode, timedOut, ids } = await runDriver('close');
    expect(timedOut).toBe(false);
    expect(exitCode).toBe(0);
    expect(await gone(ids.pid)).toBe(true);
    expect(await gone(ids.childPid)).toBe(true);
  });

  it('kills every live server tree from its exit hook when it exits without closing', async () => {
    const { exitCode, ids } = await runDriver('exit');
    expect(exitCode).toBe(0);
    expect(await gone(ids.pid)).toBe(true);
    expect(await gone(ids.childPid)).toBe(true);
  });
});
