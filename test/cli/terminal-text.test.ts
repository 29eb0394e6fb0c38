/** harness/cli/terminal-text.ts: server text in the CLI's stderr notes cannot drive the terminal (review 5). */
import { describe, expect, it } from 'vitest';
import { terminalText } from '../../harness/cli/terminal-text.ts';

describe('terminalText', () => {
  it('escapes ESC, BEL, CR and bidi controls and keeps the note on one line', () => {
    const name = 'evil\u001b]0;pwned\u0007\u001b[2J\r\nmcp-harness: lock with 0 tools\u202e';
    const shown = terminalText(name);
    expect(shown).toBe('evil\\u001B]0;pwned\\u0007\\u001B[2J\\u000D mcp-harness: lock with 0 tools\\u202E');
    expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
  });

  it('leaves ordinary names alone and bounds a huge one', () => {
    expect(terminalText('search_docs')).toBe('search_docs');
    expect(terminalText('x'.repeat(100_000)).length).toBeLessThan(1_000);
  });
});
