/**
 * Orphans of a Streamable HTTP server the harness starts (command + url), through the real CLI: processes of its
 * tree still alive once it exited on its stop are reported as a stdio server's are (transport/shutdown `orphans`,
 * an error that says the harness killed them; the sweep is the process layer's, shared by both transports), and
 * none runs once the CLI has exited. The conformant twin (the same server, no child) draws no transport/shutdown finding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, CONFIGS, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';
import { killMarked, processesWithMarker } from './helpers/processes.ts';

const marker = `e2e-http-orphans-${process.pid}`;
let run: CliRun;

describe('orphans of a Streamable HTTP server the harness started', () => {
  beforeAll(async () => {
    run = await runCli(['run', '--config', join(CONFIGS, 'http-orphans.ts')], { env: { E2E_MARKER: marker } });
  });
  afterAll(() => {
    cleanup(run);
    killMarked(marker);
  });

  it('reports the child left after the stop as orphans (error) and says the harness killed it', () => {
    expect(run.exitCode, run.stderr).toBe(1);
    const findings = findingsOf(reportOf(run), 'orphan-child', 'transport/shutdown');
    expect(findings.map((f) => [f.messageId, f.severity])).toEqual([['orphans', 'error']]);
    expect(findings[0].message).toBe("1 process(es) of the server's process tree were still alive after shutdown. The harness killed them; none was left when it looked again.");
  });

  it('the conformant twin: no transport/shutdown finding', () => {
    expect(reportOf(run).surfaces.find((s) => s.name === 'twin')?.status).toBe('ok');
    expect(findingsOf(reportOf(run), 'twin', 'transport/shutdown')).toEqual([]);
  });

  // a sweep of our own (review): a child that drains 400 ms on SIGTERM, its server (the leader) gone at once, was
  // counted as an orphan (an error) once the 200 ms after the leader's exit had passed, and SIGKILLed mid-drain
  it('a child that ends on its own within termGraceMs after the SIGTERM is no orphan', () => {
    expect(reportOf(run).surfaces.find((s) => s.name === 'draining-child')?.status).toBe('ok');
    expect(findingsOf(reportOf(run), 'draining-child', 'transport/shutdown')).toEqual([]);
  });

  it('leaves no server process behind', () => {
    const left = [...processesWithMarker(marker).values()].filter((args) => args.includes('fixture-http-server.mjs') || args.includes('setInterval'));
    expect(left).toEqual([]);
  });
});
