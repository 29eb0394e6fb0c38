/**
 * The build-time validators are generated, not written: the committed files are exactly what
 * scripts/generate-validators.ts produces from today's ajv, ajv-formats, engine options and bundled
 * wire schemas (`npm run generate:validators` rewrites them), as docs/checks.md is kept by the catalog test.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILES, generatedSources } from '../../scripts/generate-validators.ts';

describe('generated validators', () => {
  const sources = generatedSources();
  for (const path of GENERATED_FILES) {
    it(`${path} is in step with scripts/generate-validators.ts (npm run generate:validators)`, () => {
      const committed = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
      expect(committed === sources[path], `${path} is stale: run npm run generate:validators`).toBe(true);
    });
  }

  it('generates the same bytes twice (reproducible)', () => {
    expect(generatedSources()).toEqual(sources);
  });
});
