/**
 * The harness's own faults through the CLI (exit code 2): a config with a wrong type and an unknown key
 * (every problem named by file and key path on stderr, no run), an unknown `--check` ID, and a broken
 * scenario file (named by file and key path; the run still writes report.json).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

let badConfig: CliRun;
let unknownCheck: CliRun;
let brokenScenario: CliRun;

beforeAll(async () => {
  [badConfig, unknownCheck, brokenScenario] = await Promise.all([
    runCli(['run', '--config', 'test/e2e/configs/bad-config.json']),
    runCli(['run', '--check', 'tools/set-diff,tools/no-such-check', '--', process.execPath, join(SERVERS, 'fixture-server.mjs')]),
    runCli(['run', '--config', 'test/e2e/configs/broken-scenario.json']),
  ]);
});

afterAll(() => [badConfig, unknownCheck, brokenScenario].forEach(cleanup));

describe('configuration faults are the harness failing (exit code 2)', () => {
  it('a wrong type and an unknown key: exit 2, one stderr line each naming the file and the key path', () => {
    expect(badConfig.exitCode).toBe(2);
    const lines = badConfig.stderr.split('\n');
    expect(lines.some((l) => l.includes('test/e2e/configs/bad-config.json: timeouts.requestMs:') && /number/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('test/e2e/configs/bad-config.json: surfaces[0].comand: Unknown key') && l.includes('"command"'))).toBe(true);
    expect(badConfig.report).toBeUndefined();
  });

  it('an unknown --check ID: exit 2, stderr names the ID, no server is judged', () => {
    expect(unknownCheck.exitCode).toBe(2);
    expect(unknownCheck.stderr).toContain('--check: Unknown check "tools/no-such-check"');
    expect(unknownCheck.stderr).not.toContain('"tools/set-diff"');
    expect(unknownCheck.report).toBeUndefined();
  });

  it('a broken scenario file: exit 2, the file and key path named, report.json still written', () => {
    expect(brokenScenario.exitCode, brokenScenario.stderr).toBe(2);
    expect(existsSync(join(brokenScenario.reportDir, 'report.json'))).toBe(true);
    const [finding] = findingsOf(reportOf(brokenScenario), 'broken-scenario', 'harness/surface-crashed');
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('broken-scenarios/echo.json: scenarios[1].expect:');
    expect(brokenScenario.stdout).toContain('broken-scenarios/echo.json: scenarios[1].expect:');
  });
});
