/**
 * harness/probes/rejection.ts: which property an argument rejection names. A published server (time-mcp 1.0.6)
 * answered "Invalid time zone specified: <sourceTimezone>" and the harness blamed `time`, a property the
 * server accepted, because the word "time" is a property name: the sentinel-bearing argument the text repeats names it first.
 */
import { describe, expect, it } from 'vitest';
import { argumentRejection, namesPropertyIn, refusesForNetwork, refusesWorkingDirectory } from '../../harness/probes/rejection.ts';
import type { RequestRecord } from '../../harness/model/wire.ts';

const A = 'mcpH4rn3ss-0a1b2c3d-s3nt1nel';
const B = 'mcpH4rn3ss-4e5f6a7b-s3nt1nel';

/** A tools/call record with `args` sent and an isError result (or a JSON-RPC error) carrying `text`. */
function record(args: unknown, text: string, rpc = false): RequestRecord {
  const response = rpc
    ? { jsonrpc: '2.0' as const, id: 1, error: { code: -32602, message: text } }
    : { jsonrpc: '2.0' as const, id: 1, result: { isError: true, content: [{ type: 'text', text }] } };
  return { id: 1, method: 'tools/call', params: { name: 'convert_time', arguments: args }, response, outcome: rpc ? 'protocol-error' : 'tool-error', durationMs: 1 } as RequestRecord;
}

describe('argumentRejection: the property an error names', () => {
  const names = ['sourceTimezone', 'targetTimezone', 'time'];

  it('names the property whose argument the text repeats, not a property name that is an ordinary word', () => {
    const r = record({ sourceTimezone: A, targetTimezone: B, time: 'mcpH4rn3ss-99999999-s3nt1nel' }, `Invalid time zone specified: ${A}`);
    expect(argumentRejection(r, names)).toEqual({ answer: 'an isError result', property: 'sourceTimezone' });
  });

  it('the earliest repeated argument wins, over the whole texts and on the JSON-RPC channel too', () => {
    const r = record({ sourceTimezone: A, targetTimezone: B }, `Invalid params: ${B} and ${A}`, true);
    expect(argumentRejection(r, names)).toEqual({ answer: 'JSON-RPC -32602', property: 'targetTimezone' });
  });

  it('at one position the longer argument (it contains the other) is named', () => {
    const r = record({ sourceTimezone: A, targetTimezone: `${A}xx` }, `Invalid time zone specified: ${A}xx`);
    expect(argumentRejection(r, names)?.property).toBe('targetTimezone');
  });

  it('two properties sent the same value are no evidence: the word match decides', () => {
    const r = record({ sourceTimezone: A, targetTimezone: A }, `Invalid time zone specified: ${A}`);
    expect(argumentRejection(r, names)?.property).toBe('time');
  });

  it('an argument without a sentinel is no evidence: a repeated path, file or sample value does not outvote the word', () => {
    // a reviewer's cases: the server repeats a context argument (or the harness's plain samples) while rejecting another
    expect(argumentRejection(record({ file: '/home/alice/project/src/index.ts', line: 500 }, 'Invalid line 500: /home/alice/project/src/index.ts has only 120 lines'), ['file', 'line'])?.property).toBe('line');
    expect(argumentRejection(record({ date: '2025-01-01', time: '00:00:00Z' }, "Invalid time: could not parse '2025-01-01T00:00:00Z'"), ['date', 'time'])?.property).toBe('time');
    expect(argumentRejection(record({ sourceTimezone: 'Europe/London', time: 'noon' }, 'Invalid time zone specified: Europe/London'), names)?.property).toBe('time');
  });

  it('a repeated argument names a rejection, it does not make one: a business failure with a validation word stays one', () => {
    const url = `https://intranet.example.com/${A}`;
    expect(argumentRejection(record({ url }, `Authentication required for ${url} (HTTP 401)`), ['url'])).toBeUndefined();
  });

  it('a bare word the text calls required is not named when the call gave it a value (sweep 23: drawio-mcp link_nodes)', () => {
    const props = ['file_path', 'edges'];
    const text = 'MCP error -32602: file_path, from, and to are required';
    expect(argumentRejection(record({ file_path: 'a.drawio.svg', edges: [] }, text), props)).toEqual({ answer: 'an isError result' });
    expect(argumentRejection(record({ file_path: 'a.drawio.svg' }, 'missing file_path'), props)?.property).toBeUndefined();
    // the twin: absent or empty, the bare word is named as before; and a text that says nothing is missing names it
    expect(argumentRejection(record({ edges: [] }, text), props)?.property).toBe('file_path');
    expect(argumentRejection(record({ file_path: '', edges: [] }, text), props)?.property).toBe('file_path');
    expect(argumentRejection(record({ file_path: 'a', edges: [] }, 'invalid file_path: must end with .drawio.svg'), props)?.property).toBe('file_path');
  });

  it('a bare word is not named when the text spells out another property in words (sweep 18: backlog-mcp-server)', () => {
    // update_project needs projectId or projectKey; `key` is the project's new key, which the text does not mean
    const props = ['projectId', 'projectKey', 'name', 'key'];
    expect(argumentRejection(record({}, 'Project ID or key is required'), props)).toEqual({ answer: 'an isError result' });
    expect(argumentRejection(record({}, 'project_key or key is required'), props)?.property).toBeUndefined();
    // the twin: no other property spelled out, the bare word is named as before
    expect(argumentRejection(record({}, 'key is required'), props)?.property).toBe('key');
    expect(argumentRejection(record({}, 'Project settings: key is required'), props)?.property).toBe('key');
  });

  it('without a repeated argument the first property name in the text is named, as before', () => {
    const r = record({ sourceTimezone: A, time: B }, 'Input validation error: time must be HH:MM');
    expect(argumentRejection(r, names)).toEqual({ answer: 'an isError result', property: 'time' });
  });

  it('arguments that are not an object, or a property only inherited, name nothing by value', () => {
    expect(argumentRejection(record([A], `Invalid params: ${A}`, true), names)).toEqual({ answer: 'JSON-RPC -32602' });
    const inherited = Object.create({ sourceTimezone: A }) as object;
    expect(argumentRejection(record(inherited, `Invalid params: ${A}`, true), names)).toEqual({ answer: 'JSON-RPC -32602' });
  });

  it('a business failure that repeats an argument is still not a rejection', () => {
    expect(argumentRejection(record({ sourceTimezone: A }, `Service down while converting ${A}`), names)).toBeUndefined();
  });
});

