/**
 * The fixed names of the network failures a server writes when it has no network (or no local service): read in the
 * session layer as stderr arrives (session/wire-tap.ts, so the name sticks however much stderr follows it) and by the
 * checks (checks/util/stderr.ts). Pure; only a fixed name ever leaves here, never the host or the line.
 */

/**
 * The reason phrases of HTTP's 4xx and 5xx status lines (RFC 9110 §15.5, §15.6) a fetch's error repeats after its
 * status ("404 Not Found") or alone (`response.statusText`): the service answered.
 */
const HTTP_REASON = String.raw`(?:Bad Request|Unauthori[sz]ed|Payment Required|Forbidden|Not Found|Method Not Allowed|Not Acceptable|Gone|Conflict|Too Many Requests|Unprocessable (?:Entity|Content)|Internal Server Error|Not Implemented|Bad Gateway|Service Unavailable|Gateway Time-?out)`;

/**
 * A lookahead: the rest of the line names an HTTP error status (HTTP 404, status 503, status code 404, a status line
 * "404 Not Found", or a reason alone at the end, ": Not Found"): the service answered, so the words before it name no
 * missing network (review 27 for "Could not fetch", review 28 for a "Network error:" label).
 */
const NO_HTTP_STATUS_AHEAD = String.raw`(?![^\n]*(?:\b(?:HTTP(?:\/[\d.]+)?|status(?:\s+code)?)\s*:?\s*[45]\d\d\b|\b[45]\d\d\s*:?\s*${HTTP_REASON}\b|:\s*${HTTP_REASON}\.?\s*$))`;

/**
 * What a server that needs the network (or a local service) writes when it has none, each pattern with the fixed
 * name a message gives it: Node's and libuv's error codes and undici's `fetch failed`; Python's and Go's wording of a
 * failed name lookup or a refused connection; a fetch said to have failed ("Could not fetch ..."); the Stainless SDKs'
 * "Connection error."; axios's "Network Error"; httpx's and aiohttp's refused connections. @stripe/mcp 0.3.3, a stdio proxy to its remote server, logs
 * `getaddrinfo ENOTFOUND mcp.stripe.com` and never answers `initialize` (a sweep of published servers, 2026-12-04).
 */
const NETWORK_FAILURES: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [/\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ENETUNREACH|EHOSTUNREACH|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)\b/, (m) => m[1]],
  [/\bfetch failed\b/, () => 'fetch failed'],
  [/Temporary failure in name resolution|Name or service not known|nodename nor servname provided|\bno such host\b/i, () => 'name resolution failed'],
  [/\bconnection refused\b/i, () => 'connection refused'],
  // Python's asyncio clients offline: httpx's ConnectError "All connection attempts failed" (anyio, every address
  // refused or unreachable) and aiohttp's ClientConnectorError "Cannot connect to host h:p ssl:default [Connect call
  // failed ('127.0.0.1', 3000)]" (review 29): fixed library wordings, never a server's own
  [/\bAll connection attempts failed\b/, () => 'connection attempts failed'],
  [/\bConnect call failed\b/, () => 'connect call failed'],
  [/\bnetwork is unreachable\b/i, () => 'network unreachable'],
  // "Connection error.", the whole message of the Stainless-generated SDKs' APIConnectionError (their MCP servers offline,
  // sweep 26), alone or after a label's colon ("Error: Connection error.", "openai.APIConnectionError: Connection
  // error."), at the end of the line: not the words inside prose ("Database connection error: relation ...", "the
  // connection error handler is not registered"), which may be a server's own fault
  [/(?:^|:)\s*connection error\.?\s*$/i, () => 'connection error'],
  // "Network error", axios's message for a request that got no answer ("Network Error") and its wrappers' label
  // ("Iterable network error: Network error: No response received from Iterable API", @iterable/mcp 1.9.0 offline,
  // sweep 31): the whole message or a label ending in a colon, at the line's start or after a label's colon; not the
  // words inside prose ("the network error handler is not registered", "Neural network error: ..."), and not over an
  // HTTP error status: a wrapper that labels every axios error so ("Network error: Request failed with status code
  // 404") names a request the service answered (review 28)
  [new RegExp(String.raw`(?:^|:)\s*${NO_HTTP_STATUS_AHEAD}network error(?:\s*:|\.?\s*$)`, 'i'), () => 'network error'],
  // "Could not fetch <url>: ..." (@mui/mcp offline, sweep 26): a URL right after the words, and not when the line names
  // an HTTP error status: a server that reached its service and was refused (HTTP 404, status 503, or a status line
  // "404 Not Found", or its reason alone at the end, ": Not Found": review 27) is no missing network, and "Could not
  // fetch user 42 from the database" names no network at all (a server's own fault stays its own)
  [
    new RegExp(
      String.raw`\bcould(?:\s+not|n['\u2019]t)\s+fetch\s+['"<(]?https?:\/\/${NO_HTTP_STATUS_AHEAD}`,
      'i',
    ),
    () => 'could not fetch',
  ],
];

/**
 * The name of the network failure the server's stderr reports (`ENOTFOUND`, `fetch failed`, `name resolution
 * failed`...; the last line that names one wins), or undefined. A boot that fails after such a line says so: the
 * server may need a network or a service the run does not provide. Only a fixed name is returned, never the host,
 * the address or the line. Pure.
 */
export function networkFailure(lines: readonly string[]): string | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    for (const [pattern, name] of NETWORK_FAILURES) {
      const match = pattern.exec(lines[i]);
      if (match) return name(match);
    }
  }
  return undefined;
}


/**
 * A quick test that `text` may hold a network failure's name (every word NETWORK_FAILURES looks for, any case): the
 * wire tap splits a stderr chunk into lines only when this says yes, so a flood of other output costs one scan.
 */
export function mayNameNetworkFailure(text: string): boolean {
  return /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ENETUNREACH|EHOSTUNREACH|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|fetch failed|name resolution|service not known|servname|no such host|connection refused|network is unreachable|connection attempts failed|connect call failed|(?:not|n't|n\u2019t)\s+fetch|connection error|network error/i.test(text);
}
