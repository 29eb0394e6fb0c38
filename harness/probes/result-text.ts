/**
 * What a `tools/call` result says in its body: its text blocks, and whether a result without `isError`
 * reports a failure (a failure dressed up as success). Shared by probe planning (./targets.ts: a call whose
 * result says it failed is no known-good base for probes) and the checks (errors/classification's
 * `failureAsSuccess`, errors/input-enforcement: a refusal dressed up as success is no acceptance). Pure;
 * reads values, returns only which shape matched (never the value).
 */
import { isJsonObject } from '../json.ts';
import { MAX_NESTING, parseJsonBounded } from '../json-bounded.ts';
import { networkFailure } from '../model/network-failure.ts';

/** A text block's position and text. */
export interface TextBlock {
  /** Index in the `content` array. */
  index: number;
  text: string;
}

/** The `text` blocks (with a string `text`) of a `content` value; empty when `content` is not an array. */
export function textBlocks(content: unknown): TextBlock[] {
  if (!Array.isArray(content)) return [];
  const blocks: TextBlock[] = [];
  content.forEach((block, index) => {
    if (isJsonObject(block) && block.type === 'text' && typeof block.text === 'string') blocks.push({ index, text: block.text });
  });
  return blocks;
}

/** Which shape said "failure": the wording of a message's `{{how}}`. */
export type FailureShape =
  | "a text that opens with an error report ('Error', 'Failed' or 'An error occurred')"
  | "a heading that names an error over a text that opens with an error report ('Error', 'Failed' or 'An error occurred')"
  | "a text that begins with 'Could not fetch'"
  | "a text that is a thrown error naming a failed network request ('TypeError: fetch failed')"
  | "a JSON body with an 'error' member"
  | 'a JSON body with status "error"'
  | 'a JSON body with success false and a message'
  | 'a JSON body with an HTTP error status and a message'
  | 'a CallToolResult nested in its text, with isError true'
  | 'a misspelled isError member, is_error or the like, set to true'
  | 'a text that opens with a cross mark and names an error'
  | 'a JSON body whose leading message says an argument is required, missing or invalid';

/** The shape of a result whose only failure flag is a misspelled isError member (`misspelledIsError`). */
export const MISSPELLED_IS_ERROR_SHAPE: FailureShape = 'a misspelled isError member, is_error or the like, set to true';

/** A member name that spells isError another way: `is_error`, `iserror`, `is-error`, `IsError`, `ISERROR`. */
const IS_ERROR_SPELLING = /^is[_-]?error$/i;

/**
 * Whether a result flags a failure in a member that spells isError another way (IS_ERROR_SPELLING) set to `true` or
 * `"true"` (any case: Python's `str(True)` is "True"), while its own isError is not true: no client reads that member, so every client takes the failure for a
 * success. @mapbox/mcp-server 0.2.0 answers every failed call `{"content": [...], "is_error": true}` (its tools' own
 * output schema spells it so; a sweep of published servers, 2026-12-04). Pure; returns only whether.
 */
export function misspelledIsError(result: Record<string, unknown>): boolean {
  if (result.isError === true) return false;
  return Object.keys(result).some((k) => k !== 'isError' && IS_ERROR_SPELLING.test(k) && (result[k] === true || (typeof result[k] === 'string' && /^true$/i.test(result[k] as string))));
}

/** What may follow "Error" or "Failed" in a failure report: `:`, `!`, `;`, a full stop, a spaced hyphen or a dash. */
const SEP = String.raw`\s*(?:[:!;]|\.(?=\s|$)|\s[-\u2013\u2014]|[\u2013\u2014])`;

/**
 * A first text block that opens as a failure report: "Error: 404 Not Found", "Error (400): ...", "Error 404: ...",
 * "Error. Try again", "Error" alone on its first line, "Failed - ...", "FAILED: 2 errors", "Failure!", "Failed to ...",
 * "An error occurred ...", "Error in query: ...", "Error executing tool x" / "Error while ...". Not a text that
 * merely starts with the word: "Error rate over the last hour: 0.2%", "Errors: 0", "Error-free run", "Error handling
 * guide", "ERROR_RATE=0.1", or a count ("Failed: 0", "Failed: 0/12"). A tool whose normal output reads so would
 * otherwise lose its probes (./targets.ts) and draw a note it does not deserve; a failure report missed makes each
 * probe's refusal read as an acceptance (two reviewers' servers, 2026-12-04).
 */
