/**
 * `mcp-harness diff` through the real CLI (issue 10 §6), on locks `snapshot` writes of the fixture
 * server serving test/fixtures/diff/v1.json and v2.json: every change kind classified as an input
 * change and as an output change (tool `mirror` makes the same change on both), v2 against v1 giving
 * the reverse kinds; stable change IDs; `--fail-on`; the report formats; a contract module, a live
 * `-- COMMAND` and a configured surface as operands; usage errors exit 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, reportOf, ROOT, runCli, SERVERS, type CliRun } from './helpers/cli.ts';
import { changeId } from '../../harness/schema/contract-diff.ts';

const SERVER = join(SERVERS, 'fixture-server.mjs');
const V1 = join(ROOT, 'test/fixtures/diff/v1.json');
const V2 = join(ROOT, 'test/fixtures/diff/v2.json');
let dir: string;
let v1: string;
let v2: string;
const runs: CliRun[] = [];
let forward: CliRun;

async function snapshot(out: string, ...serverArgs: string[]): Promise<void> {
  const child = await execa(process.execPath, ['bin/mcp-harness.js', 'snapshot', '--out', out, '--', process.execPath, SERVER, ...serverArgs], { cwd: ROOT, reject: false, stdin: 'ignore', timeout: 60_000 });
  if (child.exitCode !== 0) throw new Error(`snapshot failed: ${child.stderr}`);
}

async function diff(...args: string[]): Promise<CliRun> {
  const run = await runCli(['diff', ...args], { timeoutMs: 60_000 });
  runs.push(run);
  return run;
}

/** `[check, tool, pointer, kind]` of each change, in report order. */
const rows = (run: CliRun) => reportOf(run).findings.map((f) => [f.check.replace('diff/', ''), f.tool, f.pointer ?? '', f.messageId]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-harness-diff-'));
  v1 = join(dir, 'v1.lock.json');
  v2 = join(dir, 'v2.lock.json');
  await Promise.all([snapshot(v1, `--tools=${V1}`), snapshot(v2, `--tools=${V2}`, '--server-version=1.1.0')]);
}, 90_000);
afterAll(() => {
  for (const run of runs) cleanup(run);
  rmSync(dir, { recursive: true, force: true });
});

// every kind both ways: the same change is breaking on one side and compatible on the other
const FORWARD = [
  ['breaking', 'mirror', '/inputSchema/additionalProperties', 'object-closed'],
  ['breaking', 'mirror', '/inputSchema/properties/a/maxLength', 'bound-tightened'],
  ['breaking', 'mirror', '/inputSchema/properties/gone', 'property-removed'],
  ['breaking', 'mirror', '/inputSchema/properties/kept/pattern', 'keyword-added'],
  ['breaking', 'mirror', '/inputSchema/properties/kind/type', 'keyword-changed'],
  ['breaking', 'mirror', '/inputSchema/properties/s/enum/2', 'enum-member-removed'],
  ['breaking', 'mirror', '/inputSchema/required', 'required-added'],
  ['breaking', 'mirror', '/outputSchema/properties/gone', 'property-removed'],
  ['breaking', 'mirror', '/outputSchema/properties/kind/type', 'keyword-changed'],
  ['breaking', 'mirror', '/outputSchema/properties/n/minimum', 'bound-removed'],
  ['breaking', 'report', '/outputSchema', 'schema-removed'],
  ['breaking', 'retired', '', 'tool-removed'],
  ['compatible', 'mirror', '/_meta/category', 'metadata-changed'],
  ['compatible', 'mirror', '/inputSchema/properties/a/description', 'annotation-changed'],
  ['compatible', 'mirror', '/inputSchema/properties/extra', 'property-added'],
  ['compatible', 'mirror', '/inputSchema/properties/n/minimum', 'bound-removed'],
  ['compatible', 'mirror', '/outputSchema/additionalProperties', 'object-closed'],
  ['compatible', 'mirror', '/outputSchema/properties/a/description', 'annotation-changed'],
  ['compatible', 'mirror', '/outputSchema/properties/a/maxLength', 'bound-tightened'],
  ['compatible', 'mirror', '/outputSchema/properties/extra', 'property-added'],
  ['compatible', 'mirror', '/outputSchema/properties/kept/pattern', 'keyword-added'],
  ['compatible', 'mirror', '/outputSchema/properties/s/enum/2', 'enum-member-removed'],
  ['compatible', 'mirror', '/outputSchema/required', 'required-added'],
];
const REVERSE = [
  ['breaking', 'mirror', '/inputSchema/properties/extra', 'property-removed'],
  ['breaking', 'mirror', '/inputSchema/properties/kind/type', 'keyword-changed'],
  ['breaking', 'mirror', '/inputSchema/properties/n/minimum', 'bound-added'],
  ['breaking', 'mirror', '/outputSchema/additionalProperties', 'object-opened'],
  ['breaking', 'mirror', '/outputSchema/properties/a/maxLength', 'bound-loosened'],
  ['breaking', 'mirror', '/outputSchema/properties/extra', 'property-removed'],
  ['breaking', 'mirror', '/outputSchema/properties/kept/pattern', 'keyword-removed'],
  ['breaking', 'mirror', '/outputSchema/properties/kind/type', 'keyword-changed'],
  ['breaking', 'mirror', '/outputSchema/properties/s/enum/2', 'enum-member-added'],
  ['breaking', 'mirror', '/outputSchema/required', 'required-removed'],
  ['compatible', 'mirror', '/_meta/category', 'metadata-changed'],
  ['compatible', 'mirror', '/inputSchema/additionalProperties', 'object-opened'],
  ['compatible', 'mirror', '/inputSchema/properties/a/description', 'annotation-changed'],
  ['compatible', 'mirror', '/inputSchema/properties/a/maxLength', 'bound-loosened'],
  ['compatible', 'mirror', '/inputSchema/properties/gone', 'property-added'],
  ['compatible', 'mirror', '/inputSchema/properties/kept/pattern', 'keyword-removed'],
  ['compatible', 'mirror', '/inputSchema/properties/s/enum/2', 'enum-member-added'],
  ['compatible', 'mirror', '/inputSchema/required', 'required-removed'],
  ['compatible', 'mirror', '/outputSchema/properties/a/description', 'annotation-changed'],
  ['compatible', 'mirror', '/outputSchema/properties/gone', 'property-added'],
  ['compatible', 'mirror', '/outputSchema/properties/n/minimum', 'bound-added'],
  ['compatible', 'report', '/outputSchema', 'schema-added'],
  ['compatible', 'retired', '', 'tool-added'],
];

