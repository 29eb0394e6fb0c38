/** reporters/group.ts sameButTool: the same message but for the tool's name, whatever the names' lengths. */
import { describe, expect, it } from 'vitest';
import { groupRepeated, NAME_MATCHED_GROUPS, sameButTool } from '../../harness/reporters/group.ts';

const f = (tool: string, message: string) => ({ surface: 's', check: 'c/d', severity: 'error', messageId: 'm', tool, message });

describe('sameButTool', () => {
  it('true for one template filled with each tool, names of equal and of different lengths, a name that is also a word', () => {
    expect(sameButTool(f('add', "tools/call of 'add' failed"), f('sub', "tools/call of 'sub' failed"))).toBe(true);
    expect(sameButTool(f('a', "tools/call of 'a' failed for a"), f('lookup_user', "tools/call of 'lookup_user' failed for lookup_user"))).toBe(true);
    expect(sameButTool(f('call', "tools/call of 'call' failed"), f('x', "tools/call of 'x' failed"))).toBe(true);
  });
  it('false for messages that differ anywhere else, of equal or different lengths', () => {
    expect(sameButTool(f('add', 'got HTTP 500 on add'), f('sub', 'got HTTP 307 on sub'))).toBe(false);
    expect(sameButTool(f('add', 'got HTTP 500 on add'), f('sub', 'got HTTP 5000 on sub'))).toBe(false);
    expect(sameButTool(f('a', 'x a'), f('bb', 'x bb y'))).toBe(false);
  });
  it('true for one random template filled with two random names of any lengths (the length check never says no to it)', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const word = (letters: string) => Array.from({ length: 1 + rand(6) }, () => letters[rand(letters.length)]).join('');
    // the template's words share no letter with the names: a name inside a word is the walk's documented 'no' (a split group)
    for (let i = 0; i < 2000; i++) {
      const parts = Array.from({ length: 1 + rand(4) }, () => word('pqr '));
      const [ta, tb] = [word('abcxyz'), word('abcxyz')];
      const fill = (t: string) => parts.join(` ${t} `);
      expect(sameButTool(f(ta, fill(ta)), f(tb, fill(tb))), `${fill(ta)} | ${fill(tb)}`).toBe(true);
    }
  });
  it('groups the same message on two tools, and keeps different ones apart', () => {
    const groups = groupRepeated([f('add', 'no answer from add'), f('sub', 'no answer from sub'), f('mul', 'HTTP 307 from mul')]);
    expect(groups.map((g) => g.tools)).toEqual([['add', 'sub'], ['mul']]);
  });
  it('groups a tool whose name is also a word of the message (name for name) while the behaviour has few groups', () => {
    // `call` occurs in "tools/call": the quick key (the message with its tool blanked) misses, the name-for-name walk matches
    const distinct = Array.from({ length: 5 }, (_, i) => f(`d${i}`, `tools/call of 'd${i}' failed at step ${i}`));
    const groups = groupRepeated([...distinct, f('call', "tools/call of 'call' failed"), f('x', "tools/call of 'x' failed")]);
    expect(groups.map((g) => g.tools).slice(-1)).toEqual([['call', 'x']]);
  });
  it('past NAME_MATCHED_GROUPS distinct messages of one behaviour, a name-for-name match is an entry of its own (the walks are bounded)', () => {
    const distinct = Array.from({ length: NAME_MATCHED_GROUPS + 1 }, (_, i) => f(`d${i}`, `tools/call of 'd${i}' failed at step ${i}`));
    const groups = groupRepeated([f('call', "tools/call of 'call' failed"), ...distinct, f('x', "tools/call of 'x' failed"), f('y', "tools/call of 'y' failed")]);
    // x no longer walks to `call`'s group; y still joins x's by the quick key
    expect(groups.map((g) => g.tools).filter((t) => t.length > 1)).toEqual([['x', 'y']]);
    expect(groups.some((g) => g.first.tool === 'call' && g.tools.length === 1)).toBe(true);
  });
});
