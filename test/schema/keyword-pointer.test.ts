/**
 * A validation issue's schemaPointer is the absolute location of the failing keyword in the document the harness holds
 * (harness/schema/keyword-pointer.ts): ajv's schemaPath is relative to the function that reported it, and a recursive
 * `$ref` target (ajv compiles it apart) starts again at `#`. Through the schema service, both with the interpreter in
 * front (the default) and without it.
 */
import { describe, expect, it } from 'vitest';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import { FALSE_UNPLACED, keywordPointer, schemaNodes } from '../../harness/schema/keyword-pointer.ts';
import { resolvePointer } from '../../harness/schema/pointer.ts';
import type { ValidationIssue } from '../../harness/schema/service.ts';

const D2020 = 'https://json-schema.org/draft/2020-12/schema';
const D07 = 'http://json-schema.org/draft-07/schema#';

/** The [instancePointer, schemaPointer, keyword] of each issue `instance` draws against `schema`, sorted. */
function located(schema: object, instance: unknown, interpret = true): Array<[string, string, string]> {
  const r = createSchemaService({ interpret }).compile(schema as never);
  if (!r.ok) throw new Error(`expected a compile: ${JSON.stringify(r.issues)}`);
  return r.validate(instance).map((i: ValidationIssue): [string, string, string] => [i.instancePointer, i.schemaPointer, i.keyword]).sort();
}

/** Every issue's schemaPointer names the keyword in the document (a false subschema: the boolean itself). */
function expectInDocument(schema: object, issues: Array<[string, string, string]>): void {
  for (const [, pointer] of issues) expect(resolvePointer(schema, pointer.replace(/\/false schema$/, '')).found, pointer).toBe(true);
}

