/**
 * A server that crashes on invalid arguments must not cost a tool that never crashes its findings (issue 12: a
 * speed change sent one request for several checks' identical probes, which moved the requests in flight at each
 * crash; `zacc`'s input-enforcement warnings became transport/exit errors). Real processes through the CLI:
 * test/fixtures/servers/crash-on-invalid.mjs and its `--conformant` twin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'crash-on-invalid.mjs');
/** The four warnings errors/input-enforcement owes `zacc`, which accepts anything its inputSchema forbids. */
const ZACC_POINTERS = ['/inputSchema/additionalProperties', '/inputSchema/properties/q/enum', '/inputSchema/properties/q/type', '/inputSchema/required'];

describe('a server that crashes on invalid arguments (issue 12)', () => {
  let crashing: CliRun | undefined;
  let twin: CliRun | undefined;
  beforeAll(async () => {
    [crashing, twin] = await Promise.all([runCli(['run', '--', process.execPath, SERVER]), runCli(['run', '--', process.execPath, SERVER, '--conformant'])]);
  }, 120_000);
  afterAll(() => {
    cleanup(crashing);
    cleanup(twin);
  });
  const zacc = (run: CliRun | undefined) => findingsOf(reportOf(run!), 'ad-hoc', 'errors/input-enforcement').filter((f) => f.tool === 'zacc').map((f) => f.pointer).sort();

  it('the tool that never crashes keeps its input-enforcement warnings; none of those probes is lost to a crash', () => {
    const report = reportOf(crashing!);
    expect(zacc(crashing)).toEqual(ZACC_POINTERS);
    const exits = findingsOf(report, 'ad-hoc', 'transport/exit');
    expect(exits.length).toBeGreaterThan(0); // the crashes are reported
    // another check's probe of zacc may be in flight at a crash (the window is pipelined), as before issue 12's changes;
    // input-enforcement's own probes of zacc were not, and must not become so
    expect(exits.filter((f) => f.message.includes("'errors/input-enforcement:zacc:")).map((f) => f.message)).toEqual([]);
  });

  it('the conformant twin: the same warnings, no exit at all', () => {
    expect(zacc(twin)).toEqual(ZACC_POINTERS);
    expect(findingsOf(reportOf(twin!), 'ad-hoc', 'transport/exit')).toEqual([]);
  });
});
