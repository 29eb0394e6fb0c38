/** The stderr tail of a finding (checks/util/stderr.ts): cleaned as the reader's view reads it (hostile review 5). */
import { describe, expect, it } from 'vitest';
import { stderrTail } from '../../harness/checks/util/stderr.ts';
import { makeObservation } from '../helpers/check-tester.ts';

const tail = (text: string) => stderrTail(makeObservation({ wire: { ...makeObservation().wire, stderrTail: text } }));

describe('stderrTail', () => {
  it('drops each escape or control sequence whole (7-bit and 8-bit), a sequence spanning a line feed too, and applies backspace', () => {
    expect(tail('a\u001b]0;title\u0007b\r\nc\u001b(Bd\n\u009d0;t\u009ce\u001bPq\u001b\\f\ngX\bh\n')).toEqual(['ab', 'cd', 'ef', 'gh']);
    // an OSC left open over a line feed hides the lines it spans, as in a terminal and in the env mask's view
    expect(tail('start\u001b]0;one\ntwo\u0007 end\nlast')).toEqual(['start end', 'last']);
    // unterminated at the end: the rest is hidden
    expect(tail('shown\nhidden\u001b]0;to the end\nand more')).toEqual(['shown', 'hidden']);
  });
});
