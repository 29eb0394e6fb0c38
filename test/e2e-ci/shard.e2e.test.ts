/**
 * `--shard K/N` then `merge`: the merged report of shards 1/2 and 2/2 has the same finding ids and
 * summary as one full run, both for several surfaces (split by surface name) and for one surface
 * (split by call). Deterministic fixture servers only (see fixtures/ci.config.ts).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { sarifSchemaErrors } from '../reporters/validate.ts';
import { CI_CONFIG, cleanup, cli, findingIds, readReport, tempDir, type CliResult } from './helpers.ts';

const SHARD_TOOLS_CONFIG = fileURLToPath(new URL('./fixtures/shard-tools.config.ts', import.meta.url));

const callsOf = (r: Report) => r.surfaces.flatMap((s) => s.tools.flatMap((t) => t.calls.map((c) => `${s.name}/${t.name}/${c.scenario}`))).sort();

/** Full run, both shards and their merge, written under `root`. */
async function shardAndMerge(root: string, extra: string[]) {
  const run = (name: string, more: string[]) => cli(['-c', CI_CONFIG, ...extra, ...more, '--reporter', 'json', '--report-dir', join(root, name)]);
  const [full, one, two] = await Promise.all([run('full', []), run('shard-1', ['--shard', '1/2']), run('shard-2', ['--shard', '2/2'])]);
  const merge = await cli(['merge', join(root, 'shard-1'), join(root, 'shard-2'), '--report-dir', join(root, 'merged'), '--reporter', 'markdown,sarif,junit,html']);
  const read = (name: string) => readReport(join(root, name));
  return {
    exits: { full, one, two, merge } as Record<string, CliResult>,
    full: await read('full'),
    shards: [await read('shard-1'), await read('shard-2')],
    merged: await read('merged'),
  };
}

describe('several surfaces: split by surface name', () => {
  let root: string;
  let r: Awaited<ReturnType<typeof shardAndMerge>>;
  beforeAll(async () => {
    root = await tempDir('shard');
    r = await shardAndMerge(root, []);
  }, 90_000);
  afterAll(() => cleanup(root));

  it('gives every surface to exactly one shard, each report marked with its shard', () => {
    const [one, two] = r.shards.map((s) => s.surfaces.map((x) => x.name));
    expect(one.length).toBeGreaterThan(0);
    expect(two.length).toBeGreaterThan(0);
    expect([...one, ...two].sort()).toEqual(r.full.surfaces.map((s) => s.name).sort());
    const plan = r.shards[0].shard?.plan;
    expect(plan).toMatch(/^[0-9a-f]{16}$/); // one run: one plan key (harness/run/plan-key.ts)
    expect(r.shards.map((s) => s.shard)).toEqual([{ index: 1, total: 2, plan }, { index: 2, total: 2, plan }]);
  });

  it('merges to the findings, calls and summary of the full run, with the same exit code', () => {
    expect(r.full.findings.length).toBeGreaterThan(0);
    expect(findingIds(r.merged)).toEqual(findingIds(r.full));
    expect(r.merged.summary).toEqual(r.full.summary);
    expect(callsOf(r.merged)).toEqual(callsOf(r.full));
    expect(r.exits.merge.exitCode).toBe(r.exits.full.exitCode);
  });

  it('writes the merge job formats, the SARIF valid', async () => {
    for (const file of ['report.md', 'junit.xml', 'report.html']) expect(existsSync(join(root, 'merged', file)), file).toBe(true);
    expect(sarifSchemaErrors(JSON.parse(await readFile(join(root, 'merged', 'report.sarif'), 'utf8')))).toEqual([]);
  });
});

describe('one surface: split by call', () => {
  let root: string;
  let r: Awaited<ReturnType<typeof shardAndMerge>>;
  beforeAll(async () => {
    root = await tempDir('shard-one');
    r = await shardAndMerge(root, ['--surface', 'fixture']);
  }, 90_000);
  afterAll(() => cleanup(root));

  // split by tool: this surface's two called tools (add, echo) hash into the same shard, so the other holds none
  it('gives every call to exactly one shard, every call of a tool to the same one', () => {
    const [one, two] = r.shards.map(callsOf);
    expect([...one, ...two].sort()).toEqual(callsOf(r.full));
    expect(callsOf(r.merged)).toEqual(callsOf(r.full));
    const toolOf = (call: string) => call.split('/').slice(0, 2).join('/');
    expect(one.map(toolOf).filter((t) => two.map(toolOf).includes(t))).toEqual([]);
  });

  // tools whose calls all went to the other shard are out of scope for contract/every-tool-called
  it('merges to the findings and summary of the full run', () => {
    expect(findingIds(r.merged)).toEqual(findingIds(r.full));
    expect(r.merged.summary).toEqual(r.full.summary);
  });
});

describe('one surface whose tools fail some scenarios: split by tool', () => {
  let root: string;
  let full: Report;
  let shards: Report[];
  let merged: Report;
  beforeAll(async () => {
    root = await tempDir('shard-tools');
    const run = (name: string, more: string[]) => cli(['-c', SHARD_TOOLS_CONFIG, ...more, '--reporter', 'json', '--report-dir', join(root, name)]);
    await Promise.all([run('full', []), ...[1, 2, 3].map((k) => run(`shard-${k}`, ['--shard', `${k}/3`]))]);
    await cli(['merge', ...[1, 2, 3].map((k) => join(root, `shard-${k}`)), '--report-dir', join(root, 'merged'), '--reporter', 'json']);
    [full, merged, ...shards] = await Promise.all(['full', 'merged', 'shard-1', 'shard-2', 'shard-3'].map((name) => readReport(join(root, name))));
  }, 90_000);
  afterAll(() => cleanup(root));

  it('keeps every call of a tool in one shard', () => {
    const toolsOf = (r: Report) => r.surfaces.flatMap((s) => s.tools.filter((t) => t.calls.length > 0).map((t) => t.name));
    const all = shards.flatMap(toolsOf);
    expect(all.sort()).toEqual(['alpha', 'beta', 'delta', 'epsilon', 'gamma']);
    expect(shards.filter((r) => toolsOf(r).length > 0).length).toBeGreaterThan(1);
    expect(callsOf(merged)).toEqual(callsOf(full));
  });

  it("merges to the full run's findings and messages: each failing scenario's own finding, only the tool that never succeeded named as never probed, one misspelled flag however it was seen", () => {
    expect(full.findings.filter((f) => f.messageId === 'outcomeMismatch')).toHaveLength(8);
    expect(full.findings.filter((f) => f.messageId === 'unprobed').map((f) => f.tool)).toEqual(['epsilon']);
    expect(full.findings.filter((f) => f.messageId === 'misspelledIsError').map((f) => f.tool)).toEqual(['epsilon']);
    expect(findingIds(merged)).toEqual(findingIds(full));
    expect(merged.findings.map((f) => f.message).sort()).toEqual(full.findings.map((f) => f.message).sort());
  });
});

describe('merge input errors', () => {
  let missing: CliResult;
  let empty: CliResult;
  beforeAll(async () => {
    [missing, empty] = await Promise.all([cli(['merge', 'no/such/shard-dir']), cli(['merge'])]);
  }, 60_000);

  it('exits 2 naming the missing report', () => {
    expect(missing).toMatchObject({ exitCode: 2, stderr: expect.stringContaining('no/such/shard-dir') });
  });

  it('exits 2 with usage when given nothing to merge', () => {
    expect(empty).toMatchObject({ exitCode: 2, stderr: expect.stringContaining('merge needs report directories') });
  });
});
