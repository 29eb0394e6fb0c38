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

  it('writes negative whole numbers as -N.0', () => {
    expect(serialiseFrame(requestFrame(1, 'm', { n: -4 }), [['n']])).toBe('{"jsonrpc":"2.0","id":1,"method":"m","params":{"n":-4.0}}');
  });
});
