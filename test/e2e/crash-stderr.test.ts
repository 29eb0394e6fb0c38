/**
 * Each crash's transport/exit finding shows the stderr of the process that crashed, not the session's last lines
 * (test/fixtures/servers/crash-stderr.mjs; sweep 17: task-master-ai 0.43.1's three crashes each showed the stderr of
 * the process after them, which exited normally). Real processes through the CLI, the one check.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'crash-stderr.mjs');
const runs: CliRun[] = [];
afterAll(() => {
  for (const run of runs) cleanup(run);
});

async function crashes(...flags: string[]) {
  const run = await runCli(['run', '--check', 'transport/exit', '--', process.execPath, SERVER, ...flags]);
  runs.push(run);
  return findingsOf(reportOf(run), 'ad-hoc', 'transport/exit').filter((f) => f.messageId === 'unexpectedExit');
}

describe('a server that crashes twice and then ends normally', () => {
  it("each crash's finding shows the crashed process's own stderr, never the last process's", async () => {
    const found = await crashes();
    expect(found.length).toBeGreaterThanOrEqual(2);
    for (const f of found) {
      expect(f.stderr).toEqual(['started', 'fatal: boom handler failed']);
    }
  }, 60_000);

  it('--quiet-crash: a crash that wrote nothing but its start line shows only that line', async () => {
    const found = await crashes('--quiet-crash');
    expect(found.length).toBeGreaterThanOrEqual(2);
    for (const f of found) expect(f.stderr).toEqual(['started']);
  }, 60_000);
});
