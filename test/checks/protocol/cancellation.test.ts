import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import check, { cancellationTarget, lateMarginMs, MAX_LATE_GRACE_MS, MIN_LATE_MARGIN_MS } from '../../../harness/checks/protocol/cancellation.ts';
import { checkTester, makeCall, makeObservation, makeTool, planOn } from '../../helpers/check-tester.ts';
import { makeProbeRecord } from '../../probes/records.ts';
import { callFrame, drive, init } from '../../probes/drive.ts';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from '../../e2e/helpers/cli.ts';
import { gone } from '../../session/helpers.ts';
import type { SurfaceObservation } from '../../../harness/model/observation.ts';
import type { CallRecord } from '../../../harness/model/wire.ts';

const ok = { result: { content: [] } };
const readOnly = { annotations: { readOnlyHint: true } };
const list = { result: { tools: [] } };

/** An observation whose first repeatable success in plan order is `slow` taking `slowMs`, then `fast` calls of `fastMs` each. */
function observed(slowMs: number, fastMs = 2): SurfaceObservation {
  const calls: CallRecord[] = [makeCall('slow', ok, { durationMs: slowMs }), makeCall('fast', ok, { durationMs: fastMs }), makeCall('fast', ok, { durationMs: fastMs })];
  return makeObservation({ tools: [makeTool('slow', readOnly), makeTool('fast', readOnly)], calls });
}

/**
 * `o` with the planned probes answered: the call cancelled (with `late` frames, the first `lateAfterMs`
 * after the cancellation and, when `afterMarker` is given, after the marker's answer or not), the follow-up
 * as given.
 */
function probed(o: SurfaceObservation, late: unknown[], lateAfterMs: number, afterMarker?: boolean, followUp: 'answered' | 'timeout' | 'exit' = 'answered', windowEnd?: 'late-frame' | 'twin' | 'grace', listMs?: number): SurfaceObservation {
  const [call, follow] = planOn(check, o);
  const answered = makeProbeRecord(follow, list);
  // the follow-up tools/list takes the server's round trip: by default as long as the last call (the fast tool)
  const roundTrip = listMs ?? o.calls[o.calls.length - 1]!.request.durationMs;
  const followRecord = followUp === 'answered' ? { ...answered, request: { ...answered.request, durationMs: roundTrip } } : makeProbeRecord(follow, undefined, { outcome: followUp });
  const order = late.length > 0 && afterMarker !== undefined ? { lateAfterMarker: afterMarker } : {};
  const cancelled = { outcome: 'cancelled' as const, lateFrames: late, ...(late.length > 0 ? { lateAfterMs } : {}), ...order, ...(windowEnd ? { lateWindowEnd: windowEnd } : {}) };
  return { ...o, probes: [makeProbeRecord(call, undefined, cancelled), followRecord] };
}

const LATE = [{ jsonrpc: '2.0', id: 900, result: { content: [] } }];

