import { describe, expect, it } from 'vitest';
import { generatedModule } from '../../harness/generated-validators.ts';

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
});