/**
 * Sweep 12: two published servers' answers to calls valid per their inputSchema. @supabase/mcp-server-supabase
 * create_branch failed a business rule in an error envelope whose key "name" is also a property name (and whose
 * message says "expected"): no rejection. @cyanheads/git-mcp-server git_clone rejected `url` in the SDK's words,
 * "... or be an absolute filesystem path at url": the locator names url, though "path" is the first property word.
 */
describe('argumentRejection: a run the handler made (sweep 30, context-mode 1.0.131 ctx_execute)', () => {
  const names = ['language', 'code', 'timeout'];
  const run = (status: string) => `${status}\n\nstdout:\n\n\nstderr:\n/tmp/.ctx/script.js:56\n${A}\n           ^^\n\nSyntaxError: Invalid or unexpected token\n`;

  it.each(['Exit code: 1', 'Process exited with code 2', 'exit status 127'])('"%s" and the run\'s stderr: no rejection ("Exit code" names no property code)', (status) => {
    expect(argumentRejection(record({ language: 'javascript', code: A }, run(status)), names)).toBeUndefined();
  });

  it('an explicit rejection in the same text still counts', () => {
    const r = record({ language: 'javascript', code: A }, `Input validation error: code must parse\n${run('Exit code: 1')}`);
    expect(argumentRejection(r, names)).toEqual({ answer: 'an isError result', property: 'code' });
  });

  it('a refusal before any run, in words naming code, is still a rejection; "exit code" without a number reports no run', () => {
    expect(argumentRejection(record({ language: 'javascript', code: A }, 'Invalid code: it must parse as JavaScript; nothing was run'), names)).toEqual({ answer: 'an isError result', property: 'code' });
    expect(argumentRejection(record({ language: 'javascript', code: A }, 'Invalid timeout: the exit code wait must be at most 60000'), names)).toMatchObject({ answer: 'an isError result' });
  });

  it('a wrapper\'s program that refuses the argument handed to it, in the report of its failed run, is a rejection naming it (review 27)', () => {
    const text = `Command "['podlogs', '--since', '${A}', 'web-1']" returned non-zero exit status 2.\n\nstderr:\nusage: podlogs [-h] --since SINCE pod\npodlogs: error: argument --since: invalid duration value: '${A}'`;
    expect(argumentRejection(record({ pod: 'web-1', since: A }, text), ['pod', 'since'])).toEqual({ answer: 'an isError result', property: 'since' });
  });
});

