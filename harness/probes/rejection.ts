/**
 * Reading an answer as "your arguments are invalid": a JSON-RPC -32602 error, or an `isError` result
 * whose text says input validation failed (the SDKs' "Input validation error: ...", "invalid
 * arguments/params/input", or a validation phrase naming one of the schema's properties). Pure and
 * value-free: the text and the arguments are read, never returned; only a property name of the schema itself is.
 */
import type { RequestRecord } from '../model/wire.ts';
import { readsAsValidation, refusesCredentialOnly, saysCredentialUnconfigured, responseKind, resultOf, rpcError } from './records.ts';
import { SENTINEL_PATTERN } from './sentinel.ts';
import { networkFailure } from '../model/network-failure.ts';

/** How an answer rejected the arguments, and the schema property the error names, if one. */
export interface Rejection {
  /** `JSON-RPC -32602` or `an isError result`. */
  answer: string;
  /**
   * The top-level property of the inputSchema the error names: the one the earliest explicit locator names (`"path":
   * ["url"]`, `/url`, a quoted name `'url'` but not a quoted value such as zod's `"format":"url"`; a trailing ` at url`
   * outranks an earlier one in its sentence), else
   * the one whose sentinel-bearing argument the text repeats (`namedByValue`), else the one property the text holds
   * as a bare word (`bareNamed`); none when that is ambiguous.
   */
  property?: string;
}

/** Unambiguous input-validation wording (a business failure rarely says this). */
const EXPLICIT = /\b(input validation (error|failed)|validation (error|failed)|invalid (arguments?|params|parameters|input))\b/i;

/**
 * A process's exit status with its number ("Exit code: 1", "exited with code 2", "exit status 127"): it names no
 * property (`code`, `status`), so it is taken out of a text before the text's mentions of a property are read.
 * context-mode 1.0.131's ctx_execute answered generated code with "Exit code: 1", stdout and stderr saying "SyntaxError:
 * Invalid or unexpected token" (sweep 30): "Exit code" read as the property `code`, "Invalid" as validation. The rest of
 * a run's report still counts: a wrapper's program that refuses the argument handed to it ("Command ... returned
 * non-zero exit status 2." then argparse's "argument --since: invalid duration value") refused it, and the schema
 * under-states the handler (review 27: taking every run report aside hid that).
 */
const RUN_EXIT = /\bexit(?:ed)?(?:\s+with)?\s+(?:code|status)\s*[:=]?\s*-?\d+\b/gi;

/** The texts an answer carries: the JSON-RPC error message, or the result's text blocks. */
function textsOf(request: RequestRecord): string[] {
  const error = rpcError(request);
  if (error) return typeof error.message === 'string' ? [error.message] : [];
  const content = resultOf(request)?.content;
  if (!Array.isArray(content)) return [];
  return content.map((b) => (b as { text?: unknown } | null)?.text).filter((t): t is string => typeof t === 'string');
}

/**
 * An answer that offers where the server runs as the alternative to an argument: "Provide folder_path or run from a
 * project directory", "... or run it in a git repository", "... or start the server inside your workspace".
 */
const WORKING_DIRECTORY_FALLBACK =
  /\bor\s+(?:run|start|launch|open|use)\s+(?:it\s+|this(?:\s+tool)?\s+|the\s+(?:server|tool)\s+)?(?:from|in|inside|within)\s+(?:a|an|the|your)\s+(?:[\w-]+\s+)?(?:director(?:y|ies)|folder|project|root|repo(?:sitory)?|workspace)\b/i;

/**
 * Whether a valid call's `rejection` refuses the place the server runs rather than the arguments: the property it
 * names was left out of the call (`args` has no such key) and every text of the answer offers the working directory
 * as the alternative (WORKING_DIRECTORY_FALLBACK: "Error: folder_path is required. Provide folder_path or run from a
 * project directory."). Such a handler takes the optional argument from the directory (or session) it runs in when the
 * call leaves it out, so whether a call needs it depends on where the server was started, which no inputSchema can
 * state (sweep 37: @contextstream/mcp-server 0.4.43's generate_rules, `{}` under --sandbox, whose working directory is
 * an empty temp dir). A call that supplied the property and was refused, and a text with no such alternative, are
 * rejections as before. For valid calls only (errors/input-enforcement validCallRejected): a probe that leaves out a
 * required property is rejected by the same words. Pure; reads the texts, never returns them.
 */
