/**
 * Every problem at once, through the real CLI (node bin/mcp-harness.js): a command line with several bad flags and
 * values lists them all (exit 2), not the first alone; a config file with problems of every kind (shape, cross-field,
 * placeholder, unknown names, check options) lists them all with the file and key path (exit 2), before any server
 * starts. The conformant twins (the line and the config fixed) run.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CommandLineError, parseCommandLine } from '../../harness/cli/args.ts';
import { ConfigError } from '../../harness/config/errors.ts';
import { cleanup, runCli, SERVERS, type CliRun } from '../e2e/helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-all-problems-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let last: CliRun | undefined;
afterEach(() => cleanup(last));
const FIXTURE = join(SERVERS, 'fixture-server.mjs');

/** The problems of a command line, one `path: message` each (parseCommandLine's ConfigError). */
function lineProblems(argv: string[]): string[] {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((i) => `${i.path}: ${i.message}`);
    throw error;
  }
  return [];
}

describe('the command line: every problem at once', () => {
  it('unknown flags, a flag without its value, bad values, unknown names: all listed', () => {
    const problems = lineProblems(['run', '--confg', 'x', '--reporter', 'jnuit', '--concurrency', '0', '--fail-on', 'loud', '--env', '=1', '--request-timeout', 'soon', '--check', 'tools/nmae', '--shard', '3/2', '--sandbox=yes', '--baseline']);
    expect(problems).toEqual([
      '--confg: Unknown option (did you mean --config?); see mcp-harness run --help',
      '--sandbox: Takes no value',
      '--baseline: Expected a value (--baseline FILE)',
      '--fail-on: Expected "error" or "warning"',
      '--reporter: Unknown reporter "jnuit" (did you mean "junit"? known: console, json, markdown, junit, sarif, html)',
      '--check: Unknown check "tools/nmae" (did you mean "tools/name"?)',
      '--concurrency: Expected a positive integer',
      '--shard: shard index K must be between 1 and 2, got 3',
      '--env: Expected KEY=VALUE with KEY an environment variable name',
      '--request-timeout: Expected a positive integer (milliseconds)',
    ]);
  });

  it('an unknown command and a flag another command takes are listed with the rest', () => {
    expect(lineProblems(['frobnicate', '--reporter', 'x'])).toHaveLength(2);
    expect(lineProblems(['merge', 'd', '--tool', 'x', '--fail-on', 'loud'])).toEqual(['--tool: Not an option of "merge"; see mcp-harness merge --help', '--fail-on: Expected "error" or "warning"']);
  });

  it('a flag named after an Object.prototype member is an unknown option, not a crash (review D8)', () => {
    expect(lineProblems(['run', '--constructor', '--toString', '--__proto__', '--reporter', 'jnuit'])).toEqual([
      '--constructor: Unknown option; see mcp-harness run --help',
      '--toString: Unknown option; see mcp-harness run --help',
      '--__proto__: Unknown option; see mcp-harness run --help',
      '--reporter: Unknown reporter "jnuit" (did you mean "junit"? known: console, json, markdown, junit, sarif, html)',
    ]);
  });

  it('the same line fixed parses', () => {
    expect(lineProblems(['run', '--config', 'x', '--reporter', 'junit', '--concurrency', '2', '--fail-on', 'warning', '--env', 'A=1', '--request-timeout', '500', '--check', 'tools/name', '--shard', '1/2', '--sandbox', '--baseline', 'b.json'])).toEqual([]);
  });

  it('the real CLI prints them all on stderr and exits 2', async () => {
    const run = (last = await runCli(['run', '--nope', '--concurrency', 'x', '--', process.execPath, FIXTURE]));
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('<command line>: --nope: Unknown option');
    expect(run.stderr).toContain('<command line>: --concurrency: Expected a positive integer');
    expect(run.report).toBeUndefined();
  });
});