describe.each([true, false])('schemaPointer through recursive refs (interpret: %s)', (interpret) => {
  it('a keyword inside a recursive $defs entry (2020-12) is named under $defs, at every depth', () => {
    const schema = { $schema: D2020, type: 'object', properties: { tree: { $ref: '#/$defs/node' } }, $defs: { node: { type: 'object', properties: { name: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['name'] } } };
    const issues = located(schema, { tree: { name: 1, kids: [{ name: 2 }, {}] } }, interpret);
    expect(issues).toEqual([
      ['/tree/kids/0/name', '/$defs/node/properties/name/type', 'type'],
      ['/tree/kids/1', '/$defs/node/required', 'required'],
      ['/tree/name', '/$defs/node/properties/name/type', 'type'],
    ]);
    expectInDocument(schema, issues);
    expect(located(schema, { tree: { name: 'a', kids: [{ name: 'b' }] } }, interpret)).toEqual([]);
  });

  it('draft-07 definitions: the same, with required and additionalProperties (paths that end at the keyword)', () => {
    const schema = { $schema: D07, type: 'object', properties: { tree: { $ref: '#/definitions/node' } }, definitions: { node: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/definitions/node' } } } } } };
    const issues = located(schema, { tree: { name: 1, extra: 0, kids: [{ extra: 0 }] } }, interpret);
    expect(issues).toEqual([
      ['/tree', '/definitions/node/additionalProperties', 'additionalProperties'],
      ['/tree/kids/0', '/definitions/node/additionalProperties', 'additionalProperties'],
      ['/tree/kids/0', '/definitions/node/required', 'required'],
      ['/tree/name', '/definitions/node/properties/name/type', 'type'],
    ]);
    expectInDocument(schema, issues);
  });

  it('never names a root keyword that did not fail when the root has the same relative path (properties/name)', () => {
    const schema = { type: 'object', properties: { name: { type: 'number' }, tree: { $ref: '#/$defs/node' } }, $defs: { node: { properties: { name: { type: 'string' }, kids: { items: { $ref: '#/$defs/node' } } } } } };
    expect(located(schema, { name: 1, tree: { name: 1 } }, interpret)).toEqual([['/tree/name', '/$defs/node/properties/name/type', 'type']]);
  });

  it('a $ref with asserting siblings: the sibling at the $ref, the target keyword at the target (also recursive)', () => {
    const schema = { type: 'object', properties: { a: { $ref: '#/$defs/n', minProperties: 3 } }, $defs: { n: { type: 'object', properties: { v: { maximum: 1 }, k: { $ref: '#/$defs/n', required: ['v'] } } } } };
    const issues = located(schema, { a: { v: 2, k: { k: { v: 5 } } } }, interpret);
    expect(issues).toEqual([
      ['/a', '/properties/a/minProperties', 'minProperties'],
      ['/a/k', '/$defs/n/properties/k/required', 'required'],
      ['/a/k/k/v', '/$defs/n/properties/v/maximum', 'maximum'],
      ['/a/v', '/$defs/n/properties/v/maximum', 'maximum'],
    ]);
    expectInDocument(schema, issues);
  });

  it('plain properties (no $ref) keep the pointer they always had', () => {
    const schema = { type: 'object', properties: { id: { type: 'string' }, tags: { type: 'array', items: { type: 'string', maxLength: 3 } } }, required: ['id'] };
    expect(located(schema, { tags: ['abcd', 1] }, interpret)).toEqual([
      ['', '/required', 'required'],
      ['/tags/0', '/properties/tags/items/maxLength', 'maxLength'],
      ['/tags/1', '/properties/tags/items/type', 'type'],
    ]);
  });

  it('a chain of $ref-only aliases names the keyword where the chain ends (percent-encoded and ~-escaped refs, annotations, 65 links)', () => {
    const doc = { properties: { x: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/%24defs/b~1c', description: 'd', 'x-kind': 'k' }, 'b/c': { $ref: '#/$defs/leaf' }, leaf: { type: 'string', minLength: 2 } } };
    expect(located(doc, { x: 1 }, interpret)).toEqual([['/x', '/$defs/leaf/type', 'type']]);
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < 65; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    $defs.d65 = { type: 'string' };
    expect(located({ properties: { x: { $ref: '#/$defs/d0' } }, $defs }, { x: 1 }, interpret)).toEqual([['/x', '/$defs/d65/type', 'type']]);
  });

  it('a nested $id (refs resolve against another base), $dynamicRef and a 2019-09 $recursiveRef', () => {
    const nested = { $id: 'https://e.x/root', properties: { a: { $ref: 'https://e.x/c' } }, $defs: { c: { $id: 'https://e.x/c', type: 'object', properties: { r: { $ref: '#/$defs/d' } }, $defs: { d: { type: 'integer', properties: { q: { $ref: '#' } } } } } } };
    expect(located(nested, { a: { r: 'x' } }, interpret)).toEqual([['/a/r', '/$defs/c/$defs/d/type', 'type']]);
    const dynamic = { $schema: D2020, $defs: { tree: { $dynamicAnchor: 'n', type: 'object', properties: { v: { type: 'string' }, kids: { type: 'array', items: { $dynamicRef: '#n' } } } } }, $ref: '#/$defs/tree' };
    expect(located(dynamic, { v: 'a', kids: [{ v: 2 }] }, interpret)).toEqual([['/kids/0/v', '/$defs/tree/properties/v/type', 'type']]);
    const recursive = { $schema: 'https://json-schema.org/draft/2019-09/schema', properties: { t: { $ref: '#/$defs/t' } }, $defs: { t: { $recursiveAnchor: true, type: 'object', properties: { v: { type: 'string' }, kids: { type: 'array', items: { $recursiveRef: '#' } } } } } };
    expect(located(recursive, { t: { kids: [{ v: 2 }] } }, interpret)).toEqual([['/t/kids/0/v', '/$defs/t/properties/v/type', 'type']]);
  });

  it('a false subschema and an empty enum inside a recursive $def are named where the document holds them', () => {
    const schema = { properties: { t: { $ref: '#/$defs/n' }, z: { $ref: '#/$defs/never' } }, $defs: { never: false, n: { properties: { secret: false, mode: { enum: [] }, kids: { items: { $ref: '#/$defs/n' } } } } } };
    const issues = located(schema, { z: 1, t: { secret: 1, kids: [{ mode: 'a' }] } }, interpret);
    expect(issues).toEqual([
      ['/t/kids/0/mode', '/$defs/n/properties/mode/enum', 'enum'],
      ['/t/secret', '/$defs/n/properties/secret/false schema', 'false schema'],
      ['/z', '/$defs/never/false schema', 'false schema'],
    ]);
  });

  it('a false subschema through an inlined $ref: its own pointer when only one node fits, else the root that holds it (never another node)', () => {
    const resource = () => ({ $id: 'sub', type: 'object', $defs: { F: false }, properties: { x: { $ref: '#/$defs/F' } } });
    // the ref resolves against the embedded resource `p`: its $defs/F, which the root does not have
    const placed = { $id: 'https://ex.com/r', type: 'object', properties: { p: resource() } };
    expect(located(placed, { p: { x: 1 } }, interpret)).toEqual([['/p/x', '/properties/p/$defs/F/false schema', 'false schema']]);
    // the root has a $defs/F false too, but no $ref of the root's resource names it: still p's
    const shadowed = { $id: 'https://ex.com/r', type: 'object', properties: { p: resource() }, $defs: { F: false } };
    expect(located(shadowed, { p: { x: 1 } }, interpret)).toEqual([['/p/x', '/properties/p/$defs/F/false schema', 'false schema']]);
    // a $ref of the root's resource names the root's $defs/F too: the path fits both, so neither is named
    const both = { $id: 'https://ex.com/r', type: 'object', properties: { a: { $ref: '#/$defs/F' }, p: resource() }, $defs: { F: false } };
    expect(located(both, { p: { x: 1 } }, interpret)).toEqual([['/p/x', '', 'false schema']]);
    // an alias chain A -> B (false): ajv names it at A, an object; the false is elsewhere
    const alias = { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { $ref: '#/$defs/B' }, B: false } };
    expect(located(alias, { a: 1 }, interpret)).toEqual([['/a', '', 'false schema']]);
    // a $ref by URI: ajv's path starts with the URI (`sub/...`, `https://e/x#/...`), no JSON pointer
    const byUri = { $id: 'https://ex.com/r', type: 'object', properties: { p: { $ref: 'sub' } }, $defs: { s: { $id: 'sub', type: 'object', properties: { x: false } } } };
    expect(located(byUri, { p: { x: 1 } }, interpret)).toEqual([['/p/x', '', 'false schema']]);
    const absolute = { $id: 'https://e/x', type: 'object', properties: { a: { $ref: '#/$defs/F' }, b: { $ref: 'https://e/x#/$defs/F' } }, $defs: { F: false } };
    expect(located(absolute, { a: 1, b: 1 }, interpret)).toEqual([['/a', '/$defs/F/false schema', 'false schema'], ['/b', '', 'false schema']]);
    // the twins: a false the path names alone keeps its pointer (plain, by a local ref, escaped and percent-encoded)
    const plain = { type: 'object', properties: { a: false, b: { $ref: '#/$defs/x~1y' }, c: { $ref: '#/$defs/a%20b' } }, prefixItems: [false], $defs: { 'x/y': false, 'a b': false } };
    const issues = located(plain, { a: 1, b: 1, c: 1 }, interpret);
    expect(issues).toEqual([['/a', '/properties/a/false schema', 'false schema'], ['/b', '/$defs/x~1y/false schema', 'false schema'], ['/c', '/$defs/a b/false schema', 'false schema']]);
    expectInDocument(plain, issues);
    for (const [schema, instance] of [[placed, { p: { x: 1 } }], [shadowed, { p: { x: 1 } }], [plain, { a: 1, b: 1, c: 1 }]] as const) {
      for (const [, pointer] of located(schema, instance, interpret)) expect(resolvePointer(schema, pointer.replace(/\/false schema$/, '')), pointer).toEqual({ found: true, value: false });
    }
  });
});

describe('keywordPointer and schemaNodes', () => {
  it('map each object to its pointer; an object met twice is ambiguous and keeps ajv\'s relative pointer', () => {
    const shared = { type: 'string' };
    const doc = { properties: { a: shared, b: shared, 'c/d': { type: 'number' } } };
    const nodes = schemaNodes(doc);
    expect(nodes.get(doc.properties['c/d'])).toBe('/properties/c~1d');
    expect(nodes.get(shared)).toBe(null);
    expect(keywordPointer({ schemaPointer: '/type', parentSchema: doc.properties['c/d'] }, doc, nodes, () => [])).toBe('/properties/c~1d/type');
    expect(keywordPointer({ schemaPointer: '/properties/b/type', parentSchema: shared }, doc, nodes, () => [])).toBe('/properties/b/type');
    expect(keywordPointer({ schemaPointer: '/type', parentSchema: { type: 'string' } }, doc, nodes, () => [])).toBe('/type');
    expect(keywordPointer({ schemaPointer: '/type' }, doc, nodes, () => [])).toBe('/type');
  });

  it('a false subschema: the one base where the relative path names false, else the root (FALSE_UNPLACED), never another node', () => {
    const doc = { properties: { x: false, r: { $ref: '#/$defs/a' }, s: { $ref: '#/$defs/w' } }, $defs: { n: { properties: { x: false } }, m: { properties: { y: false } }, a: { $ref: '#/$defs/m' }, w: { $ref: '#/$defs/m', properties: { y: false } } } };
    const nodes = schemaNodes(doc);
    const at = (schemaPointer: string, bases: string[]) => keywordPointer({ schemaPointer, parentSchema: false }, doc, nodes, () => bases);
    expect(at('/properties/y/false schema', ['', '/$defs/n', '/$defs/m'])).toBe('/$defs/m/properties/y/false schema');
    expect(at('/properties/x/false schema', ['', '/$defs/n'])).toBe(FALSE_UNPLACED); // two bases: ambiguous
    expect(at('/properties/z/false schema', ['', '/$defs/n'])).toBe(FALSE_UNPLACED); // no such node
    expect(at('sub/properties/x/false schema', [''])).toBe(FALSE_UNPLACED); // no JSON pointer
    expect(at('/$defs/a/false schema', [''])).toBe(FALSE_UNPLACED); // ends at an alias (an object with $ref)
    expect(at('/$defs/a/properties/y/false schema', ['', '/$defs/n'])).toBe(FALSE_UNPLACED); // stops at an alias
    expect(at('/$defs/w/properties/y/false schema', [''])).toBe('/$defs/w/properties/y/false schema'); // through a $ref with its own properties
    expect(at('/$defs/n/properties/x/false schema', [''])).toBe(FALSE_UNPLACED); // no $ref names $defs/n: not read from the root
    expect(FALSE_UNPLACED).toBe('');
  });
});
