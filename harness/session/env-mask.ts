/**
 * Masking of the harness's own environment in everything a server says. A server can read its
 * parent's environment (`/proc/<harness pid>/environ` on Linux, same user) and echo a CI secret back as
 * a tool name, a description, an error message or a stderr line; messages are value-free, names are
 * not. Every value of the harness's environment that the surface was NOT given (its env, command,
 * args, cwd) and that is at least MIN_MASKED_LENGTH characters long is replaced by `[masked:NAME]`
 * before any check, reporter or the console sees it, in three forms of the text:
 * - as written: each stdout line (or HTTP body, SSE event) before it is parsed, and the stderr tail;
 * - as decoded: every JSON string literal (string or key) that holds an escape (`\u0074`, `\/`, `\"`, `\\`,
 *   `\n`...) is decoded, masked and written back, so the parsed value never holds a value the raw text spelled
 *   with escapes, and neither does a line's head kept as evidence (a secret holding `"`, `\` or a control
 *   character is never found in its escaped form, only decoded); in the stderr tail, line by line;
 * - as read: in the reader's view (model/reader-view.ts: escape and control sequences removed whole per ECMA-48,
 *   OSC/DCS/SOS/PM/APC strings up to their terminator or the end of the text, 7-bit and 8-bit forms; controls and
 *   invisible characters removed; a backspace deleting the character before it; tab and line feed as a space), so a
 *   value split by characters a later step strips (the stderr tail's cleaning) or a terminal or renderer shows as
 *   nothing is masked whole, with the characters inside it. A text holding a C1 control or a backspace is read
 *   twice: once with the 8-bit sequences run and backspaces deleting (a terminal that runs C1 and writes over what
 *   a backspace went back over), once with each C1 control and backspace dropped alone (a terminal that ignores C1;
 *   backspaces with nothing written after them leave the line shown as it was).
 * A line with no backslash, no control and no invisible character (nearly every line) takes one scan for the
 * values and one for those characters.
 * A lowercase word of 6 to 16 letters (WORD: the harness's environment holds common ones, `npm run -s` sets
 * `npm_config_loglevel=silent`) is masked only where it stands as a token of its own, with no letter, digit, `_` or `-`
 * right before or after it (`deploy_production`, a tool's name, keeps it): masked inside server text ("succeed silently" in a tool description) it changed what the
 * checks compared with the contract, a false tools/advertised-metadata error in the repository's own main job. Any
 * other value (mixed case, a digit or a symbol in it: tokens, paths, passwords) is masked wherever it occurs.
 * Each line of a multi-line value (a PEM key; at least MIN_MASKED_LENGTH characters, CR dropped) is a value of its
 * own, masked however a server joins or splits the lines.
 * Exempt, because masking them changed what conformant servers are judged on: a purely numeric value (NUMERIC,
 * never masked); a value equal to or part of a string the harness writes or the protocol fixes (HARNESS_OWN); in a
 * line (`line`), an identifier (IDENTIFIER) standing as a whole JSON string: masked only by `display`.
 * `display` is the output form: case-insensitive, no identifier exemption; the run masks every finding and
 * surface entry with it once more (run/output-mask.ts), after the harness's own transformations (JSON pointers
 * join keys, media types are lower-cased). The run's mask also gives `display` the credentials the surface was
 * given (`shown`: variables and headers whose name marks a credential, session/given-credentials.ts), which only
 * that pass masks: the server holds them legitimately, and masking them as they arrive would change what is sent
 * and judged.
 * Not protected: values shorter than MIN_MASKED_LENGTH, numeric values, a WORD run into letters, digits, `_` or `-`, values
 * the surface was given under a name that marks no credential (and given credentials before the final pass), secrets
 * a server transforms (reversed, base64, split by visible text) or reads from elsewhere (files, the network);
 * `--isolate` closes the /proc read itself.
 */
import { MAY_READ_OTHERWISE, MAY_READ_OTHERWISE_CLASS, readerView } from '../model/reader-view.ts';
import { WIRE_REVISIONS } from '../wire/revision.ts';

/** Shortest harness-environment value that is masked (shorter ones are too common to mask: `1`, `true`, `/root`). */
export const MIN_MASKED_LENGTH = 6;

/**
 * A value masked only as a token of its own: a lowercase word of 6 to 16 letters (`silent`, `noninteractive`), what
 * tool descriptions are made of. Mixed case, a digit, a symbol or a longer run of letters is masked wherever it occurs.
 */
