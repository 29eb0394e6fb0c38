/**
 * Issue 4 through the real CLI: every fault fixture (test/fixtures/servers/faults/*.mjs, plus the
 * sdk-mixed manifest) draws the check its header names (`// Fault (<check id>): ...`), at warning or
 * above, on its own surface; and those checks stay silent (nothing at warning or above) on the three
 * reference surfaces of the root config.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultFixtures, MODERN_VARIANTS } from './configs/protocol-faults.ts';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const FAULTS = join(SERVERS, 'faults');
const REFERENCE = ['reference-modern', 'reference-legacy', 'reference-narrowed'];
/** Surfaces with a dedicated test below. */
const KNOWN_BUGS = new Set(['bad-discover-modern']);
/**
 * Surfaces whose fault leaves nothing listed: the surface's status is `failed`, and the targeted check must fire
 * at error level, or the run would pass on a surface that tested nothing (hostile review 4, D4 and D8).
 */
const LISTS_NOTHING = new Set(['list-not-object', 'closes-stdin', 'closes-stdout-at-start', 'crashes-at-listing', 'upstream-unreachable']);

/** The check a fault fixture targets, from its header comment (or the manifest's description). */
function targetOf(text: string): string {
  const match = /Fault \(([\w-]+\/[\w-]+)\)/.exec(text);
  if (!match) throw new Error(`no "Fault (<check id>)" header in: ${text.slice(0, 80)}`);
  return match[1];
}

/** Surface name -> targeted check, for every fixture surface of configs/protocol-faults.ts. */
const targets = new Map<string, string>([
  ...faultFixtures.flatMap((name): [string, string][] => {
    const check = targetOf(readFileSync(join(FAULTS, `${name}.mjs`), 'utf8'));
    const variant = MODERN_VARIANTS[name];
    return [...(variant === 'only' ? [] : [[name, check] as [string, string]]), ...(variant ? [[`${name}-modern`, check] as [string, string]] : [])];
  }),
  ['sdk-mixed', targetOf(readFileSync(join(FAULTS, 'sdk-mixed/package.json'), 'utf8'))],
]);

let faults: CliRun;
let reference: CliRun;

beforeAll(async () => {
  [faults, reference] = await Promise.all([
    runCli(['run', '--config', 'test/e2e/configs/protocol-faults.ts']),
    runCli(['run', ...REFERENCE.flatMap((s) => ['--surface', s])]),
  ]);
});

afterAll(() => [faults, reference].forEach(cleanup));

const loud = (severity: string) => severity === 'error' || severity === 'warning';

describe('fault fixtures through the CLI', () => {
  it('runs every fixture as a surface and exits 1 (findings), not 2', () => {
    expect(faults.exitCode, faults.stderr).toBe(1);
    expect(reportOf(faults).surfaces.map((s) => s.name).sort()).toEqual([...targets.keys()].sort());
    expect(new Set(targets.values()).size).toBeGreaterThanOrEqual(12);
  });

  for (const [surface, check] of targets) {
    if (KNOWN_BUGS.has(surface)) continue;
    const fails = LISTS_NOTHING.has(surface);
    it(`${surface}: ${check} fires at ${fails ? 'error' : 'warning or above'}`, () => {
      const report = reportOf(faults);
      expect(report.surfaces.find((s) => s.name === surface)?.status).toBe(fails ? 'failed' : 'ok');
      expect(findingsOf(report, surface, check).filter((f) => (fails ? f.severity === 'error' : loud(f.severity))).length).toBeGreaterThan(0);
    });
  }

  // The session negotiated before tools/list failed: its frames are validated, so the null result is a schema error too
  it('list-not-object: protocol/wire-schema names the tools/list result as well', () => {
    const findings = findingsOf(reportOf(faults), 'list-not-object', 'protocol/wire-schema');
    expect(findings.map((f) => [f.severity, f.pointer])).toEqual([['error', '/result']]);
  });

  // A DiscoverResult whose supportedVersions lacks 2026-07-28 is not usable, the legacy fallback is
  // refused by the modern-only server: the session goes modern with that answer so protocol/discover
  // judges it (harness/session/negotiate.ts), instead of the surface failing to boot.
  it('bad-discover-modern: protocol/discover fires on the malformed DiscoverResult', () => {
    const report = reportOf(faults);
    expect(report.surfaces.find((s) => s.name === 'bad-discover-modern')?.status).toBe('ok');
    expect(findingsOf(report, 'bad-discover-modern', 'protocol/discover').filter((f) => loud(f.severity)).length).toBeGreaterThan(0);
  });

  it('the targeted checks stay silent on the reference surfaces', () => {
    expect([0, 1], reference.stderr).toContain(reference.exitCode);
    const report = reportOf(reference);
    expect(report.surfaces.map((s) => [s.name, s.status]).sort()).toEqual(REFERENCE.map((s) => [s, 'ok']).sort());
    const checks = new Set(targets.values());
    const noisy = report.findings.filter((f) => checks.has(f.check) && loud(f.severity));
    expect(noisy.map((f) => `${f.surface} ${f.check} ${f.tool ?? ''} ${f.pointer ?? ''}`)).toEqual([]);
  });
});