const sorted = (list: unknown[][]) => [...list].map((r) => JSON.stringify(r)).sort();

describe('mcp-harness diff on locks written by snapshot', () => {
  it('v1 -> v2: each change classified per direction; exit 1 on a breaking change (the default --fail-on)', async () => {
    const run = await diff(v1, v2, '-r', 'markdown,junit,sarif,html');
    forward = run;
    expect(run.exitCode).toBe(1);
    expect(sorted(rows(run))).toEqual(sorted(FORWARD));
    const report = reportOf(run);
    expect(report.findings.filter((f) => f.check === 'diff/breaking').every((f) => f.severity === 'error')).toBe(true);
    expect(report.findings.filter((f) => f.check === 'diff/compatible').every((f) => f.severity === 'info')).toBe(true);
    expect(run.stdout).toContain('23 changes (12 breaking, 11 compatible)');
    // the same IDs in every format: SARIF fingerprints, the console
    const sarif = JSON.parse(readFileSync(join(run.reportDir, 'report.sarif'), 'utf8'));
    const fingerprints = sarif.runs[0].results.map((r: { partialFingerprints: Record<string, string> }) => Object.values(r.partialFingerprints)[0]);
    expect(fingerprints.sort()).toEqual(report.findings.map((f) => f.id).sort());
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(['diff/breaking', 'diff/compatible']);
    for (const f of report.findings) expect(run.stdout).toContain(f.id as string);
    expect(readFileSync(join(run.reportDir, 'junit.xml'), 'utf8')).toContain('diff/breaking');
    expect(readFileSync(join(run.reportDir, 'report.md'), 'utf8')).toContain('/inputSchema/required');
  });

  it('v2 -> v1: the reverse kinds, each classified the other way', async () => {
    const run = await diff(v2, v1);
    expect(run.exitCode).toBe(1);
    expect(sorted(rows(run))).toEqual(sorted(REVERSE));
  });

  it('change IDs are stable: derived from tool, direction, pointer, kind (and property), never order or time', async () => {
    const [a, b] = [forward, await diff(v1, v2)];
    const ids = (run: CliRun) => reportOf(run).findings.map((f) => f.id);
    expect(ids(a)).toEqual(ids(b));
    expect(new Set(ids(a)).size).toBe(FORWARD.length);
    const closed = reportOf(a).findings.find((f) => f.pointer === '/inputSchema/additionalProperties');
    expect(closed?.id).toBe(changeId({ tool: 'mirror', direction: 'input', pointer: '/inputSchema/additionalProperties', kind: 'object-closed' }));
  });

  it('value-free: no enum member, bound or property value of either side in any report', async () => {
    const run = forward;
    for (const file of ['report.json', 'report.md', 'junit.xml', 'report.sarif']) {
      const text = readFileSync(join(run.reportDir, file), 'utf8');
      for (const value of ['"z"', 'the name', '^[a-z]+$', '"ops"', '"orders"']) expect(text.includes(value), `${file}: ${value}`).toBe(false);
    }
  });

  it('--fail-on any / none / breaking', async () => {
    expect((await diff(v1, v2, '--fail-on', 'none')).exitCode).toBe(0);
    const same = join(ROOT, 'test/fixtures/diff/v1-contract.mjs');
    const none = await diff(same, v1, '--fail-on', 'any');
    expect(none.exitCode).toBe(0);
    expect(rows(none)).toEqual([]);
    // only compatible changes: a live server serving v1 plus one more tool
    const tools = JSON.parse(readFileSync(V1, 'utf8'));
    const more = JSON.stringify([...tools, { name: 'extra_tool', inputSchema: { type: 'object' } }]);
    const live = await diff(v1, '--', process.execPath, SERVER, `--tools=${more}`);
    expect(rows(live)).toEqual([['compatible', 'extra_tool', '', 'tool-added']]);
    expect(live.exitCode).toBe(0);
    const any = await diff(v1, '--fail-on', 'any', '--', process.execPath, SERVER, `--tools=${more}`);
    expect(any.exitCode).toBe(1);
  });

  it('a contract module and a configured surface (prepared and booted as run does it) as operands', async () => {
    const config = join(dir, 'diff.config.json');
    // prepared as run prepares it: its temp dir made and substituted (a working directory that exists only then)
    writeFileSync(config, JSON.stringify({ surfaces: [{ name: 'v2-live', command: process.execPath, args: [SERVER, `--tools=${V2}`], cwd: '${tempDir}', setup: { tempDir: true } }] }));
    const run = await diff(join(ROOT, 'test/fixtures/diff/v1-contract.mjs'), 'v2-live', '--config', config);
    expect(sorted(rows(run))).toEqual(sorted(FORWARD));
    expect(reportOf(run).surfaces[0].name).toBe('test/fixtures/diff/v1-contract.mjs -> v2-live');
  });

  it('contract/version-lock uses it: a breaking change against the lock under the same major version is a finding, under a new major none', async () => {
    const surface = (name: string, version: string) => ({ name, command: process.execPath, args: [SERVER, `--tools=${V2}`, `--server-version=${version}`], contract: { lock: v1 } });
    const config = join(dir, 'version-lock.config.json');
    writeFileSync(config, JSON.stringify({ surfaces: [surface('minor-bump', '1.1.0'), surface('major-bump', '2.0.0')] }));
    const run = await runCli(['run', '--config', config, '--check', 'contract/version-lock'], { timeoutMs: 90_000 });
    runs.push(run);
    const found = reportOf(run).findings.filter((f) => f.check === 'contract/version-lock');
    expect(found.filter((f) => f.surface === 'major-bump')).toEqual([]);
    const minor = found.filter((f) => f.surface === 'minor-bump');
    expect(minor.every((f) => f.messageId === 'breakingUnderMajor' && f.severity === 'error')).toBe(true);
    expect(sorted(minor.map((f) => [f.tool, f.pointer ?? '']))).toEqual(sorted(FORWARD.filter((r) => r[0] === 'breaking').map((r) => [r[1], r[2]])));
    expect(run.exitCode).toBe(1);
  });

  it('usage and config errors exit 2 and name the operand or flag', async () => {
    const one = await diff(v1);
    expect(one.exitCode).toBe(2);
    expect(one.stderr).toContain('diff needs OLD and NEW');
    const flag = await diff(v1, v2, '--fail-on', 'error');
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain('--fail-on');
    const config = join(dir, 'one.config.json');
    writeFileSync(config, JSON.stringify({ surfaces: [{ name: 'only', command: process.execPath, args: [SERVER] }] }));
    const missing = await diff(v1, 'no-such-surface-or-file', '--config', config);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('"no-such-surface-or-file" is neither a file nor a surface of the config (surfaces: only)');
    const notLock = await diff(v1, join(ROOT, 'package.json'));
    expect(notLock.exitCode).toBe(2);
    expect(notLock.stderr).toContain('lockVersion');
  });
});
