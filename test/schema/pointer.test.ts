import { describe, expect, it } from 'vitest';
import { escapeToken, joinPointer, parsePointer, resolvePointer } from '../../harness/schema/pointer.ts';
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
});
