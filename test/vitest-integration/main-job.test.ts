/**
 * This repository's own main job through `mcp-harness/vitest` (the sources): one small surface of
 * mcp-harness.config.ts, one describe, one test per enabled check, validated once in beforeAll.
 * The faulty arm (a check's test fails, listing its findings value-free) is spawned in
 * describe-surfaces.test.ts.
 */
import { describeSurfaces } from '../../harness/vitest.ts';

describeSurfaces({ config: 'mcp-harness.config.ts' }, { surfaces: ['reference-legacy'] });
