/**
 * The build-time validators are generated, not written: the committed files are exactly what
 * scripts/generate-validators.ts produces from today's ajv, ajv-formats, engine options and bundled
 * wire schemas (`npm run generate:validators` rewrites them), as docs/checks.md is kept by the catalog
 * test; and `npm run build` ships them (dist/ holds the same files).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIRS, generatedSources, presentFiles } from '../../scripts/generate-validators.ts';

describe('generated validators', () => {
  const sources = generatedSources();

  it('the generated folders hold exactly the generated files', () => {
    expect(presentFiles().sort()).toEqual(Object.keys(sources).sort());
  });

  for (const path of Object.keys(sources)) {
    it(`${path} is in step with scripts/generate-validators.ts (npm run generate:validators)`, () => {
      const committed = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
      expect(committed === sources[path], `${path} is stale: run npm run generate:validators`).toBe(true);
    });
  }

  it('generates the same bytes twice (reproducible)', () => {
    expect(generatedSources()).toEqual(sources);
  });

  it('the build copies them next to the compiled modules that require them', () => {
    const build = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts.build;
    for (const dir of GENERATED_DIRS) {
      const [, layer] = dir.split('/');
      expect(build).toContain(`'${layer}'`);
    }
    expect(build).toContain(`cpSync('harness/'+d+'/generated','dist/'+d+'/generated'`);
  });
});
