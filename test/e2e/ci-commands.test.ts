/**
 * Hostile review hostile4: server text a CI runner would run as a command reaches no line the harness prints. A tool
 * named `::error file=README.md,...::forged` started the console's message line (schema/portability's message starts
 * with the tool's name), so GitHub Actions, which trims a line's leading white space and reads `::` as a workflow
 * command, showed a forged error annotation on README.md (or ran `::add-mask::`, `::stop-commands::`); `##[group]`,
 * `##vso[task.prependpath]` (Azure Pipelines: anywhere in a line, a PATH for the job's later steps) and
 * `##teamcity[...]` reached the console raw mid-line. The twin's ordinary names print as they are.
 * Server: test/fixtures/servers/ci-commands.mjs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runProcess, type ProcessResult } from '../helpers/cli.ts';
import { cleanup, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'ci-commands.mjs');
/** A line GitHub Actions reads as a workflow command (leading white space trimmed), or a `##[`/`##vso[`/`##teamcity[` anywhere. */
const COMMAND = /^\s*::|##(?:vso|teamcity)?\[/im;
let evil: CliRun;
let twin: CliRun;
let unmatched: CliRun;
let boot: ProcessResult;
let bootDiff: ProcessResult;
let bootTwin: ProcessResult;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-harness-ci-commands-'));
  const cli = (...args: string[]) => runProcess(process.execPath, [BIN, ...args], { timeoutMs: 60_000, env: { MCP_HARNESS_DEBUG: '' } });
  const fail = ['--', process.execPath, SERVER, '--boot-fail'];
  [boot, bootDiff, bootTwin] = await Promise.all([
    cli('snapshot', '--out', join(dir, 'a.lock.json'), ...fail),
    cli('diff', join(SERVERS, 'word-description.lock.json'), '--report-dir', dir, ...fail),
    cli('snapshot', '--out', join(dir, 'b.lock.json'), ...fail, '--twin'),
  ]);
  [evil, twin, unmatched] = await Promise.all([
    runCli(['run', '--', process.execPath, SERVER], { timeoutMs: 60_000 }),
    runCli(['run', '--', process.execPath, SERVER, '--twin'], { timeoutMs: 60_000 }),
    runCli(['run', '--tool', 'nope', '--', process.execPath, SERVER], { timeoutMs: 60_000 }),
  ]);
}, 120_000);
afterAll(() => {
  for (const run of [evil, twin, unmatched]) cleanup(run);
  rmSync(dir, { recursive: true, force: true });
});

describe('CI runner commands in server text', () => {
  it('run: no console or stderr line is a workflow, logging or service command', () => {
    expect(evil.exitCode, evil.stderr).toBe(0);
    expect(evil.stdout).toContain('\\u003A:error file=README.md,line=1,title=Security::forged annotation: the top-level property name');
    expect(evil.stdout).toContain('v\\u0023#vso[task.prependpath]/tmp/evil');
    expect(evil.stdout).toContain('g\\u0023#[group]forged group');
    expect(evil.stdout).toContain("t\\u0023#teamcity[buildStatus text='forged']");
    expect(evil.stdout).not.toMatch(COMMAND);
    expect(evil.stderr).not.toMatch(COMMAND);
  });

  it('run --tool naming no tool: the advertised names on stderr are no command either', () => {
    expect(unmatched.exitCode, unmatched.stderr).toBe(2);
    expect(unmatched.stderr).toContain('--tool: no tool named "nope"');
    expect(unmatched.stderr).not.toMatch(COMMAND);
  });

  it('snapshot and diff of a server that fails to boot: its stderr tail holds no command line', () => {
    for (const run of [boot, bootDiff]) {
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr).toContain("the server's stderr");
      expect(run.stderr).toMatch(/^ {2}\\u003A:error file=README\.md,line=1::forged by stderr$/m);
      expect(run.stderr).toMatch(/^ {2}\\u0023#vso\[task\.prependpath\]\/tmp\/evil$/m);
      expect(run.stderr).not.toMatch(COMMAND);
    }
    expect(bootTwin.exitCode, bootTwin.stderr).toBe(2);
    expect(bootTwin.stderr).toMatch(/^ {2}error: no config$/m);
  });

  it('the twin: ordinary names print as they are', () => {
    expect(twin.exitCode, twin.stderr).toBe(0);
    expect(twin.stdout).toMatch(/^ {4}error_file: the top-level property name/m);
    expect(twin.stdout).toContain('vso_setvariable');
    expect(twin.stdout).not.toContain('\\u003A');
  });
});
