/**
 * A request's timeout counts from the write of its line, never from its submission (session/exchange.ts Clocks):
 * the harness's own synchronous work right after it submitted requests (planning the early probes of every tool:
 * ~0.6 s for 20,000 tools on a busy machine) held the line in the stdio flush while the timer already ran, so a
 * server that answers at once drew `transport/timeout` for the first window of calls (the synthetic 20,000-tool
 * surface with `--request-timeout 500`: 8 errors, none at 2,000 ms). Real server process; the busy turn is a
 * synchronous spin in the test, longer than the timeout by a factor of two or more.
 */
import { describe, expect, it } from 'vitest';
import { fixture, options, sessionStarter } from './helpers.ts';

const start = sessionStarter();

/** Keep the event loop's thread busy for `ms` (a synchronous spin: no timer, no I/O runs meanwhile). */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* busy */ }
}

describe('request clocks start at the write', () => {
  it('answers calls submitted just before a synchronous turn longer than the timeout (failed before: timeout)', async () => {
    // `sleep` answers 40 ms after it reads the call: before the fix its 500 ms clock had run out in the spin, so the
    // timeout was decided one poll phase after the line left, long before the answer could come
    const session = await start(fixture(), options({ callConcurrency: 4 }, { requestMs: 500 }));
    const records = [0, 1, 2, 3].map(() => session.callTool('sleep', { ms: 40 }));
    spin(1200);
    const settled = await Promise.all(records);
    expect(settled.map((r) => r.outcome)).toEqual(['success', 'success', 'success', 'success']);
    // the duration is the server's, from the write: not the 1,200 ms the harness held the line
    for (const r of settled) expect(r.durationMs).toBeLessThan(1200);
  });

  it('still times out a request the server never answers, counted from the write', async () => {
    const session = await start(fixture(['--fault=hang-tool=echo']), options({}, { requestMs: 150 }));
    const hung = session.callTool('echo', { message: 'x' });
    spin(300);
    const record = await hung;
    expect(record.outcome).toBe('timeout');
    expect(record.timeoutMs).toBe(150);
    expect(record.durationMs).toBeGreaterThanOrEqual(150);
  });
});
