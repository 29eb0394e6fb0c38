/**
 * Launch ahead (harness/run/launch-ahead.ts, harness/session/stdio/ahead.ts): what the executable starts before
 * the bundle loads, and that the run adopts exactly that (no second start, the same report), stops what it does
 * not adopt, replays a spawn failure or an exit that came before adoption, and leaves no orphan when a signal
 * ends the harness first. Each run is a real CLI process from the sources (a small tsx script that calls
 * launchAhead as dist/bin.js does, then the CLI's main), against the real fixture server, which logs its starts.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { adHocConfig } from '../../harness/config/adhoc.ts';
import { instantiateSurface } from '../../harness/config/placeholders.ts';
import { planLaunchAhead } from '../../harness/run/launch-ahead.ts';
import { openEraHints } from '../../harness/run/era-hint.ts';
import { sessionSetup } from '../../harness/run/session-setup.ts';
import { isHttpSpec, type SpawnSpec } from '../../harness/session/index.ts';
import { sameSpawnSpec } from '../../harness/session/stdio/ahead.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/servers/fixture-server.mjs', import.meta.url));
const url = (path: string) => pathToFileURL(fileURLToPath(new URL(path, import.meta.url))).href;
/** tsx's loader by path: the scripts run in temp directories, where `--import tsx` would not resolve. */
const TSX = url('../../node_modules/tsx/dist/loader.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function work(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-ahead-'));
  dirs.push(dir);
  return dir;
}

/** The harness's stdio spec for the ad-hoc run of `command args` in `cwd`, as the run builds it. */
function runSpec(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): SpawnSpec {
  const surface = instantiateSurface(adHocConfig(command, args, cwd).surfaces[0], {});
  const { spec } = sessionSetup(surface, { env });
  if (isHttpSpec(spec)) throw new Error('an ad-hoc run without --url is stdio');
  return spec;
}

/**
 * The script a test runs: `launchAhead(AHEAD)` as dist/bin.js does (when AHEAD is set), then, after DELAY ms, the
 * CLI's `main(ARGV)`; prints what the registry holds at the end. With HOLD it never runs main (a signal ends it).
 */
const SCRIPT = `
import { launchAhead } from ${JSON.stringify(url('../../harness/run/launch-ahead.ts'))};
import { main } from ${JSON.stringify(url('../../harness/cli.ts'))};
const ahead = process.env.AHEAD ? JSON.parse(process.env.AHEAD) : undefined;
if (ahead) launchAhead(ahead, process.cwd(), process.env);
const registry = () => globalThis[Symbol.for('mcp-harness.ahead')]?.processes.map((p) => ({ adopted: p.adopted, stopped: p.stopped, pid: p.child.pid, ...(p.exitedAt === undefined ? {} : { exitedAfterMs: Math.round(p.exitedAt - p.spawnedAt) }) })) ?? [];
if (process.env.HOLD) {
  if (process.env.SIGHUP_AT_RELEASE) {
    // a SIGHUP received (not yet dispatched: that happens in the event loop) right before the run releases what it did
    // not adopt: it must still end the process (the CLI has no SIGHUP listener)
    const { releaseAhead } = await import(${JSON.stringify(url('../../harness/session/stdio/ahead.ts'))});
    process.kill(process.pid, 'SIGHUP');
    void releaseAhead();
  }
  process.stderr.write(JSON.stringify(registry()) + '\\n');
  setInterval(() => {}, 1 << 30);
} else {
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.DELAY ?? 0)));
  const code = await main(JSON.parse(process.env.ARGV), process.cwd());
  process.stderr.write('REGISTRY ' + JSON.stringify(registry()) + '\\n');
  process.exitCode = code;
}
`;

interface CliRun {
  code: number | null;
  stderr: string;
  registry: { adopted: boolean; stopped: boolean; pid?: number; exitedAfterMs?: number }[];
  /** Sorted `check id message` of reports/report.json's findings (messages hold no times: docs/determinism.md). */
  findings: string[];
  /** The messages as written. */
  messages: string[];
  /** Each finding's evidence, in report order (present only in a run with `--show-values`). */
  evidence: unknown[];
}

