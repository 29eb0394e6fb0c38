/** The reader's view of server text (model/reader-view.ts): what is dropped, and the map back to the original. */
import { describe, expect, it } from 'vitest';
import { MAY_READ_OTHERWISE, readerView, stripTerminalControls } from '../../harness/model/reader-view.ts';

describe('readerView', () => {
  it('drops ANSI sequences, controls, bidi controls and invisible characters; tab and line feed read as a space', () => {
    expect(readerView('a\u001b[1;31mb\u0001c\u0085d\re\u202ef\u200bg\u{e0041}h\ti\nj').text).toBe('abcdefgh i j');
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

  it('stripTerminalControls removes what the stderr tail loses: CSI whole, the other controls one by one, tab and LF kept', () => {
    const rows: [string, string][] = [
      ['a\u001b[0mb', 'ab'],
      ['\u001b\u001b[0m', ''],
      ['\u001b[\u001b[0m', ''],
      ['x\u001b[0\u0001m', 'x'], // a C0 inside a CSI is run and the sequence goes on (the DEC/xterm parser)
      ['tab\tkept\nlf', 'tab\tkept\nlf'],
      ['hun\u001b[1tter2', 'hunter2'],
      ['\u200e\u202e\u2069', ''],
      ['zero\u200bwidth kept', 'zero\u200bwidth kept'],
    ];
    for (const [s, want] of rows) expect(stripTerminalControls(s), JSON.stringify(s)).toBe(want);
  });

  it('equals the reference (remove terminal controls, then invisible characters; tab and LF as a space) on mixed texts, sparse and dense', () => {
    const reference = (t: string) => stripTerminalControls(t).replace(/[\p{Default_Ignorable_Code_Point}\u061C\u2061-\u2064]/gu, '').replace(/[\t\n]/g, ' ');
    const palette = ['a', 'Z', '7', ' ', '/', '"', '\\', 'é', '😀', '\u001b[0m', '\u001b[38;5;1m', '\u001b', '\u001b[', '[0m', '\u0001', '\r', '\t', '\n', '\u009b', '\u200b', '\u200e', '\u202e', '\ufe0f', '\u00ad', '\u{e0041}', '\u{1d173}', '\ud800', '\udc00', '\b', '\u001b]0;', '\u0007', '\u001b\\\\', '\u009c', '\u001b(B', '\u009d', '\u0090', '\u001bP'];
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

  // a secret split by each kind of sequence, in its 7-bit and 8-bit forms (the hostile review's steal-osc.mjs)
  const SPLITS: Record<string, string> = {
    'OSC ... BEL': '\u001b]0;title\u0007',
    'OSC ... ESC \\': '\u001b]2;title\u001b\\',
    'OSC empty, BEL': '\u001b]\u0007',
    'charset ESC ( B': '\u001b(B',
    'ESC 7 (save cursor)': '\u001b7',
    'ESC intermediates + final': '\u001b#8',
    'DCS ... ST': '\u001bPq#0;1\u001b\\',
    'SOS ... ST': '\u001bXpayload\u001b\\',
    'PM ... ST': '\u001b^payload\u001b\\',
    'APC ... ST': '\u001b_payload\u001b\\',
    'C1 CSI with params': '\u009b1;31m',
    'C1 OSC ... BEL': '\u009d0;title\u0007',
    'C1 OSC ... C1 ST': '\u009d0;title\u009c',
    'C1 DCS ... C1 ST': '\u0090q\u009c',
    'C1 SOS ... C1 ST': '\u0098x\u009c',
    'C1 PM ... C1 ST': '\u009ex\u009c',
    'C1 APC ... C1 ST': '\u009fx\u009c',
    'C1 NEL (U+0085)': '\u0085',
    'backspace over X': 'X\b',
    'backspace over an astral character': '😀\b',
    'backspace over two': 'XY\b\b',
    'CSI': '\u001b[0m',
    'line separator U+2028': '\u2028',
    'paragraph separator U+2029': '\u2029',
  };

  it('drops each escape / control sequence whole and applies backspace: a secret split by it is whole in the view', () => {
    for (const [kind, sep] of Object.entries(SPLITS)) {
      const text = `<sekrit${sep}-123456>`;
      expect(readerView(text).text, kind).toBe('<sekrit-123456>');
      if (!kind.includes('separator')) expect(stripTerminalControls(text), kind).toBe('<sekrit-123456>');
    }
  });

  it('maps the view back to the original across each sequence (sources exact)', () => {
    for (const [kind, sep] of Object.entries(SPLITS)) {
      const text = `ab${sep}cd`;
      const view = readerView(text);
      expect(view.text, kind).toBe('abcd');
      expect(view.sources([0, 1, 2, 3]), kind).toEqual([0, 1, 2 + sep.length, 3 + sep.length]);
    }
    const text = 'aX\bb\u001b]0;t\u0007c\u200bZ\b\u009bmd\ne';
    const view = readerView(text);
    expect(view.text).toBe('abcd e');
    const every = Array.from({ length: view.text.length }, (_, i) => i);
    expect(view.sources(every).map((i) => (text[i] === '\n' ? ' ' : text[i])).join('')).toBe(view.text);
    expect(view.sources([1, 2])).toEqual([3, 10]);
  });

  it('an unterminated control string hides the rest of the text; a sequence never takes a character after its terminator; linear', () => {
    expect(readerView('keep\u001b]0;hidden to the end').text).toBe('keep');
    expect(readerView('keep\u001bPhidden').text).toBe('keep');
    expect(readerView('keep\u009dhidden').text).toBe('keep');
    expect(readerView('a\u001b]0;x\u0007b\u001b]0;y\u001b\\c').text).toBe('abc');
    // an ESC inside a control string that is not ST ends the string; the ESC starts a sequence of its own
    expect(readerView('a\u001b]0;x\u001b(Bb').text).toBe('ab');
    // BEL ends an OSC only: a DCS runs on to its ST
    expect(readerView('a\u001bPx\u0007y\u001b\\b').text).toBe('ab');
    // a backspace never deletes past a line feed nor at the start
    expect(readerView('\bab\n\bc').text).toBe('ab c');
    expect(stripTerminalControls('\bab\n\bc')).toBe('ab\nc');
    // the stderr cleaning keeps invisible characters, but a backspace takes them with the visible one before them
    expect(stripTerminalControls('ab\u200b\bc')).toBe('ac');
    // linear on hostile input: a megabyte of unterminated ESC ], of ESC, of ESC [ 0, of backspaces (no timing asserted)
    const big = 1 << 20;
    for (const text of ['\u001b]'.repeat(big / 2), 'x\u001b]0;' + 'y'.repeat(big), '\u001b'.repeat(big), '\u001b[0'.repeat(big / 3), '\u009d'.repeat(big), 'a\b'.repeat(big / 2), 'a'.repeat(big / 2) + '\b'.repeat(big / 2)]) {
      const view = readerView(text);
      expect(view.text.length).toBeLessThanOrEqual(text.length);
      stripTerminalControls(text);
    }
  });

  it('keeps harmless text around the sequences, and a secret not split stays as written', () => {
    expect(readerView('\u001b]8;;https://example.com\u001b\\link text\u001b]8;;\u001b\\ and \u001b(Bplain').text).toBe('link text and plain');
    expect(readerView('progress 10%\b\b\b20%').text).toBe('progress 20%');
    expect(readerView('sekrit-123456 \u001b]0;x\u0007 done').text).toBe('sekrit-123456  done');
    expect(stripTerminalControls('ok \u001b]0;title\u0007line\nnext\u009b1mline')).toBe('ok line\nnextline');
    // NBSP and a combining mark show (a space, an accent): kept
    expect(readerView('a\u00a0b\u0301c').text).toBe('a\u00a0b\u0301c');
  });

});
