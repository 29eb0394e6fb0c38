import { describe, expect, it } from 'vitest';
import { helpText, OPTION_TABLE, parseCommandLine, type CommandName } from '../../harness/cli/args.ts';
import { knownReporterNames } from '../../harness/config/reporter-names.ts';
import { BUILTIN_REPORTERS } from '../../harness/reporters/registry.ts';
import { ConfigError } from '../../harness/config/index.ts';

describe('parseCommandLine', () => {
  it('defaults to run and maps flags onto config overrides', () => {
    const args = parseCommandLine(['--reporter', 'junit,sarif', '--reporter', 'html', '--surface', 'a', '--fail-on', 'warning', '--shard', '2/3', '--call-concurrency', '4', '--allow-destructive']);
    expect(args.command).toBe('run');
    expect(args.overrides).toMatchObject({
      reporters: ['junit', 'sarif', 'html'],
      surfaces: ['a'],
      failOn: 'warning',
      shard: { index: 2, total: 3 },
      callConcurrency: 4,
      allowDestructive: true,
    });
  });

  it('takes everything after -- as the ad-hoc server command, flags included', () => {
    const args = parseCommandLine(['run', '--report-dir', 'out', '--', 'node', 'server.js', '--port', '1']);
    expect(args.serverCommand).toEqual(['node', 'server.js', '--port', '1']);
    expect(args.overrides.reportDir).toBe('out');
  });

  it('collects merge directories as positionals', () => {
    const args = parseCommandLine(['merge', 'reports/shard-1', 'reports/shard-2', '--report-dir', 'merged']);
    expect(args.command).toBe('merge');
    expect(args.positionals).toEqual(['reports/shard-1', 'reports/shard-2']);
  });

  it.each([
    [['--nope'], /--nope: Unknown option; see mcp-harness run --help/],
    [['run', '--tol', 'x'], /--tol: Unknown option \(did you mean --tool\?\)/],
    [['checks', '--tool', 'x'], /--tool: Not an option of "checks"; see mcp-harness checks --help/],
    [['snapshot', '--config', 'x', '--', 'node'], /--config: Not an option of "snapshot"/],
    [['runn'], /Unknown command "runn" \(did you mean "run"\?\)/],
    [['--check', 'tools/nmae'], /--check: Unknown check "tools\/nmae" \(did you mean "tools\/name"\?\)/],
    [['frobnicate'], /Unknown command "frobnicate"/],
    [['--fail-on', 'info'], /--fail-on: Expected "error" or "warning"/],
    [['--concurrency', '0'], /--concurrency: Expected a positive integer/],
    [['--shard', '3/2'], /--shard/],
    [['run', '--'], /Expected a server command after --/],
  ])('rejects %j with a ConfigError naming the flag', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(ConfigError);
    expect(() => parseCommandLine(argv)).toThrow(message);
  });
});

