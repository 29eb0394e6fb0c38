import { describe, expect, it } from 'vitest';
import { components } from '../../harness/schema/ref-cycles.ts';
import { findRefs, recursiveRefs, resolveUri } from '../../harness/schema/refs.ts';
import { walkSchema, type SchemaVisit } from '../../harness/schema/walk.ts';
import { MAX_SCHEMA_DEPTH } from '../../harness/schema/depth.ts';
import { deepSchema } from './deep.ts';

const pointers = (schema: unknown) => recursiveRefs(findRefs(schema)).map((s) => s.pointer);

describe('findRefs', () => {
  it('classifies local, remote, anchored and embedded-resource refs', () => {
    const schema = {
      $defs: { a: { $anchor: 'A', type: 'string' }, inner: { $id: 'https://x.test/inner', $defs: { n: { type: 'number' } } } },
      properties: {
        l: { $ref: '#/$defs/a' },
        an: { $ref: '#A' },
        emb: { $ref: 'https://x.test/inner#/$defs/n' },
        rem: { $ref: 'https://example.invalid/a.json' },
        bad: { $ref: '#/$defs/missing' },
      },
    };
    expect(findRefs(schema).map((s) => [s.pointer, s.kind, s.target])).toEqual([
      ['/properties/l/$ref', 'local', '/$defs/a'],
      ['/properties/an/$ref', 'local', '/$defs/a'],
      ['/properties/emb/$ref', 'local', '/$defs/inner/$defs/n'],
      ['/properties/rem/$ref', 'remote', undefined],
      ['/properties/bad/$ref', 'unresolved', undefined],
    ]);
  });
  it('resolves relative refs against the nearest enclosing $id', () => {
    const schema = { $defs: { r: { $id: 'https://x.test/dir/r.json', properties: { s: { $ref: 'sib.json' } } }, sib: { $id: 'https://x.test/dir/sib.json', type: 'string' } } };
    expect(findRefs(schema)).toEqual([expect.objectContaining({ pointer: '/$defs/r/properties/s/$ref', kind: 'local', target: '/$defs/sib' })]);
  });
  it('returns quickly and without throwing on a 2,000-level schema (walk stops at the depth limit)', () => {
    let schema: Record<string, unknown> = { $ref: '#' };
    for (let i = 0; i < 2_000; i++) schema = { properties: { c: schema }, $ref: '#/$defs/x' };
    expect(() => findRefs(schema)).not.toThrow();
    expect(findRefs(schema).length).toBeLessThanOrEqual(MAX_SCHEMA_DEPTH);
  });
});

describe('recursiveRefs', () => {
  it('flags a $ref to the root ("#"), as zod emits for a recursive root', () => {
    expect(pointers({ type: 'object', properties: { child: { $ref: '#' } } })).toEqual(['/properties/child/$ref']);
  });
  it('flags mutual recursion through $defs and leaves plain refs alone', () => {
    const schema = {
      $defs: { a: { properties: { b: { $ref: '#/$defs/b' } } }, b: { items: { $ref: '#/$defs/a' } }, leaf: { type: 'string' } },
      properties: { start: { $ref: '#/$defs/a' }, plain: { $ref: '#/$defs/leaf' } },
    };
    expect(pointers(schema)).toEqual(['/$defs/a/properties/b/$ref', '/$defs/b/items/$ref']);
  });
  it('flags a self-reference inside a definition', () => {
    expect(pointers({ $defs: { n: { properties: { next: { $ref: '#/$defs/n' } } } }, $ref: '#/$defs/n' })).toEqual(['/$defs/n/properties/next/$ref']);
  });
  it('finds nothing in a ref chain without a cycle', () => {
    expect(pointers({ $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/c' }, c: { type: 'string' } }, $ref: '#/$defs/a' })).toEqual([]);
  });
  it('handles thousands of refs to the root (every one recursive)', () => {
    const properties = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, { $ref: '#' }]));
    expect(pointers({ type: 'object', properties })).toHaveLength(5_000);
  });
});