const ERROR_LEAD = new RegExp(
  String.raw`^\s*(?:error${SEP}|error[ \t]*(?:\r?\n|$)|(?:failure|failed)${SEP}(?!\s*\d+(?:[.,]\d+)?%?(?:\s*/\s*\d+)?\s*(?:$|[,;|)]))|error\s*(?:\(\s*)?\d{3}\b|failed to\b|an error occurred\b|error (?:in|from|with)\s|error (?!(?:handling|logging|tracking|reporting|monitoring|checking|correcting)\b)(?:\w+ing|while|when|during|occurred)\b)`,
  'i',
);

/**
 * A first text block that opens by saying a fetch failed: "Could not fetch <url>: fetch failed", "Couldn't fetch ...".
 * @mui/mcp answers every docs call so offline, without isError (sweep 26: the failing call became a base for probes and
 * each probe's failure, its url changed, read as an acceptance). Only at the text's start: a page whose prose says
 * "when the client could not fetch a page" is data. "Failed to fetch" is ERROR_LEAD's ("failed to").
 */
const FETCH_FAILED_LEAD = /^\s*could(?:\s+not|n['\u2019]t)\s+fetch\b/i;

/**
 * The first line of a thrown error's own words: an error's name and message as `String(err)` gives them ("TypeError:
 * fetch failed", "FetchError: request to <url> failed, reason: ..."), or one to three words ending "failed" before the
 * colon ("Registry lookup failed: fetch failed"); group 1 is the message after the colon. A plain "Error: ..." is
 * ERROR_LEAD's.
 */
const THROWN_LINE = /^\s*(?:[A-Z][A-Za-z]*Error|(?:[A-Za-z][\w-]*[ \t]+){1,3}failed)[ \t]*:[ \t]*(\S.*)$/;
/** A stack frame below a thrown error's line ("    at ClientRequest.emit (node:events:519:28)"). */
const STACK_FRAME = /^\s+at\s+\S/;

/**
 * Whether a first text block is a thrown error naming a failed network request and nothing else: its first line a
 * THROWN_LINE whose message names a network failure (model/network-failure.ts `networkFailure`: "fetch failed",
 * ENOTFOUND, ECONNREFUSED...), every line below it a stack frame or blank. mcp-code-graph 1.1.2 answers its graph tools
 * so offline ("TypeError: fetch failed", no isError), agentaudit 3.14.0 its check_package ("Registry lookup failed:
 * fetch failed"): sweep 33, where the failing call became a base for probes and each probe's same answer read as an
 * acceptance. A page that opens with such a line as its title, prose below (a troubleshooting page), is data.
 */
function thrownNetworkFailure(text: string): boolean {
  const [first, ...rest] = text.replace(/^(?:[ \t]*\r?\n)+/, '').split(/\r?\n/);
  const line = THROWN_LINE.exec(first);
  return line !== null && networkFailure([line[1]]) !== undefined && rest.every((l) => l.trim() === '' || STACK_FRAME.test(l));
}

/**
 * A first line that is a heading naming an error: one to four words, the last "Error", "Failure" or "Failed"
 * ("Error", "Search Error", "API Error", "Request Failed"), alone on its line, optionally a Markdown heading (`## `) or ending
 * in a colon. Read with the text after it (`HEADED_FAILURE`), never alone: a docs page titled "Syntax Error" is a
 * success.
 */
const ERROR_HEADING = /^\s*(?:#{1,6}[ \t]+)?(?:[A-Za-z][\w-]*[ \t]+){0,3}(?:error|failure|failed)[ \t]*:?[ \t]*\r?\n/i;

/**
 * Whether a text opens with an error heading (ERROR_HEADING) whose first paragraph below, blank lines skipped, opens
 * as a failure report (ERROR_LEAD): "Search Error", a blank line, "Failed to search Element documentation: request to
 * ... failed, reason: getaddrinfo ENOTFOUND ..." (@siemens/element-mcp 51.1.0-v.2.0.3 offline answers every search
 * so, without isError: sweep 25, where each probe's same answer read as an acceptance). A heading over prose that
 * reports no failure ("Syntax Error", then "A syntax error is raised when ...") is not one.
 */
function headedFailure(text: string): boolean {
  const heading = ERROR_HEADING.exec(text);
  return heading !== null && ERROR_LEAD.test(text.slice(heading[0].length).replace(/^(?:[ \t]*\r?\n)+/, ''));
}

/**
 * Pictographs a first text block may open with before its words ("❌ Error: ...", "⚠️ Failed to fetch ...", "🔴 Error
 * 503"), with their variation selectors, joiners and spaces: ERROR_LEAD and ERROR_HEADING read what follows them. A
 * mark that contradicts the words is not weighed ("✅ Failed: 0" is still a count, and a count is no failure).
 */
const LEADING_PICTOGRAPHS = /^\s*(?:\p{Extended_Pictographic}[\uFE0E\uFE0F\u200D]*[ \t]*)+/u;

/** Marks that say "failed" by themselves: cross marks (❌ ✖ ✗ ✘), no entry (⛔ 🚫) and stop (🛑). */
const FAILURE_MARK = /^\s*[\u274C\u2716\u2717\u2718\u26D4\u{1F6AB}\u{1F6D1}]/u;

/**
 * After a failure mark, one to four words naming an error and a separator: "❌ Search error: ...", "✖ API Error - ...".
 * Only "error": "❌ Tests failed: 2" from a test runner is its tool's success, reporting failing tests. Nor a syntax or
 * parse error: "❌ Syntax error: Parse error on line 1: ..." is a validator's or linter's verdict on the text it was
 * given, its success as failing tests are a test runner's (review 27: a diagram validator lost its probes and drew
 * failureAsSuccess); a tool that fails so reports it in ERROR_LEAD's words ("❌ Error: ...").
 */
const MARKED_ERROR = new RegExp(String.raw`^(?!(?:[A-Za-z][\w-]*[ \t]+){0,2}(?:syntax|parse|parsing)[ \t]+error\b)(?:[A-Za-z][\w-]*[ \t]+){0,3}error${SEP}`, 'i');

/** A first text block without its leading pictographs (LEADING_PICTOGRAPHS); the text itself when it has none. */
function unmarked(text: string): string {
  const lead = LEADING_PICTOGRAPHS.exec(text);
  return lead === null ? text : text.slice(lead[0].length);
}

/** Members that carry a failure's message in the API shapes seen (`msg`, FastAPI's `detail`, `errorMessage`...). */
const MESSAGE_MEMBERS = ['message', 'error', 'reason', 'msg', 'detail', 'error_message', 'errorMessage'];

/**
 * Whether `body` carries a message: a non-empty string in one of MESSAGE_MEMBERS, or a non-empty `errors` collection
 * (an array, or an object of messages by field: ASP.NET's and Rails' validation bodies).
 */
const hasMessage = (body: Record<string, unknown>): boolean =>
  MESSAGE_MEMBERS.some((k) => typeof body[k] === 'string' && (body[k] as string).trim() !== '') ||
  (Array.isArray(body.errors) && body.errors.length > 0) ||
  (isJsonObject(body.errors) && Object.keys(body.errors).length > 0);

/**
 * The members of an API's error envelope (Notion's, GitHub's, RFC 9457 problem details, the usual web frameworks'):
 * an HTTP error status reads as a failure only in a body made of these alone. A body with any other member is data
 * that carries a status (a link checker's `{"url": ..., "status": 404, "reason": "Not Found"}`, a status page's
 * `{"service": ..., "status": 503, "message": "Service Unavailable"}`, an access log line): its tool succeeded.
 */
const ENVELOPE_MEMBERS = new Set([
  'status', 'statusCode', 'code', 'subcode', 'error_subcode', 'errorCode', 'error_code', 'errorType', 'error_type', 'object', 'type', 'title', 'instance',
  'message', 'error', 'reason', 'msg', 'detail', 'details', 'error_message', 'errorMessage', 'errors', 'hint',
  'request_id', 'requestId', 'correlation_id', 'correlationId', 'traceId', 'trace_id', 'timestamp', 'retry_after', 'retryAfter',
  // where to read more: Twilio's more_info, GitHub's documentation_url, and the like
  'more_info', 'moreInfo', 'documentation_url', 'documentation', 'docs', 'doc_url', 'docs_url', 'help', 'help_url', 'link', 'links', 'href',
]);

/**
 * Whether `status` is an HTTP error status, 400-599: an integer, or a string of those three digits (GitHub's REST API
 * writes `"status": "401"`).
 */
function httpErrorStatus(status: unknown): boolean {
  const code = typeof status === 'number' ? status : typeof status === 'string' && /^[45]\d\d$/.test(status) ? Number(status) : Number.NaN;
  return Number.isInteger(code) && code >= 400 && code <= 599;
}

/**
 * The failure shape of a JSON object, if any, read from its top-level members only:
 * - a CallToolResult nested as the body of a text block (`inText`), `isError: true` beside a `content` array
 *   (`nestedToolError`); not as structuredContent, where it is data the tool's outputSchema declares (a tool that
 *   records or relays a CallToolResult: review 26);
 * - an `error` member that is a non-empty string, `true`, or a non-empty object (not `0`, `false`, `null`, `""` or
 *   an array: `{"error": 0, "data": ...}` is a status code of success);
 * - `status: "error"`;
 * - `success: false` beside a message (`hasMessage`: `{"success": false, "message": "Safety
 *   confirmation required..."}`, @executeautomation/database-server 1.1.0's refusals, a sweep of published servers
 *   2026-12-04; a non-empty `errors` array or object counts as one); `success: false` alone may be data (`{"job":
 *   "build", "success": false, "failedSteps": [...]}`);
 * - `status` (or `statusCode`) an HTTP error status (`httpErrorStatus`: 400-599) beside a message (`hasMessage`), in a
 *   body of error-envelope members only (ENVELOPE_MEMBERS): an API's error body passed through as the result, such as
 *   Notion's `{"object": "error", "status": 401, "code": "unauthorized", "message": "API token is invalid."}`
 *   (@notionhq/notion-mcp-server 2.5.2 with a dummy key: every call, valid or not, answers it without isError; a sweep
 *   of published servers 2026-12-04). A status alone, or beside data members, is data (a link checker's `{"url": ...,
 *   "status": 404}`).
 */
function jsonShape(body: unknown, inText: boolean): FailureShape | undefined {
  if (!isJsonObject(body)) return undefined;
  if (inText && nestedToolError(body)) return 'a CallToolResult nested in its text, with isError true';
  const error = body.error;
  if ((typeof error === 'string' && error.trim() !== '') || error === true || (isJsonObject(error) && Object.keys(error).length > 0)) return "a JSON body with an 'error' member";
  if (typeof body.status === 'string' && body.status.toLowerCase() === 'error') return 'a JSON body with status "error"';
  if (body.success === false && hasMessage(body)) return 'a JSON body with success false and a message';
  const titled = typeof body.title === 'string' && body.title.trim() !== ''; // RFC 9457's summary
  if ((httpErrorStatus(body.status) || httpErrorStatus(body.statusCode)) && (hasMessage(body) || titled) && Object.keys(body).every((k) => ENVELOPE_MEMBERS.has(k))) {
    return 'a JSON body with an HTTP error status and a message';
  }
  return undefined;
}

/**
 * Whether a JSON body is itself a CallToolResult that flags a failure: a `content` array beside `isError: true` (the
 * boolean only). github-mcp-server 1.8.7 (the git tools package on npm) answers every tools/call with its handler's
 * whole CallToolResult serialized into the one text block of an outer result without isError:
 * `{"content": [{"type": "text", "text": "{\"content\": [...], \"isError\": true, \"metadata\": {...}}"}]}` (sweep 26,
 * offline, in a working directory that is no git repository: 68 false `accepted` warnings on 30 tools read its
 * failures as successes). A nested result with `isError: false`, or none, reads as the success it says.
 */
function nestedToolError(body: Record<string, unknown>): boolean {
  return body.isError === true && Array.isArray(body.content);
}

/** Members under which an error body details its failure (read whole by `bodyMessages`). */
const DETAIL_MEMBERS = ['error', 'errors', 'details', 'detail'];
/**
 * Top-level members that name the argument a failure is about (`{"message": ..., "field": "limit"}`, Stripe's `param`,
 * FastAPI's `loc`). Not `path`: at the top level of an error body it is the request's URL path (Spring Boot's
 * `{timestamp, status, error, message, path: "/v1/query"}`), whose words name no argument.
 */
const ARGUMENT_MEMBERS = ['field', 'param', 'parameter', 'property', 'loc', 'argument'];
/** Bounds of `bodyMessages`' walk: strings kept, and depth below a detail member. */
const MAX_BODY_WORDS = 200;
const MAX_DETAIL_DEPTH = 8;

/**
 * The texts a failure body states its failure in: its top-level message members' strings (MESSAGE_MEMBERS, and
 * `title`), the argument it names at the top level (ARGUMENT_MEMBERS: `field`, `param`, `loc`...; names only, no
 * URL path or sentence), and everything under its detail members (`error`, `errors`, `details`, and a `detail` that is not a string): every string and every member
 * name, at any depth (zod's `errors: [{path: ["limit"], message}]`, Stripe's `error: {param: "limit"}`, GitHub's
 * `errors: [{field: "limit"}]`, ASP.NET's `errors: {limit: [...]}`, FastAPI's `detail: [{loc: ["body", "limit"]}]`). Never the top-level member names, nor other
 * top-level values: `{"code": 511, "status": 511, "message": "Network Authentication Required"}` names no property
 * `code` in words. At most MAX_BODY_WORDS strings, MAX_DETAIL_DEPTH levels down. A nested CallToolResult
 * (`nestedToolError`): the texts of its own text blocks.
 */
function bodyMessages(body: Record<string, unknown>, inText: boolean): string[] {
  // a nested CallToolResult states its failure in its own text blocks
  if (inText && nestedToolError(body)) return textBlocks(body.content).map((b) => b.text).slice(0, MAX_BODY_WORDS);
  const out: string[] = [];
  for (const k of [...MESSAGE_MEMBERS, 'title']) if (typeof body[k] === 'string') out.push(body[k] as string);
  // a name, not free text: a string with a slash or a space (a URL path, a sentence) names no argument
  const isName = (value: unknown): value is string => typeof value === 'string' && !/[\s/]/.test(value);
  for (const k of ARGUMENT_MEMBERS) {
    const named = body[k];
    const parts = Array.isArray(named) ? named : [named];
    for (const part of parts) if (isName(part) && out.length < MAX_BODY_WORDS) out.push(part);
  }
  const walk = (value: unknown, depth: number): void => {
    if (out.length >= MAX_BODY_WORDS || depth > MAX_DETAIL_DEPTH) return;
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (isJsonObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (out.length >= MAX_BODY_WORDS) return;
        out.push(k);
        walk(v, depth + 1);
      }
    }
  };
  for (const k of DETAIL_MEMBERS) if (typeof body[k] !== 'string') walk(body[k], 0);
  return out;
}

/** How a result's body reports a failure: the shape, and the texts it states the failure in. */
export interface BodyFailure {
  shape: FailureShape;
  /**
   * The failure's own words: the text blocks of a result flagged by a misspelled isError or whose first block opens
   * as a failure report; for a JSON body, its words (`bodyMessages`) and the text blocks that are not JSON objects.
   * Read for words of validation and the property they name, never reported.
   */
  messages: string[];
}

/**
 * How a result reports a failure in its body (read whatever its `isError`), or undefined when it reads as a
 * success: a misspelled isError member set to true (`misspelledIsError`), a first text block that opens as a failure
 * report (`ERROR_LEAD`) or says a fetch failed (`FETCH_FAILED_LEAD`: "Could not fetch <url>: ...") or is a thrown error
 * naming a failed network request and nothing else (`thrownNetworkFailure`: "TypeError: fetch failed") or opens as a failure report under a
 * heading that names an error (`headedFailure`), either past leading pictographs (LEADING_PICTOGRAPHS), or opens with a
 * cross mark and names an error (`MARKED_ERROR`), or a JSON body (structuredContent, or a text block that parses as an object, up to 1,000,000
 * characters) with one of `jsonShape`'s members.
 */
export function failureShape(result: Record<string, unknown>): FailureShape | undefined {
  return bodyFailure(result)?.shape;
}

/** `failureShape` with the failure's own words (BodyFailure.messages); undefined when the body reads as a success. */
export function bodyFailure(result: Record<string, unknown>): BodyFailure | undefined {
  let failure = judged.get(result);
  if (failure === undefined) judged.set(result, (failure = readFailure(result) ?? null));
  return failure ?? undefined;
}

/**
 * `bodyFailure` of each result object read so far (null: none). Probe planning and errors/classification read
 * the same results (one JSON.parse of each text block that looks like an object): once per result is enough, and a
 * result in an observation is never changed.
 */
const judged = new WeakMap<Record<string, unknown>, BodyFailure | null>();

function readFailure(result: Record<string, unknown>): BodyFailure | undefined {
  const blocks = textBlocks(result.content);
  const texts = blocks.map((b) => b.text);
  if (misspelledIsError(result)) return { shape: MISSPELLED_IS_ERROR_SHAPE, messages: texts };
  // its first words, read past a leading pictograph ("❌ Search error: ..." read as a success: an earlier stop's sweep)
  const first = blocks.length > 0 ? unmarked(blocks[0].text) : undefined;
  if (first !== undefined && ERROR_LEAD.test(first)) return { shape: "a text that opens with an error report ('Error', 'Failed' or 'An error occurred')", messages: texts };
  if (first !== undefined && FETCH_FAILED_LEAD.test(first)) return { shape: "a text that begins with 'Could not fetch'", messages: texts };
  if (first !== undefined && thrownNetworkFailure(first)) return { shape: "a text that is a thrown error naming a failed network request ('TypeError: fetch failed')", messages: texts };
  if (first !== undefined && headedFailure(first)) return { shape: "a heading that names an error over a text that opens with an error report ('Error', 'Failed' or 'An error occurred')", messages: texts };
  if (first !== undefined && FAILURE_MARK.test(blocks[0].text) && MARKED_ERROR.test(first)) return { shape: 'a text that opens with a cross mark and names an error', messages: texts };
  // a JSON body's words, and the words of the text blocks that are not JSON objects (a message beside the body)
  const prose = texts.filter((t) => !t.trimStart().startsWith('{'));
  const ofBody = (body: unknown, inText: boolean): BodyFailure | undefined => {
    const shape = jsonShape(body, inText);
    return shape ? { shape, messages: [...bodyMessages(body as Record<string, unknown>, inText), ...prose] } : undefined;
  };
  const structured = ofBody(result.structuredContent, false);
  if (structured) return structured;
  for (const text of texts) {
    const trimmed = text.trimStart();
    if (!trimmed.startsWith('{') || trimmed.length > 1_000_000) continue;
    // bounded like every server text (json-bounded.ts): a body nested deeper than the depth guard's limit is cut
    // there, far below the MAX_DETAIL_DEPTH levels read from it
    const parsed = parseJsonBounded(trimmed, MAX_NESTING + 1);
    if (!parsed.ok) continue; // not JSON
    const failure = ofBody(parsed.value, true);
    if (failure) return failure;
  }
  return undefined;
}

/** The shape of a JSON body that refuses an argument by name in its leading string member (`refusalNaming`). */
export const NAMED_REFUSAL_SHAPE: FailureShape = 'a JSON body whose leading message says an argument is required, missing or invalid';

/** A noun a refusal may put before the name: "missing argument query", "parameter 'limit' is invalid". */
const ARGUMENT_NOUN = String.raw`(?:required\s+)?(?:argument|parameter|param|field|property|input|value|option)s?`;

/**
 * A string that refuses the argument `name` in so many words, as the whole of its opening: "<name> is required",
 * "<name> is missing", "<name> is invalid", "<name> is not allowed", "missing <name>", "invalid <name>" (an argument noun
 * may stand before the name, a colon or quotes around it: "Missing required parameter: 'query'", "invalid argument:
 * mcp_harness_extra"). Anchored at the string's start: a sentence that merely mentions a required field ("Every search
 * request carries a query: the query field is required") is no refusal. Case-insensitive; the name is escaped.
 */
function refusalOf(name: string): RegExp {
  const n = `['"\u0060]?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\u0060]?(?![\\w-])`;
  return new RegExp(String.raw`^\s*(?:(?:missing|invalid)(?:\s+${ARGUMENT_NOUN})?(?:\s+for)?\s*:?\s*${n}|(?:${ARGUMENT_NOUN}\s+)?${n}\s+(?:is|are)\s+(?:required|missing|invalid|not allowed)\b)`, 'i');
}

/**
 * Words by which a message says the handler went on with a value of its own in place of the refused one ("limit is
 * invalid, using the default of 10", "defaulting to 10", "falling back to 10", "was ignored", "instead"): the handler
 * accepted the call and ran it, which is no refusal (review 27).
 */
const WENT_ON = /\b(?:using|defaulting|default(?:s|ed)? to|fall(?:ing|s)? back|fell back|ignor(?:ed|ing)|instead)\b/i;

/**
 * The first member of a JSON object whose value is a string (in member order), or undefined when none is, or when data
 * comes before it (a non-empty array or object: `{"results": [...], "warning": "limit is invalid"}` answered the call;
 * review 27). A number or an empty collection before it is no data (`{"code": 2, "hint": ..., "results": []}`).
 */
function leadingString(body: Record<string, unknown>): string | undefined {
  for (const value of Object.values(body)) {
    if (typeof value === 'string') return value;
    if (Array.isArray(value) ? value.length > 0 : isJsonObject(value) && Object.keys(value).length > 0) return undefined;
  }
  return undefined;
}

/**
 * Whether a result refuses the argument `name` in a JSON body with no failure member (`jsonShape` reads none): a JSON
 * object (structuredContent, or a text block that parses as one, up to 1,000,000 characters) whose only or leading
 * string member opens with a refusal of that argument (`refusalOf`: "query is required", "missing query", "invalid
 * limit"). @vibgrate/cli's MCP server answers a call that omits a required argument `{"hint": "query is required"}`
 * without isError, in text and structuredContent (sweep 26, offline: each such probe read as an acceptance). Read for
 * the argument a probe touched only (errors/input-enforcement): a body with other data first, or whose words merely
 * mention a required field (`{"title": "Required fields", "body": "... the query field is required ..."}`, a docs
 * page), is no refusal, nor is a message that says the handler went on without the value (WENT_ON: `{"warning": "limit
 * is invalid, using the default of 10", "results": [...]}` accepted the call). Pure; returns only whether.
 */
export function refusalNaming(result: Record<string, unknown>, name: string): boolean {
  if (name.length === 0) return false;
  const pattern = refusalOf(name);
  const refuses = (body: unknown): boolean => {
    if (!isJsonObject(body)) return false;
    const lead = leadingString(body);
    return lead !== undefined && pattern.test(lead) && !WENT_ON.test(lead);
  };
  if (refuses(result.structuredContent)) return true;
  return textBlocks(result.content).some(({ text }) => {
    const trimmed = text.trimStart();
    if (!trimmed.startsWith('{') || trimmed.length > 1_000_000) return false;
    const parsed = parseJsonBounded(trimmed, MAX_NESTING + 1);
    return parsed.ok && refuses(parsed.value);
  });
}
