/**
 * Issue 13 acceptance (parts 1 and 2): Streamable HTTP surfaces through the real CLI. Conformant fixture
 * servers on both eras, JSON and SSE answers, are started by the harness on free loopback ports and stay
 * silent but for the era note; a server that never gets ready is a boot failure; no server process is left;
 * the configured Authorization header is in no report and no console output. Ad hoc: `run --url URL`, alone
 * (a running server) and with `-- COMMAND` (the harness starts it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../harness/run/port.ts';
import { cleanup, CONFIGS, filesUnder, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';
import { pidsWithMarker } from './helpers/processes.ts';

const TOKEN = `tok-${process.pid}-e2e-http-secret`;
const MARKER = `E2E_HTTP_${process.pid}_${Date.now()}`;
const HTTP_FIXTURE = join(SERVERS, 'http/fixture-http-server.mjs');
let configured: CliRun;
let adHocStarted: CliRun;
let adHocRunning: CliRun;

beforeAll(async () => {
  const port = await freeLoopbackPort();
  const running = execa(process.execPath, [HTTP_FIXTURE, `--port=${port}`], { reject: false, env: { [MARKER]: '1' } });
  const url = `http://127.0.0.1:${port}/mcp`;
  await new Promise<void>((resolve) => running.stderr?.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve()));
  try {
    [configured, adHocStarted, adHocRunning] = await Promise.all([
      runCli(['run', '--config', join(CONFIGS, 'http.ts'), '--reporter', 'console,json,markdown,junit,sarif,html'], { env: { E2E_MARKER: MARKER, E2E_HTTP_TOKEN: TOKEN } }),
      runCli(['run', '--url', 'http://127.0.0.1:${port}/mcp', '--', process.execPath, HTTP_FIXTURE, '--port=${port}', '--era=modern', '--sse'], { env: { E2E_MARKER: MARKER } }),
      runCli(['run', '--url', url]),
    ]);
  } finally {
    running.kill('SIGTERM');
    await running;
  }
}, 180_000);

afterAll(() => [configured, adHocStarted, adHocRunning].forEach(cleanup));

describe('configured Streamable HTTP surfaces', () => {
  it('conformant servers on both eras, JSON and SSE, boot and stay silent but for the era note', () => {
    const report = reportOf(configured);
    for (const name of ['http-legacy', 'http-legacy-sse', 'http-modern', 'http-modern-sse']) {
      const surface = report.surfaces.find((s) => s.name === name);
      expect(surface, configured.stderr).toMatchObject({ status: 'ok', transport: 'streamable-http' });
      expect(surface?.tools.map((t) => t.name)).toEqual(['echo', 'add']);
      expect(findingsOf(report, name).filter((f) => f.check !== 'protocol/era'), name).toEqual([]);
    }
    expect(report.surfaces.find((s) => s.name === 'http-legacy')?.era).toBe('legacy');
    expect(report.surfaces.find((s) => s.name === 'http-modern')?.era).toBe('modern');
  });

  it('a server that never gets ready is a boot failure within its start budget, reported by transport/timeout', () => {
    const report = reportOf(configured);
    expect(report.surfaces.find((s) => s.name === 'http-never-ready')?.status).toBe('failed');
    const [finding] = findingsOf(report, 'http-never-ready', 'transport/timeout');
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('1500 ms');
    expect(configured.exitCode).toBe(1);
  });

  it('leaves no server process behind', () => {
    expect(pidsWithMarker(MARKER)).toEqual([]);
  });

  it('writes the configured Authorization header into no report file and no console output', () => {
    const files = filesUnder(configured.reportDir);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain(TOKEN);
    expect(configured.stdout + configured.stderr).not.toContain(TOKEN);
  });
});

describe('ad hoc: run --url', () => {
  it('with -- COMMAND: the harness starts the server on a free port (${port}) and checks it', () => {
    const [surface] = reportOf(adHocStarted).surfaces;
    expect(surface, adHocStarted.stderr).toMatchObject({ name: 'ad-hoc', status: 'ok', transport: 'streamable-http', era: 'modern' });
    expect(adHocStarted.exitCode).toBe(0);
  });

  it('alone: a server that is already running', () => {
    const [surface] = reportOf(adHocRunning).surfaces;
    expect(surface, adHocRunning.stderr).toMatchObject({ name: 'ad-hoc', status: 'ok', transport: 'streamable-http', era: 'legacy' });
    expect(adHocRunning.exitCode).toBe(0);
  });
});