describe('argumentRejection: sweep 12 (an error envelope key, a trailing locator)', () => {
  const branch = ['project_id', 'name', 'confirm_cost_id'];
  const clone = ['url', 'path'];
  const envelope = JSON.stringify({ error: { name: 'Error', message: 'Cost confirmation ID does not match the expected cost of creating a branch.' } });
  const sdkClone =
    'MCP error -32602: Input validation error: Invalid arguments for tool git_clone: URL must use a recognized scheme (https/ssh/git/file), scp-style user@host:path, or be an absolute filesystem path at url';

  it('F1: a property name that is only a key of the error envelope names nothing, and the business failure is no rejection', () => {
    expect(argumentRejection(record({ project_id: A, name: 'develop', confirm_cost_id: B }, envelope), branch)).toBeUndefined();
    // inspected (unquoted) keys of an object literal are keys too
    expect(argumentRejection(record({ name: 'develop' }, "{ name: 'Error', message: 'value is not the expected one' }"), branch)).toBeUndefined();
  });

  it('F1: "the expected <noun>" is prose, not a validator\'s word, even beside a property named', () => {
    expect(argumentRejection(record({ name: 'develop' }, 'Branch name does not match the expected cost'), branch)).toBeUndefined();
    expect(argumentRejection(record({ name: 'develop' }, 'name: expected string, received number'), branch)).toEqual({ answer: 'an isError result', property: 'name' });
  });

  it('F1 twin: the same envelope around a validator\'s words is still a rejection, naming the property its message names', () => {
    const text = JSON.stringify({ error: { name: 'ZodError', message: 'Input validation error: project_id must be a valid project reference' } });
    expect(argumentRejection(record({ project_id: A, name: 'develop' }, text), branch)).toEqual({ answer: 'an isError result', property: 'project_id' });
  });

  it('F2: the SDK\'s trailing "at url" names url, over "path" and "URL" as bare words', () => {
    expect(argumentRejection(record({ url: A, path: B }, sdkClone), clone)).toEqual({ answer: 'an isError result', property: 'url' });
    expect(argumentRejection(record({ url: A, path: B }, sdkClone.replace('MCP error -32602: ', ''), true), clone)).toEqual({ answer: 'JSON-RPC -32602', property: 'url' });
  });

  it('F2 without its locator: "URL" and "path" name two properties (in any case): a rejection naming none', () => {
    const text = sdkClone.replace(/ at url$/, '');
    expect(argumentRejection(record({ url: A, path: B }, text), clone)).toEqual({ answer: 'an isError result' });
    expect(argumentRejection(record({ url: A, path: B }, 'url and path are required strings'), clone)).toEqual({ answer: 'an isError result' });
  });

  it('explicit locators: nested paths, zod issue paths, ajv instancePaths, quoted names', () => {
    const names = ['url', 'path', 'options'];
    expect(argumentRejection(record({}, 'Input validation error: Required at options.depth'), names)?.property).toBe('options');
    expect(argumentRejection(record({}, 'Input validation error: a path-like value is not allowed at url. See the docs.'), names)?.property).toBe('url');
    expect(argumentRejection(record({}, 'Invalid arguments: [{"code":"custom","message":"bad scheme for a filesystem path","path":["url"]}]'), names)?.property).toBe('url');
    expect(argumentRejection(record({}, "Invalid input: ZodError { issues: [ { message: 'bad path', path: [ 'url' ] } ] }"), names)?.property).toBe('url');
    expect(argumentRejection(record({}, 'validation failed: data/url must match format "uri" (the path is fine)'), names)?.property).toBe('url');
    expect(argumentRejection(record({}, 'Invalid input: must match pattern at instancePath "/url", not a path'), names)?.property).toBe('url');
    expect(argumentRejection(record({}, "Invalid arguments: property 'url' is not a path"), names)?.property).toBe('url');
    expect(argumentRejection(record({}, 'Invalid input: `url` must be a path-free address'), names)?.property).toBe('url');
  });

  it('a locator outranks a repeated argument; the repeated argument outranks a bare word', () => {
    expect(argumentRejection(record({ url: A, path: B }, `Invalid arguments: cannot clone into ${B} at url`), clone)?.property).toBe('url');
    expect(argumentRejection(record({ url: A, path: B }, `Invalid arguments: url scheme unknown in ${B}`), clone)?.property).toBe('path');
  });

  it('"at" of ordinary prose is no locator', () => {
    // "at url 3 of 5" is no locator: url and limit are then two bare words, and none is named
    expect(argumentRejection(record({}, 'Invalid input: stopped at url 3 of 5, limit too high'), ['url', 'limit'])).toEqual({ answer: 'an isError result' });
    expect(argumentRejection(record({}, 'Invalid input: file not found at path /tmp/x'), ['path', 'url'])?.property).toBe('path');
  });

  it('a name joined by a hyphen or an underscore is part of another word', () => {
    expect(argumentRejection(record({}, 'Invalid arguments for tool git-clone'), ['clone', 'url'])).toEqual({ answer: 'an isError result' });
    expect(argumentRejection(record({}, 'clone_depth must be at most 10'), ['clone', 'url'])).toBeUndefined();
  });

  it('two properties that differ only in case: the one written in its own case, else none', () => {
    expect(argumentRejection(record({}, 'Invalid input: Name must be capitalised'), ['name', 'Name'])?.property).toBe('Name');
    expect(argumentRejection(record({}, 'Invalid input: NAME must be capitalised'), ['name', 'Name'])?.property).toBeUndefined();
    // one property, written in another case: a mention, not a name (the gate reads its own case only)
    expect(argumentRejection(record({}, 'Invalid input: URL must be absolute'), ['url'])).toEqual({ answer: 'an isError result' });
  });
});