checkTester(check, {
  valid: [
    { name: 'no late frame, follow-up answered', observation: probed(observed(250), [], 0) },
    {
      name: 'a follow-up never sent (the session stopped sending after crashes) is evidence of nothing',
      observation: (() => {
        const o = probed(observed(250), [], 0, undefined, 'exit');
        return { ...o, probes: o.probes.map((p, i) => (i === 1 ? { ...p, request: { ...p.request, unsent: 'restarts' as const } } : p)) };
      })(),
    },
    { name: 'no late frame, the window ended at the twin\'s answer', observation: probed(observed(250), [], 0, undefined, 'answered', 'twin') },
    { name: 'no repeatable call: nothing planned or judged', observation: makeObservation() },
    { name: 'answer racing the cancellation (before the marker\'s answer): not reported', observation: probed(observed(20), LATE, 2, false) },
    // a starved harness reads the racing answer late: the time says "late", the order says "race"
    { name: 'answer before the marker\'s, read 900 ms after the cancellation on a busy machine: not reported', observation: probed(observed(250, 150), LATE, 900, false) },
    { name: 'no marker order known: not reported', observation: probed(observed(250), LATE, 240) },
    { name: 'a follow-up that timed out is transport/timeout\'s, never evidence here', observation: probed(observed(250), [], 0, undefined, 'timeout') },
    // a server running requests concurrently: a fast tool's answer races the marker's, either may come first
    { name: 'a fast tool answered after the marker\'s answer, 2 ms after the cancellation (a race): not reported', observation: probed(observed(2), LATE, 2, true) },
    { name: 'a fast tool (20 ms) whose late answer a stalled machine read 400 ms after the cancellation: not reported', observation: probed(observed(20), LATE, 400, true) },
    { name: 'a tool slow in the observation but answered 40 ms after the cancellation: not reported', observation: probed(observed(250), LATE, 40, true) },
    { name: 'just under the 150 ms margin: not reported', observation: probed(observed(149), LATE, 400, true) },
    // the margin is 2x the other calls' median when that is more: 250 ms is within 2 x 200 ms
    { name: 'a tool within twice the other calls\' median duration: not reported', observation: probed(observed(250, 200), LATE, 300, true) },
    // a busy machine: the calls and the listings alike take 200 ms, the margin 400 ms
    { name: 'a tool within twice the round trip of both the other calls and the listings: not reported', observation: probed(observed(250, 200), LATE, 300, true, 'answered', undefined, 200) },
  ],
  invalid: [
    { name: 'answer after the marker\'s answer, before the twin\'s', observation: probed(observed(250), LATE, 240, true, 'answered', 'late-frame'), findings: [{ messageId: 'respondedAfterCancel', tool: 'slow', severity: 'warning', pointer: '/params/requestId' }] },
    { name: 'answer after the marker\'s answer', observation: probed(observed(250), LATE, 240, true), findings: [{ messageId: 'respondedAfterCancel', tool: 'slow', severity: 'warning', pointer: '/params/requestId' }] },
    // the order, not the gap: a harness that read the marker's answer and the late one at once still sees
    // which came first, and the late one's time after the cancellation only grows with the load
    { name: 'answer after the marker\'s answer, read with it 260 ms after the cancellation', observation: probed(observed(250, 2), LATE, 260, true), findings: [{ messageId: 'respondedAfterCancel', tool: 'slow', severity: 'warning', pointer: '/params/requestId' }] },
    // every tool slow (remote work), the listings answered at once: the other calls' median (300 ms) is no round
    // trip, the listings' is (2 ms): the margin stays 150 ms
    { name: 'every tool slow (300 ms), the listings fast: the late answer is reported', observation: probed(observed(300, 300), LATE, 300, true, 'answered', undefined, 2), findings: [{ messageId: 'respondedAfterCancel', tool: 'slow', severity: 'warning', pointer: '/params/requestId' }] },
    { name: 'slow listings (a proxy), fast calls: the calls\' median is the round trip', observation: probed(observed(250, 2), LATE, 250, true, 'answered', undefined, 400), findings: [{ messageId: 'respondedAfterCancel', tool: 'slow', severity: 'warning', pointer: '/params/requestId' }] },
    { name: 'a tool of exactly the margin (150 ms)', observation: probed(observed(150), LATE, 150, true), findings: [{ messageId: 'respondedAfterCancel', tool: 'slow', severity: 'warning', pointer: '/params/requestId' }] },
    { name: 'the process gone after the cancellation', observation: probed(observed(250), [], 0, undefined, 'exit'), findings: [{ messageId: 'unresponsive', tool: 'slow', severity: 'error' }] },
  ],
});

