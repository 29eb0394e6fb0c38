/**
 * An observation cut short (an interrupt, the surface budget: its signal aborts) keeps a crash a crash: a call whose
 * server exited while it was in flight stays `exit` (transport/exit's evidence), and only a call the cut itself ended,
 * written and not answered, is a `timeout`. The cut once marked every `exit` left a `timeout` (run/observe.ts), so a
 * call that crashed the server and then waited for its second attempt on a restarting process read as a timeout.
 * test/fixtures/servers/crash-then-stall.mjs: `crash` exits on echo and its restarted process never serves (the
 * signal aborts once that process started: after the crash, before any second attempt, then lets it exit); `hang`, the twin, never
 * answers echo (the signal aborts once the call reached the server). No timing: each abort waits for what the
 * server wrote to its log.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { observeSurface } from '../../harness/run/observe.ts';
import { DEFAULT_OPTIONS } from '../helpers/check-tester.ts';
import { options } from '../session/helpers.ts';

const SERVER = fileURLToPath(new URL('../fixtures/servers/crash-then-stall.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-cut-short-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Resolves once `log` holds `count` lines `line` (polled: what the server wrote, never a duration). */
async function logged(log: string, line: string, count: number): Promise<void> {
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((l) => l === line).length : 0);
  while (lines() < count) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('an observation cut short', () => {
  it.each([
    ['a call that crashed the server, cut while the server restarts', 'crash', 'start', 2, 'exit'],
    ['a call in flight when the cut comes (conformant twin: the server never crashed)', 'hang', 'call', 1, 'timeout'],
  ] as const)('%s: %s', async (_, mode, line, count, outcome) => {
    const log = join(dir, `${mode}.log`);
    const controller = new AbortController();
    // the restarted process (crash) exits once released: the close waits for the restart it interrupts to end
    void logged(log, line, count).then(() => {
      controller.abort();
      writeFileSync(`${log}.release`, '');
    });
    const obs = await observeSurface({
      surface: 'cut',
      spec: { command: process.execPath, args: [SERVER, log, mode], cwd: process.cwd(), env: {} },
      // no request timeout nor a failed restart comes before the cut, however slow the machine
      session: options({}, { requestMs: 600_000, startMs: 600_000 }),
      base: { options: DEFAULT_OPTIONS },
      planCalls: () => ({ scenarios: [{ name: 'echo-call', tool: 'echo', arguments: { message: 'x' }, expect: 'success', origin: 'generated' }], skipped: [] }),
      planProbes: () => [],
      signal: controller.signal,
    });
    expect(obs.calls.map((c) => [c.request.outcome, c.request.unsent])).toEqual([[outcome, undefined]]);
    expect(obs.exits.some((e) => e.unexpected)).toBe(mode === 'crash');
    expect(obs.shutdown?.survivors).toBe(0);
  });
});
