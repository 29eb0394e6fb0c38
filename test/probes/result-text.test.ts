/**
 * harness/probes/result-text.ts: which result bodies report a failure. A normal output read as a failure costs its
 * tool's probes (true warnings lost) and draws a false note; a failure report missed makes every probe's refusal read
 * as an acceptance (false warnings). Each line below is one a reviewer or a published server produced (2026-12-04).
 */
import { describe, expect, it } from 'vitest';
import { bodyFailure, failureShape, misspelledIsError, refusalNaming } from '../../harness/probes/result-text.ts';

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
const json = (body: unknown) => text(JSON.stringify(body));

describe('failureShape: a text that opens as a failure report', () => {
  it.each([
    'Error: 404 Not Found',
    'Error: 1 validation error for Args',
    'Error (400): Bad request',
    'Error 404: Not Found',
    'Error in query: syntax error at or near "x"',
    'Error from API: quota',
    'Error. Try again',
    'Error\nthe upstream did not answer',
    'Error; retry later',
    'Error – 2 fields invalid',
    'ERROR - timeout',
    'error: ENOENT',
    'Error searching libraries: TypeError: fetch failed',
    'Error executing tool search: boom',
    'An error occurred while reading the file',
    'Failed to fetch weather data: API rate limit exceeded',
    'Failed: 3 validation errors',
    'FAILED: 2 errors',
    'Failure: no route',
  ])('%j is a failure', (t) => {
    expect(failureShape(text(t))).toBe("a text that opens with an error report ('Error', 'Failed' or 'An error occurred')");
  });
  // sweep 25, @siemens/element-mcp 51.1.0-v.2.0.3 offline: a failure report under a heading that names it
  it.each([
    'Search Error\n\nFailed to search Element documentation: request to https://api.example/llm/v1/embeddings failed, reason: getaddrinfo ENOTFOUND api.example\n\nPossible Issues:\n• Network connectivity problems',
    '## API Error\nError: 401 Unauthorized',
    'Request Failed\r\n\r\nAn error occurred while calling the upstream',
    // a heading of one word (review 26: the docstring's "one to three words" read two to four)
    '## Error\n\nFailed to search Element documentation: request failed',
    'Failed\n\nError: 401 Unauthorized',
  ])('%j is a failure under its heading', (t) => {
    expect(failureShape(text(t))).toBe("a heading that names an error over a text that opens with an error report ('Error', 'Failed' or 'An error occurred')");
  });
  // failure texts that open with a pictograph (an earlier stop's sweep: "❌ Search error: ..." read as a success, so
  // each probe's refusal read as an acceptance)
  it.each([
    ['❌ Error: query is required', "a text that opens with an error report ('Error', 'Failed' or 'An error occurred')"],
    ['⚠️ Failed to fetch https://example.invalid/docs: getaddrinfo ENOTFOUND', "a text that opens with an error report ('Error', 'Failed' or 'An error occurred')"],
    ['🔴 Error 503: upstream unavailable', "a text that opens with an error report ('Error', 'Failed' or 'An error occurred')"],
    ['❌ Search Error\n\nFailed to search: request failed', "a heading that names an error over a text that opens with an error report ('Error', 'Failed' or 'An error occurred')"],
    ['❌ Search error: request to https://api.example/search failed', 'a text that opens with a cross mark and names an error'],
    ['✖ API Error - 401 Unauthorized', 'a text that opens with a cross mark and names an error'],
    ['🚫 Validation error: name must be a string', 'a text that opens with a cross mark and names an error'],
    ["❌ Error: Parse error on line 1", "a text that opens with an error report ('Error', 'Failed' or 'An error occurred')"],
  ])('%j is a failure past its pictograph', (t, shape) => {
    expect(failureShape(text(t))).toBe(shape);
  });
  it.each([
    // a test runner's summary is its tool's success: only "error" after a mark, never "failed"
    '❌ 2 failed, 10 passed',
    '❌ Tests failed: 2',
    '✅ Failed: 0',
    '✅ Error-free run',
    '📊 Error rate over the last hour: 0.2%',
    // a mark that is not a cross names no failure by itself
    '📘 Syntax error: what the parser says when a token is unexpected',
    '⚠️ Search error rates are up 2% this week',
    // a validator's or linter's verdict on the text it was given is its success, as failing tests are (review 27)
    "❌ Syntax error: Parse error on line 1:\nfoo\n^\nExpecting 'NEWLINE', got 'foo'",
    '✖ YAML parse error: bad indentation at line 3',
    '❌ Parsing error - unexpected token',
  ])('%j is not, pictograph and all', (t) => {
    expect(failureShape(text(t))).toBeUndefined();
  });
  it.each([
    'Error rate over the last hour: 0.2%',
    'Errors: 0',
    'Error-free run',
    'Error-free: all 12 checks passed',
    'Error handling guide',
    'Error logging enabled for 3 services',
    'ERROR_RATE=0.1',
    'error_code lookup: E42 means timeout',
    'Error log (3 entries):',
    'Error.log holds 3 lines',
    'Failed: 0',
    'Failed: 0/12',
    'Failed: 3, passed: 9',
    'Failed jobs: none',
    'ok',
    // a heading that names an error over prose that reports none: a docs page about the error
    'Syntax Error\n\nA syntax error is raised when the parser meets a token it does not expect.',
    'Type Error',
    'Search Error\n\nSee also: Error handling guide',
    'Common Runtime Error\nError rate over the last hour: 0.2%',
  ])('%j is not', (t) => {
    expect(failureShape(text(t))).toBeUndefined();
  });
});

