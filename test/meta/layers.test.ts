/**
 * Dependencies point one way (docs/architecture.md §Stages and their modules, §Adding a check; Playwright's DEPS.list): checks never import the
 * process layer or the runner; reporters never import the runner; the session layer never judges.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../harness/', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The harness-relative top-level directories a file imports from. */
function importedLayers(file: string, text = readFileSync(file, 'utf8')): string[] {
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]);
  return specs.map((spec) => relative(ROOT, join(file, '..', spec)).split('/')[0]);
}

/** `file -> layer` for every import of a forbidden layer in `targets`: the rule itself. */
function offendersOf(targets: string[], forbidden: string[], read?: (file: string) => string): string[] {
  return targets.flatMap((file) =>
    importedLayers(file, read?.(file))
      .filter((l) => forbidden.includes(l))
      .map((l) => `${relative(ROOT, file)} -> ${l}`),
  );
}

const RULES: Record<string, string[]> = {
  checks: ['session', 'run', 'cli', 'cli.ts', 'reporters', 'config'],
  invariants: ['session', 'run', 'cli', 'cli.ts', 'reporters'],
  schema: ['session', 'run', 'cli', 'cli.ts', 'checks', 'reporters'],
  reporters: ['session', 'run', 'cli', 'cli.ts', 'config'],
  report: ['session', 'run', 'cli', 'cli.ts', 'reporters'],
  session: ['checks', 'run', 'cli', 'cli.ts', 'reporters', 'report', 'schema'],
  probes: ['session', 'run', 'cli', 'cli.ts', 'checks', 'reporters'],
  wire: ['session', 'run', 'cli', 'cli.ts'],
  // The data model is the bottom layer: it imports nothing of the harness but itself.
  model: ['checks', 'cli', 'cli.ts', 'config', 'contract', 'index.ts', 'invariants.ts', 'json.ts', 'probes', 'report', 'reporters', 'run', 'scenarios', 'schema', 'session', 'version.ts', 'wire'],
};

describe('layering', () => {
  for (const [layer, forbidden] of Object.entries(RULES)) {
    it(`harness/${layer} imports none of: ${forbidden.join(', ')}`, () => {
      const dir = join(ROOT, layer);
      const targets = statSync(join(ROOT, `${layer}.ts`), { throwIfNoEntry: false }) ? [join(ROOT, `${layer}.ts`)] : files(dir);
      expect(offendersOf(targets, forbidden)).toEqual([]);
    });
  }

  it('the session talks to the Transport interface: only transports.ts (and index.ts) import a transport directory', () => {
    const sessionDir = join(ROOT, 'session');
    const transportDirs = readdirSync(sessionDir).filter((name) => statSync(join(sessionDir, name)).isDirectory());
    const offenders = readdirSync(sessionDir)
      .filter((name) => name.endsWith('.ts') && !['transports.ts', 'index.ts'].includes(name))
      .flatMap((name) => {
        const text = readFileSync(join(sessionDir, name), 'utf8');
        return transportDirs.filter((dir) => text.includes(`'./${dir}/`)).map((dir) => `session/${name} -> ${dir}/`);
      });
    expect(transportDirs).toContain('stdio');
    expect(offenders).toEqual([]);
  });

  it('catches a forbidden import (the rule can fail): the real rule on a planted file', () => {
    // planted in memory under harness/checks/ (nothing is written to the tree other tests read)
    const planted = join(ROOT, 'checks', 'planted.ts');
    const text = "import { openSession } from '../session/index.ts';\nimport type { X } from '../model/wire.ts';\n";
    expect(offendersOf([planted], RULES.checks, () => text)).toEqual(['checks/planted.ts -> session']);
  });
});
