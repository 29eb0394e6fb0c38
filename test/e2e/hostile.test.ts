/**
 * Issue 15 acceptance through the real CLI: one surface per case of the hostile fixture server
 * (test/fixtures/servers/hostile.mjs, config test/e2e/configs/hostile.ts) and the well-behaved control,
 * in ONE run with every reporter, the harness under `--max-old-space-size=512` and a secret in its
 * environment. The run must finish and report (all report files, exit 0 or 1, every surface judged, not
 * crashed), each case must draw its finding, no process of any server may be left behind, and the secret
 * (which the env-theft case reads from the harness's /proc/<pid>/environ) may appear in no report file
 * and no console output. Budgets are asserted as "finished and reported", never as timings.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../harness/model/report.ts';
import { CASES } from './configs/hostile.ts';
import { cleanup, filesUnder, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';
import { killMarked, pidsWithMarker, watchMarker } from './helpers/processes.ts';

const SECRET = `hostile-e2e-secret-${process.pid}-${Math.random().toString(36).slice(2)}`;
const MARKER = `e2e-hostile-${process.pid}-${Math.random().toString(36).slice(2)}`;
const REPORT_FILES = ['report.json', 'report.md', 'junit.xml', 'report.sarif', 'report.html'];
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

let run: CliRun;
let seen: Map<number, string>;

beforeAll(async () => {
  const watch = watchMarker(`E2E_MARKER=${MARKER}`);
  try {
    run = await runCli(['run', '--config', 'test/e2e/configs/hostile.ts', '--reporter', 'console,json,markdown,junit,sarif,html'], {
      env: { NODE_OPTIONS: '--max-old-space-size=512', E2E_MARKER: MARKER, MCP_HARNESS_TEST_SECRET: SECRET },
      timeoutMs: 600_000,
    });
  } finally {
    seen = watch.stop();
  }
}, 660_000);

afterAll(() => {
  killMarked(`E2E_MARKER=${MARKER}`);
  cleanup(run);
});

/** What each case must draw: a finding (check, messageId, severity, tool) and/or call outcomes. */
interface Expectation {
  findings?: { check: string; messageId: string; severity: Finding['severity']; tool?: string; includes?: string }[];
  outcomes?: { tool: string; outcome: string }[];
}

const EXPECT: Record<(typeof CASES)[number], Expectation> = {
  // the twin: nothing at warning or above (checked below), its tool called and valid
  control: { outcomes: [{ tool: 'ok', outcome: 'success' }] },
  // ^(a+)+$ against 100k 'a' + '!': evaluated (linear time) and reported, not a hung event loop
  'redos-output': { findings: [{ check: 'result/structured-content', messageId: 'invalid', severity: 'error', tool: 'match', includes: "keyword 'pattern'" }] },
  // a backtracking pattern with \b, sampled and re-checked in linear time: the tool is called and probed
  'redos-input': {
    outcomes: [{ tool: 'take', outcome: 'success' }],
    findings: [{ check: 'errors/input-enforcement', messageId: 'accepted', severity: 'warning', tool: 'take' }],
  },
  'huge-bounds': {
    findings: [
      ...['min-length', 'min-length-4e8'].map((tool) => ({ check: 'contract/every-tool-called', messageId: 'notGenerated', severity: 'warning' as const, tool, includes: 'minLength exceeds the generation budget' })),
      { check: 'contract/every-tool-called', messageId: 'notGenerated', severity: 'warning', tool: 'min-items', includes: 'minItems exceeds the generation limit' },
      { check: 'contract/every-tool-called', messageId: 'notGenerated', severity: 'warning', tool: 'min-properties', includes: 'minProperties exceeds the generation limit' },
      ...['repeat', 'repeat-anchored'].flatMap((tool) => [
        { check: 'contract/every-tool-called', messageId: 'notGenerated', severity: 'warning' as const, tool, includes: 'repetition count above 1000' },
        { check: 'schema/regex', messageId: 'refused', severity: 'warning' as const, tool },
      ]),
    ],
  },
  flood: { findings: [{ check: 'transport/stdout', messageId: 'floodUntied', severity: 'warning', includes: 'notifications that name no request' }] },
  deep: { findings: [{ check: 'result/size', messageId: 'tooDeep', severity: 'warning', tool: 'tree' }] },
  escape: {
    outcomes: [{ tool: 'fork', outcome: 'success' }],
    findings: [{ check: 'transport/shutdown', messageId: 'orphans', severity: 'error' }],
  },
  // the thief advertises the stolen secret as a tool name: it arrives masked
  'env-theft': { findings: [{ check: 'tools/name', messageId: 'charset', severity: 'warning', tool: 'leak_[masked:MCP_HARNESS_TEST_SECRET]' }] },
  // two such lines since issue 12: the call of `big` and its omitted-arguments probe, sent beside the call
  // (an early probe, harness/run/early-probes.ts), each answered over the limit; the finding id is the same
  'long-line': {
    outcomes: [{ tool: 'big', outcome: 'oversize' }],
    findings: [{ check: 'transport/stdout', messageId: 'oversize', severity: 'warning', includes: 'exceed the frame limit' }],
  },
  // the fixture answers isError unless `__proto__` and `constructor` arrive as own properties
  proto: { outcomes: [{ tool: 'proto', outcome: 'success' }] },
  // pages forever: stopped at the page limit and reported, the one listed tool still called
  endless: {
    outcomes: [{ tool: 'ok', outcome: 'success' }],
    findings: [{ check: 'tools/listing', messageId: 'pageLimit', severity: 'warning', includes: 'after 100 pages' }],
  },
  bidi: { findings: [{ check: 'tools/description-injection', messageId: 'hiddenUnicode', severity: 'error', tool: 'safe\u202Etxt.exe' }] },
};

