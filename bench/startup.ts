/**
 * Start-up cost of the built CLI (dist/bin.js, what `npx mcp-harness` runs), side by side with a bare
 * `node -e 0`: wall time (ms, from spawn to exit) and peak RSS (MB) of `mcp-harness --help`, of an
 * ad-hoc run on the plain-Node fixture server, and, for comparison, of `--help` through the sources
 * (bin/mcp-harness.js, tsx). dist/ is rebuilt first, so the figures are those of the current sources.
 * Targets (issue 11): `--help` at most 4x a bare Node start and well under 60 MB.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats.ts';
import { EXTRA_CA_VAR, setsExtraCa, withoutExtraCaEnv } from './environment.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./peak-rss.cjs', import.meta.url));
const FIXTURE = join(ROOT, 'test/fixtures/servers/fixture-server.mjs');

/** The targets: `--help` wall time over bare Node's, and its peak RSS. */
export const STARTUP_TARGETS = { helpRatio: 4, helpRssMB: 60 } as const;

/** One command's medians. */
export interface StartupRow {
  name: string;
  command: string;
  wallMs: number;
  rssMB: number;
}

/** The section's figures: the rows (the first is bare Node) and the rounds. */
export interface StartupFigures {
  rounds: number;
  rows: StartupRow[];
}

/** Spawn once; resolves with wall ms and peak RSS MB. @throws Error on a non-zero exit. */
async function timeOnce(args: string[], work: string, env: NodeJS.ProcessEnv = process.env): Promise<{ wallMs: number; rssMB: number }> {
  const rssFile = join(work, 'rss');
  const started = performance.now();
  const child = spawn(process.execPath, ['--require', PRELOAD, ...args], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'], env: { ...env, BENCH_RSS_FILE: rssFile } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = performance.now() - started;
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}: ${stderr.trim()}`);
  return { wallMs, rssMB: Number(readFileSync(rssFile, 'utf8')) / 1024 };
}

/** Build dist/, then time each command `rounds` times (commands interleaved per round). */
export async function measureStartup(rounds: number, log: (line: string) => void): Promise<StartupFigures> {
  log('building dist/ (npm run build)...');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const work = mkdtempSync(join(tmpdir(), 'mcp-bench-startup-'));
  const bin = join(ROOT, 'dist/bin.js');
  const commands: { name: string; command: string; args: string[]; env?: NodeJS.ProcessEnv }[] = [
    { name: 'bare Node', command: 'node -e 0', args: ['-e', '0'] },
    // where the machine sets it, what a Node start costs without it (bench/default-run.ts DefaultRow.noExtraCaMs)
    ...(setsExtraCa() ? [{ name: `bare Node, ${EXTRA_CA_VAR} removed`, command: `env -u ${EXTRA_CA_VAR} node -e 0`, args: ['-e', '0'], env: withoutExtraCaEnv(process.env) }] : []),
    { name: 'mcp-harness --help (dist)', command: 'node dist/bin.js --help', args: [bin, '--help'] },
    { name: 'mcp-harness run, ad-hoc fixture server (dist)', command: 'node dist/bin.js run -- node fixture-server.mjs', args: [bin, 'run', '--reporter', 'json', '--report-dir', join(work, 'r'), '--', process.execPath, FIXTURE] },
    { name: 'mcp-harness --help (sources through tsx)', command: 'node bin/mcp-harness.js --help', args: [join(ROOT, 'bin/mcp-harness.js'), '--help'] },
  ];
  const samples = commands.map(() => [] as { wallMs: number; rssMB: number }[]);
  try {
    for (let r = 0; r < rounds; r++) {
      for (const [i, c] of commands.entries()) samples[i].push(await timeOnce(c.args, work, c.env));
    }
    log(`start-up: ${rounds} rounds done`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const rows = commands.map((c, i) => ({ name: c.name, command: c.command, wallMs: median(samples[i].map((s) => s.wallMs)), rssMB: median(samples[i].map((s) => s.rssMB)) }));
  return { rounds, rows };
}

/** The Markdown section: a table with each row's ratio to bare Node, and the targets met or missed. */
export function renderStartup(s: StartupFigures): string[] {
  const bare = s.rows[0];
  const help = s.rows.find((r) => r.command === 'node dist/bin.js --help');
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  const lines = [
    `## Start-up (medians of ${s.rounds} rounds; wall time from spawn to exit, peak RSS)`,
    '',
    '| command | wall (ms) | x bare Node | peak RSS (MB) |',
    '|---|---:|---:|---:|',
    ...s.rows.map((r) => `| ${r.name}: \`${r.command}\` | ${Math.round(r.wallMs)} | ${(r.wallMs / bare.wallMs).toFixed(2)} | ${r.rssMB.toFixed(1)} |`),
  ];
  if (help) {
    lines.push(
      '',
      `Targets: \`--help\` at most ${STARTUP_TARGETS.helpRatio}x a bare Node start: ${mark(help.wallMs / bare.wallMs <= STARTUP_TARGETS.helpRatio)};`,
      `under ${STARTUP_TARGETS.helpRssMB} MB: ${mark(help.rssMB < STARTUP_TARGETS.helpRssMB)}. The run row includes booting the server, its calls and writing report.json.`,
    );
  }
  return lines;
}