describe('protocol/cancellation probe choice and margin', () => {
  it('probes the first successful call of a repeatable tool in plan order, pipelined; the follow-up alone', () => {
    const o = observed(250);
    expect(cancellationTarget(o)?.scenario.tool).toBe('slow');
    expect(planOn(check, o).map((p) => [p.method, p.tool, p.cancelAfterMs, p.cancelMarker, p.cancelTwin, p.exclusive])).toEqual([['tools/call', 'slow', 0, true, true, undefined], ['tools/list', 'slow', undefined, undefined, undefined, true]]);
    // a late answer sooner than the smallest margin is never reported: the session may skip a settle that ends before it
    expect(planOn(check, o).map((p) => p.lateCountsFromMs)).toEqual([MIN_LATE_MARGIN_MS, undefined]);
  });

  it('chooses by plan order, never by duration (issue 9): the same target whichever call was slower', () => {
    const tools = [makeTool('a', readOnly), makeTool('b', readOnly)];
    const calls = (aMs: number, bMs: number) => [makeCall('a', ok, { durationMs: aMs }), makeCall('b', ok, { durationMs: bMs })];
    const idle = makeObservation({ tools, calls: calls(5, 900) });
    const loaded = makeObservation({ tools, calls: calls(900, 5) });
    expect(cancellationTarget(idle)?.scenario.tool).toBe('a');
    expect(planOn(check, loaded).map((p) => [p.id, p.tool, p.params])).toEqual(planOn(check, idle).map((p) => [p.id, p.tool, p.params]));
  });

  it(`waits for a late answer long enough for the probed tool to finish twice over (0.3-${MAX_LATE_GRACE_MS / 1000} s): a long tool is never waited out`, () => {
    const grace = (slowMs: number) => planOn(check, observed(slowMs))[0].lateGraceMs;
    expect(grace(20)).toBe(300);
    expect(grace(400)).toBe(950); // 2 x 400 + the 150 ms margin
    expect(grace(9000)).toBe(MAX_LATE_GRACE_MS);
  });

  it('never probes a destructive tool, an isError call or a protocol error', () => {
    const calls = [
      makeCall('wipe', ok, { durationMs: 900 }),
      makeCall('fast', { result: { isError: true, content: [] } }, { durationMs: 800 }),
      makeCall('fast', { error: { code: -32602, message: 'bad' } }, { durationMs: 700 }),
      makeCall('fast', ok, { durationMs: 5 }),
    ];
    const o = makeObservation({ tools: [makeTool('fast', readOnly), makeTool('wipe', { annotations: { destructiveHint: true } })], calls });
    expect(cancellationTarget(o)?.request.durationMs).toBe(5);
  });

  it('with --allow-destructive, repeats only a tool whose repeat leaves the state as it was (read-only or idempotentHint: true)', () => {
    const tools = [makeTool('toggle', { annotations: { readOnlyHint: false, idempotentHint: false } }), makeTool('set', { annotations: { readOnlyHint: false, idempotentHint: true } })];
    const o = makeObservation({ options: { allowDestructive: true }, tools, calls: [makeCall('toggle', ok), makeCall('set', ok)] });
    expect(cancellationTarget(o)?.scenario.tool).toBe('set');
    expect(cancellationTarget(makeObservation({ options: { allowDestructive: true }, tools: [tools[0]], calls: [makeCall('toggle', ok)] }))).toBeUndefined();
  });

  it('uses max(150 ms, 2x the median of the other successful calls) as the margin', () => {
    const o = observed(250, 2);
    expect(lateMarginMs(o, cancellationTarget(o)!)).toBe(150);
    const busy = observed(900, 80);
    expect(lateMarginMs(busy, cancellationTarget(busy)!)).toBe(160);
  });

  it('uses the answered listings\' median instead when it is smaller (every tool slow, the listings fast)', () => {
    const slow = observed(300, 300);
    expect(lateMarginMs(slow, cancellationTarget(slow)!)).toBe(600);
    expect(lateMarginMs(probed(slow, [], 0, undefined, 'answered', undefined, 2), cancellationTarget(slow)!)).toBe(150);
    expect(lateMarginMs(probed(slow, [], 0, undefined, 'answered', undefined, 250), cancellationTarget(slow)!)).toBe(500);
    // the cancelled call and a timed-out follow-up are no round trip
    expect(lateMarginMs(probed(slow, [], 0, undefined, 'timeout'), cancellationTarget(slow)!)).toBe(600);
  });
});