/**
 * D7: locators rank by kind, not position. Real zod issues list the enum's allowed values (zod 4 `"values"`, zod 3
 * `"options"`) or the string format (`"format":"url"`) before `"path"`: a quoted value that is also a property name
 * must not outrank the path.
 */
describe('argumentRejection: a structured locator outranks a quoted value (D7, zod issue JSON)', () => {
  const zod4Enum = JSON.stringify(
    [{ code: 'invalid_value', values: ['name', 'date'], path: ['sort'], message: 'Invalid option: expected one of "name"|"date"' }],
    null,
    2,
  );
  const zod3Enum = `[{"received":"x","code":"invalid_enum_value","options":["name","date"],"path":["sort"],"message":"Invalid enum value. Expected 'name' | 'date', received 'x'"}]`;
  const zod4Url = '[{"origin":"string","code":"invalid_format","format":"url","path":["homepage"],"message":"Invalid URL"}]';
  const zod4Date = '[{"origin":"string","code":"invalid_format","format":"date","pattern":"...","path":["end_date"],"message":"Invalid ISO date"}]';

  it("zod 4 invalid_value: path names sort, not 'name' of values (JSON-RPC and isError)", () => {
    const text = `MCP error -32602: Input validation error: Invalid arguments for tool list: ${zod4Enum}`;
    expect(argumentRejection(record({ sort: 'x' }, text, true), ['sort', 'name', 'date'])).toEqual({ answer: 'JSON-RPC -32602', property: 'sort' });
    expect(argumentRejection(record({ sort: 'x' }, text), ['name', 'date', 'sort'])).toEqual({ answer: 'an isError result', property: 'sort' });
  });

  it("zod 3 invalid_enum_value: path names sort, not 'name' of options nor of the message's alternatives", () => {
    expect(argumentRejection(record({ sort: 'x' }, zod3Enum), ['sort', 'name'])).toEqual({ answer: 'an isError result', property: 'sort' });
    expect(argumentRejection(record({ sort: 'x' }, `Invalid arguments: ${zod3Enum}`), ['name', 'date', 'sort'])?.property).toBe('sort');
  });

  it('zod 4 invalid_format: path names homepage / end_date, not the format url / date', () => {
    expect(argumentRejection(record({}, `Input validation error: ${zod4Url}`), ['url', 'homepage'])).toEqual({ answer: 'an isError result', property: 'homepage' });
    expect(argumentRejection(record({}, `Invalid arguments: ${zod4Date}`), ['date', 'end_date'])).toEqual({ answer: 'an isError result', property: 'end_date' });
  });

  it('the other arm: the same issues name url / date when the path does', () => {
    expect(argumentRejection(record({}, `Input validation error: ${zod4Url.replace('"homepage"', '"url"')}`), ['url', 'homepage'])?.property).toBe('url');
    expect(argumentRejection(record({}, `Invalid arguments: ${zod4Date.replace('"end_date"', '"date"')}`), ['date', 'end_date'])?.property).toBe('date');
    expect(argumentRejection(record({}, `Invalid arguments: ${zod3Enum.replace('["sort"]', '["name"]')}`), ['name', 'sort'])?.property).toBe('name');
  });

  it("a quoted value listed, or of a key that holds data, is no locator, nor a bare word", () => {
    const names = ['sort', 'name', 'date'];
    expect(argumentRejection(record({}, 'Invalid arguments: {"code":"invalid_value","values":["name","date"],"message":"Invalid option"}'), names)).toEqual({ answer: 'an isError result' });
    // nor is it a bare word: the one property the words name is named
    expect(argumentRejection(record({}, 'Invalid arguments: {"code":"invalid_format","format":"url","message":"Invalid homepage"}'), ['url', 'homepage'])?.property).toBe('homepage');
    expect(argumentRejection(record({}, 'Invalid input: expected one of "name"|"date"'), names)).toEqual({ answer: 'an isError result' });
    expect(argumentRejection(record({}, "Invalid input: sort must be one of 'name', 'date'"), names)?.property).toBe('sort');
    expect(argumentRejection(record({}, 'validation failed: data/homepage must match format "url"'), ['url', 'homepage'])?.property).toBe('homepage');
    expect(argumentRejection(record({}, 'Invalid input: must match format "url" at homepage'), ['url', 'homepage'])?.property).toBe('homepage');
  });

  it('alternatives joined by or / and after "one of" are values, each of them: no property named (sweep 29)', () => {
    const names = ['query', 'filters', 'pageSize'];
    expect(argumentRejection(record({}, 'Invalid input:\n: At least one of "query" or "filters" must be provided.'), names)).toEqual({ answer: 'an isError result' });
    expect(argumentRejection(record({}, "Invalid input: sort must be one of 'name', 'date', or 'size'"), ['sort', 'name', 'size'])?.property).toBe('sort');
    expect(argumentRejection(record({}, "Invalid input: sort must be one of 'name' and 'size'"), ['sort', 'size'])?.property).toBe('sort');
    // a list not after value prose still locates, the earliest item first
    expect(argumentRejection(record({}, "Invalid input: 'query' or 'filters' must be provided"), names)?.property).toBe('query');
    // a word ending in 'and' or 'or' (brand, vendor) joins nothing
    expect(argumentRejection(record({}, "Invalid input: one of 'query' vendor 'filters' is invalid"), names)?.property).toBe('filters');
  });

  it('a quoted value of a key that names an argument locates it (field, ajv missingProperty, pydantic loc, inspected param)', () => {
    const names = ['url', 'homepage'];
    expect(argumentRejection(record({}, 'Invalid arguments: {"format":"url","field":"homepage"}'), names)?.property).toBe('homepage');
    expect(argumentRejection(record({}, 'Invalid params: [{"instancePath":"","keyword":"required","params":{"missingProperty":"homepage"}}]'), names)?.property).toBe('homepage');
    expect(argumentRejection(record({}, "Validation error: [{'type': 'url_parsing', 'loc': ('homepage',), 'msg': 'Input should be a valid URL'}]"), names)?.property).toBe('homepage');
    expect(argumentRejection(record({}, "Invalid input: { format: 'url', param: 'homepage' }"), names)?.property).toBe('homepage');
    expect(argumentRejection(record({}, "Invalid arguments: schema['properties']['homepage'] rejects the url"), names)?.property).toBe('homepage');
  });

  it('a quoted name outranks a repeated argument; a structured locator outranks a quoted name before it', () => {
    expect(argumentRejection(record({ url: A, homepage: B }, `Invalid arguments: property 'url' conflicts with ${B}`), ['url', 'homepage'])?.property).toBe('url');
    expect(argumentRejection(record({}, "Invalid arguments: 'url' is not allowed here at homepage"), ['url', 'homepage'])?.property).toBe('homepage');
  });

  it("F1 kept: the envelope's key \"name\" and its value locate nothing", () => {
    const envelope = JSON.stringify({ error: { name: 'Error', message: 'Input validation error: bad request' } });
    expect(argumentRejection(record({}, envelope), ['name', 'kind'])).toEqual({ answer: 'an isError result' });
    expect(argumentRejection(record({}, JSON.stringify({ error: { name: 'Error', message: 'Cost does not match the expected cost' } })), ['name'])).toBeUndefined();
  });
});

