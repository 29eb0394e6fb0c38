/**
 * `merge` checks that its inputs are the shards of one run, through the real CLI on real shard reports: two
 * surfaces of the CI config (`mirror` hashes into shard 1/2, `echo` into 2/2; shard 1/3 holds mirror alone).
 * Shards of one run merge (the conformant arm); a shard of another run (another check setting: another plan key),
 * of another harness version, a doubled shard, a missing one or another total N is refused with exit 2, naming
 * the files, and nothing is written; a file given twice, or a report of an interrupted run (then marked so, exit
 * 2 as the run's), is merged with a warning naming it (Vitest's --merge-reports refuses blobs of different versions, naming each file's).
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CI_CONFIG, cleanup, cli, readReport, SEVERITY_CONFIG, tempDir, type CliResult } from './helpers.ts';

let root: string;
const dir = (name: string) => join(root, name);
const two = ['--surface', 'mirror', '--surface', 'echo'];
const shard = (name: string, k: string, config = CI_CONFIG, env: Record<string, string> = {}) =>
  cli(['-c', config, ...two, '--shard', k, '--reporter', 'json', '--report-dir', dir(name)], env);

/** `merge` of these report dirs into a fresh output dir; the output dir is returned with the result. */
let merges = 0;
async function merge(...names: string[]): Promise<CliResult & { out: string }> {
  const out = dir(`merged-${++merges}`);
  const result = await cli(['merge', ...names.map(dir), '--report-dir', out, '--reporter', 'json']);
  return { ...result, out };
}

/** A copy of report dir `from` as `to`, its report.json changed by `edit` (a real report, one field changed). */
async function variant(from: string, to: string, edit: (report: Record<string, unknown>) => void): Promise<void> {
  await mkdir(dir(to), { recursive: true });
  const report = JSON.parse(await readFile(join(dir(from), 'report.json'), 'utf8')) as Record<string, unknown>;
  edit(report);
  await writeFile(join(dir(to), 'report.json'), JSON.stringify(report));
}

beforeAll(async () => {
  root = await tempDir('merge-consistency');
  const runs = await Promise.all([
    shard('s1', '1/2'),
    shard('s2', '2/2'),
    shard('other-2', '2/2', SEVERITY_CONFIG, { E2E_CHECKS: '{"result/text-mirror":"error"}' }),
    shard('t1', '1/3'),
  ]);
  for (const r of runs) expect(r.exitCode, r.stderr).toBeLessThan(2);
  await variant('s2', 'newer-2', (r) => (r.harnessVersion = `${String(r.harnessVersion)}-next`));
  await variant('s2', 'interrupted-2', (r) => (r.interrupted = true));
  await mkdir(dir('copy-1'), { recursive: true });
  await copyFile(join(dir('s1'), 'report.json'), join(dir('copy-1'), 'report.json'));
}, 120_000);

afterAll(() => cleanup(root));

describe('merge: the shards of one run', () => {
  it('each shard once, one plan key: merged, no warning, both surfaces', async () => {
    const [one, two] = await Promise.all([readReport(dir('s1')), readReport(dir('s2'))]);
    expect(one.shard?.plan).toMatch(/^[0-9a-f]{16}$/);
    expect(two.shard?.plan).toBe(one.shard?.plan);
    const m = await merge('s1', 's2');
    expect(m.exitCode, m.stderr).toBeLessThan(2);
    expect(m.stderr).not.toMatch(/warning/);
    expect((await readReport(m.out)).surfaces.map((s) => s.name)).toEqual(['echo', 'mirror']);
  });

  it('a file given twice is merged once, with a warning naming it', async () => {
    const m = await merge('s1', 's1', 's2');
    expect(m.exitCode, m.stderr).toBeLessThan(2);
    expect(m.stderr).toContain(`mcp-harness: merge: warning: ${join(dir('s1'), 'report.json')} is given more than once: it is merged once`);
  });

  it('a report of an interrupted run is merged with a warning naming it; the merge is marked interrupted (exit 2, as the run)', async () => {
    const m = await merge('s1', 'interrupted-2');
    expect(m.exitCode, m.stderr).toBe(2);
    expect(m.stderr).toContain(`${join(dir('interrupted-2'), 'report.json')} is the report of an interrupted run`);
    expect((await readReport(m.out)).interrupted).toBe(true);
  });
});

describe('merge refuses inputs that are not the shards of one run (exit 2, nothing written)', () => {
  const refused = async (names: string[], message: RegExp | string) => {
    const m = await merge(...names);
    expect(m.exitCode, m.stderr).toBe(2);
    if (typeof message === 'string') expect(m.stderr).toContain(message);
    else expect(m.stderr).toMatch(message);
    expect(existsSync(join(m.out, 'report.json'))).toBe(false);
  };

  it('a shard of another run (another check setting): both files and their plan keys named', async () => {
    await refused(['s1', 'other-2'], `${join(dir('other-2'), 'report.json')} (shard 2/2) is not a shard of the run ${join(dir('s1'), 'report.json')} (shard 1/2) belongs to: their plan keys differ`);
  });

  it('the same, beside the run\'s own shard 2/2', async () => {
    await refused(['s1', 's2', 'other-2'], `${join(dir('other-2'), 'report.json')} (shard 2/2) is not a shard of the run`);
  });

  it('a shard of another harness version: each file with its version', async () => {
    const { harnessVersion } = await readReport(dir('s1'));
    await refused(['s1', 'newer-2'], `the shards of one run come from one harness version, but: ${join(dir('s1'), 'report.json')} was written by ${harnessVersion}; ${join(dir('newer-2'), 'report.json')} was written by ${harnessVersion}-next`);
  });

  it('a doubled shard (two reports of shard 1/2)', async () => {
    await refused(['s1', 'copy-1', 's2'], `duplicate shard 1/2 in ${join(dir('s1'), 'report.json')} and ${join(dir('copy-1'), 'report.json')}`);
  });

  it('a missing shard, instead of a report that looks complete', async () => {
    await refused(['s1'], 'missing shard 2/2');
  });

  it('shards of different totals', async () => {
    await refused(['t1', 's2'], /is shard 2\/2, but .* is shard 1\/3: every shard must share one total N/);
  });
});
