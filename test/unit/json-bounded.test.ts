/**
 * Server text parsed with a bound on its nesting depth (harness/json-bounded.ts; review 4, D1: one 16 MB line of
 * `[[[...]]]` 8 million levels deep cost ~3 GB of heap in JSON.parse). The scanner (`mayNestDeeper`), the grammar
 * check and cut (`cutDeeper`, which must accept exactly what JSON.parse accepts) and, through classifyLine and the
 * depth guard, the same record for a too-deep line whether it is 300 levels deep or a million.
 */
import { describe, expect, it } from 'vitest';
import { cutDeeper, mayNestDeeper, parseJsonBounded } from '../../harness/json-bounded.ts';
import { jsonTreeDepth } from '../../harness/json.ts';
import { LINE_DEPTH, classifyLine, framesOf } from '../../harness/session/classify.ts';
import { guardRecord, MAX_VALUE_DEPTH } from '../../harness/run/depth-guard.ts';
import type { RequestRecord } from '../../harness/model/wire.ts';

const arrays = (n: number, inner = '1'): string => `${'['.repeat(n)}${inner}${']'.repeat(n)}`;
const objects = (n: number): string => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** Text longer than 2 x limit, so the scanner reads it (`pad` spaces are JSON whitespace). */
const padded = (text: string, length = 64): string => text + ' '.repeat(Math.max(0, length - text.length));

describe('mayNestDeeper', () => {
  it.each([
    ['depth exactly at the bound', padded(arrays(3)), 3, false],
    ['one level over the bound', padded(arrays(4)), 3, true],
    ['objects at the bound', padded(objects(3)), 3, false],
    ['objects one over', padded(objects(4)), 3, true],
    ['siblings do not add up', padded('[[[1]],[[2]],{"a":[3]},{"b":{"c":1}}]'), 3, false],
    ['brackets inside a string do not count', padded('["[[[[{{{{"]'), 1, false],
    ['an escaped quote does not end the string', padded('["\\"[[[[[["]'), 1, false],
    ['a backslash before the closing quote ends it', padded('["x\\\\",[[[1]]]]'), 3, true],
    ['three backslashes before a quote escape it', padded('["x\\\\\\"[[[[",1]'), 1, false],
    ['whitespace between brackets', padded('[ [\n[\t[\r1 ] ] ] ]'), 3, true],
    ['a top-level array (a batch) counts as a level', padded('[{"jsonrpc":"2.0","id":1,"result":{"a":[]}}]'), 4, false],
    ['the batch one level deeper', padded('[{"jsonrpc":"2.0","id":1,"result":{"a":[[]]}}]'), 4, true],
    ['an unclosed string hides nothing after it', padded('["[[[[[['), 1, false],
  ])('%s', (_name, text, limit, expected) => {
    expect(mayNestDeeper(text, limit)).toBe(expected);
  });

  it('text of at most 2 x limit units is never read: it cannot hold more than limit levels of JSON', () => {
    expect(mayNestDeeper('['.repeat(8), 4)).toBe(false);
    expect(mayNestDeeper('['.repeat(9), 4)).toBe(true);
    expect(mayNestDeeper(arrays(4, ''), 4)).toBe(false);
  });
});

describe('cutDeeper accepts exactly what JSON.parse accepts', () => {
  const valid = (text: string): boolean => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  it.each([
    '{"a":[1,2,{"b":"x\\"]"}],"c":null}', ' {"a" : [ ] } ', '"s"', '0', '-0.5e+3', '1E5', '[true,false,null]', '"\\u00e9\\\\\\/\\b\\f\\n\\r\\t"',
    '', ' ', '[', ']', '[1,]', '{"a":1,}', '{a:1}', '{"a" 1}', '01', '1.', '.5', '-', '1e', '+1', 'tru', 'nul', '[1 2]', '"\\x"', '"\\u12g4"',
    '"a\u0001"', '\uFEFF1', '\u00a01', '[1]x', '{"a":1}}', '[[1]', '"unclosed', '{"a":[}', 'NaN', '[1,,2]',
  ])('%j', (text) => {
    const cut = cutDeeper(text, 1000);
    expect(cut !== undefined).toBe(valid(text));
    if (cut !== undefined) expect(cut).toBe(text);
  });

  it('agrees with JSON.parse on 20,000 random mutations of JSON texts', () => {
    const seeds = ['{"a":[1,2,{"b":"x\\"]"}],"c":null}', '[[[]]]', '{"k":"\\u00e9\\\\","n":-0.5e+3}', '[true,false,null,"[{",1E5]', ' {"a" : [ ] } '];
    const alphabet = [...'[]{}",: \t\n10-.eE+\\artnlfsu/x', '\u0001', '\uFEFF'];
    let seed = 7;
    const rnd = (k: number): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % k;
    for (let t = 0; t < 20_000; t++) {
      let s = seeds[rnd(seeds.length)];
      for (let j = 0; j < 1 + rnd(3); j++) {
        const p = rnd(s.length + 1);
        const ch = alphabet[rnd(alphabet.length)];
        s = [s.slice(0, p) + ch + s.slice(p), s.slice(0, p) + s.slice(p + 1), s.slice(0, p) + ch + s.slice(p + 1)][rnd(3)];
      }
      expect(cutDeeper(s, 1000) !== undefined, s).toBe(valid(s));
    }
  });

  it('empties every container that opens at level limit + 1, of the same kind, and keeps the rest', () => {
    expect(cutDeeper('[[[1,[2]],{"a":{"b":3}}],"]]"]', 2)).toBe('[[[],{}],"]]"]');
    expect(cutDeeper('{"x":[[ 1 ]],"y":[2]}', 2)).toBe('{"x":[[]],"y":[2]}');
    expect(cutDeeper(arrays(5), 5)).toBe(arrays(5));
    expect(cutDeeper(arrays(6), 5)).toBe(arrays(6, ''));
    // a syntax error inside the part that would be cut is still an error
    expect(cutDeeper(`[[${arrays(10, '1,,2')}]]`, 3)).toBeUndefined();
    expect(cutDeeper(arrays(10).slice(0, -1), 3)).toBeUndefined();
  });
});

