/**
 * A call that crashed the server was written to it: when the session closes before the call's second attempt on a
 * restarted process (the surface's time budget runs out while that process starts), the call still counts as made
 * (a third review: since the never-sent calls became 'unsent', the crashed call read "not run" and 0 calls were
 * reported). Its outcome stays the crash's `exit` (transport/exit's), never a timeout of the budget cut: a timeout is a
 * request written and not answered in time (the cut once marked every `exit` left a `timeout`, run/observe.ts).
 * test/fixtures/servers/slow-restart.mjs restarts in 8 s; the budget is 3 s.
 *
 * A call the crash took while it was only in flight beside the crashing one is not blamed when the close comes before
 * the attempts alone that tell them apart (a review: transport/exit named both boom and slow as in flight after a
 * surface-budget cut, neither in the uncut run): both count as made, transport/exit names the exit only. And the close
 * does not wait for a restart that never answers initialize (a review: 120 s, the start timeout, against an 8 s
 * budget): it stops that process (no transport/shutdown finding for it) and the report is written. The start timeout
 * here (10 min) is past the test's own timeout, so a close that waited for the restart fails the test.
 * test/fixtures/servers/crash-beside.mjs: `boom` crashes the server once `slow` is in flight too. When the restart fails
 * instead (its process exits at once), both calls were still sent: neither is named, nor counted as not sent.
 *
 * A call that crashed the server alone is the crasher, cut or not (a review: after a surface-budget cut, a lone crasher
 * drew only unexpectedExit): transport/exit names it as in flight, read-only (its early probe of the same tool beside
 * it) or not (its call alone); so too when the restart fails (a review: it read "1 request(s) to tool 'boom' were not
 * sent", unsentRestarts), and in the uncut run. test/fixtures/servers/crash-alone.mjs: `boom` crashes the server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const SERVER = fileURLToPath(new URL('../fixtures/servers/slow-restart.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-crash-close-'));
let run: CliRun | undefined;
let cut: CliRun | undefined;
let uncut: CliRun | undefined;
const alone: CliRun[] = [];
afterAll(() => {
  cleanup(run);
  cleanup(cut);
  cleanup(uncut);
  for (const r of alone) cleanup(r);
  rmSync(dir, { recursive: true, force: true });
});

describe('a call that crashed the server, the session closed before its second attempt', () => {
  it('counts as made, as the exit it was; the calls queued behind it were never sent', async () => {
    const config = join(dir, 'mcp-harness.config.json');
    writeFileSync(config, JSON.stringify({ timeouts: { surfaceMs: 3000, requestMs: 20000 }, surfaces: [{ name: 'crashes', command: process.execPath, args: [SERVER, join(dir, 'marker')], generate: { destructive: true } }] }));
    run = await runCli(['run', '--config', config, '-r', 'json']);
    const report = reportOf(run);
    const tools = report.surfaces[0]?.tools ?? [];
    // echo's call was written (it crashed the first process): it counts; the calls queued behind it were never sent
    expect(tools.find((t) => t.name === 'echo')?.calls.length, JSON.stringify(tools)).toBe(1);
    expect(tools.filter((t) => t.name !== 'echo').every((t) => t.calls.length === 0)).toBe(true);
    expect(findingsOf(report, 'crashes', 'transport/exit').some((f) => f.messageId === 'unexpectedExit')).toBe(true);
    // the crash stays an exit: no transport/timeout finding names echo (the surface budget's own finding remains)
    expect(outcomesOf(report, 'crashes', 'echo')).toEqual(['exit']);
    expect(findingsOf(report, 'crashes', 'transport/timeout').map((f) => `${f.messageId} ${f.tool ?? '-'}`)).toEqual(['surfaceBudget -']);
  });
});

const BESIDE = fileURLToPath(new URL('../fixtures/servers/crash-beside.mjs', import.meta.url));

/** Run crash-beside.mjs with its restart mode, a fresh marker, and `timeouts`. */
async function beside(name: string, restart: 'never' | 'die' | 'serve', timeouts: Record<string, number>): Promise<CliRun> {
  const config = join(dir, `${name}.config.json`);
  writeFileSync(config, JSON.stringify({ timeouts, surfaces: [{ name, command: process.execPath, args: [BESIDE, join(dir, `${name}.marker`), `--restart=${restart}`] }] }));
  return runCli(['run', '--config', config, '-r', 'json'], { timeoutMs: 150_000 });
}

/** `messageId tool` of a surface's transport findings (exit, shutdown). */
const transportNotes = (r: CliRun, surface: string) =>
  [...findingsOf(reportOf(r), surface, 'transport/exit'), ...findingsOf(reportOf(r), surface, 'transport/shutdown')].map((f) => `${f.check} ${f.messageId} ${f.tool ?? '-'}`);