describe('the command line: words a command takes no place for', () => {
  it('a server command without its -- is refused with the line that works, the harness flags after it kept the harness\'s', () => {
    expect(lineProblems(['run', 'node', 'server.js'])).toEqual(['node: unexpected argument; to test a server, put its command after --: mcp-harness run -- node server.js']);
    expect(lineProblems(['node', 'server.js'])).toEqual(['node: unexpected argument; to test a server, put its command after --: mcp-harness run -- node server.js']);
    expect(lineProblems(['snapshot', '--out', 'c.json', 'uvx', 'mcp-server-time', '--report-dir', 'x'])).toEqual([
      'uvx: unexpected argument; to test a server, put its command after --: mcp-harness snapshot --out c.json -- uvx mcp-server-time --report-dir x',
      '--report-dir: Not an option of "snapshot"; see mcp-harness snapshot --help',
    ]);
    expect(lineProblems(['baseline', './server', '--reason', 'ok'])).toEqual(['./server: unexpected argument; to test a server, put its command after --: mcp-harness baseline --reason ok -- ./server']);
    expect(lineProblems(['diff', 'old.lock.json', 'node', 'server.js'])).toEqual(['node: unexpected argument; to test a server, put its command after --: mcp-harness diff old.lock.json -- node server.js']);
  });

  it('other extra words: one problem each, listed with the rest', () => {
    expect(lineProblems(['run', 'extra', '--concurrency', '0'])).toEqual([
      'extra: unexpected argument; "run" takes none (a server command goes after --: mcp-harness run -- COMMAND ARGS)',
      '--concurrency: Expected a positive integer',
    ]);
    expect(lineProblems(['checks', 'extra', 'more'])).toEqual(['extra: unexpected argument; "checks" takes none', 'more: unexpected argument; "checks" takes none']);
    expect(lineProblems(['version', 'x'])).toEqual(['x: unexpected argument; "version" takes none']);
    expect(lineProblems(['help', 'run', 'x'])).toEqual(['x: unexpected argument; "help" takes one command name at most (mcp-harness help COMMAND)']);
    expect(lineProblems(['diff', 'a', 'b', 'c'])).toEqual(['c: unexpected argument; "diff" takes two operands at most (mcp-harness diff OLD NEW | mcp-harness diff OLD -- COMMAND ARGS)']);
    // a word after an unknown flag is its value, not a stray argument: the flag's problem alone
    expect(lineProblems(['run', '--fail-onn', 'warning'])).toEqual(['--fail-onn: Unknown option (did you mean --fail-on?); see mcp-harness run --help']);
    // did-you-mean names only a flag the command accepts: baseline refuses --report-dir, so it is not suggested (walkthrough)
    expect(lineProblems(['baseline', '--report-dri', 'x'])).toEqual(['--report-dri: Unknown option; see mcp-harness baseline --help']);
    expect(lineProblems(['baseline', '--fail-onn', 'x'])).toEqual(['--fail-onn: Unknown option; see mcp-harness baseline --help']);
    // the twins: a command that takes the flag is still told of it
    expect(lineProblems(['merge', '--report-dri', 'x'])).toEqual(['--report-dri: Unknown option (did you mean --report-dir?); see mcp-harness merge --help']);
    expect(lineProblems(['baseline', '--reasn', 'ok'])).toEqual(['--reasn: Unknown option (did you mean --reason?); see mcp-harness baseline --help']);
    expect(lineProblems(['run', 'extra', '--', 'node', 'server.js'])).toEqual(['extra: unexpected argument; "run" takes none (a server command goes after --: mcp-harness run -- COMMAND ARGS)']);
  });

  it('a word after an unknown flag: its value, unless it is a command or a launcher; never eaten into the hint (walkthrough)', () => {
    const unknown = (flag: string, command = 'run') => `${flag}: Unknown option; see mcp-harness ${command} --help`;
    // a launcher after the unknown flag starts the server command: the hint moves the -- and, being a line that works,
    // leaves the unknown flag (and a word read as its value) out (walkthrough: it kept --frob, which failed again)
    expect(lineProblems(['run', '--bogus', 'node', 's.js'])).toEqual([unknown('--bogus'), 'node: unexpected argument; to test a server, put its command after --: mcp-harness run -- node s.js']);
    expect(lineProblems(['run', '-y', 'node', 's.js'])).toEqual([unknown('-y'), 'node: unexpected argument; to test a server, put its command after --: mcp-harness run -- node s.js']);
    expect(lineProblems(['--bogus', 'node', 's.js'])).toEqual([unknown('--bogus'), 'node: unexpected argument; to test a server, put its command after --: mcp-harness run -- node s.js']);
    expect(lineProblems(['run', '--bogus=1', 'node', 's.js'])).toEqual([unknown('--bogus'), 'node: unexpected argument; to test a server, put its command after --: mcp-harness run -- node s.js']);
    expect(lineProblems(['run', '--bogus', 'value', 'node', 's.js'])).toEqual([unknown('--bogus'), 'node: unexpected argument; to test a server, put its command after --: mcp-harness run -- node s.js']);
    // known flags the command takes stay; one it refuses would fail again and is left out too
    expect(lineProblems(['run', '--sandbox', '--frob', 'node', 's.js'])).toEqual([unknown('--frob'), 'node: unexpected argument; to test a server, put its command after --: mcp-harness run --sandbox -- node s.js']);
    expect(lineProblems(['baseline', '--reason', 'ok', '--report-dir', 'out', 'node', 's.js'])[0]).toBe('node: unexpected argument; to test a server, put its command after --: mcp-harness baseline --reason ok -- node s.js');
    // another word is the flag's value: no "unknown command", nothing else said
    expect(lineProblems(['--bogus', 'value'])).toEqual([unknown('--bogus')]);
    expect(lineProblems(['--bogus', 'value', '--', 'node', 's.js'])).toEqual([unknown('--bogus')]);
    expect(lineProblems(['run', '--bogus', 'value', '--', 'node', 's.js'])).toEqual([unknown('--bogus')]);
    expect(lineProblems(['run', '--bogus', '--', 'node', 'x'])).toEqual([unknown('--bogus')]);
    // a command name after it is the command, and the help hint names the command, past a known flag's value
    expect(lineProblems(['--bogus', 'baseline'])).toEqual([unknown('--bogus', 'baseline')]);
    expect(lineProblems(['-c', 'cfg.ts', 'baseline', '--bogus'])).toEqual([unknown('--bogus', 'baseline')]);
    expect(lineProblems(['--reporter', 'json', 'merge', '--bogus', 'a'])).toEqual([unknown('--bogus', 'merge')]);
    // the conformant twins
    expect(lineProblems(['run', '--sandbox', '--', 'node', 's.js'])).toEqual([]);
    expect(lineProblems(['-c', 'cfg.ts', 'baseline'])).toEqual([]);
  });

  it('every command\'s valid positionals still parse', () => {
    for (const argv of [
      ['run'], ['run', '--', 'node', 'server.js'], ['run', '--url', 'http://127.0.0.1:1/mcp'], ['snapshot', '--', 'node', 's.js'], ['baseline', '--reason', 'ok'],
      ['checks', '--markdown'], ['help'], ['help', 'diff'], ['version'], ['--version'], ['merge', 'a', 'b', 'c/report.json'], ['merge'],
      ['diff', 'old.json', 'new.mjs'], ['diff', 'old.json', '--', 'node', 's.js'], ['diff', 'old.json'], ['run', '--help'], [],
    ]) expect(lineProblems(argv), argv.join(' ')).toEqual([]);
  });

  it('the real CLI refuses a server command without --, exits 2, starts nothing; with -- it runs it', async () => {
    const marker = join(dir, 'started-positional');
    const args = ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, '')`];
    const refused = (last = await runCli(['run', 'node', ...args]));
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('<command line>: node: unexpected argument; to test a server, put its command after --: mcp-harness run');
    expect(refused.stderr).not.toContain('Config file not found');
    expect(refused.report).toBeUndefined();
    expect(existsSync(marker)).toBe(false);
    cleanup(last);
    const ran = (last = await runCli(['run', '--start-timeout', '2000', '--', process.execPath, ...args]));
    expect(ran.report, ran.stderr).toBeDefined();
    expect(existsSync(marker)).toBe(true);
  });
});

describe('a config file: every problem at once, before any server starts', () => {
  const marker = join(dir, 'started');
  const server = { command: process.execPath, args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, '')`] };
  const write = (name: string, config: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(config));
    return file;
  };

  it('shape, cross-field, placeholder, unknown names and check options: all on stderr, exit 2, no server started', async () => {
    const file = write('broken.json', {
      reporters: ['jnuit'],
      checks: { 'result/size': ['warning', { maxResultBytes: 'big' }] },
      surfaces: [{ name: 'a', ...server, timeouts: { requestMs: 'soon' }, cwd: '${tmpDir}' }, { name: 'a', args: [] }],
    });
    const run = (last = await runCli(['run', '--config', file]));
    expect(run.exitCode).toBe(2);
    const lines = run.stderr.replace(/^mcp-harness: /, '').trim().split('\n');
    expect(lines).toEqual([
      `${file}: surfaces[0].timeouts.requestMs: Invalid input: expected number, received string`,
      `${file}: surfaces[0].cwd: Unknown placeholder \${tmpDir} (known: \${configDir}, \${tempDir}, \${port})`,
      `${file}: surfaces[1].command: Expected "command" (a stdio server), "url" (a running Streamable HTTP server), or both (a server the harness starts)`,
      `${file}: surfaces[1].name: Duplicate surface name "a" (also surfaces[0].name)`,
      `${file}: reporters[0]: Unknown reporter "jnuit" (did you mean "junit"? known: console, json, markdown, junit, sarif, html)`,
      `${file}: checks["result/size"].options.maxResultBytes: Invalid input: expected number, received string`,
    ]);
    expect(existsSync(marker)).toBe(false);
  });

  it('with a bad command line too: the line\'s problems first, then the config\'s, in one run (walkthrough: two rounds)', async () => {
    const file = write('broken-both.json', { reporters: ['jnuit'], surfaces: [{ name: 'a', ...server, timeouts: { requestMs: 'soon' } }] });
    const run = (last = await runCli(['run', '--config', file, '--concurrency', '0', '--nope']));
    expect(run.exitCode).toBe(2);
    expect(run.stderr.replace(/^mcp-harness: /, '').trim().split('\n')).toEqual([
      '<command line>: --nope: Unknown option; see mcp-harness run --help',
      '<command line>: --concurrency: Expected a positive integer',
      `${file}: surfaces[0].timeouts.requestMs: Invalid input: expected number, received string`,
      `${file}: reporters[0]: Unknown reporter "jnuit" (did you mean "junit"? known: console, json, markdown, junit, sarif, html)`,
    ]);
    expect(run.report).toBeUndefined();
    expect(existsSync(marker)).toBe(false);
    cleanup(last);
    // the twins: a valid config adds nothing to the line's problems; a missing --config file is said with them
    const valid = write('valid.json', { surfaces: [{ name: 'a', ...server }] });
    const lineOnly = (last = await runCli(['run', '--config', valid, '--concurrency', '0']));
    expect(lineOnly.exitCode).toBe(2);
    expect(lineOnly.stderr.trim()).toBe('mcp-harness: <command line>: --concurrency: Expected a positive integer');
    cleanup(last);
    const missing = join(dir, 'missing.json');
    const notFound = (last = await runCli(['baseline', '--config', missing, '--concurrency', '0']));
    expect(notFound.exitCode).toBe(2);
    expect(notFound.stderr.replace(/^mcp-harness: /, '').trim().split('\n')).toEqual(['<command line>: --concurrency: Expected a positive integer', `${missing}: Config file not found`]);
    expect(existsSync(marker)).toBe(false);
  });

  it('with a bad command line, a config written in code is not run (it could hang or act): one line says so; a JSON config is read (the twin)', async () => {
    const ran = join(dir, 'config-ran');
    const code = join(dir, 'hanging.config.mjs');
    // a top-level await that never settles (kept alive by an interval): loading it would never finish
    writeFileSync(code, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(ran)}, '');\nawait new Promise(() => setInterval(() => {}, 1000));\nexport default { reporters: ['jnuit'], surfaces: [] };\n`);
    const run = (last = await runCli(['run', '--config', code, '--nope']));
    expect(run.exitCode).toBe(2);
    expect(run.stderr.replace(/^mcp-harness: /, '').trim().split('\n')).toEqual([
      '<command line>: --nope: Unknown option; see mcp-harness run --help',
      `${code}: the config was not loaded (it is code, which runs only once the command line is right); fix the command line first`,
    ]);
    expect(existsSync(ran)).toBe(false);
    cleanup(last);
    // the twin: the same config as JSON is read, its problem listed after the line's
    const json = write('same.json', { reporters: ['jnuit'], surfaces: [] });
    const jsonRun = (last = await runCli(['run', '--config', json, '--nope']));
    expect(jsonRun.exitCode).toBe(2);
    expect(jsonRun.stderr.replace(/^mcp-harness: /, '').trim().split('\n')).toEqual([
      '<command line>: --nope: Unknown option; see mcp-harness run --help',
      `${json}: surfaces: Expected at least one surface`,
      `${json}: reporters[0]: Unknown reporter "jnuit" (did you mean "junit"? known: console, json, markdown, junit, sarif, html)`,
    ]);
  });

  it('a --config that is a directory is said to be no config file, with a bad line or without; a code file beside it is not loaded (the twin; review 16, D6)', async () => {
    const codeNamed = join(dir, 'folder.config.mjs');
    const jsonNamed = join(dir, 'folder.json');
    for (const folder of [codeNamed, jsonNamed]) mkdirSync(folder, { recursive: true });
    for (const folder of [codeNamed, jsonNamed]) {
      const bad = (last = await runCli(['run', '--config', folder, '--nope']));
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr.replace(/^mcp-harness: /, '').trim().split('\n')).toEqual(['<command line>: --nope: Unknown option; see mcp-harness run --help', `${folder}: Not a config file: it is a directory`]);
      cleanup(last);
      const good = (last = await runCli(['run', '--config', folder]));
      expect(good.exitCode).toBe(2);
      expect(good.stderr.replace(/^mcp-harness: /, '').trim()).toBe(`${folder}: Not a config file: it is a directory`);
      cleanup(last);
    }
    // the twin: a regular file written in code, with a bad line, is not loaded, and said so
    const code = join(dir, 'file.config.mjs');
    writeFileSync(code, 'export default { surfaces: [] };\n');
    const run = (last = await runCli(['run', '--config', code, '--nope']));
    expect(run.stderr.replace(/^mcp-harness: /, '').trim().split('\n')).toEqual([
      '<command line>: --nope: Unknown option; see mcp-harness run --help',
      `${code}: the config was not loaded (it is code, which runs only once the command line is right); fix the command line first`,
    ]);
  });

  it('a line that leaves its config unsure reports the line alone: a misspelt or valueless --config, an ad-hoc server, another command', async () => {
    const file = write('broken-unsure.json', { reporters: ['jnuit'], surfaces: [{ name: 'a', ...server }] });
    const configOf = (argv: string[]) => {
      try {
        parseCommandLine(argv);
      } catch (error) {
        if (error instanceof CommandLineError) return error.config;
        throw error;
      }
      throw new Error(`${argv.join(' ')} parsed`);
    };
    expect(configOf(['run', '--config', file, '--nope'])).toBe(file);
    expect(configOf(['baseline', '--nope'])).toBe(''); // the default files
    expect(configOf(['run', '--confg', file])).toBeUndefined();
    expect(configOf(['run', '--nope', '--config'])).toBeUndefined();
    expect(configOf(['run', '--config', file, '--nope', '--', 'node', 's.js'])).toBeUndefined();
    expect(configOf(['run', '--config', file, 'node', 's.js'])).toBeUndefined();
    expect(configOf(['frobnicate', '--config', file])).toBeUndefined();
    expect(configOf(['merge', 'd', '--nope'])).toBeUndefined();
    const run = (last = await runCli(['run', '--confg', file]));
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe('mcp-harness: <command line>: --confg: Unknown option (did you mean --config?); see mcp-harness run --help');
  });

  it('the config fixed runs its server', async () => {
    const file = write('fixed.json', { reporters: ['junit'], checks: { 'result/size': ['warning', { maxResultBytes: 1000 }] }, timeouts: { requestMs: 1000, startMs: 2000 }, surfaces: [{ name: 'a', ...server }] });
    const run = (last = await runCli(['run', '--config', file]));
    expect(run.report, run.stderr).toBeDefined();
    expect(existsSync(marker)).toBe(true);
  });
});