/**
 * Review of D7 (rev15): ranking locators by kind blamed the wrong property on real messages. Locators are read in
 * position order again (a quoted value still never locates); a trailing " at <path>" keeps priority within its sentence.
 */
describe('argumentRejection: locators in position order (rev15)', () => {
  it("a quoted name that expected introduces as a subject (to be / must / should / is) locates it", () => {
    expect(argumentRejection(record({}, 'Expected "name" to be of type string'), ['name', 'type'])).toEqual({ answer: 'an isError result', property: 'name' });
    expect(argumentRejection(record({}, "Invalid arguments: expected 'name' to be a string"), ['name', 'type'])).toEqual({ answer: 'an isError result', property: 'name' });
  });

  it('a property name quoted as a value in doubt: no other property is named as a bare word in its place', () => {
    expect(argumentRejection(record({}, 'Invalid input: Expected "name" of type string'), ['name', 'type'])).toEqual({ answer: 'an isError result' });
    // a literal (punctuation or the end after it) is a value: the bare word names the property
    expect(argumentRejection(record({}, 'sort: Invalid literal value, expected "name"'), ['sort', 'name'])?.property).toBe('sort');
  });

  it('the Go SDK (jsonschema-go): an array after "missing properties:" / "required:" names properties', () => {
    const text = 'validating "arguments": validating root: required: missing properties: ["query"]';
    expect(argumentRejection(record({}, text), ['query', 'limit'])).toEqual({ answer: 'an isError result', property: 'query' });
    expect(argumentRejection(record({}, text, true), ['limit', 'query'])).toEqual({ answer: 'JSON-RPC -32602', property: 'query' });
    expect(argumentRejection(record({}, 'validation failed: required: ["cc", "bb"]'), ['bb', 'cc'])?.property).toBe('cc');
  });

  it('the earliest locator wins: a quoted name before a later path-like word', () => {
    expect(argumentRejection(record({}, "Parameter 'owner' is invalid: GitHub API GET /repo returned 404"), ['owner', 'repo'])).toEqual({ answer: 'an isError result', property: 'owner' });
  });

  it('a trailing "at <word>" in a later sentence, or ending on a full stop, does not outrank an earlier quoted name', () => {
    expect(argumentRejection(record({}, "Field 'title' is required. See https://docs.example.com at body."), ['title', 'body'])).toEqual({ answer: 'an isError result', property: 'title' });
    expect(argumentRejection(record({}, "Field 'title' is required. See the docs at body"), ['title', 'body'])?.property).toBe('title');
    // the validator's own trailing locator in the same sentence still does (zod / SDK "... at homepage")
    expect(argumentRejection(record({}, "Invalid arguments: 'url' is not allowed here at homepage"), ['url', 'homepage'])?.property).toBe('homepage');
  });

  it("a quoted name before a colon in prose is a label, not an object key: \"Invalid 'url': expected format\" names url", () => {
    expect(argumentRejection(record({}, "Invalid 'url': expected format \"uri\""), ['url', 'format'])?.property).toBe('url');
    // keys of an object (after { or a comma, JSON, Python or indented) still name nothing
    expect(argumentRejection(record({}, "{'name': 'Error', 'message': 'Input validation error: bad'}"), ['name', 'kind'])).toEqual({ answer: 'an isError result' });
    expect(argumentRejection(record({}, '{\n  "name": "Error",\n  "message": "Input validation error: bad"\n}'), ['name', 'kind'])).toEqual({ answer: 'an isError result' });
  });

  it('a key of deeply indented JSON is a key however much whitespace precedes it: the SDK 1.x zod 4 issue with its schema dump names its path (events), not a key of the dump (calendarId)', () => {
    // @cocal/google-calendar-mcp 2.6.3 create-events {"events":[]}: the issue dumps the schema's def (keys such as
    // "calendarId" after `,\n` and 14 spaces) before its "path": ["events"]; the harness blamed calendarId
    const issue = [{ origin: 'array', code: 'too_small', minimum: 1, inclusive: true, schema: { def: { type: 'array', element: { def: { type: 'object', shape: { summary: { def: { type: 'string' }, type: 'string' }, calendarId: { def: { type: 'optional' }, type: 'optional' } } } } } }, path: ['events'], message: 'Too small: expected array to have >=1 items' }];
    const text = `MCP error -32602: Input validation error: Invalid arguments for tool create-events: ${JSON.stringify(issue, null, 2)}`;
    expect(text).toMatch(/,\n {14}"calendarId": \{/);
    expect(argumentRejection(record({ events: [] }, text), ['events', 'calendarId', 'account'])).toEqual({ answer: 'an isError result', property: 'events' });
    expect(argumentRejection(record({ events: [] }, text, true), ['calendarId', 'events'])).toEqual({ answer: 'JSON-RPC -32602', property: 'events' });
    // without a locator, an indented key is no bare word either; tabs and blank lines between the comma and the key too
    expect(argumentRejection(record({}, 'Input validation error: {\n\t\t\t\t\t\t\t\t"other": 1,\n\n\t\t\t\t\t\t\t\t\t"calendarId": {}\n}'), ['calendarId', 'events'])).toEqual({ answer: 'an isError result' });
    expect(namesPropertyIn(['{\n' + ' '.repeat(40) + '"a": 1,' + ' '.repeat(40) + '\n' + ' '.repeat(40) + '"calendarId": 2}'], 'calendarId')).toBe(false);
    // a key written with whitespace before its colon is still a key
    expect(namesPropertyIn(['{"a": 1, "calendarId"' + ' '.repeat(12) + ': 2}'], 'calendarId')).toBe(false);
  });

  it("a value deep in a long pretty-printed list is still a value: zod's enum issue with 60 values, one of them a property name, names its path", () => {
    const values = Array.from({ length: 60 }, (_, i) => (i === 55 ? 'limit' : `option_${i}`));
    const issue = [{ code: 'invalid_value', values, path: ['sort'], message: 'Invalid option' }];
    const text = `MCP error -32602: Input validation error: Invalid arguments for tool list: ${JSON.stringify(issue, null, 2)}`;
    expect(text.indexOf('"limit"') - text.indexOf('"values"')).toBeGreaterThan(1000);
    expect(argumentRejection(record({}, text), ['limit', 'sort'])).toEqual({ answer: 'an isError result', property: 'sort' });
    // the items of a long list in prose are read as its head is, too
    const prose = `Input validation error: sort must be one of ${values.map((v) => `'${v}'`).join(', ')}`;
    expect(argumentRejection(record({}, prose), ['limit', 'sort'])?.property).toBe('sort');
  });

  it('a quoted name far from what follows it is still read by what follows: a subject (`"name"\\n      must be ...`) locates, an alternative (`"name"  |  "date"`) does not', () => {
    expect(argumentRejection(record({}, 'Input validation error: expected ' + "'limit'" + ' '.repeat(20) + 'to be a number'), ['limit', 'query'])?.property).toBe('limit');
    expect(argumentRejection(record({}, 'Input validation error: sort is invalid, one of "name"' + ' '.repeat(12) + '| "date"'), ['name', 'sort'])?.property).toBe('sort');
  });
});

describe('namesPropertyIn', () => {
  it('a whole token or a locator names the property; an object key does not', () => {
    expect(namesPropertyIn(['limit must be at most 10'], 'limit')).toBe(true);
    expect(namesPropertyIn(['invalid value at limit'], 'limit')).toBe(true);
    expect(namesPropertyIn(['{"code":511,"status":511,"message":"Network Authentication Required"}'], 'code')).toBe(false);
    expect(namesPropertyIn([JSON.stringify({ error: { name: 'Error', message: 'x' } })], 'name')).toBe(false);
    expect(namesPropertyIn(['Limit exceeded'], 'limit')).toBe(false);
  });
});

describe('argumentRejection: a credential refused on the JSON-RPC -32602 channel (sweep 26)', () => {
  const names = ['token'];
  it.each(['Invalid API token', 'Unauthorized', 'Authentication failed: the token was rejected'])('-32602 %j refuses the credential, not the arguments: no rejection', (text) => {
    expect(argumentRejection(record({ token: A }, text, true), names)).toBeUndefined();
  });
  it.each(['Invalid arguments: token must be 32 characters', 'Invalid API token format', 'Unauthorized: token must be at least 40 characters', 'bad'])('-32602 %j is still a rejection', (text) => {
    expect(argumentRejection(record({ token: A }, text, true), names)?.answer).toBe('JSON-RPC -32602');
  });
});

describe('argumentRejection: a credential found neither in the call nor in the configuration (sweep 32)', () => {
  const names = ['token'];
  const discord =
    'Discord token not provided and not configured. Cannot log in. Please check the following: 1. Provide a token in the login command or make sure the token is correctly set in your config or environment variables. 2. Ensure all required privileged intents (Message Content, Server Members, Presence) are enabled in the Discord Developer Portal for your bot application.';
  it.each([discord, 'API key is not configured', 'Error: token has not been configured.'])('isError %j refuses the configuration, not the arguments: no rejection', (text) => {
    expect(argumentRejection(record({}, text), names)).toBeUndefined();
  });
  it('-32602 with the same first sentence is no rejection either', () => {
    expect(argumentRejection(record({}, 'MCP error -32602: token not provided and not configured', true), names)).toBeUndefined();
  });
  it.each([
    'Chat token not provided. A token is required to log in; pass it as token.',
    'token is required. The server has no token configured.',
    'Invalid arguments: token must be 32 characters. The API key is not configured either.',
  ])('isError %j is still a rejection (the first sentence does not say the configuration lacks it)', (text) => {
    expect(argumentRejection(record({}, text), names)?.answer).toBe('an isError result');
  });
});

describe('refusesWorkingDirectory: an optional argument the handler takes from where the server runs (sweep 37, @contextstream/mcp-server 0.4.43 generate_rules)', () => {
  const TEXT = 'Error: folder_path is required. Provide folder_path or run from a project directory.';
  const props = ['folder_path', 'dry_run'];
  const refused = (args: unknown, text: string) => {
    const r = record(args, text);
    const rejection = argumentRejection(r, props);
    return rejection !== undefined && refusesWorkingDirectory(r, rejection, args);
  };

  it('a call that left the property out, refused with the working directory as the alternative: the run is refused', () => {
    expect(argumentRejection(record({}, TEXT), props)).toMatchObject({ property: 'folder_path' });
    expect(refused({}, TEXT)).toBe(true);
    expect(refused({ dry_run: true }, 'folder_path is required: pass folder_path or run it in a git repository')).toBe(true);
  });

  it('a call that supplied it, a text with no such alternative, or one naming no property: still a rejection of the arguments', () => {
    expect(refused({ folder_path: 'x' }, TEXT)).toBe(false);
    expect(refused({}, 'Error: folder_path is required. Provide folder_path.')).toBe(false);
    expect(refused({}, 'folder_path is required or run the installer')).toBe(false);
    const r = record({}, 'Invalid arguments: run from a project directory or pass the path');
    const rejection = argumentRejection(r, props);
    expect(rejection === undefined || !refusesWorkingDirectory(r, rejection, {})).toBe(true);
  });
});

describe('refusesForNetwork: a check of the arguments that failed on the network (sweep 37, @orchestrator-claude/mcp-server 3.37.3 selectSessionProject)', () => {
  it('every text names a network failure and none reports validation explicitly: the run is refused', () => {
    expect(refusesForNetwork(record({ projectId: 'x' }, 'Error: Unable to validate projectId against the project registry: fetch failed'))).toBe(true);
    expect(refusesForNetwork(record({ url: 'x' }, 'Invalid url: getaddrinfo ENOTFOUND example.test'))).toBe(true);
  });

  it("Python's offline wordings: httpx's ConnectError, aiohttp's ClientConnectorError (review 29)", () => {
    expect(refusesForNetwork(record({ projectId: 'x' }, 'Error: Unable to validate projectId against the project registry: All connection attempts failed'))).toBe(true);
    expect(refusesForNetwork(record({ projectId: 'x' }, "Unable to validate projectId: Cannot connect to host 127.0.0.1:3000 ssl:default [Connect call failed ('127.0.0.1', 3000)]"))).toBe(true);
  });

  it('a form refused, an explicit validation report, or a text with no network failure: still a rejection', () => {
    expect(refusesForNetwork(record({ projectId: 'x' }, 'Error: Invalid projectId: must be a UUID.'))).toBe(false);
    expect(refusesForNetwork(record({ projectId: 'x' }, 'Input validation error: projectId must be a UUID (fetch failed)'))).toBe(false);
    expect(refusesForNetwork(record({ projectId: 'x' }, 'projectId is invalid', true))).toBe(false);
  });
});
