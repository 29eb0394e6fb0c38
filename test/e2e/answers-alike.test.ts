/**
 * A tool that answers every call, whatever its arguments, with the same failure text and no isError
 * (test/fixtures/servers/answers-alike.mjs; sweep 17: metabase-ai-assistant 4.2.0's unconfigured tools,
 * "⚠️ **Metadata client not enabled.**", drew 103 false errors/input-enforcement `accepted` warnings): no call of it
 * succeeded, so its probes are not judged, and a note says so. A tool that ignores its arguments with a
 * success text is still judged (`accepted`), and the configured twin that validates draws nothing.
 * Real processes through the CLI, the one check.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'answers-alike.mjs');
const runs: CliRun[] = [];
afterAll(() => {
  for (const run of runs) cleanup(run);
});

/** `messageId severity` of errors/input-enforcement's findings, sorted. */
async function verdict(...flags: string[]): Promise<string[]> {
  const run = await runCli(['run', '--check', 'errors/input-enforcement', '--', process.execPath, SERVER, ...flags]);
  runs.push(run);
  return findingsOf(reportOf(run), 'ad-hoc', 'errors/input-enforcement').map((f) => `${f.messageId ?? ''} ${f.severity}`).sort();
}

describe('a tool that answers every call with the same failure text', () => {
  it('its probes are not judged: one answeredAlike note, no accepted warning', async () => {
    expect(await verdict()).toEqual(['answeredAlike info']);
  }, 60_000);

  it('--ignores (the same answer every time, a success text): the invalid arguments it does not refuse are still accepted warnings', async () => {
    const found = await verdict('--ignores');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f === 'accepted warning')).toBe(true);
  }, 60_000);

  // rev18 reviewer: ALIKE_FAILURE matches "cannot" anywhere in a constant success text (a guide tool that ignores its
  // arguments): its true accepted warnings were replaced by one note
  it('--guide (one constant success text whose prose says "cannot"): the invalid arguments it does not refuse are still accepted warnings', async () => {
    const found = await verdict('--guide');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f === 'accepted warning')).toBe(true);
  }, 60_000);

  // rev18 reviewer: a constant unconfigured text in words ALIKE_FAILURE does not know still draws accepted warnings
  it('--missing-key (the same failure text every time, "... is missing; set it ..."): one answeredAlike note, no accepted warning', async () => {
    expect(await verdict('--missing-key')).toEqual(['answeredAlike info']);
  }, 60_000);

  // rev19 reviewer: 8f1354f reads "could not"/"unable to"/"failed to" only where the first line opens, so a failure text
  // behind a label (before 8f1354f: a note) draws accepted warnings again
  it('--error-prefix ("Metabase API: could not connect ..." every time): one answeredAlike note, no accepted warning', async () => {
    expect(await verdict('--error-prefix')).toEqual(['answeredAlike info']);
  }, 60_000);

  // rev19 reviewer: 8f1354f reads only the first line, so a failure under a markdown heading (before: a note) is missed
  it('--heading ("## Metabase" then "Metadata client not enabled." every time): one answeredAlike note, no accepted warning', async () => {
    expect(await verdict('--heading')).toEqual(['answeredAlike info']);
  }, 60_000);

  // rev19 reviewer: 8f1354f added "is required" anywhere in the first line: a guide's prose saying so hides true warnings
  it('--guide-required (a constant guide whose first line says "is required"): the invalid arguments it does not refuse are accepted warnings', async () => {
    const found = await verdict('--guide-required');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f === 'accepted warning')).toBe(true);
  }, 60_000);

  // sweep 28: @colbymchenry/codegraph 1.6.1 without an index: "cannot" mid-sentence, so its 2 probes read as acceptances
  it('--not-indexed ("The project at ... isn\'t indexed yet ..." every time): one answeredAlike note, no accepted warning', async () => {
    expect(await verdict('--not-indexed')).toEqual(['answeredAlike info']);
  }, 60_000);

  it('--guide-indexed (a constant guide whose first line says a column "is not indexed"): the invalid arguments it does not refuse are accepted warnings', async () => {
    const found = await verdict('--guide-indexed');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f === 'accepted warning')).toBe(true);
  }, 60_000);

  it('--validates (the configured twin): nothing', async () => {
    expect(await verdict('--validates')).toEqual([]);
  }, 60_000);
});
