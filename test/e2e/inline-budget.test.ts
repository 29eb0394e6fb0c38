/**
 * The `$ref` inlining budget through the real CLI (a hostile review): fixture-server.mjs serves a billion-laughs
 * `$defs` DAG (test/fixtures/laughs.ts) past the budget; `snapshot` locks it (sorted keys) and `run` checks the
 * same server against its own lock, the same schema in another key order, and the real widening (the leaf's
 * `minLength` dropped). Before the budget was order-independent the unchanged server drew contract/version-lock
 * "schema hash differs" and 14 tools/input-narrowing errors; now only the widening draws a finding, at its pointer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, ROOT, runCli, SERVERS, type CliRun } from './helpers/cli.ts';
import { laughs } from '../fixtures/laughs.ts';

const SERVER = join(SERVERS, 'fixture-server.mjs');
const DEPTH = 16;
/** The checks that compare schemas. */
const COMPARING = ['tools/input-narrowing', 'contract/version-lock'];
let dir: string;
let run: CliRun;

/** A tools file of one tool whose input and output schemas are `schema`. */
function toolsFile(name: string, schema: unknown): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify([{ name: 'laugh', description: 'Answers.', inputSchema: schema, outputSchema: schema, annotations: { readOnlyHint: true } }]));
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-harness-laughs-'));
  const files = { same: toolsFile('same', laughs(DEPTH)), reordered: toolsFile('reordered', laughs(DEPTH, { reversed: true })), widened: toolsFile('widened', laughs(DEPTH, { widen: true })) };
  const lock = join(dir, 'laughs.lock.json');
  const snap = await execa(process.execPath, ['bin/mcp-harness.js', 'snapshot', '--out', lock, '--', process.execPath, SERVER, `--tools=${files.same}`], { cwd: ROOT, reject: false, stdin: 'ignore', timeout: 60_000 });
  if (snap.exitCode !== 0) throw new Error(`snapshot failed: ${snap.stderr}`);
  const surface = (name: keyof typeof files) => ({ name, command: process.execPath, args: [SERVER, `--tools=${files[name]}`], contract: { lock }, generate: { enabled: false } });
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ surfaces: [surface('same'), surface('reordered'), surface('widened')] }));
  run = await runCli(['run', '--config', config], { timeoutMs: 120_000 });
}, 180_000);

afterAll(() => {
  cleanup(run);
  rmSync(dir, { recursive: true, force: true });
});

describe('a $ref DAG past the inlining budget against its own lock', () => {
  it('the unchanged server, in either key order, draws no schema-comparison finding', () => {
    const report = reportOf(run);
    expect(report.surfaces.map((s) => [s.name, s.status])).toEqual([['same', 'ok'], ['reordered', 'ok'], ['widened', 'ok']]);
    expect(findingsOf(report, 'same').filter((f) => COMPARING.includes(f.check))).toEqual([]);
    expect(findingsOf(report, 'reordered').filter((f) => COMPARING.includes(f.check))).toEqual([]);
  });

  it('the real widening draws its narrowing errors (input and output) at the pointer the server used, and the changed hash', () => {
    const findings = findingsOf(reportOf(run), 'widened').filter((f) => COMPARING.includes(f.check));
    expect(findings.filter((f) => f.check === 'tools/input-narrowing').map((f) => [f.severity, f.tool, f.pointer])).toEqual([
      ['error', 'laugh', '/inputSchema/$defs/d16/minLength'],
      ['error', 'laugh', '/outputSchema/$defs/d16/minLength'],
    ]);
    expect(findings.some((f) => f.check === 'contract/version-lock' && f.severity === 'error')).toBe(true);
  });
});
