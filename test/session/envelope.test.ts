/** serialiseFrame: whole numbers written as N.0 on the wire (errors/input-enforcement's whole-float probe). */
import { describe, expect, it } from 'vitest';
import { requestFrame, serialiseFrame } from '../../harness/session/envelope.ts';

describe('serialiseFrame', () => {
  const frame = requestFrame(7, 'tools/call', { name: 'tail', arguments: { limit: 30, nested: { n: 2 }, label: 'x' } });

  it('is JSON.stringify without paths', () => {
    expect(serialiseFrame(frame)).toBe(JSON.stringify(frame));
  });

  it('writes the whole number at each path as N.0, the same JSON number to a parser', () => {
    const line = serialiseFrame(frame, [['arguments', 'limit'], ['arguments', 'nested', 'n']]);
    expect(line).toBe('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"tail","arguments":{"limit":30.0,"nested":{"n":2.0},"label":"x"}}}');
    expect(JSON.parse(line)).toEqual(frame);
  });

  it('leaves a path alone that does not end at a whole number, and never mutates the frame', () => {
    const before = structuredClone(frame);
    expect(serialiseFrame(frame, [['arguments', 'label'], ['arguments', 'missing', 'x'], []])).toBe(JSON.stringify(frame));
    expect(frame).toEqual(before);
  });

  it('leaves a whole number of 1e21 or more as it is (String writes it with an exponent: N.0 would not be JSON)', () => {
    const big = requestFrame(1, 'tools/call', { name: 't', arguments: { a: 2 ** 70, b: -1e21, c: 1e20 } });
    const line = serialiseFrame(big, [['arguments', 'a'], ['arguments', 'b'], ['arguments', 'c']]);
    expect(line).toBe('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"a":1.1805916207174113e+21,"b":-1e+21,"c":100000000000000000000.0}}}');
    expect(JSON.parse(line)).toEqual(big);
  });

  it('never puts a float where a server-chosen string spells a mark (the marks carry a per-line nonce)', () => {
    for (const name of ['\u0000mcp-harness-float-0\u0000', '\u0000mcp-harness-float-1\u0000']) {
      const f = requestFrame(2, 'tools/call', { name, arguments: { a: 3, b: name } });
      const line = serialiseFrame(f, [['arguments', 'a']]);
      expect(JSON.parse(line)).toEqual(f);
      expect(line).toContain('"a":3.0');
    }
  });

  it('writes negative whole numbers as -N.0', () => {
    expect(serialiseFrame(requestFrame(1, 'm', { n: -4 }), [['n']])).toBe('{"jsonrpc":"2.0","id":1,"method":"m","params":{"n":-4.0}}');
  });
});

describe('serialiseFrame copies only the objects along its paths', () => {
  /** The serialisation before issue 12's path copy: a structuredClone of the whole frame, marked. */
  function viaClone(frame: Record<string, unknown>, paths: string[][]): string {
    const copy = structuredClone(frame);
    const marks = new Map<string, string>();
    paths.forEach((path, index) => {
      let node: unknown = copy.params;
      for (const key of path.slice(0, -1)) node = node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
      const last = path[path.length - 1];
      if (node === null || typeof node !== 'object' || Array.isArray(node) || last === undefined) return;
      const value = (node as Record<string, unknown>)[last];
      if (typeof value !== 'number' || !Number.isInteger(value)) return;
      const mark = `\u0000mcp-harness-float-${index}\u0000`;
      marks.set(JSON.stringify(mark), `${String(value)}.0`);
      (node as Record<string, unknown>)[last] = mark;
    });
    let line = JSON.stringify(copy);
    for (const [mark, float] of marks) line = line.replace(mark, float);
    return line;
  }

  it('writes the bytes of a marked deep copy and leaves the frame as it was, on varied frames and paths', () => {
    const own = JSON.parse('{"__proto__":{"n":3},"k":1}') as Record<string, unknown>;
    const args = { a: 1, b: 2.5, c: -7, d: 'x', e: [1, 2], f: { g: 4, h: { i: 5 } }, big: 2 ** 60, zero: -0, own };
    const frames = [
      requestFrame(1, 'tools/call', { name: 't', arguments: args }),
      requestFrame('s', 'tools/call', { name: 't', arguments: args, _meta: { progressToken: 3 } }),
      requestFrame(2, 'tools/call', undefined),
      requestFrame(3, 'tools/call', { name: 't' }),
    ];
    const paths: string[][][] = [
      [['arguments', 'a']], [['arguments', 'b']], [['arguments', 'c']], [['arguments', 'd']], [['arguments', 'e']],
      [['arguments', 'f', 'g']], [['arguments', 'f', 'h', 'i'], ['arguments', 'f', 'g'], ['arguments', 'a']],
      [['arguments', 'big']], [['arguments', 'zero']], [['arguments', 'own', '__proto__', 'n']], [['arguments', 'own', 'k']],
      [['arguments', 'missing', 'x']], [['arguments']], [['name']], [[]], [['arguments', 'a'], ['arguments', 'a']],
      [['arguments', 'toString', 'x']], [['arguments', '__proto__', 'x']],
    ];
    for (const frame of frames) {
      for (const p of paths) {
        const before = JSON.stringify(frame);
        expect(serialiseFrame(frame, p)).toBe(viaClone(frame, p));
        expect(JSON.stringify(frame)).toBe(before);
        expect(own.__proto__).toEqual({ n: 3 });
      }
    }
  });
});
