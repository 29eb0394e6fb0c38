/**
 * Every real-world case (test/fixtures/cases/*.json) as one surface replayed by replay-case.mjs, so the
 * whole set runs through the real CLI in one run. A case that describes the shared contract its
 * surface was derived from (case 31) gets that contract from ./case-contracts.ts. Generated calls
 * include destructive tools: the cases' tools mostly carry no annotations, and the result cases need a call.
 * A case that records a second schema variant (`exchange.recursive_variant_outputSchema`, case 08) also
 * gets a `<surface>-variant` surface: the generic fixture server advertising the case's tool with that
 * outputSchema (listed only, not called).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '../../../harness/index.ts';
import { derivedCaseFiles } from './case-contracts.ts';

const CASES = fileURLToPath(new URL('../../fixtures/cases/', import.meta.url));

/** `01-outputschema-without-structuredcontent.json` -> `case-01`. */
export const surfaceNameOf = (file: string): string => `case-${file.slice(0, 2)}`;

const files = readdirSync(CASES).filter((file) => file.endsWith('.json')).sort();

/** One replayed case. */
const replay = (file: string) => ({
  name: surfaceNameOf(file),
  command: process.execPath,
  args: ['../../fixtures/servers/replay-case.mjs', CASES + file],
  generate: { destructive: true },
  ...(derivedCaseFiles.includes(file) ? { contract: { module: 'case-contracts.ts' } } : {}),
});

/** The recorded schema variant of a case, served by the fixture server; none when the case has no variant. */
function variant(file: string) {
  const kase = JSON.parse(readFileSync(CASES + file, 'utf8')) as { tool: Record<string, unknown>; exchange?: { recursive_variant_outputSchema?: unknown } };
  const outputSchema = kase.exchange?.recursive_variant_outputSchema;
  if (outputSchema === undefined) return [];
  const tool = { ...kase.tool, outputSchema };
  return [{ name: `${surfaceNameOf(file)}-variant`, command: process.execPath, args: ['../../fixtures/servers/fixture-server.mjs', `--tools=${JSON.stringify([tool])}`], generate: { enabled: false } }];
}

export default defineConfig({
  timeouts: { requestMs: 3000, probeMs: 1000, stdinGraceMs: 500, termGraceMs: 500, surfaceMs: 60_000 },
  surfaces: files.flatMap((file) => [replay(file), ...variant(file)]),
});
