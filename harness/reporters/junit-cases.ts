/**
 * The JUnit test-case model: per surface, one case per (check, tool) that has findings, one
 * passing case per catalog check that ran without findings, one skipped case per skipped check.
 * Pure data; junit.ts turns it into XML.
 */
import type { Finding, Report } from '../model/report.ts';
import { groupBy } from './group.ts';
import type { ReporterContext } from './types.ts';

/** Name of a case not about one tool. */
export const SURFACE_CASE_NAME = '(surface)';

/** One `<testcase>`: `failures` are the error findings not accepted by a baseline; `notes` the rest. */
export interface JunitCase {
  classname: string;
  name: string;
  failures: Finding[];
  notes: Finding[];
  skipped?: string;
}

/** One `<testsuite>` (a surface). `timeS` is the surface duration in seconds. */
export interface JunitSuite {
  name: string;
  timeS: number;
  properties: { name: string; value: string }[];
  cases: JunitCase[];
}

function isFailure(f: Finding): boolean {
  return f.severity === 'error' && !f.baselined;
}

function findingCases(surface: string, findings: readonly Finding[]): JunitCase[] {
  const groups = groupBy(findings, (f) => `${f.check}\u0000${f.tool ?? SURFACE_CASE_NAME}`);
  return [...groups.values()].map((group) => ({
    classname: `${surface}.${group[0].check}`,
    name: group[0].tool ?? SURFACE_CASE_NAME,
    failures: group.filter(isFailure),
    notes: group.filter((f) => !isFailure(f)),
  }));
}

function quietCases(surface: string, report: Report, ctx: ReporterContext, reported: Set<string>): JunitCase[] {
  const skipped = new Map(report.skipped.filter((s) => s.surface === surface).map((s) => [s.check, s.reason]));
  return ctx.catalog
    .filter((meta) => !reported.has(meta.id))
    .map((meta) => ({
      classname: `${surface}.${meta.id}`,
      name: SURFACE_CASE_NAME,
      failures: [],
      notes: [],
      ...(skipped.has(meta.id) ? { skipped: skipped.get(meta.id) } : {}),
    }));
}

function suiteProperties(report: Report, surface: string): JunitSuite['properties'] {
  const s = report.surfaces.find((x) => x.name === surface);
  const props: JunitSuite['properties'] = [];
  if (s?.era) props.push({ name: 'era', value: s.era });
  if (s?.protocolVersion) props.push({ name: 'protocolVersion', value: s.protocolVersion });
  if (s) props.push({ name: 'status', value: s.status });
  return props;
}

/** The suites of a report: surfaces in report order, then surfaces only findings name. */
export function junitSuites(report: Report, ctx: ReporterContext): JunitSuite[] {
  const bySurface = groupBy(report.findings, (f) => f.surface);
  const names = [...new Set([...report.surfaces.map((s) => s.name), ...bySurface.keys()])];
  return names.map((name) => {
    const findings = bySurface.get(name) ?? [];
    const reported = new Set(findings.map((f) => f.check));
    return {
      name,
      timeS: (report.surfaces.find((s) => s.name === name)?.durationMs ?? 0) / 1000,
      properties: suiteProperties(report, name),
      cases: [...findingCases(name, findings), ...quietCases(name, report, ctx, reported)],
    };
  });
}
