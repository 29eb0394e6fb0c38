/**
 * A validator that overflows the call stack on one surface's result changes no other surface's verdict (review D4):
 * the run's schema service is shared, each surface judges through its own scope (SchemaService.scope). Two surfaces
 * serve the same 40,000-link `$ref` chain outputSchema (test/fixtures/servers/verdicts/late-stack.mjs): `deep` answers
 * an invalid result, on which ajv overflows (schema/compile compileError), `valid` a conformant one that leaves the
 * chained property out (no validator walks the chain). With `concurrency: 1` `deep` is judged first, every time: before the scopes, `valid` then drew
 * the same compileError (and, with surfaces in parallel, in some runs only).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const SERVER = fileURLToPath(new URL('../fixtures/servers/verdicts/late-stack.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-stack-scope-'));
let run: CliRun | undefined;
afterAll(() => {
  cleanup(run);
  rmSync(dir, { recursive: true, force: true });
});

describe('a stack overflow stays with the surface that met it', () => {
  it('the surface judged after the overflowing one, same schema, draws no compileError', async () => {
    const config = join(dir, 'mcp-harness.config.json');
    const surface = (name: string, args: string[]) => ({ name, command: process.execPath, args: [SERVER, ...args] });
    writeFileSync(config, JSON.stringify({ concurrency: 1, surfaces: [surface('deep', []), surface('valid', ['--valid'])] }));
    run = await runCli(['run', '--config', config, '-r', 'json']);
    const report = reportOf(run);
    expect(findingsOf(report, 'deep', 'schema/compile').map((f) => f.messageId)).toEqual(['compileError']);
    expect(findingsOf(report, 'valid', 'schema/compile')).toEqual([]);
    expect(findingsOf(report, 'valid', 'result/structured-content')).toEqual([]);
  });
});
