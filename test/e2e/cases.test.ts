/**
 * Every real-world case, replayed through the real CLI (one run, one surface per case by
 * replay-case.mjs): the case's expected check fires with its severity on its surface, naming the
 * case's tool, and every negative control draws nothing at warning or above from tool-level checks.
 * `also` entries are asserted where the catalogue has the equivalent check (see ALSO_IDS).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../harness/model/report.ts';
import { surfaceNameOf } from './configs/cases.ts';
import { cleanup, findingsOf, reportOf, ROOT, runCli, type CliRun } from './helpers/cli.ts';

const CASES = join(ROOT, 'test/fixtures/cases');

interface Expected {
  check: string | null;
  severity: 'error' | 'warning' | 'info' | 'none';
  also?: { check: string; severity: string }[];
}
interface Case {
  file: string;
  source: string;
  tool?: { name: string };
  expected_finding: Expected;
}

/**
 * Old `also` labels -> catalogue IDs, and the surface that carries the input (default: the case's own).
 * `null`: the catalogue has no equivalent, the entry is skipped:
 * - `schema.root-composition` (case 14): no check warns about a root anyOf once type:"object" is there.
 * - `jsonrpc.error-code` (case 21): no check grades the informativeness of an error code.
 */
const ALSO_IDS: Record<string, { check: string; surfaceSuffix?: string } | null> = {
  'schema.openapi-keyword': { check: 'schema/portability' },
  'output.text-mirror-missing': { check: 'result/text-mirror' },
  // the recursive variant is a second schema in `exchange`, served by the `-variant` surface (configs/cases.ts)
  'schema.ref-recursive': { check: 'schema/portability', surfaceSuffix: '-variant' },
  'error.classification': { check: 'errors/classification' },
  'schema.root-composition': null,
  'jsonrpc.error-code': null,
};

const cases: Case[] = readdirSync(CASES)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ ...(JSON.parse(readFileSync(join(CASES, file), 'utf8')) as Omit<Case, 'file'>), file }));
const positives = cases.filter((kase) => kase.expected_finding.check !== null);
const controls = cases.filter((kase) => kase.expected_finding.check === null);
const loud = (f: Finding) => f.severity === 'error' || f.severity === 'warning';

let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--config', 'test/e2e/configs/cases.ts']);
});

afterAll(() => cleanup(run));

describe('real-world cases through the CLI', () => {
  it('replays every case as a booted surface, exit code 1 (findings), not 2', () => {
    expect(run.exitCode, run.stderr).toBe(1);
    const surfaces = reportOf(run).surfaces;
    for (const kase of cases) expect(surfaces.find((s) => s.name === surfaceNameOf(kase.file))?.status, kase.file).toBe('ok');
    expect(positives.length + controls.length).toBe(cases.length);
    expect(controls.length).toBeGreaterThan(0);
  });

  for (const kase of positives) {
    const { check, severity } = kase.expected_finding;
    it(`${kase.file}: ${check} fires at ${severity}`, () => {
      const findings = findingsOf(reportOf(run), surfaceNameOf(kase.file), check as string);
      expect(findings.map((f) => f.severity)).toContain(severity);
      const toolLevel = findings.filter((f) => f.tool !== undefined);
      for (const finding of toolLevel) expect(finding.tool).toBe(kase.tool?.name);
      if (!check?.startsWith('transport/')) expect(toolLevel.length).toBeGreaterThan(0);
    });

    for (const also of kase.expected_finding.also ?? []) {
      const mapped = ALSO_IDS[also.check];
      if (mapped === undefined) {
        it(`${kase.file}: also "${also.check}" is mapped or explicitly skipped`, () => expect.fail(`add ${also.check} to ALSO_IDS`));
        continue;
      }
      if (mapped === null) continue; // no catalogue equivalent: see ALSO_IDS
      it(`${kase.file}: also ${mapped.check} (${also.check}) fires at ${also.severity}`, () => {
        const surface = surfaceNameOf(kase.file) + (mapped.surfaceSuffix ?? '');
        const findings = findingsOf(reportOf(run), surface, mapped.check).filter((f) => f.tool === kase.tool?.name);
        expect(findings.map((f) => f.severity)).toContain(also.severity);
      });
    }
  }

  for (const kase of controls) {
    it(`${kase.file}: negative control draws nothing at warning or above for ${kase.tool?.name}`, () => {
      const findings = findingsOf(reportOf(run), surfaceNameOf(kase.file));
      expect(findings.length).toBeGreaterThan(0); // the surface was judged (protocol/era at least)
      expect(findings.filter((f) => f.tool === kase.tool?.name && loud(f)).map((f) => `${f.check} ${f.pointer ?? ''}`)).toEqual([]);
      expect(findings.filter((f) => f.tool === undefined && loud(f)).map((f) => `${f.check} ${f.messageId ?? ''}`)).toEqual([]);
    });
  }

  it('case specifics: 20 names the stdout line, 21/26 point at the error code, 31 at the widened type', () => {
    const report = reportOf(run);
    expect(findingsOf(report, 'case-20', 'transport/stdout').map((f) => f.message.includes('stdout line 1 '))).toEqual([true]);
    for (const surface of ['case-21', 'case-26']) {
      expect(findingsOf(report, surface, 'errors/classification').map((f) => f.pointer)).toContain('/error/code');
    }
    expect(findingsOf(report, 'case-31', 'tools/input-narrowing').map((f) => f.pointer)).toContain('/inputSchema/properties/name/type');
  });
});
