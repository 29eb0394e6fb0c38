/**
 * What `npm pack` ships: the built JavaScript and declarations (dist/), the docs, README, LICENSE and
 * package.json, and nothing else (no tests, benchmarks, workflows or reports). Read from
 * `npm pack --dry-run --json --ignore-scripts` over the working tree (no build: the list is what the
 * `files` field lets through, whatever dist holds right now).
 */
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The paths `npm pack` would put in the tarball. */
async function packedPaths(): Promise<string[]> {
  const { stdout } = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, env: { npm_config_loglevel: 'silent' } });
  const [entry] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return entry.files.map((f) => f.path).sort();
}

/** A shipped path is allowed when it is one of these files or under one of these folders. */
const ALLOWED_FILES = ['package.json', 'README.md', 'LICENSE'];
const ALLOWED_DIRS = ['dist/', 'docs/'];

describe('the tarball file list', () => {
  it('holds only dist/, docs/, README.md, LICENSE and package.json', async () => {
    const paths = await packedPaths();
    expect(paths).toEqual(expect.arrayContaining(ALLOWED_FILES));
    expect(paths.filter((p) => p.startsWith('docs/'))).toContain('docs/config.md');
    const stray = paths.filter((p) => !ALLOWED_FILES.includes(p) && !ALLOWED_DIRS.some((d) => p.startsWith(d)));
    expect(stray).toEqual([]);
    for (const dir of ['test/', 'bench/', '.github/', 'reports/', 'harness/', 'surfaces/', 'scenarios/', 'node_modules/']) {
      expect(paths.filter((p) => p.startsWith(dir)), dir).toEqual([]);
    }
  });

  it('ships the executable (the loader) and the bundle it runs, never the code cache or the source map', async () => {
    const paths = await packedPaths();
    expect(paths).toEqual(expect.arrayContaining(['dist/bin.js', 'dist/bin.bundle.cjs']));
    // docs/config.md points a scenario file's $schema at it inside the installed package
    expect(paths).toContain('dist/scenarios/scenario.schema.json');
    expect(paths.filter((p) => p.startsWith('dist/.cache/') || p.endsWith('.v8cache') || p === 'dist/bin.bundle.cjs.map')).toEqual([]);
  });
});
