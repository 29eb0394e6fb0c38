/**
 * Issue 9 §4 through the real CLI: what was not tested is impossible to miss (a warning per uncalled
 * tool and a console line saying how to call them), `--sandbox` (HOME, TMPDIR and cwd in a fresh temp
 * directory, removed afterwards), the server's stderr tail in boot-failure and timeout findings (with
 * every sent value masked), and the ad-hoc flags for what a config can say (`--env`, `--env-pass`,
 * `--request-timeout`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const FIXTURE = join(SERVERS, 'fixture-server.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'mcp-harness-adhoc-flags-'));
const recorded = (name: string) => JSON.parse(readFileSync(join(scratch, name), 'utf8')) as { home: string; tmpdir: string; cwd: string; env: Record<string, string> };
const SECRET = 'value-of-foo-7f3a';

let safe: CliRun;
let sandboxed: CliRun;
let plain: CliRun;
let bootFails: CliRun;
let bootFailsUnterminated: CliRun;
let hangs: CliRun;
let offline: CliRun;

beforeAll(async () => {
  [safe, sandboxed, plain, bootFails, hangs, offline, bootFailsUnterminated] = await Promise.all([
    runCli(['run', '--', process.execPath, FIXTURE]),
    runCli(['run', '--sandbox', '--allow-destructive', '--env', `FOO=${SECRET}`, '--env-pass', 'ERA_PASSED', '--', process.execPath, FIXTURE, `--fault=record-env=${join(scratch, 'sandboxed.json')}`], { env: { ERA_PASSED: 'passed', ERA_NOT_PASSED: 'kept-out' } }),
    runCli(['run', '--', process.execPath, FIXTURE, `--fault=record-env=${join(scratch, 'plain.json')}`], { env: { ERA_NOT_PASSED: 'kept-out' } }),
    runCli(['run', '--', process.execPath, '-e', "console.error('fatal: cannot read config file settings.toml'); process.exit(3)"]),
    runCli(['run', '--allow-destructive', '--request-timeout', '600', '--', process.execPath, FIXTURE, '--fault=hang-tool=echo', '--fault=log-args-stderr']),
    // a stdio proxy to a remote server, run without a network (@stripe/mcp 0.3.3): it logs the failed lookup and never answers
    runCli(['run', '--start-timeout', '800', '--', process.execPath, '-e', "console.error('Error: getaddrinfo ENOTFOUND upstream.example.invalid'); setInterval(() => {}, 1000)"]),
    // a fatal message with no newline at its end, written by the probe's process and again by the restart's
    runCli(['run', '--', process.execPath, '-e', "process.stderr.write('fatal: no config'); process.exit(3)"]),
  ]);
}, 130_000);

afterAll(() => {
  [safe, sandboxed, plain, bootFails, hangs, offline, bootFailsUnterminated].forEach(cleanup);
  rmSync(scratch, { recursive: true, force: true });
});

describe('uncalled tools (the safe default: nothing without readOnlyHint is called)', () => {
  it('reports each uncalled tool as a warning under contract/every-tool-called', () => {
    const findings = findingsOf(reportOf(safe), 'ad-hoc', 'contract/every-tool-called');
    expect(findings.map((f) => [f.tool, f.severity, f.messageId])).toEqual(['add', 'echo', 'fail', 'getenv', 'sleep', 'whoami'].map((t) => [t, 'warning', 'skipped']));
    expect(findings[0].message).toContain('--allow-destructive');
    expect(safe.exitCode).toBe(0); // warnings do not fail the default --fail-on error
  });

  it('prints how many tools were not called and how to call them', () => {
    expect(safe.stdout).toContain('not called: 6 tools without readOnlyHint: true (they may change state); call them with --allow-destructive --sandbox');
  });

  it('with --allow-destructive every tool is called and nothing is reported uncalled', () => {
    expect(findingsOf(reportOf(sandboxed), 'ad-hoc', 'contract/every-tool-called')).toEqual([]);
    expect(sandboxed.stdout).not.toContain('not called:');
  });
});

describe('--sandbox', () => {
  it('runs the server with HOME, TMPDIR and cwd in one fresh temporary directory', () => {
    const { home, tmpdir: tmp, cwd } = recorded('sandboxed.json');
    const root = dirname(home);
    expect(root).toMatch(/mcp-harness-sandbox-ad-hoc-/);
    expect([home, tmp, cwd]).toEqual([join(root, 'home'), join(root, 'tmp'), join(root, 'work')]);
  });

  it('removes the directory afterwards, with what the server wrote into it', () => {
    expect(existsSync(dirname(recorded('sandboxed.json').home))).toBe(false);
  });

  it('leaves HOME and cwd alone without the flag', () => {
    const { home, cwd } = recorded('plain.json');
    expect(home).toBe(process.env.HOME);
    expect(home).not.toMatch(/mcp-harness-sandbox-/);
    expect(cwd).not.toMatch(/mcp-harness-sandbox-/);
  });
});

describe('--env and --env-pass', () => {
  it('sets KEY=VALUE and passes the named parent variable; others stay out', () => {
    const { env } = recorded('sandboxed.json');
    expect(env.FOO).toBe(SECRET);
    expect(env.ERA_PASSED).toBe('passed');
    expect(env.ERA_NOT_PASSED).toBeUndefined();
    expect(recorded('plain.json').env.ERA_NOT_PASSED).toBeUndefined();
  });

  it('never writes an --env value into the report or the console', () => {
    expect(readFileSync(join(sandboxed.reportDir, 'report.json'), 'utf8')).not.toContain(SECRET);
    expect(sandboxed.stdout).not.toContain(SECRET);
  });

  it('rejects --env without KEY= naming the flag, not the value (exit 2)', async () => {
    const bad = await runCli(['run', '--env', `${SECRET}`, '--', process.execPath, FIXTURE]);
    cleanup(bad);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--env');
    expect(bad.stderr).not.toContain(SECRET);
  });
});

describe("the server's stderr tail", () => {
  it('goes with a boot failure, so "did not boot" says why', () => {
    const [finding] = findingsOf(reportOf(bootFails), 'ad-hoc', 'transport/exit');
    expect(finding.messageId).toBe('bootExited');
    expect(finding.stderr).toContain('fatal: cannot read config file settings.toml');
    expect(bootFails.stdout).toContain('stderr| fatal: cannot read config file settings.toml');
  });

  it("starts each process's stderr on a line of its own, the restart's behind a line naming it: an unterminated last line is never joined to the next process's", () => {
    const [finding] = findingsOf(reportOf(bootFailsUnterminated), 'ad-hoc', 'transport/exit');
    // the first probe, the re-probe of a restarted process (an exit on start or on the probe?), and initialize
    expect(finding.message).toContain('during protocol negotiation (server/discover or initialize)');
    expect(finding.stderr).toEqual(['fatal: no config', '[mcp-harness] stderr of server process 2 of this session:', 'fatal: no config', '[mcp-harness] stderr of server process 3 of this session:', 'fatal: no config']);
    expect(bootFailsUnterminated.stdout).toContain('stderr| [mcp-harness] stderr of server process 2 of this session:');
    expect(bootFailsUnterminated.stdout).not.toContain('fatal: no configfatal');
  });

  it('names a failed network lookup as a possible cause of a boot timeout, never the host, at warning (the environment may be to blame); the run still fails: nothing was tested (harness/untested, exit 2)', () => {
    expect(offline.exitCode).toBe(2);
    const [finding] = findingsOf(reportOf(offline), 'ad-hoc', 'transport/timeout');
    expect(finding).toMatchObject({ messageId: 'initialize', severity: 'warning' });
    expect(finding.message).toContain('(ENOTFOUND): it may need a network or a service this run does not provide. A warning, not an error: the environment may be to blame; re-run with the network and services it needs, or with a longer --start-timeout.');
    expect(findingsOf(reportOf(offline), 'ad-hoc', 'harness/untested').map((f) => f.severity)).toEqual(['error']);
    expect(finding.message).not.toContain('upstream.example.invalid');
    expect(finding.stderr).toContain('Error: getaddrinfo ENOTFOUND upstream.example.invalid');
  });

  it('goes with a timeout (--request-timeout), with every argument the harness sent masked', () => {
    const [finding] = findingsOf(reportOf(hangs), 'ad-hoc', 'transport/timeout').filter((f) => f.tool === 'echo' && f.messageId === 'call');
    expect(finding.message).toContain('within 600 ms');
    const lines = finding.stderr ?? [];
    expect(lines.length).toBeGreaterThan(0);
    // the server logged every call's arguments; every string it was sent comes back as [value]
    for (const line of lines) {
      const match = /^calling (\w+) with (.*)$/.exec(line);
      expect(match, line).not.toBeNull();
      // a masked number leaves `[value]` unquoted: every quoted value and every long number is masked
      const values = [...(match?.[2] ?? '').matchAll(/:("(?:[^"\\]|\\.)*"|-?\d{4,})/g)].map((m) => m[1]);
      for (const value of values) expect(value, line).toBe('"[value]"');
    }
  });
});