export function refusesWorkingDirectory(request: RequestRecord, rejection: Rejection, args: unknown): boolean {
  const property = rejection.property;
  if (property === undefined) return false;
  if (args !== null && typeof args === 'object' && Object.hasOwn(args, property)) return false;
  const texts = textsOf(request);
  return texts.length > 0 && texts.every((t) => WORKING_DIRECTORY_FALLBACK.test(t));
}

/**
 * Whether a valid call's answer reports a failed network request rather than a refusal of the arguments: every text
 * names a network failure (model/network-failure.ts `networkFailure`: "fetch failed", ECONNREFUSED, a failed name
 * lookup...) and none is an explicit validation report (EXPLICIT: "Input validation error", "invalid arguments").
 * "Error: Unable to validate projectId against the project registry: fetch failed" names `projectId` and says
 * "validate", but the check never ran: the run's missing network or service is to blame, which no inputSchema can
 * state (sweep 37: @orchestrator-claude/mcp-server 3.37.3's selectSessionProject offline). For valid calls only
 * (errors/input-enforcement validCallRejected). Pure; reads the texts, never returns them.
 */
export function refusesForNetwork(request: RequestRecord): boolean {
  const texts = textsOf(request);
  return texts.length > 0 && texts.every((t) => networkFailure([t]) !== undefined && !EXPLICIT.test(t));
}

/** A character that continues a name: a word character, or a hyphen joining two (`git-clone` holds no `clone`). */
function joins(text: string, at: number, step: 1 | -1): boolean {
  const c = text[at] ?? '';
  if (/[A-Za-z0-9_$]/.test(c)) return true;
  return c === '-' && /[A-Za-z0-9]/.test(text[at + step] ?? '');
}

/**
 * Whether the occurrence of a name at `at..end` is a key of an object written out in the text: a JSON key (`"name":`,
 * `'name':`), or an unquoted key of an object literal (`{ name: 'Error'`, `, path: [ 'url' ]`, Node's inspect). A
 * key names a member of the text's own envelope, not an argument: the business failure
 * `{"error":{"name":"Error","message":"Cost confirmation ID does not match the expected cost ..."}}` names no property
 * `name` (@supabase/mcp-server-supabase create_branch once drew validCallRejected naming `name` from that key).
 */
function isKey(text: string, at: number, end: number): boolean {
  const quote = text[at - 1];
  const quoted = (quote === '"' || quote === "'") && text[end] === quote;
  if (text[skipSpace(text, quoted ? end + 1 : end, 1)] !== ':') return false;
  // a key follows the object's opening brace or a comma, with any whitespace between (pretty-printed JSON indents a
  // key by its depth: `,\n` and 14 spaces before a key of zod's schema dump); a quoted name before a colon in prose
  // is a label that names it ("Invalid 'url': expected format ..." names url)
  const before = text[skipSpace(text, (quoted ? at - 1 : at) - 1, -1)];
  return before === '{' || before === ',';
}

/**
 * The position of the first character at or after `from` (`step` 1), or at or before it (`step` -1), that is not
 * whitespace: `text.length` or -1 when there is none. However much whitespace indentation puts there, none is
 * skipped by a fixed window.
 */
function skipSpace(text: string, from: number, step: 1 | -1): number {
  let i = from;
  while (i >= 0 && i < text.length && /\s/.test(text[i])) i += step;
  return i;
}

/**
 * The positions where `text` holds `name` as a whole token that is not an object key (case-sensitive unless `fold`);
 * with `values` false, nor a quoted value that does not locate (quotedLocates: `"format":"url"`, `one of 'name', 'date'`).
 */
