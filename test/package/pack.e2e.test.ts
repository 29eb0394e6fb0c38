/**
 * The package as a user installs it: the repository's sources are copied to a temp folder and packed
 * (`npm pack` runs `prepare`, which builds dist/ from THESE sources, never from a stale dist), the
 * tarball is installed into a fresh temp project (`--prefer-offline`: the npm cache is warm), and there:
 * the CLI runs an ad-hoc surface, plain Node imports the public API (no loader), a strict NodeNext
 * `tsc --noEmit` accepts a file using the public API (skipLibCheck off), and vitest runs
 * `mcp-harness/vitest` on a conformant and a faulty fixture server. One pack, one install.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type Options } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVERS = join(ROOT, 'test/fixtures/servers');
/** What the build and the `files` field read (everything else of the repo stays out of the copy). */
const SOURCES = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'README.md', 'LICENSE', 'harness', 'docs', 'scripts/bundle-cli.mjs'];

const work = mkdtempSync(join(tmpdir(), 'mcp-harness-pack-'));
const project = join(work, 'project');
const version = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const quiet: Options = { reject: false, stdin: 'ignore', env: { npm_config_loglevel: 'error', npm_config_fund: 'false', npm_config_audit: 'false', MCP_HARNESS_DEBUG: '' } };

let tarballFiles: string[] = [];

