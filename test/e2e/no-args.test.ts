/**
 * A review: a contract module written as SDK registerTool configs, where a tool that takes no arguments has no
 * inputSchema (both SDKs advertise `{ type: "object", properties: {} }` for it), could not be loaded at all
 * ("inputSchema: is required", harness/contract, exit 2) and was not found under its own export name. Such an entry
 * is a tool without arguments: the surfaces that register the configs draw nothing, and the twin whose tool takes an
 * argument draws the added property and requirement.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, CONFIGS, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const CHECKS = ['--check', 'tools/set-diff', '--check', 'tools/input-narrowing', '--check', 'tools/advertised-metadata'];
let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--config', join(CONFIGS, 'no-args.ts'), ...CHECKS], { timeoutMs: 60_000 });
}, 70_000);
afterAll(() => cleanup(run));

const found = (surface: string) => reportOf(run).findings.filter((f) => f.surface === surface).map((f) => `${f.check} ${f.tool} ${f.pointer}`).sort();

describe('a contract of SDK registerTool configs, a tool without an inputSchema', () => {
  it.each(['sdk1', 'sdk2'])('%s: no finding', (surface) => {
    expect(found(surface)).toEqual([]);
    expect(reportOf(run).surfaces.find((s) => s.name === surface)?.status).toBe('ok');
  });

  it('sdk1-args: the argument the tool now takes is found', () => {
    expect(found('sdk1-args')).toEqual(['tools/input-narrowing get_time /inputSchema/properties/zone', 'tools/input-narrowing get_time /inputSchema/required']);
  });
});
