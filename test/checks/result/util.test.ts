/** The pure helpers under harness/checks/util that the result checks rely on. */
import { describe, expect, it } from 'vitest';
import { diffKeys, jsonEqual, parseJson } from '../../../harness/checks/util/json.ts';
import { joinPointer, parsePointer, pointerExists } from '../../../harness/checks/util/pointer.ts';
import { textBlocks, validateContentBlock } from '../../../harness/checks/util/content.ts';
import { outputValidationText } from '../../../harness/checks/util/output-validation.ts';
import { withoutNullableKeyword } from '../../../harness/schema/canonicalise.ts';

describe('jsonEqual', () => {
  it('ignores object key order, not array order', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(jsonEqual({ c: [1, 2] }, { c: [2, 1] })).toBe(false);
  });
  it('distinguishes types, lengths and missing keys', () => {
    expect(jsonEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(jsonEqual([1], [1, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual({}, [])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });
});

describe('diffKeys / parseJson', () => {
  it('names missing, extra and changed top-level keys', () => {
    expect(diffKeys({ a: 1, b: 2, c: 3 }, { a: 1, c: 4, d: 5 })).toEqual({ missing: ['b'], extra: ['d'], changed: ['c'] });
  });
  it('never throws', () => {
    expect(parseJson('{')).toEqual({ ok: false });
    expect(parseJson(undefined)).toEqual({ ok: false });
    expect(parseJson('[1]')).toEqual({ ok: true, value: [1] });
  });
});

describe('JSON pointers', () => {
  it('escapes and resolves RFC 6901 tokens', () => {
    expect(joinPointer('/structuredContent', 'a/b', 'm~n', 0)).toBe('/structuredContent/a~1b/m~0n/0');
    expect(parsePointer('/a~1b/m~0n')).toEqual(['a/b', 'm~n']);
    expect(parsePointer('a')).toBeUndefined();
    const doc = { 'a/b': { 'm~n': [0] }, z: null };
    expect(pointerExists(doc, '/a~1b/m~0n/0')).toBe(true);
    expect(pointerExists(doc, '/z')).toBe(true);
    expect(pointerExists(doc, '/a~1b/m~0n/1')).toBe(false);
    expect(pointerExists(doc, '/a~1b/m~0n/01')).toBe(false);
    expect(pointerExists(doc, '/z/x')).toBe(false);
    expect(pointerExists(undefined, '')).toBe(false);
  });
});

describe('content blocks', () => {
  it('accepts valid blocks and names the failing member', () => {
    expect(validateContentBlock({ type: 'text', text: '' }, '/c/0')).toEqual([]);
    expect(validateContentBlock({ type: 'audio', data: 'AAA=', mimeType: 'audio/wav' }, '/c/0')).toEqual([]);
    expect(validateContentBlock({ type: 'audio', data: 'AAA', mimeType: 'audio/wav' }, '/c/0').map((i) => i.pointer)).toEqual(['/c/0/data']);
    expect(validateContentBlock(null, '/c/0')).toEqual([{ pointer: '/c/0', kind: 'notObject' }]);
  });
  it('extracts text blocks with their index', () => {
    expect(textBlocks([{ type: 'image' }, { type: 'text', text: 'x' }, { type: 'text' }])).toEqual([{ index: 1, text: 'x' }]);
    expect(textBlocks('nope')).toEqual([]);
  });
  it('recognises a server output-validation failure, not an ordinary tool error', () => {
    expect(outputValidationText([{ type: 'text', text: 'MCP error -32602: Output validation error: bad' }])).toBeDefined();
    expect(outputValidationText([{ type: 'text', text: 'Item not found' }])).toBeUndefined();
  });
});

describe('withoutNullableKeyword', () => {
  it('drops the OpenAPI keyword from subschemas, keeps properties named nullable, leaves the input alone', () => {
    const schema = { type: 'object', properties: { nullable: { type: 'boolean', nullable: true }, p: { type: 'number', nullable: true } } };
    const stripped = withoutNullableKeyword(schema);
    expect(stripped).toEqual({ type: 'object', properties: { nullable: { type: 'boolean' }, p: { type: 'number' } } });
    expect(schema.properties.p.nullable).toBe(true);
  });
  it('returns the same object when the keyword is unused', () => {
    const schema = { type: 'object', properties: { nullable: { type: 'boolean' } } };
    expect(withoutNullableKeyword(schema)).toBe(schema);
  });
});