const WORD = /^\p{Ll}{6,16}$/u;

/**
 * The words the protocol fixes in a tool's definition, at least MIN_MASKED_LENGTH long (shorter ones are never masked):
 * JSON Schema's keywords and type names (draft-07, 2019-09, 2020-12; every inputSchema and outputSchema is made of
 * them) and the tool's own field names (spec server/tools §Tool). No secret is one of them, and masking one rewrote
 * schemas: with `AWS_PROFILE=default` (common in CI) given to a server, `snapshot` recorded every `"default"` keyword
 * of its lock as `[masked:AWS_PROFILE]` (a review of contract locks), and in the harness's own environment the word was
 * masked in every description. A function, so that HARNESS_OWN can list them above their definition.
 */
function SCHEMA_AND_TOOL_WORDS(): string[] {
  return [
    'default', 'examples', 'description', 'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties',
    'propertyNames', 'minProperties', 'maxProperties', 'required', 'dependentRequired', 'dependentSchemas', 'dependencies',
    'definitions', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength',
    'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains', 'prefixItems',
    'additionalItems', 'unevaluatedItems', 'readOnly', 'writeOnly', 'deprecated', 'contentMediaType', 'contentEncoding',
    'contentSchema', '$schema', '$anchor', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor',
    '$comment', '$vocabulary', 'string', 'number', 'integer', 'object', 'boolean',
    'inputSchema', 'outputSchema', 'annotations', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint',
    'structuredContent', 'content', 'isError', 'nextCursor',
  ];
}

/**
 * Strings the harness itself writes to every server, or that the protocol fixes (revisions, media types, method
 * names, header names): they are no secret, and a server that echoes them must not have them masked (npm puts
 * `npm_package_name=mcp-harness` in the environment of every `npm run` and `npm test`; a value `2025-11-25` masked in
 * `protocolVersion` failed version negotiation, one `application/json` masked in a Content-Type failed the
 * transport). A harness value exempt only when it is one of these or part of one: a value that contains one
 * (`application/json-SECRET`) is masked.
 */
const HARNESS_OWN: readonly string[] = [
  'mcp-harness',
  ...WIRE_REVISIONS,
  'application/json',
  'text/event-stream',
  'initialize',
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
  'notifications/tools/list_changed',
  'server/discover',
  'tools/list',
  'tools/call',
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
  'last-event-id',
  'content-type',
  ...SCHEMA_AND_TOOL_WORDS(),
];

/**
 * A value that is a JSON number's characters (optional sign, digits, optional fraction and exponent): never masked.
 * Such values are ids, ports, run numbers and timestamps (GitHub Actions sets `GITHUB_REPOSITORY_ID`, `GITHUB_RUN_ID`),
 * not credentials, and masking one inside a raw JSON line turned a number into text that is not JSON.
 */
