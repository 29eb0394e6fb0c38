/**
 * An early probe (`respawn: false`, harness/run/early-probes.ts) is never written once the session turned serial
 * after a crash (docs/determinism.md, "Crashes"): at a window of 1 the crash comes before any early probe is written,
 * and the serial lane wrote them alone on the process a later call had restarted, so the probe of the tool whose call
 * crashed the server crashed it a third time (test/fixtures/servers/crash-stderr.mjs), where a window of 8 had it end
 * with the first crash. The session alone, real processes: the calls, then the early probes behind them.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { options, sessionStarter } from './helpers.ts';

const CRASHER = fileURLToPath(new URL('../fixtures/servers/crash-stderr.mjs', import.meta.url));
const start = sessionStarter();

describe('early probes behind a crashing call', () => {
  for (const window of [1, 8]) {
    it(`window ${window}: two crashes (the call, then the call alone); the early probes end exit, the one of boom never crashes it again`, async () => {
      const session = await start({ command: process.execPath, args: [CRASHER], cwd: process.cwd(), env: {} }, options({ callConcurrency: window }));
      const calls = [session.callTool('boom', {}), session.callTool('fine', {})];
      const early = [session.request('tools/call', { name: 'boom' }, { respawn: false }), session.request('tools/call', { name: 'fine' }, { respawn: false })];
      const [boom, fine] = await Promise.all(calls);
      expect([boom?.outcome, fine?.outcome]).toEqual(['exit', 'success']);
      expect((await Promise.all(early)).map((r) => r.outcome)).toEqual(['exit', 'exit']);
      expect(session.exits().filter((e) => e.unexpected)).toHaveLength(2);
    }, 30_000);
  }
});