describe('components (iterative Tarjan)', () => {
  it('groups the nodes of a cycle and separates the rest', () => {
    const c = components(['a', 'b', 'c', 'd'], new Map([['a', ['b']], ['b', ['c']], ['c', ['a', 'd']]]));
    expect(c.get('a')).toBe(c.get('b'));
    expect(c.get('b')).toBe(c.get('c'));
    expect(c.get('d')).not.toBe(c.get('a'));
  });
  it('handles a 50,000-node chain without recursion', () => {
    const nodes = Array.from({ length: 50_000 }, (_, i) => `n${i}`);
    const edges = new Map(nodes.slice(0, -1).map((n, i) => [n, [nodes[i + 1]]]));
    expect(new Set(components(nodes, edges).values()).size).toBe(50_000);
  });
});

describe('walkSchema', () => {
  it('visits root first, parents before children, siblings in document order, with the parent pointer', () => {
    const seen: Array<[string, string | undefined, string]> = [];
    walkSchema({ properties: { a: { items: { type: 'x' } }, b: true }, allOf: [{}] }, ({ pointer, parent, via }) => seen.push([pointer, parent, via.join('.')]));
    expect(seen).toEqual([
      ['', undefined, ''],
      ['/allOf/0', '', 'allOf'],
      ['/properties/a', '', 'properties'],
      ['/properties/a/items', '/properties/a', 'properties.items'],
      ['/properties/b', '', 'properties'],
    ]);
  });
  it('descends into keywords a node inherits or holds as non-enumerable properties, like the `in` lookups it stands for', () => {
    const inherited = Object.create({ properties: { a: { type: 'string' } } }) as Record<string, unknown>;
    const hidden: Record<string, unknown> = { type: 'object' };
    Object.defineProperty(hidden, 'items', { value: { type: 'number' }, enumerable: false });
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { not: { type: 'null' } });
    const seen: string[] = [];
    walkSchema({ allOf: [inherited, hidden, bare, { type: 'string', enum: ['properties'] }] }, ({ pointer }) => seen.push(pointer));
    expect(seen).toEqual(['', '/allOf/0', '/allOf/0/properties/a', '/allOf/1', '/allOf/1/items', '/allOf/2', '/allOf/2/not', '/allOf/3']);
  });
  it('builds a pointer only when read, the same as read in order: escaped names, indexes, a deep one read before its parents', () => {
    const doc = { $defs: { 'a/b': { items: [{ properties: { '~x': { anyOf: [{ type: 'string' }] } } }] } } };
    const visits: SchemaVisit[] = [];
    walkSchema(doc, (v) => visits.push(v));
    const deepest = visits[visits.length - 1]!;
    expect(deepest.pointer).toBe('/$defs/a~1b/items/0/properties/~0x/anyOf/0'); // read first: built from the root
    expect(deepest.parent).toBe('/$defs/a~1b/items/0/properties/~0x');
    expect(visits.map((v) => v.pointer)).toEqual(['', '/$defs/a~1b', '/$defs/a~1b/items/0', '/$defs/a~1b/items/0/properties/~0x', '/$defs/a~1b/items/0/properties/~0x/anyOf/0']);
    expect(visits.map((v) => v.via.join('.'))).toEqual(['', '$defs', '$defs.items', '$defs.items.properties', '$defs.items.properties.anyOf']);
  });
  it('does not descend below MAX_SCHEMA_DEPTH pointer tokens', () => {
    let count = 0;
    walkSchema(deepSchema(2_000), () => count++);
    expect(count).toBe(MAX_SCHEMA_DEPTH / 2 + 1);
  });
});


describe('resolveUri', () => {
  it('answers plain fragments against the default base as the URL parser does', () => {
    const base = 'https://mcp-harness.invalid/schema.json';
    const refs = ['#', '#/', '#/$defs/A', '#/definitions/a-b.c_d', '#/properties/a~1b/items/0', '#/a%20b', '#/a b', '#/ä', '#/a"b', '#a', '#/a#b', '#/a?b', '#/<x>', '#/`', '#/a\tb', '#/a\\b', 'other.json#/a', '', '#/$defs/A/'];
    let fast = 0;
    for (const ref of refs) {
      const expected = new URL(ref, base).href;
      expect(resolveUri(ref, base), ref).toBe(expected);
      if (/^#[A-Za-z0-9_$.~/-]*$/.test(ref)) fast++;
      expect(resolveUri(ref, 'https://example.test/x.json'), ref).toBe(new URL(ref, 'https://example.test/x.json').href);
    }
    expect(fast).toBeGreaterThan(5);
    expect(resolveUri('http://[bad', base)).toBeUndefined();
  });
});
