/**
 * Issue 10 through the real CLI, no adapter: a contract package on zod 4.0 (older than the harness's
 * zod: its nullables project as anyOf) and one on zod 3, served by SDK 1.x (draft-07) and SDK 2.x
 * (2020-12) surfaces with hand-written narrowing overrides (an array element narrowed, a top-level
 * requirement dropped, a nested required entry dropped, an object closed): zero tools/input-narrowing
 * findings. The widened twins (a strict object opened, a nested property added, an enum member added,
 * a bound loosened, `_meta.category` changed, a declared annotation flipped) each draw their finding at
 * its exact pointer. The surfaces advertise annotations over the package's own defaults
 * (`destructiveHint: false`, which no entry declares): a key the entry does not declare is not compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const CHECKS = ['--check', 'tools/input-narrowing', '--check', 'tools/advertised-metadata', '--check', 'tools/set-diff'];
let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--config', 'test/e2e/configs/contract-package.ts', ...CHECKS], { timeoutMs: 150_000 });
}, 160_000);
afterAll(() => cleanup(run));

const WIDENINGS = [
  ['tools/advertised-metadata', 'ping', '/_meta/category'],
  ['tools/advertised-metadata', 'ping', '/annotations/idempotentHint'],
  ['tools/input-narrowing', 'place_order', '/inputSchema/properties/items/items/properties/discount'],
  ['tools/input-narrowing', 'place_order', '/inputSchema/properties/priority/enum/3'],
  ['tools/input-narrowing', 'review_branch', '/inputSchema/properties/checks/items/additionalProperties'],
  ['tools/input-narrowing', 'review_branch', '/inputSchema/properties/depth/maximum'],
];

describe('a real contract package as the contract (issue 10)', () => {
  it.each(['sdk1-zod4', 'sdk1-zod3', 'sdk2-zod4'])('%s: the narrowing overrides draw no finding', (surface) => {
    const report = reportOf(run);
    expect(report.surfaces.find((s) => s.name === surface)?.status).toBe('ok');
    const found = report.findings.filter((f) => f.surface === surface).map((f) => `${f.check} ${f.tool} ${f.pointer}`);
    expect(found).toEqual([]);
  });

  // zod-to-json-schema writes every zod 3 object (strip or strict) with additionalProperties: false, so the
  // zod 3 twin's "strict object opened" is no change on the wire; the other widenings are
  const OPENED = '/inputSchema/properties/checks/items/additionalProperties';
  const expected = (surface: string) => (surface.includes('zod3') ? WIDENINGS.filter(([, , p]) => p !== OPENED) : WIDENINGS);

  it.each(['sdk1-zod4-widened', 'sdk2-zod4-widened', 'sdk1-zod3-widened'])('%s: each deliberate widening is found at its pointer, nothing else', (surface) => {
    const found = reportOf(run).findings.filter((f) => f.surface === surface).map((f) => [f.check, f.tool, f.pointer]);
    expect(found.sort()).toEqual([...expected(surface)].sort());
    expect(findingsOf(reportOf(run), surface, 'tools/input-narrowing').every((f) => f.severity === 'error')).toBe(true);
    expect(run.exitCode).toBe(1);
  });

  it('an entry field is `_meta` only when contract.meta maps it: unmapped, the changed category is not compared', () => {
    const found = reportOf(run).findings.filter((f) => f.surface === 'sdk1-zod3-widened-unmapped').map((f) => [f.check, f.tool, f.pointer]);
    expect(found.sort()).toEqual(expected('zod3').filter(([, , pointer]) => pointer !== '/_meta/category').sort());
  });
});
