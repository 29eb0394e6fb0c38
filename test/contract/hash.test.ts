import { describe, expect, it } from 'vitest';
import { sortedJson, sortKeysDeep, hashToolSchemas, type HashableTool } from '../../harness/contract/hash.ts';

describe('sortedJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(sortedJson({ b: 1, a: { d: [2, { z: 1, y: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":0,"z":1}]},"b":1}');
  });

  it('gives the same string for values equal up to key order, and drops undefined members', () => {
    expect(sortedJson({ x: 1, y: { p: true, q: 'v' } })).toBe(sortedJson({ y: { q: 'v', p: true }, x: 1, z: undefined }));
  });
});

describe('hashToolSchemas', () => {
  const tools: HashableTool[] = [
    { name: 'b', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
    { name: 'a', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } },
  ];

  it('is 64 hex chars and independent of tool order and key order', () => {
    const hash = hashToolSchemas(tools);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToolSchemas([...tools].reverse())).toBe(hash);
    expect(hashToolSchemas([{ name: 'a', outputSchema: { type: 'object' }, inputSchema: { type: 'object' } }, tools[0]])).toBe(hash);
  });

  it('changes when a schema changes and ignores fields other than the schemas', () => {
    const hash = hashToolSchemas(tools);
    expect(hashToolSchemas([tools[0], { ...tools[1], outputSchema: { type: 'array' } }])).not.toBe(hash);
    expect(hashToolSchemas([tools[0], { ...tools[1], title: 'ignored' } as HashableTool])).toBe(hash);
  });
});

describe('sortKeysDeep', () => {
  it('keeps a property named __proto__ (an own key of a parsed schema) as a property, not a prototype', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"number"}}}') as unknown;
    const sorted = sortKeysDeep(schema) as { properties: Record<string, unknown> };
    expect(Object.keys(sorted.properties)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(sorted)).toBe('{"properties":{"__proto__":{"type":"string"},"a":{"type":"number"}},"type":"object"}');
  });
});
