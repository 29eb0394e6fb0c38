/**
 * protocol/cancellation's late window where the settle after the twin's answer is skipped (8d8f803: a tools/list is
 * written at the twin's answer and the window ends at its answer): the verdict must not follow how long the server
 * takes to answer that extra tools/list. test/fixtures/servers/swr-list.mjs serves tools/list stale-while-revalidate
 * (the first after a cancellation at once, the next when a 300 ms refresh ends), answers the probe's twin at once and
 * the cancelled call 200 ms after the cancellation. Waiting the settle (before 366f5f5) saw no late answer (silent in
 * 4 of 4 runs); at 8d8f803 the window stays open until the refresh ends and reports it (4 of 4), and with a refresh of
 * 0..400 ms at random (`--refresh-ms=random`) the verdict follows the draw (4 of 8 runs reported, 0 of 8 before).
 * `--no-refresh` (every tools/list at once) is silent in both. Written by a rev18 reviewer.
 * Real processes through the CLI, the one check.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'swr-list.mjs');
const runs: CliRun[] = [];
afterAll(() => {
  for (const run of runs) cleanup(run);
});

/** protocol/cancellation's messageIds, sorted. */
async function verdict(...flags: string[]): Promise<string[]> {
  const run = await runCli(['run', '--check', 'protocol/cancellation', '--', process.execPath, SERVER, ...flags], { env: { MCP_HARNESS_CACHE_DIR: 'off' } });
  runs.push(run);
  return findingsOf(reportOf(run), 'ad-hoc', 'protocol/cancellation').map((f) => f.messageId ?? '').sort();
}

describe('a tools/list written after the twin that the server answers late', () => {
  it('the verdict is the one of a server that answers it at once (as waiting the settle gave)', async () => {
    const quick = await verdict('--no-refresh');
    expect(quick).toEqual([]);
    expect(await verdict()).toEqual(quick);
  }, 60_000);
});
