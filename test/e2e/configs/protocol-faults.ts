/**
 * Issue 4: one surface per fault fixture (test/fixtures/servers/faults/*.mjs; `_`-prefixed helpers
 * excluded), named after the file. Fixtures whose fault shows on the modern era also run with
 * `--modern` as `<name>-modern` (MODERN_VARIANTS: `only` = the fault exists on the modern era alone).
 * The `sdk-mixed` surface serves nothing wrong but declares the mixed-SDK manifest of faults/sdk-mixed.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '../../../harness/index.ts';

const FAULTS = fileURLToPath(new URL('../../fixtures/servers/faults/', import.meta.url));

/** Fixtures that also (or only) show their fault on the modern era. */
export const MODERN_VARIANTS: Record<string, 'also' | 'only'> = { 'bad-discover': 'only', 'bad-wire': 'also', 'ignores-version': 'also' };

/**
 * Per-surface timeouts: closes-stdin leaves server/discover unanswered, so the harness re-probes within the start
 * budget before it sends initialize; a short budget keeps that surface from taking the default 15 s.
 */
const SURFACE_TIMEOUTS: Record<string, { startMs: number }> = { 'closes-stdin': { startMs: 3000 } };

/** The fault fixture names (file names without `.mjs`). */
export const faultFixtures: string[] = readdirSync(FAULTS)
  .filter((file) => file.endsWith('.mjs') && !file.startsWith('_'))
  .map((file) => file.slice(0, -'.mjs'.length))
  .sort();

const surface = (name: string, file: string, ...args: string[]) => ({
  name, command: process.execPath, args: [FAULTS + file, ...args], ...(SURFACE_TIMEOUTS[name] ? { timeouts: SURFACE_TIMEOUTS[name] } : {}),
});

export default defineConfig({
  timeouts: { requestMs: 2000, probeMs: 1000, stdinGraceMs: 500, termGraceMs: 500, surfaceMs: 60_000 },
  surfaces: [
    ...faultFixtures.flatMap((name) => {
      const variant = MODERN_VARIANTS[name];
      const legacy = variant === 'only' ? [] : [surface(name, `${name}.mjs`)];
      const modern = variant ? [surface(`${name}-modern`, `${name}.mjs`, '--modern')] : [];
      return [...legacy, ...modern];
    }),
    { ...surface('sdk-mixed', '../fixture-server.mjs'), manifest: '../../fixtures/servers/faults/sdk-mixed/package.json' },
  ],
});