describe('parseJsonBounded', () => {
  it('returns JSON.parse\'s value for text within the bound and never builds past limit + 1 levels', () => {
    const within = padded(`{"a":${arrays(LINE_DEPTH - 1)}}`, 1000);
    expect(parseJsonBounded(within, LINE_DEPTH)).toEqual({ ok: true, value: JSON.parse(within) });
    const deep = `{"jsonrpc":"2.0","id":"x","result":{"a":${arrays(1_000_000)}}}`;
    const parsed = parseJsonBounded(deep, LINE_DEPTH);
    expect(parsed.ok && parsed.cut).toBe(true);
    expect(jsonTreeDepth(parsed.ok ? parsed.value : undefined)).toBe(LINE_DEPTH + 1);
    expect(parseJsonBounded(deep.slice(0, -1), LINE_DEPTH)).toEqual({ ok: false });
    expect(parseJsonBounded('not json', LINE_DEPTH)).toEqual({ ok: false });
  });
});

describe('a too-deep line draws the same record at any depth (classifyLine + the depth guard)', () => {
  const guarded = (line: string): RequestRecord => {
    const classified = classifyLine(line);
    expect(classified.kind).toBe('jsonrpc');
    const [frame] = framesOf(classified, Buffer.byteLength(line));
    return guardRecord({ id: 'x', method: 'tools/call', outcome: 'success', durationMs: 0, response: frame.value as RequestRecord['response'], responseBytes: frame.bytes });
  };
  const line = (inner: string): string => `{"jsonrpc":"2.0","id":"x","result":{"content":[],"structuredContent":{"a":${inner}}}}`;

  it.each([
    ['arrays', (n: number) => arrays(n)],
    ['objects', (n: number) => objects(n)],
  ])('%s: 300 levels and 1,000,000 levels', (_name, nest) => {
    const shallow = guarded(line(nest(300)));
    const deep = guarded(line(nest(1_000_000)));
    expect(shallow.tooDeep).toBe(MAX_VALUE_DEPTH);
    expect({ ...deep, responseBytes: 0 }).toEqual({ ...shallow, responseBytes: 0 });
    expect(deep.response).toEqual({ jsonrpc: '2.0', id: 'x' });
  });

  it('a deep value a later duplicate key replaces is no deeper for the cut than for JSON.parse (the last one wins in both)', () => {
    const text = `{"jsonrpc":"2.0","id":"x","result":{"a":${arrays(100_000)},"a":1}}`;
    const parsed = parseJsonBounded(text, LINE_DEPTH);
    expect(parsed).toEqual({ ok: true, value: { jsonrpc: '2.0', id: 'x', result: { a: 1 } }, cut: true });
  });

  it('the frame at the limit stays, one level deeper is dropped, whatever the line\'s depth beyond', () => {
    // the frame's own levels: the frame, result, structuredContent: 3 above the nested arrays
    expect(guarded(line(arrays(MAX_VALUE_DEPTH - 3))).tooDeep).toBeUndefined();
    expect(guarded(line(arrays(MAX_VALUE_DEPTH - 2))).tooDeep).toBe(MAX_VALUE_DEPTH);
    expect(guarded(line(arrays(LINE_DEPTH))).tooDeep).toBe(MAX_VALUE_DEPTH);
  });

  it('batch members (one level down) keep their verdicts: at the limit kept, past it dropped, at any depth', () => {
    const member = (id: number, n: number): string => `{"jsonrpc":"2.0","id":${id},"result":{"a":${arrays(n)}}}`;
    // a member's own levels: the member, result: 2 above the nested arrays
    for (const deepest of [MAX_VALUE_DEPTH - 1, 1_000_000]) {
      const batch = `[${member(1, MAX_VALUE_DEPTH - 2)},${member(2, deepest)},${member(3, 1)}]`;
      const classified = classifyLine(batch, true);
      expect(classified).toMatchObject({ kind: 'jsonrpc', batch: true });
      const depths = framesOf(classified, batch.length).map((f) => jsonTreeDepth(f.value, MAX_VALUE_DEPTH));
      expect(depths).toEqual([MAX_VALUE_DEPTH, MAX_VALUE_DEPTH + 1, 3]);
    }
  });
});
