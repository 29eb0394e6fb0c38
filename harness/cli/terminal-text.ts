/**
 * Server text in the CLI's own stderr notes (snapshot's and diff's "left tool" lines): bounded to the server-text
 * budget and escaped as the console reporter escapes it (control, C1 and bidi characters as `\uXXXX`, line breaks as
 * spaces), so a tool name cannot set the terminal's title, clear the screen or forge a line of the harness's own
 * (review 5: `evil\x1b]0;pwned\x07\r\nmcp-harness: lock with 0 tools`).
 */
import { boundServerText } from '../model/text-budget.ts';
import { oneLine } from '../reporters/text.ts';

/** `text` safe for one line of a terminal: bounded (model/text-budget.ts), then `oneLine` (reporters/text.ts). Pure. */
export function terminalText(text: string): string {
  return oneLine(boundServerText(text));
}