describe('fixture answers-cancelled.mjs', () => {
  let run: CliRun | undefined;
  let twin: CliRun | undefined;
  const more: (CliRun | undefined)[] = [];
  const logDir = mkdtempSync(join(tmpdir(), 'answers-cancelled-'));
  afterAll(() => {
    cleanup(run);
    cleanup(twin);
    more.forEach(cleanup);
    rmSync(logDir, { recursive: true, force: true });
  });
  const fixture = (...args: string[]) => ['run', '--check', 'protocol/cancellation', '--check', 'protocol/wire-schema', '--', process.execPath, 'test/fixtures/servers/faults/answers-cancelled.mjs', ...args];

  it('still answers a cancelled call of the slow tool', async () => {
    const frames = await drive('answers-cancelled.mjs', [init(), callFrame(1, 'slow', {}), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }], { expectIds: [0, 1] });
    expect(frames.some((f) => f.id === 1 && f.result)).toBe(true);
  });

  it('draws respondedAfterCancel on the slow tool through the real CLI', async () => {
    run = await runCli(['run', '--check', 'protocol/cancellation', '--', process.execPath, 'test/fixtures/servers/faults/answers-cancelled.mjs']);
    const findings = findingsOf(reportOf(run), 'ad-hoc', 'protocol/cancellation');
    expect(findings.map((f) => [f.messageId, f.tool, f.severity])).toEqual([['respondedAfterCancel', 'slow', 'warning']]);
  });

  it('its conformant twin (--honour-cancel: a cancelled call is never answered) draws nothing through the real CLI', async () => {
    twin = await runCli(['run', '--check', 'protocol/cancellation', '--', process.execPath, 'test/fixtures/servers/faults/answers-cancelled.mjs', '--honour-cancel']);
    expect(findingsOf(reportOf(twin), 'ad-hoc', 'protocol/cancellation')).toEqual([]);
  });

  it('--after-twin (the cancelled call answered right behind the identical later call): seen in the settle after the twin\'s answer', async () => {
    const late = await runCli(fixture('--after-twin'));
    more.push(late);
    expect(findingsOf(reportOf(late), 'ad-hoc', 'protocol/cancellation').map((f) => [f.messageId, f.tool])).toEqual([['respondedAfterCancel', 'slow']]);
  });

  it(`--after-twin-ms past the cap (answered more than one twin duration after the twin's answer): not seen, the silence the twin adds`, async () => {
    const late = await runCli(fixture('--after-twin', `--after-twin-ms=${MAX_LATE_GRACE_MS + 500}`));
    more.push(late);
    expect(findingsOf(reportOf(late), 'ad-hoc')).toEqual([]);
  });

  it('--jitter-ms (a concurrent server whose tool takes 300+-60 ms and ignores the cancellation): the warning in every run', async () => {
    // the twin may be answered before the cancelled call; the settle after the twin's answer still sees it
    const runs = await Promise.all([0, 1, 2, 3].map(() => runCli(fixture('--slow-ms=300', '--jitter-ms=60'))));
    more.push(...runs);
    for (const jittered of runs) {
      expect(findingsOf(reportOf(jittered), 'ad-hoc', 'protocol/cancellation').map((f) => [f.messageId, f.tool, f.severity])).toEqual([['respondedAfterCancel', 'slow', 'warning']]);
    }
  });

  it('a tool slower than the cap (5 s): the window ends at the cap, the twin is cancelled, no finding, no orphan', async () => {
    // both arms at once: the server that honours the cancellation and the one that answers it (after the cap)
    const arms = [['--honour-cancel'], []].map((extra, i) => ({ log: join(logDir, `arm${i}.log`), extra }));
    const runs = await Promise.all(arms.map(({ log, extra }) => runCli(fixture('--slow-ms=5000', `--log=${log}`, ...extra))));
    more.push(...runs);
    for (const [i, armRun] of runs.entries()) {
      // same verdict as before the twin: silence (the late answer, if any, comes after the cap)
      expect(findingsOf(reportOf(armRun), 'ad-hoc')).toEqual([]);
      const lines = readFileSync(arms[i].log, 'utf8').trim().split('\n');
      const pid = Number(lines.find((l) => l.startsWith('pid '))?.slice(4));
      // the probe's call and its twin (written right behind the marker: the call's id + 2)
      const cancelled = lines.filter((l) => l.startsWith('cancelled ')).map((l) => Number(l.slice(10)));
      expect(cancelled).toHaveLength(2);
      expect(cancelled[1] - cancelled[0]).toBe(2);
      expect(await gone(pid)).toBe(true);
    }
  });
});

describe('fixture concurrent-cancel.mjs (every request concurrent, the cancelled answer never dropped)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'concurrent-cancel-'));
  let run: CliRun | undefined;
  afterAll(() => {
    cleanup(run);
    rmSync(dir, { recursive: true, force: true });
  });
  const server = (name: string, ...args: string[]) => ({ name, command: process.execPath, args: [join(SERVERS, 'concurrent-cancel.mjs'), ...args] });
  // the fast tool's late answer comes after the marker's in about 1 run of 3 (0-2 ms jitter per request):
  // judged by the order alone, 16 surfaces all silent had a chance of about 0.3 %
  const FAST = 16;

  it('a fast tool (0-2 ms): silent on every surface; the same server with a 300 ms tool: the warning on every surface; a sequential server: silent', async () => {
    const surfaces = [
      ...Array.from({ length: FAST }, (_, i) => server(`fast-${i}`)),
      ...[0, 1, 2, 3].map((i) => server(`slow-${i}`, '--ms=300')),
      // every tool takes 300 ms, the listings none: the other calls' median is no round trip
      server('all-slow', '--ms=300', '--tools=3'),
      server('all-fast', '--tools=3'),
      server('seq-fast', '--sequential'),
      server('seq-slow', '--sequential', '--ms=300'),
    ];
    const config = join(dir, 'mcp-harness.config.json');
    writeFileSync(config, JSON.stringify({ surfaces }));
    run = await runCli(['run', '-c', config, '--check', 'protocol/cancellation', '-r', 'json']);
    const report = reportOf(run);
    const verdict = (surface: string) => findingsOf(report, surface, 'protocol/cancellation').map((f) => [f.messageId, f.tool, f.severity]);
    for (let i = 0; i < FAST; i++) expect(verdict(`fast-${i}`), `fast-${i}`).toEqual([]);
    for (let i = 0; i < 4; i++) expect(verdict(`slow-${i}`), `slow-${i}`).toEqual([['respondedAfterCancel', 'view', 'warning']]);
    expect(verdict('all-slow')).toEqual([['respondedAfterCancel', 'view', 'warning']]);
    expect(verdict('all-fast')).toEqual([]);
    // in order: the cancelled call is answered before the marker is read, fast or slow (a race, not reported)
    expect(verdict('seq-fast')).toEqual([]);
    expect(verdict('seq-slow')).toEqual([]);
  });
});