function wordHits(text: string, name: string, fold = false, values = true): number[] {
  const lower = text.toLowerCase();
  // folding that changes a length (a rare non-ASCII letter) would shift positions: read such a text as written
  const folded = fold && lower.length === text.length;
  const hay = folded ? lower : text;
  const needle = folded ? name.toLowerCase() : name;
  const out: number[] = [];
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (joins(text, at - 1, -1) || joins(text, end, 1)) continue;
    if (isKey(text, at, end)) continue;
    const quote = text[at - 1];
    if (!values && (quote === '"' || quote === "'" || quote === '`') && text[end] === quote && !quotedLocates(text, at - 1, end)) continue;
    out.push(at);
  }
  return out;
}

/**
 * Explicit locators of a property, as validators write them, each capturing the name (the first segment of a
 * path), read by position (locatedIn). Structured locators (STRUCTURED):
 * - a trailing ` at <path>` (the TypeScript SDK's and zod's "... at url", "at path.to.prop", "at items[0]"), ending
 *   the text, a line, a sentence or a clause (`.` `,` `;`); "at most 50", "at path /tmp/x" are prose, no locator;
 * - a zod issue path, JSON or inspected (`"path":["url",...]`, `path: [ 'url' ]`);
 * - an ajv instancePath (`"/url"`, `data/url`, `instancePath: /url`), at the start of a token.
 * And a name in quotes or backticks (QUOTED: `property 'url'`, `"url" is required`, `` `url` ``) that is not an
 * object key and not a value the text lists (quotedLocates). The words of the capture are checked against the
 * schema's names by the caller; an object key is never a locator.
 */
