/** The reader's view of server text (model/reader-view.ts): what is dropped, and the map back to the original. */
import { describe, expect, it } from 'vitest';
import { MAY_READ_OTHERWISE, TERMINAL_CONTROLS, readerView } from '../../harness/model/reader-view.ts';

describe('readerView', () => {
  it('drops ANSI sequences, controls, bidi controls and invisible characters; tab and line feed read as a space', () => {
    expect(readerView('a\u001b[1;31mb\u0001c\u009bd\re\u202ef\u200bg\u{e0041}h\ti\nj').text).toBe('abcdefgh i j');
  });

  it('maps every kept code unit back to its index in the original (surrogate pairs kept whole)', () => {
    const text = '\u200bab\u001b[0m😀c\u200d';
    const view = readerView(text);
    expect(view.text).toBe('ab😀c');
    expect([...view.text].length).toBe(4);
    const every = Array.from({ length: view.text.length }, (_, i) => i);
    expect(view.sources(every).map((i) => text[i])).toEqual(view.text.split(''));
    expect(view.sources([1, 4])).toEqual([2, 9]);
    expect(view.sources([])).toEqual([]);
  });

  it('MAY_READ_OTHERWISE answers false exactly when the view is the text itself', () => {
    for (const text of ['plain text', 'é ü 😀 / \\ "', '']) {
      expect(MAY_READ_OTHERWISE.test(text), text).toBe(false);
      expect(readerView(text).text).toBe(text);
    }
    for (const text of ['a\tb', 'a\u0000', 'a\u200b', '\u{e0041}', 'a\u009f']) expect(MAY_READ_OTHERWISE.test(text), JSON.stringify(text)).toBe(true);
    // every code point the view changes (the BMP and the tag block), and none it keeps
    const missed: string[] = [];
    for (let cp = 0; cp <= 0xe01ff; cp = cp === 0xffff ? 0xe0000 : cp + 1) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if ((readerView(ch).text !== ch) !== MAY_READ_OTHERWISE.test(ch)) missed.push(cp.toString(16));
    }
    expect(missed).toEqual([]);
  });

  it('TERMINAL_CONTROLS removes what the stderr tail loses: the sequence first, then the characters (same as two passes)', () => {
    const twoPasses = (s: string) => s.replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
    for (const s of ['a\u001b[0mb', '\u001b\u001b[0m', '\u001b[\u001b[0m', 'x\u001b[0\u0001m', 'tab\tkept\nlf', 'hun\u001b[1tter2', '\u200e\u202e\u2069']) {
      expect(s.replace(TERMINAL_CONTROLS, ''), JSON.stringify(s)).toBe(twoPasses(s));
    }
  });

  it('equals the reference (remove terminal controls, then invisible characters; tab and LF as a space) on mixed texts, sparse and dense', () => {
    const reference = (t: string) => t.replace(TERMINAL_CONTROLS, '').replace(/[\p{Default_Ignorable_Code_Point}\u061C\u2061-\u2064]/gu, '').replace(/[\t\n]/g, ' ');
    const palette = ['a', 'Z', '7', ' ', '/', '"', '\\', 'é', '😀', '\u001b[0m', '\u001b[38;5;1m', '\u001b', '\u001b[', '[0m', '\u0001', '\r', '\t', '\n', '\u009b', '\u200b', '\u200e', '\u202e', '\ufe0f', '\u00ad', '\u{e0041}', '\u{1d173}', '\ud800', '\udc00'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % palette.length;
    for (const size of [10, 100, 1000, 5000]) {
      for (let round = 0; round < 20; round++) {
        const text = Array.from({ length: size }, () => palette[next()]).join('');
        const view = readerView(text);
        expect(view.text, JSON.stringify(text.slice(0, 80))).toBe(reference(text));
        const every = Array.from({ length: view.text.length }, (_, i) => i);
        expect(view.sources(every).map((i) => (text[i] === '\t' || text[i] === '\n' ? ' ' : text[i])).join('')).toBe(view.text);
      }
    }
  });
});
