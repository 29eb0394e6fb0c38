import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatedFormats, generatedModule } from '../../harness/generated-validators.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('generatedModule (the build-time validators; bundled into the CLI by scripts/bundle-cli.mjs)', () => {
  it('loads a meta-schema module and a wire module by directory and name', () => {
    expect(typeof generatedModule('schema', 'meta-draft-07')).toBe('function');
    const wire = generatedModule('wire', '2025-11-25') as Record<string, unknown>;
    expect(Object.values(wire).length).toBeGreaterThan(0);
    expect(Object.values(wire).every((v) => typeof v === 'function')).toBe(true);
  });

  it('throws for a module that does not exist', () => {
    expect(() => generatedModule('wire', '1999-01-01')).toThrow();
  });

  // outside vitest (which lends every module a `require`): plain Node ESM through tsx, as the source CLI and the
  // library run. warmWireFormats once called an unbound `require` there (a review of 03540d7) and the prepare hook
  // swallowed the ReferenceError
  it('in plain Node, warmWireFormats runs, on the very ajv-formats instance the wire validators require', () => {
    const script = [
      "import { createRequire } from 'node:module';",
      "const { warmWireFormats } = await import('./harness/wire/validate.ts');",
      "const { generatedFormats } = await import('./harness/generated-validators.ts');",
      'warmWireFormats();',
      "const theirs = createRequire(new URL('./harness/wire/generated/2025-11-25.cjs', 'file://' + process.cwd() + '/').href)('ajv-formats/dist/formats');",
      "process.stdout.write(generatedFormats() === theirs ? 'same' : 'different');",
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toBe('same');
    expect(typeof (generatedFormats() as { fullFormats?: { uri?: unknown } }).fullFormats?.uri).toBe('function');
  });
});