/** Run the script in `cwd` with `argv` for main and `ahead` for launchAhead (none when undefined). */
function cli(cwd: string, argv: string[], ahead: string[] | undefined, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', TSX, '--input-type=module', '-e', SCRIPT], {
      cwd, encoding: 'utf8', timeout: 60_000,
      env: { ...process.env, ARGV: JSON.stringify(argv), ...(ahead ? { AHEAD: JSON.stringify(ahead) } : {}), ...env },
    }, (error, _stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      const line = stderr.split('\n').find((l) => l.startsWith('REGISTRY '));
      let findings: string[] = [];
      let messages: string[] = [];
      let evidence: unknown[] = [];
      try {
        const report = JSON.parse(readFileSync(join(cwd, 'reports/report.json'), 'utf8')) as { findings: { id: string; check: string; message: string; evidence?: unknown }[] };
        findings = report.findings.map((f) => `${f.check} ${f.id} ${f.message}`).sort();
        messages = report.findings.map((f) => f.message);
        evidence = report.findings.map((f) => f.evidence);
      } catch {
        /* no report (a usage error) */
      }
      resolve({ code: error ? (error.code as unknown as number) : 0, stderr: stderr.split('\n').filter((l) => !l.startsWith('REGISTRY ')).join('\n'), registry: line ? JSON.parse(line.slice(9)) : [], findings, messages, evidence });
    });
  });
}

const starts = (file: string): number => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};

