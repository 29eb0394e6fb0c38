/**
 * A scenario for a tool the surface does not advertise is reported (the scenario file went stale),
 * under result/expectation with that check's configured severity, and not at all when it is off.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIGS, cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

describe('stale scenario files', () => {
  const runs: CliRun[] = [];
  afterAll(() => runs.forEach(cleanup));
  const run = async (level: string) => {
    const r = await runCli(['run', '--config', join(CONFIGS, 'stale.ts'), '--check', 'result/expectation'], { env: { E2E_EXPECTATION: level } });
    runs.push(r);
    return r;
  };

  it('reports the scenario and its tool, failing the run', async () => {
    const r = await run('error');
    expect(r.exitCode).toBe(1);
    const findings = findingsOf(reportOf(r), 'stale', 'result/expectation');
    expect(findings.map((f) => [f.messageId, f.tool, f.severity])).toEqual([['scenarioForUnknownTool', 'renamed_away', 'error']]);
    expect(findings[0].message).toMatch(/gone\.json/);
  });

  it('stays silent when result/expectation is off', async () => {
    const r = await run('off');
    expect(r.exitCode).toBe(0);
    expect(findingsOf(reportOf(r), 'stale', 'result/expectation')).toEqual([]);
  });
});
