/**
 * `--tool NAME` ("call only these tools") through the real CLI (sweep 10): errors/classification's invalid-arguments
 * probe called every other read-only tool, and with `--allow-destructive` every tool (a published server's delete and
 * create tools), while the report hid those calls. The fixture logs every tools/call it receives; with `--tool keep`
 * only `keep` (and the harness's unknown-tool probe name) may appear, with and without `--allow-destructive`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const box = mkdtempSync(join(tmpdir(), 'mh-tool-filter-'));
const runs: CliRun[] = [];
afterAll(() => {
  for (const run of runs) cleanup(run);
  rmSync(box, { recursive: true, force: true });
});

/** The tool names the server was called with, in order, and the run. */
async function called(flags: string[], log: string): Promise<{ names: string[]; run: CliRun }> {
  const file = join(box, log);
  const run = await runCli(['run', ...flags, '--', process.execPath, join(SERVERS, 'call-log.mjs'), file]);
  runs.push(run);
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // nothing called
  }
  return { names: text.split('\n').filter((n) => n !== ''), run };
}

describe('--tool: only the selected tools are called, probes included', () => {
  it('without --tool, every tool is called or probed (the control)', async () => {
    const { names } = await called(['--allow-destructive'], 'all.log');
    expect(new Set(names)).toEqual(new Set(['keep', 'drop', 'wipe', expect.stringMatching(/^mcp_harness_unknown_tool_/)]));
  });

  it.each([[[] as string[]], [['--allow-destructive']]])('--tool keep %j: no request reaches drop or wipe', async (extra) => {
    const { names, run } = await called(['--tool', 'keep', ...extra], `keep-${extra.length}.log`);
    expect(reportOf(run).findings.filter((f) => f.tool !== undefined && f.tool !== 'keep')).toEqual([]);
    expect(names).toContain('keep');
    expect(names.filter((n) => n === 'drop' || n === 'wipe')).toEqual([]);
  });
});
