/**
 * A tool that validates nothing and mirrors its argument into structuredContent (test/fixtures/servers/faults/
 * mirrors-input.mjs): a probe with a wrong-type or out-of-range id is accepted, and its answer's structuredContent
 * fails the outputSchema because it holds the probe's own bad input. One fault, the acceptance (errors/input-enforcement
 * `accepted`), never also a result/structured-content error (sweep 17: metabase-ai-assistant 4.2.0, five such errors
 * beside the warnings on the same properties). The other arms keep result/structured-content honest: a valid call with
 * a bad structuredContent, and a probe with VALID arguments (a boundary the schema allows) answered badly, are errors.
 * Real processes through the CLI, the two checks only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'faults/mirrors-input.mjs');
const runs: CliRun[] = [];
afterAll(() => {
  for (const run of runs) cleanup(run);
});

/** `check messageId` of the two checks' findings (with the call or probe they name), sorted. */
async function verdict(...flags: string[]): Promise<string[]> {
  const run = await runCli(['run', '--check', 'errors/input-enforcement', '--check', 'result/structured-content', '--', process.execPath, SERVER, ...flags]);
  runs.push(run);
  const report = reportOf(run);
  const named = (f: { check: string; messageId?: string; message: string }) => {
    const probe = /probe '([^']+)'/.exec(f.message)?.[1];
    return `${f.check} ${f.messageId ?? ''}${probe === undefined ? '' : ` ${probe}`}`;
  };
  return [...findingsOf(report, 'ad-hoc', 'errors/input-enforcement'), ...findingsOf(report, 'ad-hoc', 'result/structured-content')].map(named).sort();
}

describe('a tool that mirrors invalid arguments into its structuredContent', () => {
  it('draws the acceptances only: the answers to invalid-argument probes are not judged against the outputSchema', async () => {
    const found = await verdict();
    expect(found.filter((f) => f.startsWith('errors/input-enforcement accepted')).length).toBeGreaterThan(0);
    expect(found.filter((f) => f.startsWith('result/structured-content'))).toEqual([]);
  }, 60_000);

  it('--bad-output: a valid call whose structuredContent fails the outputSchema is still an error, and nothing is accepted', async () => {
    const found = await verdict('--bad-output');
    expect(found.filter((f) => f.startsWith('result/structured-content invalid'))).toHaveLength(1);
    expect(found.filter((f) => f.startsWith('errors/input-enforcement accepted'))).toEqual([]);
  }, 60_000);

  it('--at-max-bad: a probe with valid arguments (the maximum the schema allows) answered outside the outputSchema is still an error', async () => {
    const found = await verdict('--at-max-bad');
    expect(found.filter((f) => f.startsWith('result/structured-content invalid'))).toEqual(['result/structured-content invalid errors/input-enforcement:lookup:at-maximum:id']);
  }, 60_000);
});