describe('hostile servers through the CLI (issue 15)', () => {
  it('finishes and reports: every report file written, exit 0 or 1, every case a judged surface', () => {
    expect([0, 1], run.stderr).toContain(run.exitCode);
    for (const file of REPORT_FILES) {
      const path = join(run.reportDir, file);
      expect(existsSync(path), file).toBe(true);
      expect(statSync(path).size, file).toBeGreaterThan(0);
    }
    const report = reportOf(run);
    const notOk = report.surfaces.filter((s) => s.status !== 'ok').map((s) => s.name);
    const why = report.findings.filter((f) => notOk.includes(f.surface)).map((f) => `${f.surface}: ${f.severity} ${f.check} ${f.messageId}: ${f.message.slice(0, 300)}`).join('\n');
    expect(report.surfaces.map((s) => [s.name, s.status]).sort(), why).toEqual(CASES.map((c) => [c, 'ok']).sort());
    expect(report.findings.filter((f) => f.check.startsWith('harness/')).map((f) => `${f.surface}: ${f.message}`)).toEqual([]);
  });

  it('every case has an expectation', () => {
    expect(Object.keys(EXPECT).sort()).toEqual([...CASES].sort());
  });

  for (const name of CASES) {
    const expectation = EXPECT[name];
    it(`${name}: draws its finding`, () => {
      const report = reportOf(run);
      const findings = findingsOf(report, name);
      const summary = findings.map((f) => `${f.severity} ${f.check} ${f.messageId} ${f.tool ?? ''}: ${f.message}`).join('\n');
      for (const want of expectation.findings ?? []) {
        const hit = findings.filter((f) => f.check === want.check && f.messageId === want.messageId && f.severity === want.severity && (want.tool === undefined || f.tool === want.tool));
        expect(hit.length, `${want.severity} ${want.check} ${want.messageId} ${want.tool ?? ''} in:\n${summary}`).toBeGreaterThan(0);
        if (want.includes) expect(hit.map((f) => f.message).join('\n')).toContain(want.includes);
      }
      for (const want of expectation.outcomes ?? []) expect(outcomesOf(report, name, want.tool), `${want.tool} in:\n${summary}`).toContain(want.outcome);
      // the control is silent at warning and above, transport/timeout included (a fresh-process probe
      // once looked unanswered when npm's own environment masked the harness's frames: b521d14)
      if (name === 'control') expect(findings.filter((f) => f.severity !== 'info').map((f) => `${f.check} ${f.messageId}: ${f.message}`)).toEqual([]);
    });
  }

  it('leaves no process of any server behind (the escaped grandchild included)', () => {
    expect(seen.size, 'the marker sweep saw the servers while they ran').toBeGreaterThan(0);
    expect(pidsWithMarker(`E2E_MARKER=${MARKER}`)).toEqual([]);
  });

  it("the secret of the harness's environment reaches no report file and no console output", () => {
    const files = filesUnder(run.reportDir);
    expect(files.length).toBeGreaterThanOrEqual(REPORT_FILES.length);
    for (const file of files) expect(readFileSync(file, 'utf8').includes(SECRET), file).toBe(false);
    expect(run.stdout.includes(SECRET), 'stdout').toBe(false);
    expect(run.stderr.includes(SECRET), 'stderr').toBe(false);
    // the thief did steal it (so the test can fail): it arrived masked
    expect(readFileSync(join(run.reportDir, 'report.json'), 'utf8')).toContain('[masked:MCP_HARNESS_TEST_SECRET]');
  });

  it('bidirectional controls from server strings are escaped in Markdown, JUnit, HTML and the console', () => {
    for (const file of ['report.md', 'junit.xml', 'report.html']) expect(BIDI.test(readFileSync(join(run.reportDir, file), 'utf8')), file).toBe(false);
    expect(BIDI.test(run.stdout), 'stdout').toBe(false);
    // the report JSON keeps the exact name (it is data, not text for a reader)
    expect(reportOf(run).surfaces.find((s) => s.name === 'bidi')?.tools.map((t) => t.name)).toContain('safe\u202Etxt.exe');
  });
});
