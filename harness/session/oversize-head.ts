/**
 * Whether a message over the frame limit, known only by its head (the first characters of its text, kept unparsed),
 * cannot have been the response to a given request: read from the head's top-level members, in order, up to the
 * first that decides. A JSON-RPC response carries `result` or `error` and no `method` (2025-11-25 basic §Responses);
 * a notification or a server request carries `method`. Shared by both transports: an SSE event's head (./http/) and a
 * stdio line's (./rpc-channel.ts `onOversize`: a server request over the limit that carries the id of one of the
 * harness's requests in flight is not that request's answer).
 */

/**
 * The first `chars` UTF-16 code units of `text` as a string of their own. V8 keeps a slice of a long string as a view of
 * it, so a 200-character head sliced from a 16 MiB message held the whole message for as long as the head was kept (the
 * tap keeps oversize heads; an SSE event over the limit keeps its head until its end, which a server may never send: a
 * hostile review's timed-out calls, 15 MiB each, took a run to 2 GB).
 */
export function detachedHead(text: string, chars: number): string {
  return text.slice(0, chars).split('').join('');
}

/** Where a member's value ends when it is complete in the head; -1 when the head ends inside it. */
function skipValue(head: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < head.length) {
    const c = head[i];
    if (c === '"') {
      i = skipString(head, i);
      if (i < 0) return -1;
      if (depth === 0) return i;
      continue;
    }
    if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      if (depth === 0) return i; // the end of the enclosing object: the value before it was a literal
      depth -= 1;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && (c === ',' || /\s/.test(c))) return i;
    i += 1;
  }
  return -1;
}

/** The index after the JSON string starting at `at` (a `"`); -1 when the head ends inside it. */
function skipString(head: string, at: number): number {
  for (let i = at + 1; i < head.length; i++) {
    if (head[i] === '\\') i += 1;
    else if (head[i] === '"') return i + 1;
  }
  return -1;
}

/** The index of the first non-whitespace character at or after `at` (head.length when none). */
function skipSpace(head: string, at: number): number {
  let i = at;
  while (i < head.length && /\s/.test(head[i])) i += 1;
  return i;
}

/**
 * Whether the head of a message over the frame limit shows that it is not the response to the request with JSON-RPC
 * id `id`: a top-level `method` member (a notification or a server request), or a top-level `id` (a number or a
 * string, complete in the head) other than `id` (1 and "1" differ), before any `result` or `error` member; an `id`
 * equal to `id` decides nothing (a server request may carry the same id in its own id space: the members after it
 * do). False (it may have been the response) for a head with `result` or `error` before any `method`, with an id of
 * `null`, and for an inconclusive head: not an object, cut off before a member that decides, or empty.
 * @param head the start of the message's text (SSE: of its event's data; at most a few hundred characters)
 * @param id the JSON-RPC id of the request whose response is awaited; undefined when none is (every head may then be
 *   the answer only if it has no `method`)
 */
export function notTheResponse(head: string, id: number | string | undefined): boolean {
  let i = skipSpace(head, 0);
  if (head[i] !== '{') return false;
  i += 1;
  for (;;) {
    i = skipSpace(head, i);
    if (head[i] !== '"') return false; // `}` (an empty object), a cut-off head or not JSON: inconclusive
    const keyEnd = skipString(head, i);
    if (keyEnd < 0) return false;
    let key: string;
    try {
      key = JSON.parse(head.slice(i, keyEnd)) as string;
    } catch {
      return false;
    }
    i = skipSpace(head, keyEnd);
    if (head[i] !== ':') return false;
    i = skipSpace(head, i + 1);
    if (key === 'method') return true;
    if (key === 'result' || key === 'error') return false;
    const end = skipValue(head, i);
    if (end < 0) return false;
    if (key === 'id') {
      let value: unknown;
      try {
        value = JSON.parse(head.slice(i, end));
      } catch {
        return false;
      }
      if (typeof value !== 'number' && typeof value !== 'string') return false;
      if (value !== id) return true;
      // the awaited id: a response only if no `method` follows (a server request may carry the same id)
    }
    i = skipSpace(head, end);
    if (head[i] !== ',') return false;
    i += 1;
  }
}

/**
 * The top-level `id` (a number or a string) and `method` of a server request over the frame limit, when both are
 * complete in its head (in any order, before any `result` or `error`), so the harness can answer it as it answers any
 * server request it reads (rpc-channel.ts `onServerRequest`): a server whose tool awaits its own request's answer
 * (an SDK tool awaiting createMessage) would otherwise hold the call until its timeout (a reviewer of 8cc2119).
 * Undefined otherwise: a notification, a response, an id of null, an inconclusive head (an SDK that writes `params`
 * before `id` puts the id past any head: such a request stays unanswered).
 */
export function requestHead(head: string): { id: number | string; method: string } | undefined {
  const { id, method } = requestMembers(head);
  return id !== undefined && method !== undefined ? { id, method } : undefined;
}

/**
 * The `method` of a message over the frame limit, when its head shows it (complete, before any `result` or `error`),
 * and the `id` its tail ends with (`"id":7}` or `"id":"s-1"}`, the last member of the top-level object: where the
 * TypeScript SDK writes a request's id, after its `params`, `{...request, jsonrpc, id}`). Undefined otherwise: a
 * notification, a response, a tail whose last member is not the id. A string value that merely ends so is never read
 * as the member: the id must follow a comma or the object's start, outside any string (its quote is no escaped one).
 */
export function requestHeadAndTail(head: string, tail: string): { id: number | string; method: string } | undefined {
  const { method } = requestMembers(head);
  if (method === undefined) return undefined;
  const m = /[,{]\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/.exec(tail);
  if (!m) return undefined;
  try {
    const id: unknown = JSON.parse(m[1]);
    return typeof id === 'number' || typeof id === 'string' ? { id, method } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The top-level `id` (a number or a string) and `method` (a string) of a head, each when its value is complete in the
 * head before any `result` or `error` member (the reading stops there, at an incomplete member, or once both are read).
 */
function requestMembers(head: string): { id?: number | string; method?: string } {
  const found: { id?: number | string; method?: string } = {};
  let i = skipSpace(head, 0);
  if (head[i] !== '{') return found;
  i += 1;
  for (;;) {
    i = skipSpace(head, i);
    if (head[i] !== '"') return found;
    const keyEnd = skipString(head, i);
    if (keyEnd < 0) return found;
    let key: string;
    try {
      key = JSON.parse(head.slice(i, keyEnd)) as string;
    } catch {
      return found;
    }
    i = skipSpace(head, keyEnd);
    if (head[i] !== ':') return found;
    i = skipSpace(head, i + 1);
    if (key === 'result' || key === 'error') return found;
    const end = skipValue(head, i);
    if (end < 0) return found;
    if (key === 'id' || key === 'method') {
      let value: unknown;
      try {
        value = JSON.parse(head.slice(i, end));
      } catch {
        return found;
      }
      if (key === 'method' && typeof value === 'string') found.method = value;
      else if (key === 'id' && (typeof value === 'number' || typeof value === 'string')) found.id = value;
      else return found;
      if (found.id !== undefined && found.method !== undefined) return found;
    }
    i = skipSpace(head, end);
    if (head[i] !== ',') return found;
    i += 1;
  }
}
