/**
 * Interrupts while servers hang in their boot (README.md §The report, "Interrupts"): a stdio server that never
 * answers its opening and a Streamable HTTP server the harness starts that never gets ready (test/e2e/configs/
 * interrupt-boot.ts: every budget 600 s). The first SIGINT kills both process trees at once, so the run ends
 * long before any budget: the report is written, marked interrupted, with no finding but harness/interrupted (no
 * transport/timeout for what the interrupt cut short), exit 2, no process left. A second signal before the run
 * ended stops it at once: a stderr line says no report was written, exit 2, no process left.
 */
import { execa } from 'execa';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { CONFIGS, ROOT } from './helpers/cli.ts';
import { killMarked, processesWithMarker } from './helpers/processes.ts';
import { BUDGET_MS } from './configs/interrupt-boot.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The marked server processes (both fixture servers and the child each started), pid -> command line; not the CLI. */
function servers(marker: string): Map<number, string> {
  return new Map([...processesWithMarker(marker)].filter(([, args]) => args.includes('fixture-server.mjs') || args.includes('setInterval')));
}

/**
 * Start the CLI on the hanging config, wait until both servers and their children run, then `signal(pid)`, and
 * wait for the CLI to end (killed after 60 s: far less than the budgets, so a run that waits for one fails).
 */
async function interruptBoot(marker: string, signal: (pid: number) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-intboot-'));
  dirs.push(dir);
  const args = ['bin/mcp-harness.js', 'run', '--config', join(CONFIGS, 'interrupt-boot.ts'), '--report-dir', dir];
  const child = execa(process.execPath, args, { cwd: ROOT, reject: false, env: { E2E_MARKER: marker }, stdin: 'ignore', timeout: 60_000 });
  try {
    for (let i = 0; i < 400 && servers(marker).size < 4; i++) await new Promise((r) => setTimeout(r, 50));
    const seen = [...servers(marker).keys()];
    signal(child.pid as number);
    const result = await child;
    const file = join(dir, 'report.json');
    const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : undefined;
    return { result, report, seen, survivors: [...servers(marker).keys()] };
  } finally {
    killMarked(marker);
  }
}

describe('SIGINT while servers hang in their boot', () => {
  it('ends the run long before the budgets: the report marked interrupted, no timeout judged, exit 2, no process left', { timeout: 90_000 }, async () => {
    const { result, report, seen, survivors } = await interruptBoot(`int-boot-${process.pid}`, (pid) => process.kill(pid, 'SIGINT'));
    expect(seen).toHaveLength(4); // both servers and both children ran when the signal came
    expect(result.timedOut).toBe(false);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(report?.interrupted).toBe(true);
    expect(report?.durationMs).toBeLessThan(BUDGET_MS);
    expect(report?.surfaces.map((s) => [s.name, s.status]).sort()).toEqual([['http-boot', 'interrupted'], ['stdio-boot', 'interrupted']]);
    expect(report?.findings.map((f) => f.check)).toEqual(['harness/interrupted', 'harness/interrupted']);
    expect(result.stderr).not.toMatch(/could not be started/); // a start the interrupt refused is no usage fault
    // the progress line says so too (it read 'not booted', as for a server that failed its boot: review)
    expect(result.stdout).toMatch(/^· stdio-boot: interrupted, 0 tools/m);
    expect(result.stdout).toMatch(/^· http-boot: interrupted, 0 tools/m);
    expect(survivors).toEqual([]);
  });

  it('a second signal stops it at once: one stderr line, no report, exit 2, no process left', { timeout: 90_000 }, async () => {
    // both signals pending while the CLI is stopped: the second is handled before the first's run can end
    const { result, report, seen, survivors } = await interruptBoot(`int-boot2-${process.pid}`, (pid) => {
      process.kill(pid, 'SIGSTOP');
      process.kill(pid, 'SIGINT');
      process.kill(pid, 'SIGTERM');
      process.kill(pid, 'SIGCONT');
    });
    expect(seen).toHaveLength(4);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/^mcp-harness: interrupted again: every server process is killed and the run stops without a report$/m);
    expect(report).toBeUndefined();
    expect(survivors).toEqual([]);
  });
});