describe('parseCommandLine: --reporter names', () => {
  it('accepts the built-in reporters', () => {
    expect(parseCommandLine(['--reporter', 'console,json,markdown,junit,sarif,html']).overrides.reporters).toHaveLength(6);
  });

  it('rejects an unknown reporter while parsing, listing the known ones and suggesting a near one', () => {
    const error = (() => {
      try {
        parseCommandLine(['merge', 'a', '--reporter', 'jnuit']);
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toBe('<command line>: --reporter: Unknown reporter "jnuit" (did you mean "junit"? known: console, json, markdown, junit, sarif, html)');
  });
});

describe('--help', () => {
  it.each([
    [['--help'], 'help'],
    [['-h'], 'help'],
    [['run', '--help'], 'run'],
    [['merge', '-h'], 'merge'],
    [['help', 'snapshot'], 'snapshot'],
  ])('%j asks for the help of %s', (argv, command) => {
    expect(parseCommandLine(argv)).toMatchObject({ command, help: true });
  });

  it('lists every option a command takes, with its value placeholder, and no other', () => {
    for (const command of ['run', 'snapshot', 'baseline', 'merge', 'diff', 'checks'] as CommandName[]) {
      const text = helpText(command);
      for (const [name, spec] of Object.entries(OPTION_TABLE)) {
        const line = `--${name}${'value' in spec ? ` ${spec.value}` : ''}`;
        if ((spec.commands as readonly string[]).includes(command)) expect(text, `${command} --help`).toContain(`${line} `);
        else expect(text, `${command} --help`).not.toMatch(new RegExp(`--${name}\\b`));
      }
    }
  });

  it('diff: OLD NEW as positionals, --fail-on breaking|any|none (its own help line), -- COMMAND as NEW', () => {
    expect(parseCommandLine(['diff', 'a.lock.json', 'b.lock.json', '--fail-on', 'any'])).toMatchObject({ command: 'diff', positionals: ['a.lock.json', 'b.lock.json'], diffFailOn: 'any' });
    expect(parseCommandLine(['diff', 'a.lock.json', '--', 'node', 's.js'])).toMatchObject({ positionals: ['a.lock.json'], serverCommand: ['node', 's.js'] });
    expect(() => parseCommandLine(['diff', 'a', 'b', '--fail-on', 'error'])).toThrow(/--fail-on: Expected "breaking", "any" or "none"/);
    expect(() => parseCommandLine(['run', '--fail-on', 'any'])).toThrow(/--fail-on: Expected "error" or "warning"/);
    expect(helpText('diff')).toMatch(/--fail-on LEVEL +breaking \(default\), any or none/);
    expect(helpText('run')).toContain('error (default) or warning');
  });

  it('-o and -r say each command\'s own default, never another command\'s', () => {
    const line = (command: CommandName, flag: string) => helpText(command).split('\n').find((l) => l.startsWith('  -') && l.includes(flag)) ?? '';
    expect(line('snapshot', '--out')).toContain('mcp-harness.lock.json');
    expect(line('snapshot', '--out')).not.toContain('baseline');
    expect(line('baseline', '--out')).toContain('mcp-harness.baseline.json');
    expect(line('baseline', '--out')).not.toContain('lock');
    for (const command of ['run', 'merge'] as CommandName[]) expect(line(command, '--reporter')).toMatch(/default console,json,markdown$/);
    expect(line('diff', '--reporter')).toMatch(/default console,json$/);
  });

  it('--isolate names the user nobody and what each command refuses: run a report path, baseline its --out file (walkthrough)', () => {
    const line = (command: CommandName) => helpText(command).split('\n').find((l) => l.includes('--isolate')) ?? '';
    expect(line('run')).toMatch(/a report path the user nobody could write is refused \(exit 2\)$/);
    expect(line('baseline')).toMatch(/a baseline file \(--out\) the user nobody could write is refused \(exit 2\)$/);
    // baseline writes no report: its line says nothing of one
    expect(line('baseline')).not.toContain('report');
  });

  it('baseline takes no report flag: each refused, saying what baseline does instead; its help lists none (walkthrough)', () => {
    for (const flag of ['--reporter', '--report-dir', '--fail-on', '--show-values', '--baseline']) {
      expect(() => parseCommandLine(['baseline', flag, ...(flag === '--show-values' ? [] : ['x'])]), flag).toThrow(new RegExp(`^<command line>: ${flag}: Not an option of "baseline": baseline (writes|accepts) `));
      expect(helpText('baseline')).not.toContain(`${flag} `);
      expect(helpText('run')).toContain(`${flag} `);
    }
    expect(() => parseCommandLine(['baseline', '-r', 'json'])).toThrow(/--reporter: Not an option of "baseline": baseline writes no report, only the baseline file \(--out FILE/);
    expect(helpText('baseline')).toMatch(/no report, no threshold/);
    // a flag baseline does not take is that one problem: its value is not judged too
    expect(() => parseCommandLine(['baseline', '--fail-on', 'x'])).toThrow(/^<command line>: --fail-on: Not an option of "baseline": [^\n]*$/);
    // the twin: its own flags parse, and run still takes the report flags
    expect(parseCommandLine(['baseline', '--out', 'b.json', '--reason', 'ok', '--tool', 'echo'])).toMatchObject({ command: 'baseline', out: 'b.json', reason: 'ok' });
    expect(parseCommandLine(['run', '-r', 'json', '--report-dir', 'r', '--fail-on', 'warning', '--show-values', '--baseline', 'b.json'])).toMatchObject({ command: 'run', overrides: { reporters: ['json'], reportDir: 'r', failOn: 'warning' } });
  });

  it('the overview names every command', () => {
    for (const command of ['run', 'snapshot', 'baseline', 'merge', 'diff', 'checks']) expect(helpText()).toMatch(new RegExp(`^  ${command} `, 'm'));
  });
});

describe('reporter names', () => {
  it('the constant list used while parsing is the registry', () => {
    expect(knownReporterNames()).toEqual([...BUILTIN_REPORTERS.keys()]);
  });
});
