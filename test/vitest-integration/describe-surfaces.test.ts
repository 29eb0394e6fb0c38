/**
 * `describeSurfaces` as a user runs it: vitest spawned on a spec file, once on a conformant fixture
 * server (every check's test passes, the contract checks are skipped: no contract) and once on a faulty
 * one (the tools/name test, raised to error by the spec's checks, fails and its message lists the findings without values).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG = 'test/vitest-integration/fixtures/vitest.config.ts';
const out = mkdtempSync(join(tmpdir(), 'mcp-harness-vitest-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface JsonResult {
  numFailedTests: number;
  numPassedTests: number;
  numPendingTests: number;
  testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** vitest run on the spec file against `server`, with the JSON reporter's result. */
async function runSpec(server: string): Promise<{ exitCode: number; result: JsonResult }> {
  const file = join(out, `${server.replace(/\W/g, '_')}.json`);
  const child = await execa(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', CONFIG, '--reporter', 'json', '--outputFile', file], {
    cwd: ROOT,
    reject: false,
    env: { FIXTURE_SERVER: join(ROOT, server) },
    stdin: 'ignore',
  });
  return { exitCode: child.exitCode ?? -1, result: JSON.parse(readFileSync(file, 'utf8')) as JsonResult };
}

const tests = (r: JsonResult) => r.testResults.flatMap((t) => t.assertionResults);

describe('describeSurfaces through vitest', () => {
  it('passes on a conformant server: one test per enabled check, contract checks skipped', async () => {
    const { exitCode, result } = await runSpec('test/fixtures/servers/fixture-server.mjs');
    expect(result.numFailedTests).toBe(0);
    expect(exitCode).toBe(0);
    const names = tests(result).map((t) => t.fullName);
    expect(names).toContain('fixture tools/name');
    expect(names).toContain('fixture harness');
    expect(names).not.toContain('fixture contract/every-tool-called'); // configured off
    const setDiff = tests(result).find((t) => t.fullName === 'fixture tools/set-diff');
    expect(setDiff?.status).toBe('skipped'); // needs a contract
    const httpOrigin = tests(result).find((t) => t.fullName === 'fixture transport/http-origin');
    expect(httpOrigin?.status).toBe('skipped'); // a Streamable HTTP check on a stdio surface: not a pass
    expect(tests(result).find((t) => t.fullName === 'fixture transport/stdout')?.status).toBe('passed');
  });

  it('fails on a faulty server: the failing check lists its findings, values left out', async () => {
    const { exitCode, result } = await runSpec('test/fixtures/servers/faults/bad-names.mjs');
    expect(exitCode).toBe(1);
    const failed = tests(result).filter((t) => t.status === 'failed');
    expect(failed.map((t) => t.fullName)).toEqual(['fixture tools/name']);
    expect(failed[0].failureMessages[0]).toContain('tools/name: 3 findings at or above error'); // the dotted, the spaced and the duplicate name
    expect(failed[0].failureMessages[0]).toContain('twice /name: Tool twice is advertised 2 times');
  });
});
