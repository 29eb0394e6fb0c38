/**
 * Usage faults through the real CLI (node bin/mcp-harness.js, the sources): each is exit 2 with a
 * plain stderr line that says what exists, never a server finding's exit 1.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, runCli, SERVERS, type CliRun } from '../e2e/helpers/cli.ts';

let last: CliRun | undefined;
afterEach(() => cleanup(last));
const cli = async (args: string[]) => (last = await runCli(args));
const FIXTURE = join(SERVERS, 'fixture-server.mjs');

describe('usage faults exit 2 with a plain message', () => {
  it('a server command that cannot be spawned (ENOENT): exit 2, the report still says why', async () => {
    const run = await cli(['run', '--', 'mcp-harness-no-such-command']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/mcp-harness: ad-hoc: the server command could not be started \(.*ENOENT/);
    expect(run.report?.findings.map((f) => f.check)).toContain('transport/exit');
  });

  it('--tool that matches no advertised tool lists the advertised ones', async () => {
    const run = await cli(['run', '--tool', 'ech', '--', process.execPath, FIXTURE]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('mcp-harness: <command line>: --tool: no tool named "ech" on the surface (advertised: add, echo, fail, getenv, sleep, whoami)');
  });

  it('--tool that matches a tool runs normally', async () => {
    const run = await cli(['run', '--tool', 'echo', '--', process.execPath, FIXTURE]);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
  });

  it('--surface that matches nothing lists the configured surfaces; no surface runs', async () => {
    const run = await cli(['run', '--surface', 'reference-modrn']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--surface: Unknown surface "reference-modrn" \(did you mean "reference-modern"\? known: everything, .*reference-narrowed.*\)/);
    expect(run.report).toBeUndefined();
  });

  it('an unknown flag gets a plain message pointing at the command help', async () => {
    const run = await cli(['run', '--fail-onn', 'warning']);
    expect(run.exitCode).toBe(2);
    // the repository's own config (the default file here) is code: not run on a usage error, and said so
    expect(run.stderr.trim().split('\n')).toEqual([
      'mcp-harness: <command line>: --fail-onn: Unknown option (did you mean --fail-on?); see mcp-harness run --help',
      'mcp-harness.config.ts: the config was not loaded (it is code, which runs only once the command line is right); fix the command line first',
    ]);
  });

  it('run --help describes the options of run', async () => {
    const run = await cli(['run', '--help']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^Usage: mcp-harness run \[options\]/);
    expect(run.stdout).toMatch(/--fail-on LEVEL +error \(default\) or warning/);
    expect(run.stdout).not.toContain('--markdown');
  });
});
