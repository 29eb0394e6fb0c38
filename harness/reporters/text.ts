/**
 * Text escaping shared by the text formats (XML, HTML, Markdown, console).
 *
 * XML 1.0 forbids most C0 control characters, U+FFFE/U+FFFF and unpaired surrogates, and parsers
 * normalise a raw CR. Every such character is replaced DETERMINISTICALLY by the six-character text
 * `\uXXXX` (uppercase hex), e.g. U+0001 -> `\u0001`, a lone U+D800 -> `\uD800`, CR -> `\u000D`.
 * DEL (U+007F) and the C1 controls (U+0080-U+009F) are escaped the same way: XML only discourages them,
 * but a terminal acts on them (U+009B is CSI), so the console must never print them raw.
 * The bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: the right-to-left
 * override that makes `exe.txt` read as `txt.exe`, and its kin) are escaped the same way, so a server
 * string can never reorder what a reviewer reads around it (Trojan Source, CVE-2021-42574).
 * The line and paragraph separators U+2028 and U+2029 are escaped like the other line breaks but LF (CR, VT, FF,
 * NEL): a terminal shows them as nothing or as a line break, so a name could hide a break inside one console line.
 * Tab and line feed are kept in element text. JSON keeps the original string exactly; SARIF escapes
 * its displayed texts (message, location names) with `safeText` and keeps `properties` exact.
 */

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function codeUnitEscape(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Replace characters XML 1.0 forbids (and CR, DEL, C1 controls, U+2028/U+2029, bidi controls) with `\uXXXX` text; keeps tab and LF. */
export function safeText(text: string): string {
  return text.replace(FORBIDDEN, codeUnitEscape);
}

/**
 * What a CI runner reads in a job's log as a command to it: GitHub Actions' workflow commands (`::error file=...::text`,
 * `::add-mask::`, `::stop-commands::`: a line that starts with `::` once its leading white space is trimmed) and their
 * older form `##[group]`, Azure Pipelines' logging commands (`##vso[task.prependpath]...`) and TeamCity's service
 * messages (`##teamcity[...]`), the last three anywhere in a line. Matched: a colon that starts the text (after white
 * space) and the first `#` of each `##[`, `##vso[`, `##teamcity[` (any case).
 */
const CI_COMMAND = /^(\s*):|#(?=#(?:vso|teamcity)?\[)/gi;

/**
 * `text` with no CI command left in it: a leading colon is written `\u003A` and the first `#` of `##[`, `##vso[` or
 * `##teamcity[` `\u0023`, in the `\uXXXX` form of `safeText`, so a tool named `::error file=README.md::forged` that
 * starts a console line forges no annotation (hostile review hostile4). Other text is unchanged. Pure.
 */
export function noCiCommand(text: string): string {
  return text.replace(CI_COMMAND, (_match, space: string | undefined) => (space === undefined ? '\\u0023' : `${space}\\u003A`));
}

/**
 * `safeText`, then tab and LF become a space, then `noCiCommand`: for XML attributes, one-line cells and every line the
 * CLI prints (the console reporter, stderr notes), which a CI runner reads for its commands.
 */
export function oneLine(text: string): string {
  return noCiCommand(safeText(text).replace(/[\t\n]/g, ' '));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escape `& < > " '` after `safeText`; safe in element text and quoted attributes. */
export function escapeHtml(text: string): string {
  return safeText(text).replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * Escape for a Markdown table cell (CommonMark / GitHub Flavored Markdown) with Markdown's own
 * escapes, never HTML entities (a CommonMark renderer such as GitHub's job summary shows `&#39;`
 * literally inside code, and entity text is noise for a reader of the raw file): after `safeText`,
 * every ASCII punctuation character that can start markup (backslash, backtick, * _ [ ] | ~ # < > & !) is
 * backslash-escaped (CommonMark §2.4: any ASCII punctuation may be), tabs become spaces and newlines `<br>`.
 * Every `@` is followed by an empty HTML comment (`@<!-- -->org/team`): GitHub links and NOTIFIES a user or team
 * mentioned in a PR comment or issue, and its mention filter runs on the rendered text, after the backslash escape
 * `\@` is consumed (github/markup#1168), so only a node boundary between `@` and the name stops it; the comment
 * renders as nothing. A report posted as a PR comment cannot ping `@org/team`. For the same reason every `://` becomes
 * `:<!-- -->//` and every `www.` `www<!-- -->.`: GitHub's extended autolinks (GFM §6.9: `http://`, `https://`, `ftp://`
 * and `www.` in plain text) turn a server's tool name `https://evil.example/x` into a link a reader may click; split,
 * the text reads the same and links nowhere (email autolinks need an `@`, split already).
 * Every `$` is written `<span>$</span>`: GitHub renders `$...$` and `$$...$$` in Markdown as MathJax math (issues, PRs,
 * Markdown files), so a tool named `$\color{red}{\text{FAKE}}$` or `$$x$$` reached report.md as a math span, which a
 * summary or PR comment shows rendered, not as its name (hostile review hostile5; the backslash escapes above do not stop it, nor `\$` reliably); GitHub's
 * documented way to write a literal `$` on a line with math is inside span tags, which render as nothing.
 */
export function escapeMarkdown(text: string): string {
  return safeText(text)
    .replace(/[\\`*_[\]|~#<>&!]/g, (ch) => `\\${ch}`)
    .replace(/\t/g, ' ')
    .replace(/\n/g, '<br>')
    .replace(/@/g, '@<!-- -->')
    .replace(/:\/\//g, ':<!-- -->//')
    .replace(/(www)\./gi, '$1<!-- -->.')
    .replace(/\$/g, () => '<span>$</span>');
}

/** Format ms as a short duration: `850ms`, `1.2s`, `2m 05s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
}
