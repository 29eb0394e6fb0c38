/**
 * The schema corpus of the tests that prove a shortcut never changes an answer: every JSON-Schema-Test-Suite
 * schema (draft-07, 2019-09, 2020-12, from bench/json-schema-test-suite), every `inputSchema`/`outputSchema`
 * in the fixtures, and the synthetic surface's first 50 tools' input and output schemas.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputSchema, outputSchema } from '../../bench/synthetic/tools.mjs';
import { fixtureJsonDocuments } from './fixture-json.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The corpus, freshly parsed on each call (callers may mutate their copy). */
export function schemaCorpus(): unknown[] {
  const out: unknown[] = [];
  for (const file of ['draft7', 'draft2019-09', 'draft2020-12']) {
    const groups = JSON.parse(readFileSync(join(ROOT, `bench/json-schema-test-suite/${file}.json`), 'utf8')) as Record<string, Array<{ schema: unknown }>>;
    for (const list of Object.values(groups)) for (const g of list) out.push(g.schema);
  }
  for (const { doc } of fixtureJsonDocuments()) {
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(collect);
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'inputSchema' || key === 'outputSchema') out.push(value);
        collect(value);
      }
    };
    collect(doc);
  }
  for (let i = 0; i < 50; i++) out.push(inputSchema(i), outputSchema(i));
  return out;
}
