import { describe, expect, it } from 'vitest';
import { callShardId, inShard, parseShard, selectShard } from '../../harness/report/shard.ts';

describe('parseShard', () => {
  it('parses K/N', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, total: 4 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, total: 1 });
  });

  it.each([
    ['', /expected K\/N/],
    ['3', /expected K\/N/],
    ['a/b', /expected K\/N/],
    ['-1/3', /expected K\/N/],
    ['1.5/3', /expected K\/N/],
    ['0/3', /index K must be between 1 and 3, got 0/],
    ['4/3', /index K must be between 1 and 3, got 4/],
    ['1/0', /total N must be a positive integer/],
  ])('rejects %j clearly', (text, message) => {
    expect(() => parseShard(text)).toThrow(message);
  });

  it('names the source in the error', () => {
    expect(() => parseShard('x', 'config.shard')).toThrow(/^config\.shard: /);
  });
});

describe('inShard', () => {
  const ids = Array.from({ length: 60 }, (_, i) => `surface-${i}`);

  it('splits completely and disjointly', () => {
    const total = 4;
    const parts = Array.from({ length: total }, (_, k) => selectShard(ids, (x) => x, { index: k + 1, total }));
    expect(parts.flat().sort()).toEqual([...ids].sort());
    expect(new Set(parts.flat()).size).toBe(ids.length);
    expect(parts.every((p) => p.length > 0)).toBe(true);
  });

  it('is deterministic and independent of the other items', () => {
    const shard = { index: 2, total: 3 };
    const first = ids.filter((id) => inShard(id, shard));
    expect(ids.filter((id) => inShard(id, shard))).toEqual(first);
    expect(selectShard([...ids].reverse(), (x) => x, shard).sort()).toEqual([...first].sort());
    expect(selectShard(ids.slice(0, 10), (x) => x, shard)).toEqual(first.filter((id) => ids.slice(0, 10).includes(id)));
  });

  it('puts everything in the only shard of 1/1', () => {
    expect(ids.every((id) => inShard(id, { index: 1, total: 1 }))).toBe(true);
  });

  it('splits one surface\u2019s calls by surface/tool: every call of a tool in one shard', () => {
    expect(callShardId('alpha', 'search')).toBe('alpha/search');
    const tools = ['a', 'b', 'c', 'd', 'e', 'f'].map((t) => callShardId('alpha', t));
    const halves = [1, 2].map((index) => selectShard(tools, (x) => x, { index, total: 2 }));
    expect(halves.flat().sort()).toEqual(tools.sort());
    expect(halves.every((h) => h.length > 0)).toBe(true);
  });
});
