/**
 * The JSON documents under test/fixtures (a file that is not JSON is skipped), read once per call, for the
 * tests that take every fixture's schemas and values as a corpus (schema parity and pre-scan tests).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every parseable `test/fixtures/**\/*.json` as `{ file, doc }`, `file` relative to the repository root. */
export function fixtureJsonDocuments(): Array<{ file: string; doc: unknown }> {
  const out: Array<{ file: string; doc: unknown }> = [];
  for (const file of globSync('test/fixtures/**/*.json', { cwd: ROOT })) {
    try {
      out.push({ file, doc: JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as unknown });
    } catch {
      // not JSON (a fixture of a broken file): not part of the corpus
    }
  }
  return out;
}
