/**
 * Canonical form 3 through the real CLI: an MCP SDK server with zod 4 schemas
 * (test/fixtures/servers/canon/server.mjs) against its zod 3 contract (contract.mjs: the same tools,
 * which the two zods spell differently: a union of literals, a discriminated union, a record, loose
 * objects, a tuple, a mixed-type enum, union branches in another order). `run` reports no
 * tools/input-narrowing finding and `diff` no change; the twin that adds one enum member (`--widen`)
 * draws exactly that one, at the pointer the server's document used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const CONFIG = ['run', '--config', 'test/e2e/configs/canonical-form.ts'];
const CONTRACT = 'test/fixtures/servers/canon/contract.mjs';
const SERVER = ['node', 'test/fixtures/servers/canon/server.mjs'];
const WIDENED = '/inputSchema/properties/mode/anyOf/2/const';
/** The checks that compare schemas: none may fire on the conformant surface. */
const COMPARING = ['tools/input-narrowing', 'contract/version-lock', 'diff/breaking', 'diff/compatible'];

let runs: CliRun[] = [];

beforeAll(async () => {
  runs = await Promise.all([
    runCli(CONFIG),
    runCli(['diff', CONTRACT, '--', ...SERVER]),
    runCli(['diff', CONTRACT, '--', ...SERVER, '--widen']),
  ]);
}, 180_000);

afterAll(() => runs.forEach(cleanup));

describe('a zod 4 server against its zod 3 contract', () => {
  it('run: no schema-comparison finding on the conformant surface', () => {
    const report = reportOf(runs[0]);
    expect(report.surfaces.map((s) => [s.name, s.status])).toEqual([['canon', 'ok'], ['canon-widened', 'ok']]);
    expect(findingsOf(report, 'canon').filter((f) => COMPARING.includes(f.check))).toEqual([]);
  });

  it('run: the widened twin draws exactly its one widening, at its pointer', () => {
    const findings = findingsOf(reportOf(runs[0]), 'canon-widened').filter((f) => COMPARING.includes(f.check));
    expect(findings.map((f) => [f.check, f.severity, f.tool, f.pointer])).toEqual([['tools/input-narrowing', 'error', 'pick', WIDENED]]);
  });

  it('diff: no change between the contract and the server; one compatible enum member added on the widened twin', () => {
    expect(runs[1].exitCode, runs[1].stderr).toBe(0);
    expect(reportOf(runs[1]).findings).toEqual([]);
    const changes = reportOf(runs[2]).findings;
    expect(changes.map((f) => [f.check, f.tool, f.pointer, f.messageId])).toEqual([['diff/compatible', 'pick', WIDENED, 'enum-member-added']]);
  });
});
