/**
 * Issue 9 §3 through the real CLI: `notifications/tools/list_changed` during the run is acted on.
 * test/fixtures/servers/trust/list-changed.mjs changes its tool set on the first call of refresh_catalog
 * and announces it before that call's reply (stream order: seen at any load). The harness lists again
 * after the calls, calls the tool that appeared (daily_report, which breaks its own outputSchema: a fault
 * only a re-list finds), leaves the state-changing one uncalled (F11), and a note names what appeared and
 * disappeared. The twin changes nothing; the undeclared arm draws a warning and is not acted on; a
 * re-list answered with a JSON-RPC error is a warning, never a crash; 2026-07-28 does not act on it.
 * Three runs of the fault arm at once give identical finding ids (same input, same verdict under load),
 * and so do two runs where the change is drawn by an early probe sent right behind the calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const FIXTURE = join(SERVERS, 'trust/list-changed.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'mcp-harness-relist-'));
const calledIn = (log: string): string[] => {
  const file = join(scratch, log);
  return existsSync(file) ? [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))].sort() : [];
};
const run = (log: string, ...args: string[]) => runCli(['run', '--', process.execPath, FIXTURE, `--log=${join(scratch, log)}`, ...args]);
const listingOf = (r: CliRun) => findingsOf(reportOf(r), 'ad-hoc', 'tools/listing').map((f) => [f.severity, f.messageId]);
const ids = (r: CliRun) => reportOf(r).findings.map((f) => f.id).sort();

let changed: CliRun[];
let twin: CliRun;
let undeclared: CliRun;
let relistError: CliRun;
let modern: CliRun;
let scenarioFile: CliRun;
let byProbe: CliRun[];

beforeAll(async () => {
  let runs: CliRun[];
  [twin, undeclared, relistError, modern, scenarioFile, ...runs] = await Promise.all([
    run('twin.log', '--twin'),
    run('undeclared.log', '--undeclared'),
    run('relist-error.log', '--relist-error'),
    run('modern.log', '--modern'),
    runCli(['run', '--config', 'test/e2e/configs/relist.ts']),
    ...[1, 2, 3].map((n) => run(`changed-${n}.log`)),
    ...[1, 2].map((n) => run(`by-probe-${n}.log`, '--change-on=2')),
  ]);
  changed = runs.slice(0, 3);
  byProbe = runs.slice(3);
}, 120_000);

afterAll(() => {
  [twin, undeclared, relistError, modern, scenarioFile, ...changed, ...byProbe].forEach(cleanup);
  rmSync(scratch, { recursive: true, force: true });
});

describe('notifications/tools/list_changed: the harness lists again and judges the final tool set', () => {
  it('calls the read-only tool that appeared, and finds the fault only it has', () => {
    for (const r of changed) {
      const invalid = findingsOf(reportOf(r), 'ad-hoc', 'result/structured-content').filter((f) => f.severity === 'error');
      expect(invalid.map((f) => [f.tool, f.messageId])).toEqual([['daily_report', 'invalid']]);
      expect(r.exitCode).toBe(1);
    }
    expect(calledIn('changed-1.log')).toContain('daily_report');
  });

  it('does not call the state-changing tool that appeared (the safe default), and says so', () => {
    expect(calledIn('changed-1.log')).not.toContain('purge_reports');
    const skipped = findingsOf(reportOf(changed[0]), 'ad-hoc', 'contract/every-tool-called');
    expect(skipped.map((f) => [f.tool, f.severity, f.messageId])).toEqual([['purge_reports', 'warning', 'skipped']]);
  });

  it('a note names what appeared and disappeared; the report lists the final tools', () => {
    const [note] = findingsOf(reportOf(changed[0]), 'ad-hoc', 'tools/listing');
    expect(note).toMatchObject({ severity: 'info', messageId: 'listChanged' });
    expect(note.message).toContain('appeared: daily_report, purge_reports; disappeared: legacy_export');
    const surface = reportOf(changed[0]).surfaces[0];
    expect(surface.tools.map((t) => t.name).sort()).toEqual(['daily_report', 'legacy_export', 'purge_reports', 'refresh_catalog']);
  });

  it('a scenario file for the tool that appeared is called, not reported as a scenario for an unknown tool', () => {
    const report = reportOf(scenarioFile);
    const daily = report.surfaces[0].tools.find((t) => t.name === 'daily_report');
    expect(daily?.calls.map((c) => c.scenario)).toEqual(['today']);
    expect(findingsOf(report, 'relist-scenario', 'result/expectation').filter((f) => f.messageId === 'scenarioForUnknownTool')).toEqual([]);
    expect(findingsOf(report, 'relist-scenario', 'result/structured-content').map((f) => [f.tool, f.messageId])).toEqual([['daily_report', 'invalid']]);
  });

  it('three runs at once give identical finding ids', () => {
    expect(ids(changed[1])).toEqual(ids(changed[0]));
    expect(ids(changed[2])).toEqual(ids(changed[0]));
  });

  it('a change an early probe draws (the second refresh_catalog call, sent right behind the calls) is re-listed too, in every run', () => {
    for (const r of byProbe) {
      expect(listingOf(r)).toEqual([['info', 'listChanged']]);
      expect(findingsOf(reportOf(r), 'ad-hoc', 'result/structured-content').filter((f) => f.severity === 'error').map((f) => f.tool)).toEqual(['daily_report']);
    }
    expect(ids(byProbe[1])).toEqual(ids(byProbe[0]));
  });

  it('the conformant twin (no change) draws nothing of it and calls only its own tools', () => {
    expect(listingOf(twin)).toEqual([]);
    expect(calledIn('twin.log').filter((n) => !n.startsWith('mcp_harness_unknown_tool'))).toEqual(['legacy_export', 'refresh_catalog']);
    expect(reportOf(twin).findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(twin.exitCode).toBe(0);
  });
});

describe('notifications/tools/list_changed the harness does not act on', () => {
  it('without a declared listChanged: a warning, no re-list, the new tool not called', () => {
    expect(listingOf(undeclared)).toEqual([['warning', 'listChangedUndeclared']]);
    expect(calledIn('undeclared.log')).not.toContain('daily_report');
  });

  it('a re-list answered with a JSON-RPC error: a warning, the run completes', () => {
    expect(listingOf(relistError)).toEqual([['warning', 'relistFailed']]);
    expect(calledIn('relist-error.log')).not.toContain('daily_report');
    expect(relistError.exitCode).toBe(0);
  });

  it('2026-07-28 (only on a subscriptions/listen stream): a note, no re-list', () => {
    expect(reportOf(modern).surfaces[0].era).toBe('modern');
    expect(listingOf(modern)).toEqual([['info', 'listChangedModern']]);
    expect(calledIn('modern.log')).not.toContain('daily_report');
  });
});