const NUMERIC = /^[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A plain identifier: lowercase ASCII words joined by `_` or `-`, each word letters optionally followed by digits
 * (`pull_request`, `github-hosted`, `ubuntu22`). At ingestion (`line`), such a value is NOT masked where it stands as
 * a whole JSON string (an enum member, a const, a key: `"pull_request"` with a quote right before and after it, or
 * a decoded literal equal to it): masked there it changed what the harness sent and compared
 * (`GITHUB_EVENT_NAME=pull_request` turned an enum member into `[masked:GITHUB_EVENT_NAME]`, the argument the harness
 * generated, and a false validCallRejected). Everywhere else it is masked at ingestion, and everywhere it is masked at
 * output (`display`, the run's final pass). A token (hex, base64, mixed case) is no identifier: its letters and digits
 * alternate.
 */
const IDENTIFIER = /^[a-z]+[0-9]*(?:[_-][a-z]+[0-9]*)*$/;

/**
 * `text` with `rewrite` applied to every JSON string literal that holds an escape (its quotes included), scanning
 * left to right: a `"` opens a literal, a backslash skips the code unit after it, the next `"` closes it. On a JSON
 * text these are exactly its string literals, keys included (outside a literal JSON has no `"` and no backslash);
 * on other text, the quoted runs. An unterminated last run is left alone. Linear: native `indexOf` between literals
 * and through those without an escape, a walk through those with one; no regular expression (a backtracking one
 * overflowed its stack on a 10 MB literal of escapes).
 */
function rewriteEscapedLiterals(text: string, rewrite: (literal: string) => string): string {
  let quote = text.indexOf('"');
  let slash = text.indexOf('\\');
  // the next `"` / backslash at or after `at` (`at` only grows, so each stretch is searched once)
  const nextQuote = (at: number) => (quote !== -1 && quote < at ? (quote = text.indexOf('"', at)) : quote);
  const nextSlash = (at: number) => (slash !== -1 && slash < at ? (slash = text.indexOf('\\', at)) : slash);
  let out = '';
  let copied = 0;
  let open = quote;
  while (open !== -1 && nextSlash(open) !== -1) {
    let close = nextQuote(open + 1);
    const escaped = close !== -1 && slash < close;
    if (escaped) {
      // the literal holds an escape: walked code unit by code unit to its closing quote
      close = -1;
      for (let i = slash; i < text.length; i += 1) {
        const c = text.charCodeAt(i);
        if (c === 0x5c) i += 1;
        else if (c === 0x22) {
          close = i;
          break;
        }
      }
    }
    if (close === -1) break;
    if (escaped) {
      const literal = text.slice(open, close + 1);
      const rewritten = rewrite(literal);
      if (rewritten !== literal) {
        out += text.slice(copied, open) + rewritten;
        copied = close + 1;
      }
    }
    open = nextQuote(close + 1);
  }
  return out + text.slice(copied);
}

/** A backslash, a control character or an invisible character: a line that needs more than the scan as written (one class scan). */
const LINE_NEEDS_MORE = new RegExp(`[\\\\${MAY_READ_OTHERWISE_CLASS}]`, 'u');

/** A C1 control code point: the 8-bit form of a sequence in a terminal that runs them, one unseen character in one that ignores them. */
const C1 = /[\u0080-\u009f]/;

/** Masks the harness's secrets in server strings (the three forms: module comment). */
export interface EnvMask {
  /** True when there is nothing to mask (no candidate values). */
  readonly empty: boolean;
  /**
   * A server string masked as written and as read (reader's view): a header value, a decoded string. Returns
   * `text` itself (the same string) when nothing was masked.
   */
  text(text: string): string;
  /**
   * One line of server output that may be JSON (a stdout line, an HTTP body, an SSE event's data): `text`, then every
   * JSON string literal holding an escape decoded, masked and re-encoded (`JSON.stringify`) when a value was found
   * in it, so parsing the result gives masked strings and keys. A line without backslash, control or invisible
   * character takes only the scan as written.
   */
  line(line: string): string;
  /** Text of many lines (a stderr tail): `text` on the whole, then each line's escaped JSON string literals as in `line`. */
  lines(text: string): string;
  /**
   * Text about to be shown (a finding's message, pointer, tool, evidence, stderr line; the run's final pass,
   * run/output-mask.ts): as `text`, but every value matched case-insensitively, identifiers included wherever they
   * stand, and the `shown` values (given credentials) too. Over-masking display text is harmless; it never feeds
   * back into what the harness sends or compares (the session's masks are built without `shown`).
   */
  display(text: string): string;
}

/** One set of values to find: its tests and replacements (ingestion's, or the final pass's: `display`). */
interface Scan {
  /** Whether any value occurs (one literal alternation, no flag `g`). */
  test: RegExp;
  /** Every value, longest first at each position (flag `g`). */
  re: RegExp;
  /** The label of a value found (`[masked:NAME]`). */
  label: (found: string) => string;
  /** The length of the shortest value. */
  shortest: number;
}

/** The characters of `v` read literally in a regular expression. */
const escapeRe = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A WORD only where it stands as a token of its own: no letter, digit, `_` or `-` right before it (a JSON escape `\n`,
 * `\t`... before it counts as a boundary: the line is masked as raw JSON text) or right after it; any other value as
 * written. `_` and `-` join the words of an identifier: a tool named `deploy_production` or `deploy-production` was
 * listed as `deploy_[masked:NODE_ENV]` where CI sets NODE_ENV=production, so the harness called a tool the server
 * does not have (false tools/name, schema/portability and errors/input-enforcement warnings; a review of contract
 * packages).
 */
function core(v: string): string {
  const boundary = '(?:(?<![\\p{L}\\p{N}_-])|(?<=\\\\[bfnrt]))';
  return WORD.test(v) ? `${boundary}${v}(?![\\p{L}\\p{N}_-])` : escapeRe(v);
}

/**
 * The scans of `byValue` (value -> label, in precedence order: the first of values equal but for case labels them in
 * `display`): as written (`exact`) and case-insensitive (`display`), and the alternation of the values for a raw JSON
 * line (`inLine`: an identifier not masked with a quote right before AND right after it, a whole JSON string). One scan
 * (a literal alternation) says whether any value occurs; the common answer, on every stdout line, is no: ~0.5 µs per
 * 400-byte line with 40 values, against 1.2-2.2 µs for one `includes` per value. A hit takes the longest-first
 * replacement, so the output is the same as without the scan; a replacement is never scanned again (a label is never
 * masked itself).
 */
function scans(byValue: ReadonlyMap<string, string>): { exact: Scan; display: Scan; inLine: RegExp } {
  const pairs = [...byValue].sort(([a], [b]) => b.length - a.length);
  const any = new RegExp(pairs.map(([v]) => escapeRe(v)).join('|'));
  const all = new RegExp(pairs.map(([v]) => core(v)).join('|'), 'gu');
  const inLine = new RegExp(pairs.map(([v]) => (IDENTIFIER.test(v) ? `(?:(?<!")${core(v)}|${core(v)}(?!"))` : core(v))).join('|'), 'gu');
  const labels = new Map(pairs);
  const labelsI = new Map<string, string>();
  for (const [v, l] of byValue) if (!labelsI.has(v.toLowerCase())) labelsI.set(v.toLowerCase(), l);
  const label = (found: string): string => labels.get(found) ?? labelsI.get(found.toLowerCase()) ?? found;
  const shortest = pairs[pairs.length - 1][0].length;
  return {
    exact: { test: any, re: all, label, shortest },
    display: { test: new RegExp(any.source, 'iu'), re: new RegExp(all.source, 'giu'), label, shortest },
    inLine,
  };
}

/** `s` with every value of `scan` found as written replaced by its label. */
function asWritten(s: string, scan: Scan): string {
  return scan.test.test(s) ? s.replace(scan.re, scan.label) : s;
}

/** `s` with every value of `scan` found in the reader's view replaced, the whole span of `s` it came from (unseen units inside included). */
function asRead(s: string, scan: Scan): string {
  const once = asReadIn(s, scan, true, true);
  // a terminal that ignores C1 controls shows what an 8-bit sequence would hide, and backspaces with nothing
  // written after them leave the line as it was: those views too, in every combination (a review: C1 ignored
  // with backspaces run read `sekrit` where neither pure view did)
  if (!C1.test(once) && !once.includes('\b')) return once;
  let out = asReadIn(once, scan, false, false);
  out = asReadIn(out, scan, false, true);
  return asReadIn(out, scan, true, false);
}

/** `asRead` in one view (`c1`: 8-bit sequences run; `backspace`: backspaces delete). */
function asReadIn(s: string, scan: Scan, c1: boolean, backspace: boolean): string {
  if (s.length < scan.shortest) return s; // the view is never longer than the text
  const view = readerView(s, c1, backspace);
  if (!scan.test.test(view.text)) return s;
  const found = [...view.text.matchAll(scan.re)];
  // each match's first and last code unit in the view, ascending (matches never overlap)
  const at = view.sources(found.flatMap((m) => [m.index, m.index + m[0].length - 1]));
  let out = '';
  let from = 0;
  found.forEach((m, i) => {
    out += s.slice(from, at[2 * i]) + scan.label(m[0]);
    from = at[2 * i + 1] + 1;
  });
  return out + s.slice(from);
}

/** `s` masked as written, then (when it holds a character a reader may see otherwise) as read. */
function masked(s: string, scan: Scan): string {
  const written = asWritten(s, scan);
  return MAY_READ_OTHERWISE.test(written) ? asRead(written, scan) : written;
}

/**
 * Build the mask for one surface: `harnessEnv` (the harness's process.env), `given` (every string the
 * surface was handed: env values, command, args, cwd). Longest values first, so a value containing
 * another is masked whole. `shown` ([name, value] pairs; a name may come more than once): values masked by `display` only, the run's final pass over
 * what reports show, never at ingestion (`text`, `line`, `lines`): the credentials the surface was given
 * (session/given-credentials.ts). They are masked although given (that is their point), still not when shorter than
 * MIN_MASKED_LENGTH, numeric or a string the harness writes or the protocol fixes; a value that is also one of
 * `harnessEnv` masked at ingestion keeps that label (ingestion's values first, then `shown` by sorted name). Pure.
 */
export function createEnvMask(
  harnessEnv: Readonly<Record<string, string | undefined>>,
  given: readonly string[],
  shown: readonly (readonly [name: string, value: string])[] = [],
): EnvMask {
  const byValue = new Map<string, string>();
  const add = (into: Map<string, string>, name: string, value: string, exempt: readonly string[]): void => {
    if (value.length < MIN_MASKED_LENGTH || into.has(value) || NUMERIC.test(value)) return;
    if (exempt.some((g) => g.includes(value)) || HARNESS_OWN.some((own) => own.includes(value))) return;
    into.set(value, `[masked:${name}]`);
  };
  const addAll = (into: Map<string, string>, env: readonly (readonly [string, string | undefined])[], exempt: readonly string[]): void => {
    for (const [name, value] of [...env].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (value === undefined) continue;
      add(into, name, value, exempt);
      // each line of a multi-line value (a PEM key) is a value of its own, its CR dropped: masked however a server
      // joins the lines (CRLF, a space) or splits them (one per stderr line)
      if (/[\r\n]/.test(value)) for (const part of value.split('\n')) add(into, name, part.replace(/\r+$/, '').replace(/^\r+/, ''), exempt);
    }
  };
  addAll(byValue, Object.entries(harnessEnv), given);
  const forDisplay = new Map(byValue);
  addAll(forDisplay, shown, []);
  if (forDisplay.size === 0) return { empty: true, text: (s) => s, line: (s) => s, lines: (s) => s, display: (s) => s };
  // the final pass's scan: ingestion's, or (credentials given: `shown`) one over both
  const shownScan = forDisplay.size === byValue.size ? undefined : scans(forDisplay).display;
  if (byValue.size === 0) return { empty: false, text: (s) => s, line: (s) => s, lines: (s) => s, display: (s) => masked(s, shownScan as Scan) };
  const pairs = [...byValue];
  const { exact, display: displayScan, inLine } = scans(byValue);
  const inLineScan: Scan = { ...exact, re: inLine };
  const shortest = exact.shortest;
  const identifiers = new Set(pairs.map(([v]) => v).filter((v) => IDENTIFIER.test(v)));
  const text = (s: string): string => masked(s, exact);
  const display = (s: string): string => masked(s, shownScan ?? displayScan);
  const decoded = (literal: string): string => {
    // a literal of fewer characters than the shortest value between its quotes decodes to fewer still
    if (literal.length - 2 < shortest) return literal;
    let value: unknown;
    try {
      value = JSON.parse(literal);
    } catch {
      return literal; // not a JSON string literal (text around quotes): masked as written and as read only
    }
    if (typeof value !== 'string' || identifiers.has(value)) return literal; // a whole string equal to an identifier: IDENTIFIER
    const done = text(value);
    return done === value ? literal : JSON.stringify(done);
  };
  // An escape that decodes to a character no value holds (`\"`, `\\`, `\/`) cannot hide one: every occurrence in the decoded
  // string lies between such characters, where decoded and raw text are the same, and the raw pass saw it. A line whose
  // escapes are all of those kinds (a result whose text is JSON.stringify'd JSON: 5,002 of the 17,020 lines of a 1,000-tool
  // run) skips the decode pass. `\u` and the controls (`\b\f\n\r\t`: the reader's view drops or spaces them) always take it.
  const inert = ['"', '\\', '/'].filter((c) => !pairs.some(([v]) => v.includes(c)));
  const mayHide = new RegExp(`\\\\[^${inert.map((c) => `\\${c}`).join('')}]`);
  const literals = (s: string): string => (s.includes('\\') && mayHide.test(s) ? rewriteEscapedLiterals(s, decoded) : s);
  const line = (s: string): string => (LINE_NEEDS_MORE.test(s) ? literals(masked(s, inLineScan)) : asWritten(s, inLineScan));
  const lines = (s: string): string => {
    const whole = text(s);
    return whole.includes('\\') ? whole.split('\n').map(literals).join('\n') : whole;
  };
  return { empty: false, text, line, lines, display };
}
