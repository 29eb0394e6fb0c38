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
