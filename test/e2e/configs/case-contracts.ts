/**
 * Contract module for the replayed cases that describe a shared contract a surface was derived from
 * (`exchange.shared_contract_schema`, case 31): each such case's tool, with the shared schema as its
 * inputSchema. Plain JSON Schema, read from the case files (test/fixtures/cases).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../fixtures/cases/', import.meta.url));

interface DerivedCase {
  tool: { name: string };
  exchange?: { shared_contract_schema?: Record<string, unknown> };
}

/** The case files (names) that carry a shared contract schema. */
export const derivedCaseFiles: string[] = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .filter((name) => (JSON.parse(readFileSync(DIR + name, 'utf8')) as DerivedCase).exchange?.shared_contract_schema !== undefined)
  .sort();

/** The contract tools of those cases: `{ name, inputSchema: shared_contract_schema }`. */
export const tools = derivedCaseFiles.map((name) => {
  const kase = JSON.parse(readFileSync(DIR + name, 'utf8')) as DerivedCase;
  return { name: kase.tool.name, inputSchema: kase.exchange?.shared_contract_schema as Record<string, unknown> };
});
