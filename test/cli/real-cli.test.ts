/**
 * The real CLI (`node bin/mcp-harness.js`) on a user project WITHOUT `"type": "module"` in its
 * package.json, and on servers that fail to boot: the config loads (also importing a sibling .ts), a
 * syntax error keeps file:line:col, unknown reporters fail before any surface runs, and boot failures
 * give one precise finding each. A `.js` config and contract module written with import/export load there too,
 * as in a `"type": "module"` folder (the built dist/bin.js always did; the sources' tsx hooks clashed with Node's
 * module-syntax detection: "Cannot require() ES Module ... in a cycle").
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { BIN, runProcess } from '../helpers/cli.ts';
import { SERVERS } from '../e2e/helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-cjs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
const cli = (args: string[]) => runProcess(process.execPath, [BIN, ...args], { cwd: dir, timeoutMs: 60_000, env: { MCP_HARNESS_DEBUG: '' } });
const reportIn = (sub: string): Report | undefined => {
  const file = join(dir, sub, 'report.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : undefined;
};

const NEVER_ANSWERS = 'process.stdin.resume()';
const EXITS_AT_ONCE = 'process.exit(3)';

beforeAll(() => {
  write('package.json', JSON.stringify({ name: 'user-project', version: '1.0.0' }));
  write('surfaces.ts', `export const surfaces = [
  { name: 'missing', command: 'mcp-harness-no-such-command' },
  { name: 'exits', command: ${JSON.stringify(process.execPath)}, args: ['-e', ${JSON.stringify(EXITS_AT_ONCE)}] },
  { name: 'silent', command: ${JSON.stringify(process.execPath)}, args: ['-e', ${JSON.stringify(NEVER_ANSWERS)}], era: 'legacy' },
];\n`);
  write('mcp-harness.config.ts', "import { surfaces } from './surfaces.ts';\nexport default { timeouts: { startMs: 1500 }, surfaces };\n");
  write('bad-syntax.ts', 'const ok = 1;\nexport default { surfaces: [ };\n');
  write('bad-reporter.ts', "export default { reporters: ['json', 'nope'], surfaces: [{ name: 'a', command: 'x' }] };\n");
  write(
    'bad-options.ts',
    "export default { checks: { 'tools/name': ['warning', { maxLength: 'long', prefx: 'mcp__' }], 'result/size': ['warning', { maxBytes: 1 }], 'protocol/era': ['error', { strict: true }], 'tools/annotations': ['off', { any: 1 }] }, surfaces: [{ name: 'a', command: 'mcp-harness-no-such-command' }] };\n",
  );
});

describe('a .ts config in a project without "type": "module"', () => {
  let run: Awaited<ReturnType<typeof cli>>;
  beforeAll(async () => {
    run = await cli(['run', '--reporter', 'json', '--report-dir', 'out']);
  }, 60_000);

  it('loads (importing a sibling .ts file) and runs every surface', () => {
    expect(run.stderr).not.toContain('Cannot import');
    // 2: the 'missing' surface's command cannot be spawned (a usage fault); the other surfaces still ran
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain('mcp-harness: missing: the server command could not be started');
    expect(reportIn('out')?.surfaces.map((s) => s.name)).toEqual(['missing', 'exits', 'silent']);
  });

  it('a missing command: one transport/exit finding naming the command and ENOENT', () => {
    const findings = reportIn('out')!.findings.filter((f) => f.surface === 'missing');
    expect(findings.map((f) => f.message)).toEqual(["The server process could not be started: command 'mcp-harness-no-such-command': ENOENT: not found."]);
  });

  it('a server that exits at once: one finding for every exit (the probe, the re-probe, initialize), its count in the evidence, not the message', () => {
    const findings = reportIn('out')!.findings.filter((f) => f.surface === 'exits' && f.check === 'transport/exit');
    expect(findings).toHaveLength(1);
    expect(findings[0].message).toMatch(/exited with code 3 during protocol negotiation \(server\/discover or initialize\); the session could not start/);
  });

  it('an initialize never answered: transport/timeout names initialize and startMs', () => {
    const findings = reportIn('out')!.findings.filter((f) => f.surface === 'silent' && f.check.startsWith('transport/'));
    expect(findings.map((f) => `${f.check}: ${f.message}`)).toContain(
      'transport/timeout: initialize got no answer within 1500 ms (timeouts.startMs): the server never completed the handshake, so no session could start.',
    );
    expect(findings.filter((f) => f.check === 'transport/exit')).toEqual([]);
  });
});

describe('config faults before any surface runs (exit 2, no report)', () => {
  it('a syntax error keeps file:line:col and the message', async () => {
    const run = await cli(['run', '-c', 'bad-syntax.ts', '--report-dir', 'syntax']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/bad-syntax\.ts: Cannot import: .*bad-syntax\.ts:2:\d+: Unexpected "}"/);
    expect(run.stderr).not.toContain('Transform failed');
  });

  it('an unknown reporter in the config names the file and key path', async () => {
    const run = await cli(['run', '-c', 'bad-reporter.ts', '--report-dir', 'rep1']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('mcp-harness: bad-reporter.ts: reporters[1]: Unknown reporter "nope" (known: console, json, markdown, junit, sarif, html)');
    expect(reportIn('rep1')).toBeUndefined();
  });

  it('bad check options name the file and each key path (meta.optionsSchema), before any surface runs', async () => {
    const run = await cli(['run', '-c', 'bad-options.ts', '--reporter', 'json', '--report-dir', 'opts']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.split('\n').filter((l) => l.includes('bad-options.ts')).map((l) => l.replace(/^mcp-harness: /, ''))).toEqual([
      'bad-options.ts: checks["tools/name"].options.maxLength: Invalid input: expected number, received string',
      'bad-options.ts: checks["tools/name"].options.prefx: Unknown key (did you mean "prefix"?)',
      'bad-options.ts: checks["result/size"].options.maxBytes: Unknown key (expected one of "maxResultBytes", "maxResultTokens")',
      'bad-options.ts: checks["protocol/era"].options: The check takes no options (got "strict")',
    ]);
    expect(reportIn('opts')).toBeUndefined();
  });

  it('an unknown --reporter: exit 2 with the known list, no surface run', async () => {
    const run = await cli(['run', '--reporter', 'nope', '--report-dir', 'rep2']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('<command line>: --reporter: Unknown reporter "nope" (known: console, json, markdown, junit, sarif, html)');
    expect(run.stdout).toBe('');
    expect(reportIn('rep2')).toBeUndefined();
  });
});

describe('a .js config and contract module with import/export, with and without "type": "module"', () => {
  const ESM_JS = {
    'contract.js': "import { basename } from 'node:path';\nexport const tools = [{ name: 'lookup', description: basename('/x/lookup'), inputSchema: { type: 'object', properties: { id: { type: 'string' } } } }];\n",
    'mcp-harness.config.js': `import { join } from 'node:path';\nexport default { surfaces: [{ name: 'esm', command: ${JSON.stringify(process.execPath)}, args: [join(${JSON.stringify(SERVERS)}, 'faults/echo-args.mjs')], contract: { module: 'contract.js' } }] };\n`,
  };
  /** The files in `sub` with this package.json; `jsonConfig`: the config as mcp-harness.config.json (the contract module alone is .js). */
  const runIn = async (sub: string, packageJson: Record<string, unknown>, jsonConfig = false) => {
    mkdirSync(join(dir, sub));
    writeFileSync(join(dir, sub, 'package.json'), JSON.stringify(packageJson));
    writeFileSync(join(dir, sub, 'contract.js'), ESM_JS['contract.js']);
    if (!jsonConfig) writeFileSync(join(dir, sub, 'mcp-harness.config.js'), ESM_JS['mcp-harness.config.js']);
    else writeFileSync(join(dir, sub, 'mcp-harness.config.json'), JSON.stringify({ surfaces: [{ name: 'esm', command: process.execPath, args: [join(SERVERS, 'faults/echo-args.mjs')], contract: { module: 'contract.js' } }] }));
    const run = await runProcess(process.execPath, [BIN, 'run', '--check', 'contract/every-tool-called', '--reporter', 'json', '--report-dir', 'out'], { cwd: join(dir, sub), timeoutMs: 60_000, env: { MCP_HARNESS_DEBUG: '' } });
    const file = join(dir, sub, 'out', 'report.json');
    return { run, report: existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : undefined };
  };
  let typeless: Awaited<ReturnType<typeof runIn>>;
  let typed: Awaited<ReturnType<typeof runIn>>;
  let contractOnly: Awaited<ReturnType<typeof runIn>>;
  beforeAll(async () => {
    [typeless, typed, contractOnly] = await Promise.all([
      runIn('esm-typeless', { name: 'user-project' }),
      runIn('esm-typed', { name: 'user-project', type: 'module' }),
      runIn('esm-contract', { name: 'user-project' }, true),
    ]);
  }, 60_000);

  it.each([
    ['no "type" (CommonJS by default)', () => typeless],
    ['"type": "module"', () => typed],
    ['no "type", a JSON config: the contract module alone', () => contractOnly],
  ])('%s: the config and the contract load, the surface runs, nothing about the import', (_, get) => {
    const { run, report } = get();
    expect(run.stderr).not.toMatch(/Cannot import|in a cycle/);
    expect(run.exitCode, run.stderr).toBeLessThan(2);
    expect(report?.surfaces.map((x) => x.name)).toEqual(['esm']);
    expect(report?.findings.filter((f) => f.check === 'harness/contract')).toEqual([]);
  });
});
