/**
 * harness/schema/walk.ts: `walkSchema` visits every subschema in document order (SINGLE keywords, `items`, LIST,
 * MAP, each in its declared order), whether it reads a node's own names (a plain object) or looks every keyword
 * up through the prototype (any other object). The reference below is the walk's specification written plainly:
 * recursive, every keyword looked up with `in`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { walkSchema } from '../../harness/schema/walk.ts';
import { MAX_SCHEMA_DEPTH } from '../../harness/schema/depth.ts';
import { escapeToken } from '../../harness/schema/pointer.ts';
import { inputSchema, outputSchema } from '../../bench/synthetic/tools.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SINGLE = ['additionalItems', 'contains', 'not', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'propertyNames', 'contentSchema'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

type Seen = { pointer: string; via: string; parent: string | undefined };

/** The walk's order, plainly: root first, then each keyword's subschemas in keyword order, depth-first. */
function reference(root: unknown): Seen[] {
  const out: Seen[] = [];
  const visit = (node: unknown, depth: number, pointer: string, via: string[], parent: string | undefined): void => {
    if (depth > MAX_SCHEMA_DEPTH) return;
    if (typeof node !== 'boolean' && (node === null || typeof node !== 'object' || Array.isArray(node))) return;
    out.push({ pointer, via: via.join('/'), parent });
    if (typeof node === 'boolean') return;
    const schema = node as Record<string, unknown>;
    for (const key of SINGLE) if (key in schema) visit(schema[key], depth + 1, `${pointer}/${key}`, [...via, key], pointer);
    const items = schema.items;
    if (Array.isArray(items)) items.forEach((item, i) => visit(item, depth + 2, `${pointer}/items/${i}`, [...via, 'items'], pointer));
    else if ('items' in schema) visit(items, depth + 1, `${pointer}/items`, [...via, 'items'], pointer);
    for (const key of LIST) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach((sub, i) => visit(sub, depth + 2, `${pointer}/${key}/${i}`, [...via, key], pointer));
    }
    for (const key of MAP) {
      const map = schema[key];
      if (map === null || typeof map !== 'object' || Array.isArray(map)) continue;
      for (const name of Object.keys(map)) {
        const sub = (map as Record<string, unknown>)[name];
        if (!Array.isArray(sub)) visit(sub, depth + 2, `${pointer}/${key}/${escapeToken(name)}`, [...via, key], pointer);
      }
    }
  };
  visit(root, 0, '', [], undefined);
  return out;
}

function walked(root: unknown): Seen[] {
  const out: Seen[] = [];
  walkSchema(root, (v) => out.push({ pointer: v.pointer, via: v.via.join('/'), parent: v.parent }));
  return out;
}

/** Every group schema of the JSON-Schema-Test-Suite's three drafts. */
function suiteSchemas(): unknown[] {
  return ['draft7', 'draft2019-09', 'draft2020-12'].flatMap((file) => {
    const groups = JSON.parse(readFileSync(join(ROOT, `bench/json-schema-test-suite/${file}.json`), 'utf8')) as Record<string, { schema: unknown }[]>;
    return Object.values(groups).flatMap((list) => list.map((g) => g.schema));
  });
}

describe('walkSchema: every subschema, in document order', () => {
  it('on the JSON-Schema-Test-Suite and the synthetic surface, as the plain reference walk', () => {
    const schemas = [...suiteSchemas(), inputSchema(3), outputSchema(3)];
    expect(schemas.length).toBeGreaterThan(1000);
    for (const schema of schemas) expect(walked(schema)).toEqual(reference(schema));
  });

  it('orders keywords by kind, not by the order the document writes them', () => {
    const schema = JSON.parse('{"properties":{"b":{},"a":{}},"anyOf":[{}],"items":{},"not":{},"additionalProperties":false}');
    expect(walked(schema).map((s) => s.pointer)).toEqual(['', '/not', '/additionalProperties', '/items', '/anyOf/0', '/properties/b', '/properties/a']);
  });

  it('reads keywords through a prototype other than Object.prototype, and non-enumerable own ones', () => {
    const proto = { not: { type: 'string' }, properties: { p: {} } };
    const inherited = Object.assign(Object.create(proto) as Record<string, unknown>, { items: [{}, true] });
    expect(walked(inherited)).toEqual(reference(inherited));
    expect(walked(inherited).map((s) => s.pointer)).toEqual(['', '/not', '/items/0', '/items/1', '/properties/p']);
    const hidden: Record<string, unknown> = { type: 'object' };
    Object.defineProperty(hidden, 'allOf', { value: [{ minimum: 1 }], enumerable: false });
    expect(walked(hidden).map((s) => s.pointer)).toEqual(['', '/allOf/0']);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { $defs: { A: { type: 'string' } } });
    expect(walked(bare).map((s) => s.pointer)).toEqual(['', '/$defs/A']);
  });

  it('sees a keyword Object.prototype itself carries (a polluted prototype), within the depth bound', () => {
    const polluted = Object.prototype as Record<string, unknown>;
    polluted.not = { type: 'string' };
    try {
      // every subschema inherits `not` then, itself included: the walk stops at MAX_SCHEMA_DEPTH as the reference does
      const seen = walked({ type: 'object' });
      expect(seen).toEqual(reference({ type: 'object' }));
      expect(seen.slice(0, 3).map((s) => s.pointer)).toEqual(['', '/not', '/not/not']);
      expect(seen).toHaveLength(MAX_SCHEMA_DEPTH + 1);
    } finally {
      delete polluted.not;
    }
    expect(walked({ type: 'object' }).map((s) => s.pointer)).toEqual(['']);
  });
});
