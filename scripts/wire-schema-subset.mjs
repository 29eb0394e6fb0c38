#!/usr/bin/env node
/**
 * Reduce a revision's official schema.json (modelcontextprotocol/modelcontextprotocol
 * `schema/<rev>/schema.json`) to the definitions the harness validates with, as bundled in
 * harness/wire/schemas/<rev>.json: the definitions reachable (by local `$ref`) from the roots, with
 * every `description` annotation removed (a `description` PROPERTY inside `properties` is kept).
 * Keys are written sorted, one-space indented, so a re-run on the same input gives the same bytes.
 *
 *   node scripts/wire-schema-subset.mjs <schema.json> <revision> <commit> <commit-date> <root,...>
 *
 * Not used at run time or in tests: the bundled output is data; this is how it was made.
 */
import { readFileSync } from 'node:fs';

const [file, revision, commit, date, rootList] = process.argv.slice(2);
if (!file || !revision || !commit || !date || !rootList) {
  console.error('usage: wire-schema-subset.mjs <schema.json> <revision> <commit> <commit-date> <root,...>');
  process.exit(2);
}
const full = JSON.parse(readFileSync(file, 'utf8'));
const defsKey = full.$defs ? '$defs' : 'definitions';
const defs = full[defsKey];
const roots = rootList.split(',');

const keep = new Set();
const visit = (name) => {
  if (keep.has(name)) return;
  if (!(name in defs)) throw new Error(`${file}: no definition ${name}`);
  keep.add(name);
  walkRefs(defs[name]);
};
function walkRefs(node) {
  if (Array.isArray(node)) return node.forEach(walkRefs);
  if (node === null || typeof node !== 'object') return;
  if (typeof node.$ref === 'string') {
    const prefix = `#/${defsKey}/`;
    if (!node.$ref.startsWith(prefix)) throw new Error(`non-local $ref ${node.$ref}`);
    visit(node.$ref.slice(prefix.length));
  }
  for (const value of Object.values(node)) walkRefs(value);
}
roots.forEach(visit);

/** Drop `description` annotations; under `properties` (and other name maps) the keys are names, not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', defsKey]);
function strip(node, namesHere = false) {
  if (Array.isArray(node)) return node.map((n) => strip(n));
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const key of Object.keys(node).sort()) {
    if (!namesHere && key === 'description') continue;
    out[key] = namesHere ? strip(node[key]) : strip(node[key], NAME_MAPS.has(key));
  }
  return out;
}
const subset = {};
for (const name of [...keep].sort()) subset[name] = defs[name];
const schema = { $schema: full.$schema, [defsKey]: strip(subset, true) };
const source = `modelcontextprotocol/modelcontextprotocol schema/${revision}/schema.json @ ${commit} (${date}); ${defsKey} subset reachable from ${roots.join(', ')}; 'description' annotations removed`;
process.stdout.write(JSON.stringify({ source, schema }, null, 1) + '\n');
