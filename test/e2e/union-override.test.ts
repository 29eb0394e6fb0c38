/**
 * A review: a surface whose override serves one branch of its contract's discriminated union (repositories only, of
 * repositories and organisations) narrows the contract, but the comparator read the missing `anyOf` as removed and
 * the branch's properties as undeclared (five tools/input-narrowing errors). The twin that also loosens a bound of
 * that branch draws that one widening.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, CONFIGS, reportOf, runCli, type CliRun } from './helpers/cli.ts';

let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--config', join(CONFIGS, 'union-override.ts'), '--check', 'tools/input-narrowing', '--check', 'tools/set-diff'], { timeoutMs: 60_000 });
}, 70_000);
afterAll(() => cleanup(run));

const found = (surface: string) => reportOf(run).findings.filter((f) => f.surface === surface).map((f) => `${f.check} ${f.tool} ${f.pointer}`).sort();

describe('an override that serves one branch of a discriminated union', () => {
  it('one-kind: no finding', () => {
    expect(reportOf(run).surfaces.find((s) => s.name === 'one-kind')?.status).toBe('ok');
    expect(found('one-kind')).toEqual([]);
  });

  it('one-kind-widened: the loosened bound of the branch is found (against the branch it is closest to), at the pointer the server advertised', () => {
    expect(found('one-kind-widened')).toContain('tools/input-narrowing audit /inputSchema/properties/target/properties/name/maxLength');
  });
});
