/**
 * A review: a zod 4 contract with recursive schemas, served through the real SDKs. zod projects a recursive schema
 * behind `.optional()` or `.describe()` as `{ $ref }` in 2020-12 but `{ allOf: [{ $ref }] }` in draft-07 (where `$ref`
 * ignores its siblings), so a contract projected in one dialect drew tools/input-narrowing errors (a missing 'type',
 * an 'allOf' it "does not have", properties "undeclared" in `$defs`) against a surface advertising the other: a
 * contract shared by an SDK 1.x and an SDK 2.x surface, or one whose package lists no SDK. Comparisons are
 * dialect-neutral (docs/config.md): each surface draws nothing in either dialect; each widened twin draws its one
 * loosened bound at the pointer its server advertised.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, CONFIGS, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const CHECKS = ['--check', 'tools/set-diff', '--check', 'tools/input-narrowing', '--check', 'tools/advertised-metadata'];
let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--config', join(CONFIGS, 'recursive-zod.ts'), ...CHECKS], { timeoutMs: 90_000 });
}, 100_000);
afterAll(() => cleanup(run));

const found = (surface: string) => reportOf(run).findings.filter((f) => f.surface === surface).map((f) => `${f.check} ${f.tool} ${f.pointer}`).sort();

describe('recursive zod schemas against SDK surfaces of either dialect', () => {
  it.each(['sdk1-2020-12', 'sdk2-draft-07', 'sdk1-draft-07', 'sdk2-2020-12'])('%s: no finding', (surface) => {
    expect(reportOf(run).surfaces.find((s) => s.name === surface)?.status).toBe('ok');
    expect(found(surface)).toEqual([]);
  });

  it.each([
    ['sdk1-2020-12-widened', '/inputSchema/definitions/__schema0/properties/name/maxLength'],
    ['sdk2-draft-07-widened', '/inputSchema/$defs/__schema0/properties/name/maxLength'],
  ])('%s: the loosened bound is found where the server advertised it, nothing else', (surface, pointer) => {
    expect(found(surface)).toEqual([`tools/input-narrowing classify ${pointer}`]);
    expect(reportOf(run).findings.find((f) => f.surface === surface)?.severity).toBe('error');
  });
});