describe('failureShape: a JSON body (a text block or structuredContent)', () => {
  it.each([
    [{ error: 'quota exceeded' }, "a JSON body with an 'error' member"],
    [{ error: true }, "a JSON body with an 'error' member"],
    [{ error: { code: 7 } }, "a JSON body with an 'error' member"],
    [{ status: 'ERROR' }, 'a JSON body with status "error"'],
    [{ success: false, message: 'Safety confirmation required' }, 'a JSON body with success false and a message'],
    [{ success: false, msg: 'bad token' }, 'a JSON body with success false and a message'],
    [{ success: false, detail: 'Not authenticated' }, 'a JSON body with success false and a message'],
    [{ success: false, errorMessage: 'x' }, 'a JSON body with success false and a message'],
    [{ success: false, error_message: 'x' }, 'a JSON body with success false and a message'],
    [{ success: false, errors: ['limit must be <= 10'] }, 'a JSON body with success false and a message'],
    // Notion's API error body, passed through without isError by @notionhq/notion-mcp-server 2.5.2 (a dummy key)
    [{ status: 401, object: 'error', code: 'unauthorized', message: 'API token is invalid.', request_id: 'r1' }, 'a JSON body with an HTTP error status and a message'],
    [{ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' }, 'a JSON body with an HTTP error status and a message'],
    [{ statusCode: 500, message: 'Internal server error' }, 'a JSON body with an HTTP error status and a message'],
    [{ status: 503, detail: 'Service unavailable' }, 'a JSON body with an HTTP error status and a message'],
    [{ status: 400, errors: ['page_id should be a string'] }, 'a JSON body with an HTTP error status and a message'],
    [{ status: '503', message: 'Service Unavailable' }, 'a JSON body with an HTTP error status and a message'],
    [{ status: 599, message: 'Network connect timeout' }, 'a JSON body with an HTTP error status and a message'],
    // RFC 9457 problem details
    [{ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Token expired', instance: '/v1/users' }, 'a JSON body with an HTTP error status and a message'],
    // Twilio's error body (more_info: where to read more), ASP.NET's validation problem (errors by field, a title)
    [{ code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 }, 'a JSON body with an HTTP error status and a message'],
    [{ type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1', title: 'One or more validation errors occurred.', status: 400, errors: { limit: ['must be at most 9'] }, traceId: 't1' }, 'a JSON body with an HTTP error status and a message'],
    [{ success: false, errors: { limit: ['must be at most 9'] } }, 'a JSON body with success false and a message'],
  ])('%j: %s', (body, shape) => {
    expect(failureShape(json(body))).toBe(shape);
    expect(failureShape({ content: [], structuredContent: body })).toBe(shape);
  });
  // github-mcp-server 1.8.7: its handler's whole CallToolResult serialized into the text of an outer one (sweep 26)
  it.each([
    [{ content: [{ type: 'text', text: 'Error: Not a git repository' }], isError: true, metadata: { operation: 'git-branch' } }],
    [{ content: [], isError: true }],
  ])('%j nested in a text block is a failure; as structuredContent, data its outputSchema declares (review 26)', (body) => {
    expect(failureShape(json(body))).toBe('a CallToolResult nested in its text, with isError true');
    // a tool whose output is a CallToolResult it recorded or relayed (an inspector, a replay tool): the data it returns
    expect(failureShape({ content: [{ type: 'text', text: 'Recorded 1 exchange' }], structuredContent: body })).toBeUndefined();
  });
  it.each([
    [{ error: 0, data: { items: [] } }],
    [{ error: null }],
    [{ error: false }],
    [{ error: '' }],
    [{ error: [] }],
    [{ error: {} }],
    [{ job: 'build', finished: true, success: false, failedSteps: ['lint'] }],
    [{ success: false, errors: [] }],
    [{ success: 'false', message: 'x' }],
    [{ status: 'ok' }],
    // a status alone is data (a link checker's answer), and only 400-599 is an HTTP error status
    [{ url: 'https://example.test/a', status: 404, reachable: false }],
    [{ status: 200, message: 'OK' }],
    [{ status: 399, message: 'x' }],
    [{ status: 600, message: 'x' }],
    [{ status: 404.5, message: 'x' }],
    [{ status: '4xx', message: 'x' }],
    [{ status: ' 401', message: 'x' }],
    [{ status: 401, message: '  ' }],
    [{ status: 401, errors: [] }],
    // data that carries an HTTP status: a member beyond the error envelope's makes the body a successful result
    [{ url: 'https://example.test/a', status: 404, reason: 'Not Found', elapsed_ms: 12 }],
    [{ service: 'billing', status: 503, message: 'Service Unavailable', checked_at: '2026-12-04T10:00:00Z' }],
    [{ status: 404, message: 'Not Found', category: 'client error' }],
    [{ ts: '2026-12-04T10:00:00Z', method: 'GET', path: '/a', statusCode: 502, msg: 'Bad Gateway' }],
    // a nested CallToolResult that says it succeeded, or flags nothing, or a flag that is no boolean or has no content
    [{ content: [{ type: 'text', text: 'Bisect started' }], isError: false }],
    [{ content: [{ type: 'text', text: 'On branch main' }] }],
    [{ content: [{ type: 'text', text: 'x' }], isError: 'true' }],
    [{ content: 'x', isError: true }],
    [{ isError: true, items: [] }],
  ])('%j is not a failure', (body) => {
    expect(failureShape(json(body))).toBeUndefined();
  });
});

describe('bodyFailure: the words of the failure (read for validation wording, never reported)', () => {
  it.each([
    [{ status: 401, object: 'error', code: 'unauthorized', message: 'API token is invalid.' }, ['API token is invalid.']],
    [{ code: 511, status: 511, message: 'Network Authentication Required' }, ['Network Authentication Required']],
    [{ success: false, errors: ['limit must be <= 10', { message: 'page too large' }, 7] }, ['limit must be <= 10', 'message', 'page too large']],
    [{ error: { code: 'E1', message: 'quota exceeded', detail: 'try later' } }, ['code', 'E1', 'message', 'quota exceeded', 'detail', 'try later']],
    // the property named under a detail member: zod's path, Stripe's param, GitHub's field, ASP.NET's errors by field
    [{ success: false, errors: [{ path: ['limit'], message: 'Number must be less than or equal to 9' }] }, ['path', 'limit', 'message', 'Number must be less than or equal to 9']],
    [{ error: { type: 'invalid_request_error', param: 'limit', message: 'Invalid integer' } }, ['type', 'invalid_request_error', 'param', 'limit', 'message', 'Invalid integer']],
    [{ message: 'Validation Failed', errors: [{ resource: 'Issue', field: 'limit', code: 'invalid' }], status: '422' }, ['Validation Failed', 'resource', 'Issue', 'field', 'limit', 'code', 'invalid']],
    [{ type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1', title: 'One or more validation errors occurred.', status: 400, errors: { limit: ['must be at most 9'] }, traceId: 't1' }, ['One or more validation errors occurred.', 'limit', 'must be at most 9']],
    // the argument named at the top level, and FastAPI's detail list
    [{ success: false, message: 'Value out of range', field: 'limit' }, ['Value out of range', 'limit']],
    [{ status: 'error', message: 'Invalid value', param: 'limit', loc: ['body', 'limit'] }, ['Invalid value', 'limit', 'body', 'limit']],
    // names only: a URL path (Spring Boot's path member is not read at all) or a sentence names no argument
    [{ status: 'error', message: 'Rate limited', path: '/v1/limit', field: 'see /docs/limit', param: 'limit now' }, ['Rate limited']],
    [{ success: false, message: 'x', loc: Array.from({ length: 500 }, () => 'a') }, ['x', ...Array.from({ length: 199 }, () => 'a')]],
    [{ error: 'Validation failed', detail: [{ loc: ['body', 'limit'], msg: 'too big' }] }, ['Validation failed', 'loc', 'body', 'limit', 'msg', 'too big']],
    // a nested CallToolResult: its own text blocks, not its member names or metadata
    [{ content: [{ type: 'text', text: 'Invalid action. Use: start, good' }, { type: 'image', data: 'x' }], isError: true, metadata: { operation: 'bisect' } }, ['Invalid action. Use: start, good']],
  ])('%j: %j', (body, messages) => {
    expect(bodyFailure(json(body))?.messages).toEqual(messages);
  });
  it('a text that opens as a failure report: every text block is its words', () => {
    const result = { content: [{ type: 'text', text: 'Error: validation failed' }, { type: 'text', text: 'limit must be at most 9' }] };
    expect(bodyFailure(result)).toEqual({ shape: "a text that opens with an error report ('Error', 'Failed' or 'An error occurred')", messages: ['Error: validation failed', 'limit must be at most 9'] });
  });
  it('a JSON body: its words and the text blocks beside it that are not JSON objects', () => {
    const result = { content: [{ type: 'text', text: '{"error":"Invalid arguments"}' }, { type: 'text', text: 'limit must be at most 9' }, { type: 'text', text: '{"hint":"x"}' }] };
    expect(bodyFailure(result)?.messages).toEqual(['Invalid arguments', 'limit must be at most 9']);
  });
  it('stops after 200 strings', () => {
    expect(bodyFailure(json({ success: false, errors: Array.from({ length: 500 }, (_, i) => `e${i}`) }))?.messages).toHaveLength(200);
  });
  it('a body that reads as a success has none', () => {
    expect(bodyFailure(json({ status: 'ok', message: 'limit must be at most 9' }))).toBeUndefined();
  });
});

describe('misspelledIsError: a failure flag no client reads (@mapbox/mcp-server 0.2.0: is_error)', () => {
  const flagged = (extra: Record<string, unknown>) => ({ content: [{ type: 'text', text: 'Internal error has occurred.' }], ...extra });
  it.each([[{ is_error: true }], [{ iserror: true }], [{ IsError: 'true' }], [{ is_error: 'True' }], [{ 'is-error': true }], [{ ISERROR: true }], [{ isError: false, is_error: true }]])('%j is', (extra) => {
    expect(misspelledIsError(flagged(extra))).toBe(true);
    expect(bodyFailure(flagged(extra))).toEqual({ shape: 'a misspelled isError member, is_error or the like, set to true', messages: ['Internal error has occurred.'] });
  });
  // isError itself as the string "true" is a malformed isError (result/shape's), not a misspelled member
  it.each([[{ is_error: false }], [{ is_error: 'yes' }], [{ is_errors: true }], [{ error: true }], [{ isError: true, is_error: true }], [{ isError: 'true' }], [{}]])('%j is not', (extra) => {
    expect(misspelledIsError(flagged(extra))).toBe(false);
  });
});

describe('refusalNaming: a JSON body without a failure member that refuses the argument a probe touched (sweep 26, @vibgrate/cli)', () => {
  it.each<[string, unknown]>([
    ['query', { hint: 'query is required' }],
    ['query', { message: 'Missing query' }],
    ['query', { hint: "Missing required parameter: 'query'" }],
    ['query', { hint: 'Query is missing.' }],
    ['limit', { hint: 'invalid limit: use 1 to 20', results: [] }],
    ['limit', { note: 'Parameter "limit" is invalid' }],
    ['mcp_harness_extra', { hint: 'invalid argument: mcp_harness_extra' }],
    // the leading string member: a number before it is no string
    ['query', { code: 2, hint: 'query is required', results: [] }],
  ])('%s: %j is a refusal', (name, body) => {
    expect(refusalNaming(json(body), name)).toBe(true);
    expect(refusalNaming({ content: [], structuredContent: body }, name)).toBe(true);
  });

  it.each<[string, unknown]>([
    // a docs page about required fields: data whose words mention one
    ['query', { title: 'Required fields', body: 'Every search request carries a query: the query field is required.' }],
    ['query', { body: 'The query field is required in every request.' }],
    // data first, the words after it
    ['query', { path: 'src/index.ts', hint: 'query is required' }],
    // another argument, or the name inside another word
    ['query', { hint: 'limit is required' }],
    ['limit', { hint: 'invalid limiter' }],
    ['query', { hint: 'querystring is required' }],
    // the tool's normal data
    ['query', { results: [{ path: 'a' }], total: 1 }],
    ['query', { hint: 42 }],
    // the handler went on with a value of its own: it accepted the call (review 27)
    ['limit', { warning: 'limit is invalid, using the default of 10', results: [{ path: 'a' }], total: 1 }],
    ['limit', { note: 'Invalid limit; defaulting to 10' }],
    ['mcp_harness_extra', { warning: 'mcp_harness_extra is not allowed and was ignored' }],
    // the results first: the call was answered (review 27)
    ['limit', { results: [{ path: 'a' }], total: 1, warning: 'limit is invalid' }],
    ['limit', { data: { items: 3 }, note: 'invalid limit' }],
  ])('%s: %j is no refusal', (name, body) => {
    expect(refusalNaming(json(body), name)).toBe(false);
    expect(refusalNaming({ content: [], structuredContent: body }, name)).toBe(false);
  });

  it('a text that is not a JSON object is not read (prose has its own shapes: failureShape)', () => {
    expect(refusalNaming(text('query is required'), 'query')).toBe(false);
    expect(refusalNaming(text('["query is required"]'), 'query')).toBe(false);
  });
});

describe('failureShape: a thrown error naming a failed network request, and nothing else (sweep 33, mcp-code-graph 1.1.2 and agentaudit 3.14.0 offline)', () => {
  const SHAPE = "a text that is a thrown error naming a failed network request ('TypeError: fetch failed')";
  it.each([
    'TypeError: fetch failed',
    'Registry lookup failed: fetch failed',
    'FetchError: request to https://api.example.invalid/graphs failed, reason: getaddrinfo ENOTFOUND api.example.invalid',
    'AxiosError: connect ECONNREFUSED 127.0.0.1:443\n    at AxiosError.from (file:///app/node_modules/axios/lib/core/AxiosError.js:89:14)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n',
    '\nTypeError: fetch failed\n',
  ])('%j is a failure', (t) => {
    expect(failureShape(text(t))).toBe(SHAPE);
  });
  it.each([
    // a troubleshooting page titled with the error, prose below: data
    'TypeError: fetch failed\n\nThis error means the client could not reach the host; check the proxy settings.',
    // the error's name with a message that names no network failure (a REPL's answer to the code it ran)
    'TypeError: x is not a function',
    'ReferenceError: foo is not defined',
    // a count, not a thrown error; a network word inside a name
    'Tests failed: 0',
    'Lookup of fetch failed: 0 retries',
    'Build failed: syntax error in main.ts',
    // the quick scan's words inside other words or prose: only a failure networkFailure names counts
    'TypeError: refetch failedness is not a function',
    'TypeError: the network error handler is not registered',
  ])('%j is not', (t) => {
    expect(failureShape(text(t))).not.toBe(SHAPE);
  });
});

describe("failureShape: a text that opens by saying a fetch failed (sweep 26, @mui/mcp offline)", () => {
  it.each(['Could not fetch https://llms.example.invalid/material-ui/llms.txt: fetch failed', "Couldn't fetch the index", '  could not fetch docs'])('%j is a failure', (t) => {
    expect(failureShape(text(t))).toBe("a text that begins with 'Could not fetch'");
  });
  it.each(['Docs page "x"\n\nCould not fetch a page? When the docs client could not fetch one, check the proxy.', 'Could notify you when fetched', 'Fetched 3 pages; 0 could not fetch'])('%j is not', (t) => {
    expect(failureShape(text(t))).toBeUndefined();
  });
});
