/**
 * The surface budget fires after a garbage collection too (a reviewer: `AbortSignal.any([run, AbortSignal.timeout(ms)])`
 * let Node 20 collect the timeout signal, and a 10 s budget never fired in a 35.7 s run). A real Node process with
 * `--expose-gc` runs harness/run/surface.ts's `surfaceSignal` through tsx and collects garbage while it waits.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { surfaceSignal } from '../../harness/run/surface.ts';

const SURFACE = fileURLToPath(new URL('../../harness/run/surface.ts', import.meta.url));

describe('surfaceSignal', () => {
  it('aborts when the budget runs out, even after the garbage collector ran, with or without a run signal', () => {
    const script = `
      const { surfaceSignal } = await import(${JSON.stringify(SURFACE)});
      const plain = surfaceSignal({ timeouts: { surfaceMs: 300 } }).signal;
      const withRun = surfaceSignal({ timeouts: { surfaceMs: 300 } }, new AbortController().signal).signal;
      setTimeout(() => globalThis.gc(), 50);
      setTimeout(() => globalThis.gc(), 150);
      setTimeout(() => console.log(JSON.stringify([plain.aborted, withRun.aborted])), 900);
    `;
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(out.trim())).toEqual([true, true]);
  });

  it('aborts with the run, and done() stops the budget', async () => {
    const run = new AbortController();
    const { signal, done } = surfaceSignal({ timeouts: { surfaceMs: 60_000 } }, run.signal);
    expect(signal.aborted).toBe(false);
    run.abort(new Error('interrupted'));
    expect(signal.aborted).toBe(true);
    const stopped = surfaceSignal({ timeouts: { surfaceMs: 20 } });
    stopped.done();
    await new Promise((r) => setTimeout(r, 60));
    expect(stopped.signal.aborted).toBe(false);
  });
});
