/**
 * The budget for server strings copied into human-readable text (issue 15, "Also"): a tool name,
 * property name, method or error message a server sends can be megabytes long, and a finding message
 * or a report cell that copies it whole is as long. Such strings are cut to a budget, with an ellipsis
 * and the original length, so a reader sees that it was cut and by how much.
 */

/** Default budget for one server string inside a message or a rendered cell, in UTF-16 code units. */
export const SERVER_TEXT_BUDGET = 200;

/**
 * `text` itself when it is at most `budget` UTF-16 code units long; else its first `budget` code units
 * (one fewer when the cut would split a surrogate pair) followed by `… (N characters)`, N being the
 * original length in code units. Deterministic; never throws.
 * @param budget code units kept, a positive integer (default {@link SERVER_TEXT_BUDGET}).
 */
export function boundServerText(text: string, budget: number = SERVER_TEXT_BUDGET): string {
  if (text.length <= budget) return text;
  let end = budget;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}

/**
 * Names (tool names, say) joined with ", " and cut at a name boundary so the whole text stays within `budget` UTF-16
 * code units: as many names as fit, in the order given, then ` and N more` for the rest ("a, b and 61 more"); never
 * part of a name. When not even the first name fits with that tail, `names too long to list` (the caller gives the count). An empty list is ''.
 * For a list of server strings copied into a message, where {@link boundServerText} would cut the last name in two.
 * Deterministic; never throws.
 * @param budget code units of the whole text, a positive integer (default {@link SERVER_TEXT_BUDGET}).
 */
export function boundNameList(names: readonly string[], budget: number = SERVER_TEXT_BUDGET): string {
  const whole = names.join(', ');
  if (whole.length <= budget) return whole;
  let shown = '';
  let count = 0;
  while (count < names.length) {
    const next = count === 0 ? names[0] : `${shown}, ${names[count]}`;
    if (`${next} and ${names.length - count - 1} more`.length > budget) break;
    shown = next;
    count += 1;
  }
  return count === 0 ? 'names too long to list' : `${shown} and ${names.length - count} more`;
}
