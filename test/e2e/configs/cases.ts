/**
 * Every real-world case (test/fixtures/cases/*.json) as one surface replayed by replay-case.mjs, so the
 * whole set runs through the real CLI in one run. A case that describes the shared contract its
 * surface was derived from (case 31) gets that contract from ./case-contracts.ts. Generated calls
 * include destructive tools: the cases' tools mostly carry no annotations, and the result cases need a call.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '../../../harness/index.ts';
import { derivedCaseFiles } from './case-contracts.ts';

const CASES = fileURLToPath(new URL('../../fixtures/cases/', import.meta.url));

/** `01-outputschema-without-structuredcontent.json` -> `case-01`. */
export const surfaceNameOf = (file: string): string => `case-${file.slice(0, 2)}`;

export default defineConfig({
  timeouts: { requestMs: 3000, probeMs: 1000, stdinGraceMs: 500, termGraceMs: 500, surfaceMs: 60_000 },
  surfaces: readdirSync(CASES)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      name: surfaceNameOf(file),
      command: process.execPath,
      args: ['../../fixtures/servers/replay-case.mjs', CASES + file],
      generate: { destructive: true },
      ...(derivedCaseFiles.includes(file) ? { contract: { module: 'case-contracts.ts' } } : {}),
    })),
});
