/**
 * Issue 13 leftover, through the real CLI: `snapshot` and `diff` reach a Streamable HTTP server the way
 * `run` does (one server lifecycle, harness/session/http/start.ts `withServer`): ad hoc with `--url URL
 * -- COMMAND` (the harness starts the server on a free port) and with a configured `command` + `url`
 * surface; the server is stopped after, also when the session cannot be opened, and no process is left.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, CONFIGS, reportOf, ROOT, runCli, SERVERS, type CliRun } from './helpers/cli.ts';
import { pidsWithArgument, pidsWithMarker } from './helpers/processes.ts';

const MARKER = `E2E_HTTP_LIVE_${process.pid}_${Date.now()}`;
const ARG_MARKER = `--e2e-http-live-${process.pid}-${Date.now()}`;
const FIXTURE = join(SERVERS, 'http/fixture-http-server.mjs');
const CONFIG = join(CONFIGS, 'http-live.ts');
const URL_TEMPLATE = 'http://127.0.0.1:${port}/mcp';
let dir: string;
let lock: string;
let snapshot: { exitCode?: number; stderr: string };
const runs: CliRun[] = [];
let adHocDiff: CliRun;
let configuredDiff: CliRun;
let configuredModernDiff: CliRun;
let failedDiff: CliRun;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-harness-http-live-'));
  lock = join(dir, 'lock.json');
  const child = await execa(process.execPath, ['bin/mcp-harness.js', 'snapshot', '--out', lock, '--url', URL_TEMPLATE, '--', process.execPath, FIXTURE, '--port=${port}', ARG_MARKER], { cwd: ROOT, reject: false, stdin: 'ignore', timeout: 60_000 });
  snapshot = { exitCode: child.exitCode, stderr: child.stderr };
  const env = { E2E_MARKER: MARKER };
  [adHocDiff, configuredDiff, configuredModernDiff, failedDiff] = await Promise.all([
    runCli(['diff', lock, '--url', URL_TEMPLATE, '--', process.execPath, FIXTURE, '--port=${port}', '--era=modern', ARG_MARKER]),
    runCli(['diff', '--config', CONFIG, lock, 'live'], { env }),
    runCli(['diff', '--config', CONFIG, lock, 'live-modern'], { env }),
    runCli(['diff', '--config', CONFIG, lock, 'wrong-path'], { env }),
  ]);
  runs.push(adHocDiff, configuredDiff, configuredModernDiff, failedDiff);
}, 180_000);

afterAll(() => {
  runs.forEach(cleanup);
  rmSync(dir, { recursive: true, force: true });
});

describe('snapshot --url URL -- COMMAND', () => {
  it('starts the server on a free port, writes its lock and stops it', () => {
    expect(snapshot.exitCode, snapshot.stderr).toBe(0);
    const written = JSON.parse(readFileSync(lock, 'utf8')) as { tools: { name: string }[] };
    expect(written.tools.map((t) => t.name).sort()).toEqual(['add', 'echo']);
  });
});

describe('diff with a live Streamable HTTP side', () => {
  it('ad hoc (--url URL -- COMMAND): NEW is the started server, the same contract on the modern era', () => {
    expect(adHocDiff.exitCode, adHocDiff.stderr).toBe(0);
    expect(reportOf(adHocDiff).findings).toEqual([]);
  });

  it.each([
    ['live', () => configuredDiff],
    ['live-modern', () => configuredModernDiff],
  ])('a configured command + url surface (%s) is started as run starts it', (_name, run) => {
    expect(run().exitCode, run().stderr).toBe(0);
    expect(reportOf(run()).findings).toEqual([]);
  });

  it('a session that cannot be opened is a boot failure (exit 2), and its server is stopped', () => {
    expect(failedDiff.exitCode).toBe(2);
    expect(failedDiff.stderr).toMatch(/handshake failed/);
  });
});

it('leaves no server process behind (configured: by environment marker; ad hoc: by argument)', () => {
  expect(pidsWithMarker(MARKER)).toEqual([]);
  expect(pidsWithArgument(ARG_MARKER)).toEqual([]);
});
