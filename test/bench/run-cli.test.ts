/**
 * bench/run.ts's command line: `--help` prints the options and exits 0 before anything is built or measured; a bad
 * argument is named with the usage, without a stack trace, and exits 2 (a README walkthrough: `--help` printed
 * ERR_PARSE_ARGS_UNKNOWN_OPTION's stack).
 */
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const bench = (...args: string[]) => execa(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], { reject: false, stdin: 'ignore', timeout: 60_000 });

describe('bench/run.ts command line', () => {
  it('--help prints the options and exits 0', async () => {
    const r = await bench('--help');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('--other-rounds N');
    expect(r.stdout).toContain('--startup-only');
    expect(r.stderr).toBe('');
  });

  it.each([['--bogus', "Unknown option '--bogus'"], ['--default-rounds=0', '--default-rounds must be a positive integer']])('%s: named with the usage on stderr, no stack, exit 2', async (arg, said) => {
    const r = await bench(arg);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`bench: ${said}`);
    expect(r.stderr).toContain('usage: node --import tsx bench/run.ts');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });
});
