import { describe, expect, it } from 'vitest';
import { escapeToken, joinPointer, parsePointer, resolvePointer } from '../../harness/schema/pointer.ts';
import { hasNestedId, throughLocalRefs } from '../../harness/schema/alias-pointer.ts';
import { jsonEqual, sortedJson } from '../../harness/schema/sorted-json.ts';

describe('pointer (RFC 6901)', () => {
  it('escapes ~ and / and round-trips', () => {
    expect(escapeToken('a/b~c')).toBe('a~1b~0c');
    expect(joinPointer('/inputSchema', 'properties', 'a/b')).toBe('/inputSchema/properties/a~1b');
    expect(parsePointer(joinPointer('', 'x', 'a/b~c', 0))).toEqual(['x', 'a/b~c', '0']);
    expect(parsePointer('')).toEqual([]);
  });
  it('rejects a pointer without a leading slash', () => {
    expect(() => parsePointer('a/b')).toThrow(/must start/);
  });
  it('resolves into objects and arrays, and reports misses', () => {
    const doc = { a: [{ b: 1 }], 'c/d': 2 };
    expect(resolvePointer(doc, '/a/0/b')).toEqual({ found: true, value: 1 });
    expect(resolvePointer(doc, '/c~1d')).toEqual({ found: true, value: 2 });
    expect(resolvePointer(doc, '/a/1')).toEqual({ found: false });
    expect(resolvePointer(doc, 'bad')).toEqual({ found: false });
  });
});

describe('canonical JSON', () => {
  it('ignores key order and distinguishes content', () => {
    expect(sortedJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
  });

  it('names a keyword reached through $ref-only aliases where the document holds it (throughLocalRefs)', () => {
    const doc = { properties: { x: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/%24defs/b~1c' }, 'b/c': { $ref: '#/$defs/leaf' }, leaf: { type: 'string', items: [{ minimum: 1 }] } } };
    expect(throughLocalRefs(doc, '/$defs/a/type')).toBe('/$defs/leaf/type');
    expect(throughLocalRefs(doc, '/properties/x/items/0/minimum')).toBe('/$defs/leaf/items/0/minimum');
    // a pointer the document holds, a cycle, a remote ref and a dangling one come back unchanged
    expect(throughLocalRefs(doc, '/$defs/leaf/type')).toBe('/$defs/leaf/type');
    const cycle = { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } };
    expect(throughLocalRefs(cycle, '/$defs/a/type', 50)).toBe('/$defs/a/type');
    expect(throughLocalRefs({ $defs: { a: { $ref: 'https://example.invalid/s#/x' } } }, '/$defs/a/type')).toBe('/$defs/a/type');
    expect(throughLocalRefs({ $defs: { a: { $ref: '#/$defs/none' } } }, '/$defs/a/type')).toBe('/$defs/a/type');
  });

  it('follows only $ref-only aliases, at most 64 of them, and says when a nested $id changes the base (review D2, D3)', () => {
    // a $ref with sibling keywords is no alias: ajv's path is relative to another node there, so it is left as it is
    const siblings = { $ref: '#/$defs/base', properties: { x: { $ref: '#/$defs/d0' } }, $defs: { base: { minimum: 100 }, d0: { $ref: '#/$defs/d1', minimum: 5 }, d1: { type: 'number' } } };
    expect(throughLocalRefs(siblings, '/minimum')).toBe('/minimum');
    expect(throughLocalRefs(siblings, '/$defs/d0/type')).toBe('/$defs/d0/type');
    // annotations beside the $ref keep it an alias
    expect(throughLocalRefs({ $defs: { a: { $ref: '#/$defs/b', description: 'd', title: 't' }, b: { type: 'string' } } }, '/$defs/a/type')).toBe('/$defs/b/type');
    const chain = (links: number) => {
      const $defs: Record<string, unknown> = {};
      for (let i = 0; i < links; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
      $defs[`d${links}`] = { type: 'string' };
      return { $defs };
    };
    expect(throughLocalRefs(chain(64), '/$defs/d0/type')).toBe('/$defs/d64/type');
    expect(throughLocalRefs(chain(65), '/$defs/d0/type')).toBe('/$defs/d0/type');
    expect(hasNestedId({ $id: 'https://e.x/root', $defs: { a: { type: 'string' } } })).toBe(false);
    expect(hasNestedId({ $defs: { c: { $id: 'https://e.x/c', $ref: '#/$defs/z' } } })).toBe(true);
    expect(hasNestedId({ definitions: { c: { id: 'http://e.x/c' } } })).toBe(true);
    expect(hasNestedId({ properties: { id: { type: 'string' } } })).toBe(false);
  });

  it('an alias may carry annotations and x- keys; an id in data does not turn the mapping off (second review 4, 5)', () => {
    const annotated = { $defs: { d0: { $ref: '#/$defs/d1', default: 'a', examples: ['b'], deprecated: true, readOnly: true, $anchor: 'A', 'x-kind': 'k' }, d1: { type: 'string' } } };
    expect(throughLocalRefs(annotated, '/$defs/d0/type')).toBe('/$defs/d1/type');
    // an asserting sibling still stops it
    expect(throughLocalRefs({ $defs: { d0: { $ref: '#/$defs/d1', minLength: 1 }, d1: { type: 'string' } } }, '/$defs/d0/type')).toBe('/$defs/d0/type');
    expect(hasNestedId({ properties: { u: { type: 'object', examples: [{ id: 'u1' }], default: { id: 'a' }, enum: [{ id: 'a' }] } } })).toBe(false);
    expect(hasNestedId({ properties: { $id: { type: 'string' } } })).toBe(false);
    expect(hasNestedId({ properties: { u: { $id: 'https://e.x/u', type: 'object' } } })).toBe(true);
  });
});