beforeAll(async () => {
  const source = join(work, 'source');
  mkdirSync(source);
  for (const entry of SOURCES) cpSync(join(ROOT, entry), join(source, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
  const pack = await execa('npm', ['pack', '--json', '--pack-destination', work], { ...quiet, cwd: source });
  if (pack.exitCode !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const [entry] = JSON.parse(String(pack.stdout).slice(String(pack.stdout).indexOf('['))) as { filename: string; files: { path: string }[] }[];
  tarballFiles = entry.files.map((f) => f.path);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const deps = [join(work, entry.filename), `vitest@${version('vitest')}`, `typescript@${version('typescript')}`, `@types/node@${version('@types/node')}`];
  const install = await execa('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...deps], { ...quiet, cwd: project });
  if (install.exitCode !== 0) throw new Error(`npm install failed: ${install.stderr}`);
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Each step spawns a real tool (tsc, vitest, the CLI) on a loaded machine: a generous kill limit, not a timing. */
const STEP_LIMIT_MS = 300_000;

describe('the packed package, installed into a fresh project', () => {
  it('ships the built entries, their declarations and the wire schemas', () => {
    for (const file of ['dist/bin.js', 'dist/index.js', 'dist/index.d.ts', 'dist/vitest.js', 'dist/vitest.d.ts', 'LICENSE']) expect(tarballFiles).toContain(file);
    expect(tarballFiles.filter((f) => f.startsWith('dist/wire/schemas/') && f.endsWith('.json')).length).toBeGreaterThan(0);
    expect(tarballFiles.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it.concurrent('npx mcp-harness run -- node <fixture server> works', async () => {
    const run = await execa('npx', ['mcp-harness', 'run', '--report-dir', 'adhoc-report', '--', process.execPath, join(SERVERS, 'fixture-server.mjs')], { ...quiet, cwd: project });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const report = JSON.parse(readFileSync(join(project, 'adhoc-report/report.json'), 'utf8')) as { harnessVersion: string; surfaces: { tools: unknown[]; status: string }[] };
    expect(report.surfaces[0].status).toBe('ok');
    // dist/bin.js is one bundled file: its version still comes from the package's own package.json
    expect(report.harnessVersion).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
    // the executable left a V8 code cache in the installed package's own dist/.cache (harness/code-cache.ts),
    // and the next start runs from it
    const cache = join(project, 'node_modules/mcp-harness/dist/.cache');
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(readdirSync(cache).filter((f) => f.endsWith('.v8cache'))).toHaveLength(1);
    const again = await execa('npx', ['mcp-harness', '--version'], { ...quiet, cwd: project });
    expect(again.stderr).toBe('');
    expect(String(again.stdout).trim()).toBe(report.harnessVersion);
  }, STEP_LIMIT_MS);

  it.concurrent('the executable sets its V8 tuning before V8 reads the bundle and its code cache, keeps V8 defaults with MCP_HARNESS_V8_TUNING=off or a budget of the user', async () => {
    // a copy of the installed package of its own: the other tests' runs write the installed package's dist/.cache
    const pkg = join(work, 'tuning', 'mcp-harness');
    cpSync(join(project, 'node_modules/mcp-harness'), pkg, { recursive: true, filter: (src) => !src.includes(`${join('dist', '.cache')}`) });
    const bin = join(pkg, 'dist/bin.js');
    const cache = join(pkg, 'dist/.cache');
    const env = { ...quiet.env, MCP_HARNESS_CACHE_DIR: 'off' };
    delete (env as Record<string, unknown>).MCP_HARNESS_V8_TUNING;
    /** One full run (a light command leaves a cache a run replaces), then the cache file's identity. */
    const run = async (node: string[], extra: Record<string, string> = {}) => {
      const done = await execa(process.execPath, [...node, bin, 'run', '--report-dir', join(work, 'tuning', 'report'), '--', process.execPath, join(SERVERS, 'fixture-server.mjs')], { ...quiet, env: { ...env, ...extra }, cwd: join(work, 'tuning') });
      expect(done.stderr).toBe('');
      expect(done.exitCode).toBe(0);
      const files = readdirSync(cache).filter((f) => f.endsWith('.v8cache'));
      expect(files).toHaveLength(1);
      const stat = statSync(join(cache, files[0]));
      return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    };
    const tuned = await run([]);
    // accepted and left as it is: tuned before V8 read it (tuned after, every start would reject the last one's)
    expect(await run([])).toBe(tuned);
    // V8's defaults: the tuned cache is rejected and rewritten (so the executable had changed V8's flags), then kept
    const off = await run([], { MCP_HARNESS_V8_TUNING: 'off' });
    expect(off).not.toBe(tuned);
    expect(await run([], { MCP_HARNESS_V8_TUNING: 'off' })).toBe(off);
    // a budget of the user's (here V8's own default) is left alone: the defaults' cache is accepted
    expect(await run(['--max-inlined-bytecode-size-cumulative=920'])).toBe(off);
    // and the tuning again
    expect(await run([])).not.toBe(off);
  }, STEP_LIMIT_MS);

  it.concurrent('mcp-harness run -- COMMAND starts its server before the bundle is read, and the run adopts it: no second start, the findings of the source CLI', async () => {
    const dir = join(project, 'ahead');
    mkdirSync(dir);
    const log = join(dir, 'starts.log');
    // the order in which the executable spawned a process and read its bundle (a preload)
    const preload = join(dir, 'order.cjs');
    writeFileSync(preload, [
      "const fs = require('node:fs'); const cp = require('node:child_process'); const order = [];",
      "const spawn = cp.spawn; cp.spawn = function (...a) { order.push('spawn'); return spawn.apply(this, a); };",
      "const read = fs.readFileSync; fs.readFileSync = function (file, ...a) { if (String(file).endsWith('bin.bundle.cjs')) order.push('bundle'); return read.call(this, file, ...a); };",
      "process.on('exit', () => fs.writeFileSync(process.env.ORDER_FILE, JSON.stringify(order)));",
    ].join('\n'));
    const env = { ...quiet.env, MCP_HARNESS_CACHE_DIR: join(dir, 'cache'), ORDER_FILE: join(dir, 'order.json') };
    const bin = join(project, 'node_modules/mcp-harness/dist/bin.js');
    const argv = ['run', '--', process.execPath, join(SERVERS, 'fixture-server.mjs'), `--fault=start-log=${log}`];
    const starts = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    // ids, and the spec links with their #section anchors (a non-ASCII byte in the bundle once broke the anchor regex)
    const findings = () => (JSON.parse(readFileSync(join(dir, 'reports/report.json'), 'utf8')) as { findings: { id: string; spec?: string }[] }).findings.map((f) => `${f.id} ${f.spec ?? ''}`).sort();
    const order = () => JSON.parse(readFileSync(join(dir, 'order.json'), 'utf8')) as string[];

    // the source CLI (bin/mcp-harness.js: no launch ahead), hints off
    const source = await execa(process.execPath, [join(ROOT, 'bin/mcp-harness.js'), ...argv], { ...quiet, cwd: dir });
    expect(source.exitCode).toBe(0);
    const sourceStarts = starts();
    expect(sourceStarts).toBe(2); // the main server and the legacy era's fresh-process probe
    const sourceFindings = findings();
    expect(sourceFindings.join('\n')).toContain('/basic/lifecycle#');
    rmSync(log);
    // the first run of the launch (no era hint yet): the main server ahead, the spare once the era is known
    const first = await execa(process.execPath, ['--require', preload, bin, ...argv], { ...quiet, env, cwd: dir });
    expect(first.stderr).toBe('');
    expect(first.exitCode).toBe(0);
    expect(order()).toEqual(['spawn', 'bundle', 'spawn']);
    expect(starts()).toBe(sourceStarts);
    expect(findings()).toEqual(sourceFindings);
    rmSync(log);
    // the next run finds the legacy hint: both processes start ahead
    const second = await execa(process.execPath, ['--require', preload, bin, ...argv], { ...quiet, env, cwd: dir });
    expect(second.exitCode).toBe(0);
    expect(order()).toEqual(['spawn', 'spawn', 'bundle']);
    expect(starts()).toBe(sourceStarts);
    expect(findings()).toEqual(sourceFindings);
  }, STEP_LIMIT_MS);

  it.concurrent('npx mcp-harness run reads a TypeScript config (tsx, kept out of the bundle, loaded for it)', async () => {
    const dir = join(project, 'ts-config');
    mkdirSync(dir);
    writeFileSync(join(dir, 'mcp-harness.config.ts'), [
      "import { defineConfig } from 'mcp-harness';",
      'const reportDir: string = "ts-report";',
      `export default defineConfig({ reportDir, reporters: ['json'], surfaces: [{ name: 'fixture', command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(join(SERVERS, 'fixture-server.mjs'))}] }] });`,
    ].join('\n'));
    const run = await execa('npx', ['mcp-harness', 'run'], { ...quiet, cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'ts-report/report.json'), 'utf8')) as { surfaces: { name: string; status: string }[] };
    expect(report.surfaces.map((x) => [x.name, x.status])).toEqual([['fixture', 'ok']]);
  }, STEP_LIMIT_MS);

  it.concurrent('the bundle defers what a stdio run does not need (node:http, tinyglobby with picomatch) and loads it where a run needs it (watched paths, a Streamable HTTP surface), holds the build-time validators (none read from disk): the same findings as the source CLI', async () => {
    const dir = join(project, 'deferred');
    mkdirSync(dir);
    // what the CLI process loaded, written at its exit: Node's built-in modules and the files it required from disk
    const preload = join(dir, 'loaded.cjs');
    writeFileSync(preload, [
      "process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_FILE, JSON.stringify({",
      "  http: process.moduleLoadList.includes('NativeModule http'),",
      "  picomatch: Object.keys(require.cache).some((file) => file.includes('/picomatch/')),",
      // the build-time validators are in the bundle (scripts/bundle-cli.mjs bundleGenerated): none is read from disk
      "  generated: Object.keys(require.cache).filter((file) => /[\\\\/]generated[\\\\/][^\\\\/]+[.]cjs$/.test(file)),",
      '})));',
    ].join('\n'));
    const bundledCli = (args: string[], name: string) =>
      execa(process.execPath, ['--require', preload, join(project, 'node_modules/mcp-harness/dist/bin.js'), 'run', '--report-dir', join(dir, name), ...args], { ...quiet, cwd: dir, env: { ...quiet.env, LOADED_FILE: join(dir, `${name}.json`) } });
    const loaded = (name: string) => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as { http: boolean; picomatch: boolean; generated: string[] };
    const findings = (name: string) =>
      (JSON.parse(readFileSync(join(dir, name, 'report.json'), 'utf8')) as { findings: { surface: string; check: string; messageId: string; tool?: string; pointer?: string; severity: string }[] }).findings
        .map((f) => [f.surface, f.check, f.messageId, f.tool ?? '', f.pointer ?? '', f.severity].join(' '))
        .sort();

    const stdio = await bundledCli(['--', process.execPath, join(SERVERS, 'fixture-server.mjs')], 'stdio');
    expect(stdio.stderr).toBe('');
    expect(stdio.exitCode).toBe(0);
    expect(loaded('stdio')).toEqual({ http: false, picomatch: false, generated: [] });
    // a draft-07 schema takes the precompiled meta-schema validator (a 2020-12 one mostly the fast path): bundled too
    const draft07 = JSON.stringify([{ name: 'd7', description: 'Echo a message.', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { message: { type: 'string' } } }, annotations: { readOnlyHint: true } }]);
    const meta = await bundledCli(['--', process.execPath, join(SERVERS, 'fixture-server.mjs'), `--tools=${draft07}`], 'draft07');
    expect(meta.stderr).toBe('');
    expect([0, 1]).toContain(meta.exitCode);
    expect(loaded('draft07')).toEqual({ http: false, picomatch: false, generated: [] });

    const http = join(SERVERS, 'http/fixture-http-server.mjs');
    writeFileSync(join(dir, 'mcp-harness.config.ts'), [
      "import { defineConfig } from 'mcp-harness';",
      `export default defineConfig({ reporters: ['json'], surfaces: [`,
      `  { name: 'watched', command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(join(SERVERS, 'fixture-server.mjs'))}], watchedPaths: ['*.config.ts', 'missing/*.ts'] },`,
      `  { name: 'http', url: 'http://127.0.0.1:\${port}/mcp', command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(http)}, '--port=\${port}'] },`,
      '] });',
    ].join('\n'));
    const bundled = await bundledCli([], 'bundled');
    // the repository's own CLI from its sources (bin/mcp-harness.js: every module imported as it is written)
    const source = await execa(process.execPath, [join(ROOT, 'bin/mcp-harness.js'), 'run', '--config', join(dir, 'mcp-harness.config.ts'), '--report-dir', join(dir, 'source')], { ...quiet, cwd: dir });
    expect(bundled.stderr).toBe('');
    expect([bundled.exitCode, source.exitCode]).toEqual([1, 1]); // the unmatched watched path is an error
    expect(loaded('bundled')).toEqual({ http: true, picomatch: true, generated: [] });
    expect(findings('bundled')).toContain('watched contract/watched-paths noMatch  /watchedPaths/1 error');
    expect(findings('bundled').filter((f) => f.startsWith('http '))).not.toEqual([]);
    expect(findings('bundled')).toEqual(findings('source'));
  }, STEP_LIMIT_MS);

  it.concurrent("zod's messages in the bundle (which holds zod's English locale alone: scripts/bundle-cli.mjs) are the source CLI's", async () => {
    const dir = join(project, 'zod-messages');
    mkdirSync(dir);
    writeFileSync(join(dir, 'bad.config.mjs'), "export default { reporters: 'json', surfaces: [{ name: 1, command: 'node' }], checks: { 'tools/name': ['error', { maxLength: 'long' }] } };\n");
    const bundled = await execa(process.execPath, [join(project, 'node_modules/mcp-harness/dist/bin.js'), 'run', '--config', 'bad.config.mjs'], { ...quiet, cwd: dir });
    const source = await execa(process.execPath, [join(ROOT, 'bin/mcp-harness.js'), 'run', '--config', 'bad.config.mjs'], { ...quiet, cwd: dir });
    expect([bundled.exitCode, source.exitCode]).toEqual([2, 2]);
    expect(String(bundled.stderr)).toContain('expected array, received string');
    expect(String(bundled.stderr)).toBe(String(source.stderr));
  }, STEP_LIMIT_MS);

  it.concurrent('plain node imports defineConfig, run and validateSurface (no loader)', async () => {
    const code = "const m = await import('mcp-harness'); console.log(JSON.stringify(['defineConfig', 'run', 'validateSurface'].map((k) => typeof m[k])))";
    const node = await execa(process.execPath, ['--input-type=module', '-e', code], { ...quiet, cwd: project });
    expect(node.stderr).toBe('');
    expect(JSON.parse(String(node.stdout))).toEqual(['function', 'function', 'function']);
  }, STEP_LIMIT_MS);

  it.concurrent('a strict NodeNext tsc --noEmit over a file using the public API passes', async () => {
    writeFileSync(
      join(project, 'api.ts'),
      [
        "import { defineConfig, run, validateSurface, loadConfig, type Report, type Finding, type SurfaceResult } from 'mcp-harness';",
        "import { describeSurfaces, type DescribeSurfacesOptions } from 'mcp-harness/vitest';",
        "const config = defineConfig({ surfaces: [{ name: 'x', command: 'node', args: ['server.js'] }] });",
        "const options: DescribeSurfacesOptions = { failOn: 'warning' };",
        'export async function main(): Promise<number> {',
        '  const { report } = await run(await loadConfig(undefined, process.cwd()));',
        '  const r: Report = report;',
        '  const first: Finding | undefined = r.findings[0];',
        '  const one: SurfaceResult = await validateSurface(config.surfaces[0]);',
        '  void describeSurfaces; void options;',
        '  return one.findings.length + (first ? 1 : 0);',
        '}',
      ].join('\n'),
    );
    const tsconfig = { compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, skipLibCheck: false, types: ['node'] }, files: ['api.ts'] };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = await execa(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', '.'], { ...quiet, cwd: project });
    expect(String(tsc.stdout)).toBe('');
    expect(tsc.exitCode).toBe(0);
  }, STEP_LIMIT_MS);

  it.concurrent('a vitest file using mcp-harness/vitest passes on a conformant server and fails on a faulty one', async () => {
    // tools/name raised to error (a user's contract: its findings are SHOULDs, warnings by default), so the faulty server's names fail
    const spec = (name: string, server: string) =>
      `import { describeSurfaces } from 'mcp-harness/vitest';\n\ndescribeSurfaces([{ name: '${name}', command: 'node', args: [${JSON.stringify(join(SERVERS, server))}] }], { checks: { 'tools/name': 'error' } });\n`;
    mkdirSync(join(project, 'spec'));
    writeFileSync(join(project, 'spec/conformant.test.ts'), spec('conformant', 'fixture-server.mjs'));
    writeFileSync(join(project, 'spec/faulty.test.ts'), spec('faulty', 'faults/bad-names.mjs'));
    const vitest = await execa(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'spec', '--reporter', 'json', '--outputFile', 'vitest.json'], { ...quiet, cwd: project });
    expect(vitest.exitCode).toBe(1);
    const result = JSON.parse(readFileSync(join(project, 'vitest.json'), 'utf8')) as { testResults: { name: string; status: string; assertionResults: { fullName: string; status: string }[] }[] };
    const byFile = Object.fromEntries(result.testResults.map((f) => [f.name.replace(/^.*\//, ''), f]));
    expect(byFile['conformant.test.ts'].status).toBe('passed');
    expect(byFile['conformant.test.ts'].assertionResults.some((t) => t.status === 'skipped')).toBe(true); // contract checks: no contract
    expect(byFile['faulty.test.ts'].assertionResults.filter((t) => t.status === 'failed').map((t) => t.fullName)).toEqual(['faulty tools/name']);
  }, STEP_LIMIT_MS);
});
