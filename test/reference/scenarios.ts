/** Loads the reference scenario files (scenarios/reference/*.json) for the tests. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './driver.ts';

/** One scenario as written in a scenario file. */
export interface FileScenario {
  name: string;
  arguments: Record<string, unknown>;
  expect: 'success' | 'tool-error' | 'protocol-error';
  assert?: { structuredContentHas?: string[]; textIncludes?: string[] };
  timeoutMs?: number;
}

/** A scenario file. */
export interface ScenarioFile {
  tool: string;
  scenarios: FileScenario[];
}

/** Every scenario file of the reference package, keyed by file name. */
export function loadReferenceScenarios(): Map<string, ScenarioFile> {
  const dir = join(ROOT, 'scenarios/reference');
  const files = new Map<string, ScenarioFile>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    files.set(name, JSON.parse(readFileSync(join(dir, name), 'utf8')) as ScenarioFile);
  }
  return files;
}

/** Resolve an RFC 6901 JSON pointer; `undefined` when a step is missing. */
export function resolvePointer(value: unknown, pointer: string): unknown {
  let current = value;
  for (const raw of pointer.split('/').slice(1)) {
    const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !(step in current)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}