/** Whether `pid` is gone (polls up to 5 s: a killed process is reaped by init). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('planLaunchAhead', () => {
  const env = { PATH: '/usr/bin', HOME: '/home/x', SECRET: 's', MCP_HARNESS_CACHE_DIR: 'off' };

  it('plans only `run -- COMMAND ARGS`, with the spec the run spawns (the allow-listed env)', () => {
    const cwd = work();
    const plan = planLaunchAhead(['run', '--', 'node', 'server.js', '--flag'], cwd, env);
    expect(plan?.count).toBe(1);
    expect(plan && sameSpawnSpec(plan.spec, runSpec('node', ['server.js', '--flag'], cwd, env))).toBe(true);
    expect(plan?.spec.env).toEqual({ PATH: '/usr/bin', HOME: '/home/x' });
  });

  it('plans nothing for any other command line, a placeholder, or a working directory that does not exist', () => {
    const cwd = work();
    for (const argv of [
      [], ['run'], ['run', '--'], ['run', '--', ''], ['--', 'node', 's.js'], ['snapshot', '--', 'node', 's.js'],
      ['run', '--reporter', 'json', '--', 'node', 's.js'], ['run', '--sandbox', '--', 'node', 's.js'], ['run', '--url', 'http://127.0.0.1:1/mcp', '--', 'node', 's.js'],
      ['run', '--', 'node', 's.js', '--port=${port}'], ['run', '--', 'node', '${tempDir}/s.js'],
    ]) expect(planLaunchAhead(argv, cwd, env), JSON.stringify(argv)).toBeUndefined();
    expect(planLaunchAhead(['run', '--', 'node', 's.js'], join(cwd, 'missing'), env)).toBeUndefined();
    // a working directory whose path holds a placeholder: the run refuses it (unknown placeholder), so nothing starts
    const odd = join(cwd, 'wd${tempDir}');
    mkdirSync(odd);
    expect(planLaunchAhead(['run', '--', 'node', 's.js'], odd, env)).toBeUndefined();
  });

  it("adds the spares the launch's era hint asks for (legacy, with a server fingerprint), none for a modern, serial or unfingerprinted hint", () => {
    const cwd = work();
    const cache = join(work(), 'cache');
    const withHints = { ...env, MCP_HARNESS_CACHE_DIR: cache };
    const argv = ['run', '--', 'node', 's.js'];
    expect(planLaunchAhead(argv, cwd, withHints)?.count).toBe(1); // no hint yet
    const hints = openEraHints(cache);
    const spec = runSpec('node', ['s.js'], cwd, withHints);
    const server = 'ab'.repeat(16); // a server fingerprint (era-hint.ts serverFingerprint)
    hints?.set(spec, { era: 'legacy' });
    expect(planLaunchAhead(argv, cwd, withHints)?.count).toBe(1); // no fingerprint (planted, or written before them): serial
    hints?.set(spec, { era: 'legacy', server });
    expect(planLaunchAhead(argv, cwd, withHints)?.count).toBe(2); // protocol/version-negotiation and client-capabilities share one
    hints?.set(spec, { era: 'legacy', serial: true, server });
    expect(planLaunchAhead(argv, cwd, withHints)?.count).toBe(1);
    hints?.set(spec, { era: 'modern', server });
    expect(planLaunchAhead(argv, cwd, withHints)?.count).toBe(1);
  });
});

describe('the run adopts what was launched ahead', () => {
  it('the same findings and the same number of server starts with and without launching ahead, hints off and on', async () => {
    const dir = work();
    const log = join(dir, 'starts.log');
    const argv = ['run', '--', process.execPath, FIXTURE, `--fault=start-log=${log}`];
    const plain = await cli(dir, argv, undefined);
    expect(plain.code).toBe(0);
    const plainStarts = starts(log);
    expect(plainStarts).toBe(2); // the main server and the legacy era's fresh-process probe
    rmSync(log);

    const ahead = await cli(dir, argv, argv);
    expect(ahead.code).toBe(0);
    expect(ahead.stderr.trim()).toBe('');
    expect(ahead.registry.map((p) => [p.adopted, p.stopped])).toEqual([[true, false]]); // hints off: the main server alone
    expect(starts(log)).toBe(plainStarts);
    expect(ahead.findings).toEqual(plain.findings);
    rmSync(log);

    // with an era hint (legacy, written by the first run) the spare starts ahead too, and is adopted
    const cache = { MCP_HARNESS_CACHE_DIR: join(dir, 'cache') };
    await cli(dir, argv, undefined, cache);
    rmSync(log);
    const hinted = await cli(dir, argv, argv, cache);
    expect(hinted.code).toBe(0);
    expect(hinted.registry.map((p) => p.adopted)).toEqual([true, true]);
    expect(starts(log)).toBe(plainStarts);
    expect(hinted.findings).toEqual(plain.findings);
  });

  it('another server under the same command line (its hint written from the one before): launched ahead, the verdict is still the serial one', async () => {
    // after a reviewer's reproduction: a hint written from one release of a server, then the next release under the
    // same `node server.mjs`, a one-instance server whose pidfile is written late (two processes started together
    // both run; the serial path's spare finds the lock: transport/timeout errors). The spare started ahead must not
    // hide them: the new release answers its opening with another serverInfo.version, so the hint is not its own.
    const dir = work();
    const script = join(dir, 'server.mjs');
    const argv = ['run', '--', process.execPath, 'server.mjs'];
    const cache = { MCP_HARNESS_CACHE_DIR: join(dir, 'cache') };
    writeFileSync(script, `process.argv.push('--server-version=0.9.0');\nawait import(${JSON.stringify(pathToFileURL(FIXTURE).href)});\n`);
    expect((await cli(dir, argv, undefined, cache)).code).toBe(0); // writes the launch's legacy hint
    const pidlock = pathToFileURL(join(dirname(FIXTURE), 'pidlock.mjs')).href;
    writeFileSync(script, `process.argv.push(${JSON.stringify(`--lock=${join(dir, 'server.pid')}`)});\nawait import(${JSON.stringify(pidlock)});\n`);
    const serial = await cli(dir, argv, undefined, { MCP_HARNESS_CACHE_DIR: 'off' });
    expect(serial.findings.filter((f) => f.startsWith('transport/timeout ')).length).toBeGreaterThan(0);
    const ahead = await cli(dir, argv, argv, cache);
    expect(ahead.registry.map((p) => p.adopted)).toEqual([true, true]); // the hint started the spare beside it
    expect(ahead.code).toBe(serial.code);
    expect(ahead.findings).toEqual(serial.findings);
    const next = await cli(dir, argv, argv, cache); // the new server's own serial run marked the launch serial
    expect(next.registry.map((p) => p.adopted)).toEqual([true]);
    expect(next.findings).toEqual(serial.findings);
  });

  it('a run that checked no fresh-process opening leaves no hint that starts a spare ahead (a late-pidfile server keeps its errors)', async () => {
    // a reviewer's reproduction: `run --check tools/name -- node server.mjs` wrote a hint that every later run of the
    // launch started its spare beside the server by; the serial path's transport/timeout errors were never seen again
    const dir = work();
    const script = join(dir, 'server.mjs');
    const pidlock = pathToFileURL(join(dirname(FIXTURE), 'pidlock.mjs')).href;
    writeFileSync(script, `process.argv.push(${JSON.stringify(`--lock=${join(dir, 'server.pid')}`)});\nawait import(${JSON.stringify(pidlock)});\n`);
    const argv = ['run', '--', process.execPath, 'server.mjs'];
    const cache = { MCP_HARNESS_CACHE_DIR: join(dir, 'cache') };
    const serial = await cli(dir, argv, undefined, { MCP_HARNESS_CACHE_DIR: 'off' });
    expect(serial.findings.filter((f) => f.startsWith('transport/timeout ')).length).toBeGreaterThan(0);
    expect((await cli(dir, ['run', '--check', 'tools/name', '--', process.execPath, 'server.mjs'], undefined, cache)).code).toBe(0);
    for (let i = 0; i < 2; i++) {
      const run = await cli(dir, argv, argv, cache);
      expect(run.registry.map((p) => p.adopted)).toEqual([true]); // the main server alone: no spare beside it
      expect(run.code).toBe(serial.code);
      expect(run.findings).toEqual(serial.findings);
    }
  });

  it('stops a process nobody adopts (another launch than the run spawns): no orphan, the run unchanged', async () => {
    const dir = work();
    const log = join(dir, 'starts.log');
    const argv = ['run', '--', process.execPath, FIXTURE];
    const plain = await cli(dir, argv, undefined);
    const other = await cli(dir, argv, ['run', '--', process.execPath, FIXTURE, `--fault=start-log=${log}`]);
    expect(other.code).toBe(0);
    // the other launch's process logs its start unless it is stopped first (under load it may be: a fresh clone's CI
    // run saw 0); the registry says it was started, never adopted, and stopped
    expect(starts(log)).toBeLessThanOrEqual(1);
    expect(other.registry.map((p) => [p.adopted, p.stopped])).toEqual([[false, true]]);
    expect(await gone(other.registry[0].pid as number)).toBe(true);
    expect(other.findings).toEqual(plain.findings);
  });

  it('a command that cannot be started fails exactly as without launching ahead', async () => {
    const dir = work();
    const argv = ['run', '--', join(dir, 'no-such-server')];
    const plain = await cli(dir, argv, undefined);
    const ahead = await cli(dir, argv, argv);
    expect(plain.code).toBe(2);
    expect(ahead.code).toBe(2);
    expect(ahead.stderr).toBe(plain.stderr);
    expect(ahead.stderr).toContain('the server command could not be started');
    expect(ahead.findings).toEqual(plain.findings);
    expect(ahead.registry.map((p) => [p.adopted, p.stopped, p.pid])).toEqual([[true, false, undefined]]);
  });

  it('a server that exited before it was adopted is reported as without launching ahead (its exit replayed)', async () => {
    const dir = work();
    const command = ['--', process.execPath, '-e', 'process.stderr.write("boom\\n"); process.exit(3)'];
    // the run shows values (the exit's time is evidence); what dist/bin.js launches ahead is the bare `run -- CMD`
    const argv = ['run', '--show-values', ...command];
    const plain = await cli(dir, argv, undefined);
    const ahead = await cli(dir, argv, ['run', ...command], { DELAY: '500' }); // the process is long gone when the run adopts it
    expect(plain.code).toBe(1);
    expect(ahead.code).toBe(1);
    expect(ahead.registry.map((p) => p.adopted)).toEqual([true]);
    expect(ahead.findings).toEqual(plain.findings);
    expect(ahead.findings.join('\n')).toContain('transport/exit');
    // the exit is timed from the real spawn, at the moment it came (not when the run took the process over)
    const exitedAfterMs = ahead.registry[0].exitedAfterMs as number;
    expect(exitedAfterMs).toEqual(expect.any(Number));
    expect(ahead.evidence).toContainEqual(expect.objectContaining({ firstExitAtMs: exitedAfterMs }));
  });

  it('a signal before the CLI handles signals ends the harness as the signal would, and stops what was launched ahead', async () => {
    const dir = work();
    const argv = ['run', '--', process.execPath, FIXTURE];
    const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', SCRIPT], {
      cwd: dir, env: { ...process.env, AHEAD: JSON.stringify(argv), HOLD: '1' }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    const registry = await new Promise<{ pid: number }[]>((resolve, reject) => {
      let text = '';
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const first = text.split('\n')[0];
        if (text.includes('\n') && first.startsWith('[')) resolve(JSON.parse(first) as { pid: number }[]);
      });
      child.on('exit', () => reject(new Error(`exited early: ${text}`)));
    });
    expect(registry).toHaveLength(1);
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    expect(await gone(registry[0].pid)).toBe(true);
  });

  it('a SIGHUP received as the run releases what it did not adopt still ends the harness by SIGHUP (it is not lost)', async () => {
    const dir = work();
    const argv = ['run', '--', process.execPath, FIXTURE];
    const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', SCRIPT], {
      cwd: dir, env: { ...process.env, AHEAD: JSON.stringify(argv), HOLD: '1', SIGHUP_AT_RELEASE: '1' }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 20_000);
      child.on('exit', (_code, sig) => {
        clearTimeout(timer);
        resolve(sig);
      });
    });
    expect(signal, text).toBe('SIGHUP');
  });
});