describe('a crash that took two calls, the session closed before their attempts alone (the restart never answers initialize)', () => {
  it('names neither call as in flight, counts both as made, stops the restart without waiting for it or judging its shutdown', async () => {
    cut = await beside('cut', 'never', { surfaceMs: 5000, startMs: 600_000, requestMs: 60_000 });
    const report = reportOf(cut);
    expect(transportNotes(cut, 'cut')).toEqual(['transport/exit unexpectedExit -']);
    expect(outcomesOf(report, 'cut', 'boom')).toEqual(['exit']);
    expect(outcomesOf(report, 'cut', 'slow')).toEqual(['exit']);
    expect(findingsOf(report, 'cut', 'transport/timeout').map((f) => f.messageId)).toEqual(['surfaceBudget']);
  }, 180_000);

  it('its uncut twin (the restart serves): the same verdict on the calls, neither named, both answered on the restart', async () => {
    uncut = await beside('uncut', 'serve', { requestMs: 60_000 });
    const report = reportOf(uncut);
    expect(transportNotes(uncut, 'uncut')).toEqual(['transport/exit unexpectedExit -']);
    expect(outcomesOf(report, 'uncut', 'boom')).toEqual(['success']);
    expect(outcomesOf(report, 'uncut', 'slow')).toEqual(['success']);
  }, 180_000);

  it('its failed-restart twin (the restart exits at once): neither named, neither counted as not sent, both made', async () => {
    const died = await beside('died', 'die', { requestMs: 60_000 });
    alone.push(died);
    const report = reportOf(died);
    expect(transportNotes(died, 'died').filter((n) => !n.startsWith('transport/exit unsent'))).toEqual(['transport/exit unexpectedExit -', 'transport/exit unexpectedExit -']);
    expect(findingsOf(report, 'died', 'transport/exit').filter((f) => f.tool === 'boom' || f.tool === 'slow')).toEqual([]);
    expect(outcomesOf(report, 'died', 'boom')).toEqual(['exit']);
    expect(outcomesOf(report, 'died', 'slow')).toEqual(['exit']);
  }, 180_000);
});

const ALONE = fileURLToPath(new URL('../fixtures/servers/crash-alone.mjs', import.meta.url));

/** Run crash-alone.mjs with its restart mode (`--rw` when not read-only), a fresh marker, and `timeouts`. */
async function crashAlone(name: string, restart: 'never' | 'die' | 'serve', rw: boolean, timeouts: Record<string, number>): Promise<CliRun> {
  const config = join(dir, `${name}.config.json`);
  const args = [ALONE, join(dir, `${name}.marker`), `--restart=${restart}`, ...(rw ? ['--rw'] : [])];
  writeFileSync(config, JSON.stringify({ timeouts, surfaces: [{ name, command: process.execPath, args, generate: { destructive: true } }] }));
  const r = await runCli(['run', '--config', config, '-r', 'json'], { timeoutMs: 150_000 });
  alone.push(r);
  return r;
}

/** `messageId tool` of a surface's transport/exit findings that name a tool or the exit (not the unsent counts of other requests). */
const exitNotes = (r: CliRun, surface: string) =>
  findingsOf(reportOf(r), surface, 'transport/exit').filter((f) => f.messageId !== 'unsentRestarts' || f.tool === 'boom').map((f) => `${f.messageId} ${f.tool ?? '-'}`);

describe('a call that crashed the server alone (test/fixtures/servers/crash-alone.mjs)', () => {
  const CUT = { surfaceMs: 5000, startMs: 600_000, requestMs: 60_000 };

  it('the session closed before its attempt alone (read-only: its early probe beside it): named as in flight', async () => {
    const r = await crashAlone('alone-cut', 'never', false, CUT);
    expect(exitNotes(r, 'alone-cut')).toEqual(['unexpectedExit -', 'callInFlight boom']);
    expect(outcomesOf(reportOf(r), 'alone-cut', 'boom')).toEqual(['exit']);
    expect(findingsOf(reportOf(r), 'alone-cut', 'transport/timeout').map((f) => f.messageId)).toEqual(['surfaceBudget']);
  }, 180_000);

  it('the same, not read-only (its call ran alone): named as in flight', async () => {
    const r = await crashAlone('alone-cutrw', 'never', true, CUT);
    expect(exitNotes(r, 'alone-cutrw')).toEqual(['unexpectedExit -', 'callInFlight boom']);
    expect(outcomesOf(reportOf(r), 'alone-cutrw', 'boom')).toEqual(['exit']);
  }, 180_000);

  it('the restart failed (its process exited at once): named as in flight, not counted as not sent', async () => {
    const r = await crashAlone('alone-die', 'die', false, { requestMs: 60_000 });
    expect(exitNotes(r, 'alone-die')).toEqual(['unexpectedExit -', 'unexpectedExit -', 'callInFlight boom']);
    expect(outcomesOf(reportOf(r), 'alone-die', 'boom')).toEqual(['exit']);
  }, 180_000);

  it('its uncut twin (the restart serves, and boom crashes it again alone): named as in flight', async () => {
    const r = await crashAlone('alone-uncut', 'serve', false, { requestMs: 60_000 });
    expect(exitNotes(r, 'alone-uncut').filter((n) => n !== 'unexpectedExit -')).toEqual(['callInFlight boom']);
    expect(outcomesOf(reportOf(r), 'alone-uncut', 'boom')).toEqual(['exit']);
  }, 180_000);
});