const STRUCTURED: readonly RegExp[] = [
  /\bat\s+([A-Za-z_$][\w$-]*)(?=(?:[.[][^\s]*)?\s*(?:$|[,;)\]}\n]|\.(?:\s|$)))/g,
  /["']?\bpath["']?\s*:\s*\[\s*["']([^"'\n]+)["']/g,
  /(?:^|[\s"'`(\[]|\bdata)\/([A-Za-z_$][\w$-]*)(?=$|[\s"'`)/.,:;\]])/g,
];
const QUOTED = /["'`]([A-Za-z_$][\w$-]*)["'`]/g;

/**
 * The keys whose quoted value names an argument (`"field":"url"`, ajv's `"missingProperty":"repo"`, pydantic's
 * `'loc': ('query',)`, `{ param: 'url' }`). The value of any other key is data, not a locator: zod's
 * `"values":["name","date"]` / `"options":[...]` (the allowed values of the enum), `"format":"url"`, `"expected"`,
 * `"code"`, ajv's `"keyword"`; nor is `"name"` one (`{"error":{"name":"Error"}}` is the envelope's own member).
 */
const LOCATING_KEYS = /^(?:property|propertyName|missingProperty|field|fieldName|param|parameter|argument|arg|key|loc|path|dataPath|instancePath)$/i;

/** Prose that introduces a quoted value rather than a name: "expected one of 'name' | 'date'", "must match format "date"". */
const VALUE_PROSE = /(?:\b(?:expected|received|got|one of|format|type|keyword|value|equal to|instead of)\s*:?|\|)\s*$/i;

/**
 * What follows a quoted word that makes it the subject of a requirement, not a value: `expected 'name' to be a
 * string`, `Expected "name" to be of type string`, `'name' must ...`, `"name" is required`.
 */
const SUBJECT_OF = /^\s*(?:to be|must|should|is)\b/i;

/** Prose before an array that lists property names: the Go SDK's `required: missing properties: ["query"]`. */
const NAMES_LIST = /\b(?:missing properties|required)\s*:\s*$/i;

/**
 * Whether the quoted name between the quotes at `open` and `close` is a locator: neither one of alternatives
 * (`"name"|"date"`), nor a value prose introduces (VALUE_PROSE), nor a value written in an object or array (a JSON
 * value, a Node-inspected one, a list after one), unless the value of a key that names arguments (LOCATING_KEYS).
 * The items of a list (`'a', 'b'`, `["a","b"]`) are read as its head is. A subscript (`instance['limit']`) locates.
 */
function quotedLocates(text: string, open: number, close: number): boolean {
  return quotedReading(text, open, close) === 'locates';
}

/**
 * How the quoted word between `open` and `close` reads: a locator, a value, or a value in doubt: a word after
 * expected / received / got that a word follows (`Expected "name" of type string`), neither a literal (`expected
 * "name", received "x"`) nor a subject (`expected 'name' to be a string`, SUBJECT_OF). A value in doubt names
 * nothing, and no other property is named as a bare word in its place (bareNamed).
 */
function quotedReading(text: string, open: number, close: number): 'locates' | 'value' | 'doubtful' {
  const next = skipSpace(text, close + 1, 1);
  if (text[next] === '|') return 'value';
  // the words after it, from the first one however far indentation or a line break puts it
  const after = text.slice(next, next + 16);
  // the items of a list before this one: read the list's head, however many items and however indented
  const head = listHead(text, open);
  const listed = head < open;
  // what precedes the head: 400 characters up to its last non-space one (the patterns below end on `\s*$`)
  const before = text.slice(Math.max(0, skipSpace(text, head - 1, -1) + 1 - 400), head);
  if (VALUE_PROSE.test(before)) {
    if (listed) return 'value';
    if (SUBJECT_OF.test(after)) return 'locates';
    if (/\b(?:expected|received|got)\s*:?\s*$/i.test(before) && /^\s*[A-Za-z]/.test(after)) return 'doubtful';
    return 'value';
  }
  const bracket = /[[(]\s*$/.exec(before);
  if (bracket) {
    const head = before.slice(0, bracket.index);
    // a subscript (`schema['properties']['limit']`): a locator
    if (/[\w$\]]$/.test(head)) return 'locates';
    // an array of property names (`missing properties: ["query"]`, `required: ["a", "b"]`)
    if (NAMES_LIST.test(head)) return 'locates';
    const key = /(?:["']([\w$-]+)["']|[{,]\s*([A-Za-z_$][\w$-]*))\s*:\s*$/.exec(head);
    if (key) return LOCATING_KEYS.test(key[1] ?? key[2]) ? 'locates' : 'value';
    // an array written out without a key, or the head of a list in prose
    return /(?:^|[:,[(])\s*$/.test(head) ? 'value' : 'locates';
  }
  // the value of a JSON key ("key": "v", 'key': 'v') or of an object literal's key ({ key: 'v' })
  const key = /(?:["']([\w$-]+)["']|[{,]\s*([A-Za-z_$][\w$-]*))\s*:\s*$/.exec(before);
  if (key) return LOCATING_KEYS.test(key[1] ?? key[2]) ? 'locates' : 'value';
  return 'locates';
}

/**
 * Where the list of quoted items that ends right before `open` starts (`'a', 'b', ` before `'c'`; `"a",\n    "b",\n    `
 * in pretty-printed JSON), read back item by item: the opening quote of its first item, or `open` when no item
 * precedes it. An item is a quoted word without quotes or a line break inside, then a comma, the word `or` or `and`, or
 * a comma and one of them; any whitespace around, so neither the list's length nor its indentation hides its head (a
 * zod enum's 60 `"values"`). So the second of two alternatives reads as the first does: 'At least one of "query" or
 * "filters" must be provided.' names neither (both values after "one of"; sweep 29, @gleanwork/local-mcp-server 0.7.6
 * people_profile_search, named filters).
 */
function listHead(text: string, open: number): number {
  // the heads found in the last text read (every quoted word of a long list asks again: linear, not quadratic)
  if (headCache?.text !== text) headCache = { text, heads: new Map() };
  const { heads } = headCache;
  const walked: number[] = [];
  let at = open;
  for (;;) {
    const known = heads.get(at);
    if (known !== undefined) {
      at = known;
      break;
    }
    walked.push(at);
    let close = skipSpace(text, at - 1, -1);
    // the joiner before this item: a comma, `or` / `and` (`"query" or "filters"`), or a comma then one of them
    const word = /(?<![\w$-])(?:or|and)$/i.exec(text.slice(Math.max(0, close - 3), close + 1));
    if (word) close = skipSpace(text, close - word[0].length, -1);
    if (text[close] === ',') close = skipSpace(text, close - 1, -1);
    else if (!word) break;
    const quote = text[close];
    if (quote !== '"' && quote !== "'" && quote !== '`') break;
    const start = text.lastIndexOf(quote, close - 1);
    if (start < 0 || start >= close || /["'`\n]/.test(text.slice(start + 1, close))) break;
    at = start;
  }
  for (const w of walked) heads.set(w, at);
  return at;
}

/** listHead's memo: the list heads of one text, by quote position. */
let headCache: { text: string; heads: Map<number, number> } | undefined;

/**
 * The SDK's and zod's own locator: ` at <path>` ending the whole text or a line, with no sentence punctuation after
 * it ("... is not allowed here at homepage", "Required at options.depth"). Prose that ends on "at <word>."
 * ("See https://docs.example.com at body.") is a sentence, not this locator.
 */
const TRAILING_AT = /\bat\s+([A-Za-z_$][\w$-]*)(?:[.[][^\s]*)?[ \t]*(?=\n|$)/g;

/** A sentence break: a full stop, `!` or `?`, then a capital ("Field 'title' is required. See ..."). */
const SENTENCE_BREAK = /[.!?]\s+[A-Z]/;

/** The earliest structured locator (STRUCTURED) or quoted name that locates (quotedLocates) of `names`, by position. */
function earliestLocator(text: string, names: readonly string[]): { name: string; at: number } | undefined {
  let best: { name: string; at: number } | undefined;
  for (const pattern of [...STRUCTURED, QUOTED]) {
    for (const m of text.matchAll(pattern)) {
      const name = m[1];
      if (!names.includes(name) || name.length < 2) continue;
      const at = (m.index ?? 0) + m[0].indexOf(name);
      if (pattern === QUOTED && (isKey(text, at, at + name.length) || !quotedLocates(text, at - 1, at + name.length))) continue;
      if (!best || at < best.at) best = { name, at };
    }
  }
  return best;
}

/**
 * The property of `names` an explicit locator in `text` names: the earliest of the structured locators (STRUCTURED)
 * and the quoted names that locate (quotedLocates), by position ("Parameter 'owner' is invalid: GitHub API GET /repo
 * returned 404" names owner); a quoted value never locates (zod's `{"values":["name","date"],"path":["sort"]}` names
 * sort). A trailing ` at <path>` (TRAILING_AT), the validator's own locator, outranks an earlier one in the same
 * sentence ("'url' is not allowed here at homepage" names homepage), not one a sentence break parts from it ("Field
 * 'title' is required. See the docs at body" names title).
 */
function locatedIn(text: string, names: readonly string[]): string | undefined {
  const first = earliestLocator(text, names);
  let trailing: { name: string; at: number } | undefined;
  for (const m of text.matchAll(TRAILING_AT)) {
    if (!names.includes(m[1]) || m[1].length < 2 || /[.]$/.test(m[0].trimEnd())) continue;
    trailing = { name: m[1], at: m.index ?? 0 };
    break;
  }
  if (trailing && (!first || !SENTENCE_BREAK.test(text.slice(first.at, trailing.at)))) return trailing.name;
  return first?.name;
}

/**
 * The one of `names` (at least 2 characters) that `text` names as a bare word, when exactly one is named: whole
 * tokens only, never an object key (isKey) nor a quoted value that does not locate (a format, an enum's values: `sort
 * must be one of 'name', 'date'` names sort). Ambiguity is read case-insensitively, because error texts capitalise
 * ("URL must use a recognized scheme ... or be an absolute filesystem path" names `url`, not `path`): when the text
 * holds two or more of the names in any case, none is named (a finding without a property beats one blaming the wrong
 * argument). A property is then named only if the text holds it in its own case; when two names differ only in case,
 * the one written in its own case wins, and when none is, nothing is named.
 */
function bareNamed(text: string, names: readonly string[]): string | undefined {
  // a property name quoted as a value in doubt (`Expected "name" of type string`): no other one is named in its place
  for (const m of text.matchAll(QUOTED)) {
    const at = (m.index ?? 0) + 1;
    if (names.includes(m[1]) && !isKey(text, at, at + m[1].length) && quotedReading(text, at - 1, at + m[1].length) === 'doubtful') return undefined;
  }
  const hits = names.filter((name) => name.length >= 2 && wordHits(text, name, true, false).length > 0);
  if (hits.length === 0) return undefined;
  // another property spelled out in words ("Project ID or key is required": projectId, beside the property `key`)
  if (names.some((name) => !hits.includes(name) && spelledOut(text, name))) return undefined;
  const folded = new Set(hits.map((n) => n.toLowerCase()));
  if (folded.size > 1) return undefined;
  const exact = hits.filter((name) => wordHits(text, name, false, false).length > 0);
  return exact.length === 1 ? exact[0] : undefined;
}

/**
 * Whether `text` spells out `name`, a property name of two or more words (camelCase, snake_case, kebab-case: `projectId`,
 * `project_key`), as those words in a row, any case, separated by spaces, `_` or `-` ("Project ID" for `projectId`).
 * Read by bareNamed for ambiguity only, never to name a property: backlog-mcp-server's update_project answered "Project
 * ID or key is required" (it needs projectId or projectKey), and the one bare word, `key`, named a different property,
 * the project's new key (sweep 18). Pure.
 */
function spelledOut(text: string, name: string): boolean {
  const words = name.replace(/([a-z\d])([A-Z])/g, '$1 $2').split(/[\s_-]+/).filter((w) => w !== '');
  if (words.length < 2) return false;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped.join('[\\s_-]+')}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/** One harness sentinel anywhere in a string (SENTINEL_PATTERN without its global flag: no lastIndex state). */
const HAS_SENTINEL = new RegExp(SENTINEL_PATTERN.source);

/**
 * The one of `names` whose string argument in the call (`params.arguments`) carries a harness sentinel
 * (harness/probes/sentinel.ts: unique per probe, so it occurs in a text only because the server repeated that
 * argument) and occurs earliest in the texts: "Invalid time zone specified: <the sourceTimezone argument>" names
 * `sourceTimezone`, though the word "time" is also a property name (time-mcp 1.0.6; before, the word match blamed
 * `time`, an argument the server accepted). Only sentinels count: a server often repeats a context argument (a
 * path, a file) while rejecting another, and the harness's plain samples (`2025-01-01`, `example.com`) are common
 * words of error texts. At one position the longer value wins (it contains the other); two properties sent the same
 * value are no evidence (undefined: the word match decides). An explicit locator outranks it.
 */
function namedByValue(texts: readonly string[], request: RequestRecord, names: readonly string[]): string | undefined {
  const args = (request.params as { arguments?: unknown } | undefined)?.arguments;
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  for (const text of texts) {
    let best: { name: string; at: number; value: string } | undefined;
    let tied = false;
    for (const name of names) {
      if (!Object.prototype.hasOwnProperty.call(args, name)) continue;
      const value = (args as Record<string, unknown>)[name];
      if (typeof value !== 'string' || !HAS_SENTINEL.test(value)) continue;
      const at = text.indexOf(value);
      if (at < 0) continue;
      if (!best || at < best.at || (at === best.at && value.length > best.value.length)) {
        best = { name, at, value };
        tied = false;
      } else if (at === best.at && value === best.value) tied = true;
    }
    if (best) return tied ? undefined : best.name;
  }
  return undefined;
}

/**
 * Whether one of `texts` names `property` (an explicit locator, or a whole token in its own case; never an object key).
 * A refusal in the body of a result without isError is read as a rejection of that argument only when its words name
 * it: words of validation alone also fill business failures ("Required resource not found") and rate limits ("at most
 * 60 per minute").
 */
export function namesPropertyIn(texts: readonly string[], property: string): boolean {
  return property.length >= 2 && texts.some((t) => locatedIn(t, [property]) !== undefined || wordHits(t, property).length > 0);
}

/** Prose that says something is absent: `x is required`, `x, y and z are required`, `missing x`, `x must be provided`. */
const REQUIRED_PROSE = /\b(?:is|are)\s+required\b|\bmissing\b|\bmust\s+be\s+(?:provided|specified|given|set)\b/i;

/**
 * bareNamed, except that a property the text calls required or missing while the call gave it a value (present, not
 * null, nor an empty string, array or object) is not named: the text's complaint is about something else, and naming
 * it would blame an argument the call supplied. drawio-mcp 1.6.0's link_nodes answered `{"file_path":"<s>","edges":[]}`
 * with "file_path, from, and to are required" (from and to are keys of the edges' items, not properties): it refused
 * the empty edges, not file_path (sweep 23).
 */
function bareNamedUnlessSupplied(text: string, request: RequestRecord, names: readonly string[]): string | undefined {
  const name = bareNamed(text, names);
  if (name === undefined || !REQUIRED_PROSE.test(text)) return name;
  const args = (request.params as { arguments?: unknown } | undefined)?.arguments;
  const value = args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>)[name] : undefined;
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && Object.keys(value).length === 0);
  return empty ? name : undefined;
}

/** Whether `text` mentions any of `names`: a locator, or a whole token in its own case that is not an object key. */
function mentionsAny(text: string, names: readonly string[]): boolean {
  return locatedIn(text, names) !== undefined || names.some((name) => name.length >= 2 && wordHits(text, name).length > 0);
}

/**
 * Whether an answer rejected the call's arguments as invalid, and which of `properties` (the
 * inputSchema's top-level property names) the error names. Undefined for any other answer.
 * A JSON-RPC -32602 is a rejection whatever its words, unless its message refuses a credential and nothing else
 * (records.ts `refusesCredentialOnly`: "Invalid API token", "Unauthorized"; not "Invalid arguments: token must be 32
 * characters", a refusal of the token's form): whether a token is genuine is the service's to say and no inputSchema
 * can state it (sweep 26: a credential refusal sent as -32602 on a valid call drew validCallRejected).
 * Neither channel's answer is a rejection when every text's first sentence says a credential was found neither in the
 * call nor in the server's configuration (records.ts `saysCredentialUnconfigured`: "token not provided and not
 * configured"; sweep 32, mcp-discord 1.3.4 offline): the run's configuration is to blame, whatever words of
 * validation its advice holds ("Ensure all required privileged intents are enabled").
 * An isError result is a rejection when its text says so explicitly (EXPLICIT: the SDKs', zod's and ajv's
 * phrasings), or when it both mentions a property of the schema (not as an object key) and uses words of validation
 * (readsAsValidation, which sets prose "the expected ..." aside): a business failure in an error envelope
 * (`{"error":{"name":"Error","message":"... does not match the expected cost ..."}}`) is neither; a run's exit status
 * (RUN_EXIT: "Exit code: 1") mentions no property.
 * The property named: the earliest explicit locator (`"path":["url"]`, `/url`, a quoted name `'url'`; a trailing
 * ` at url` within its sentence first: locatedIn), then the argument
 * the text repeats (namedByValue), then the one property the text holds as a bare word (none when several: bareNamed;
 * none when the text calls it required or missing though the call gave it a value: bareNamedUnlessSupplied).
 */
export function argumentRejection(request: RequestRecord, properties: readonly string[]): Rejection | undefined {
  const kind = responseKind(request);
  const texts = textsOf(request);
  const located = texts.map((t) => locatedIn(t, properties)).find((p) => p !== undefined);
  const property = located ?? namedByValue(texts, request, properties) ?? texts.map((t) => bareNamedUnlessSupplied(t, request, properties)).find((p) => p !== undefined);
  // a credential found neither in the call nor in the configuration: the run's configuration, on either channel
  if ((kind === 'protocol-error' || kind === 'tool-error') && texts.length > 0 && texts.every(saysCredentialUnconfigured)) return undefined;
  if (kind === 'protocol-error') {
    if (rpcError(request)?.code !== -32602) return undefined;
    // a credential's refusal on the invalid-params channel: set aside as an isError one is (readsAsValidation)
    if (texts.length > 0 && texts.every(refusesCredentialOnly)) return undefined;
    return { answer: 'JSON-RPC -32602', ...(property ? { property } : {}) };
  }
  if (kind !== 'tool-error') return undefined;
  const explicit = texts.some((t) => EXPLICIT.test(t));
  // whether the answer is a rejection at all is decided by the words; a repeated argument only names it
  const worded = texts.some((t) => mentionsAny(t.replace(RUN_EXIT, ' '), properties)) && texts.some(readsAsValidation);
  if (!explicit && !worded) return undefined;
  return { answer: 'an isError result', ...(property ? { property } : {}) };
}
