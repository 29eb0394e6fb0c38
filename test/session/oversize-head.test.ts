/**
 * notTheResponse (session/oversize-head.ts): what the head of an SSE event over the frame limit shows of it. A
 * `method` member or another request's id first: not the awaited response (review D3: an oversized log notification
 * made an SSE polling stream "answered over the limit"). `result`/`error` first (this request's id before them or
 * not), or a head that decides nothing: possibly the response (false), the conservative side. The same reading serves
 * a stdio line over the limit (rpc-channel.ts `onOversize`).
 */
import { describe, expect, it } from 'vitest';
import { notTheResponse, requestHead, requestHeadAndTail } from '../../harness/session/oversize-head.ts';
import { LineSplitter, type FramedLine } from '../../harness/session/stdio/line-splitter.ts';

const pad = 'x'.repeat(300);

describe('notTheResponse', () => {
  it.each([
    ['a notification, jsonrpc first', `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${pad}`, 7],
    ['a notification, method first (as the TS SDK writes it)', `{"method":"notifications/message","params":{"level":"info","data":"${pad}`, 7],
    ['a server request with its own id', `{"jsonrpc":"2.0","id":0,"method":"sampling/createMessage","params":{"x":"${pad}`, 7],
    ['a method after a nested member', ` { "params" : {"a":[1,{"b":"}"}]}, "method":"notifications/progress"`, 7],
    ['a response to another id', `{"jsonrpc":"2.0","id":8,"result":{"x":"${pad}`, 7],
    ['a string id against a number id (1 and "1" differ)', `{"id":"7","result":{"x":"${pad}`, 7],
    // the server's requests have an id space of their own: the awaited id then a method is a request, never its answer
    ['a server request carrying this request\'s id', `{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage","params":{"x":"${pad}`, 7],
    ['a server request carrying this request\'s string id', `{"id":"abc","method":"x"`, 'abc'],
  ])('%s: true', (_, head, id) => expect(notTheResponse(head, id)).toBe(true));

  it.each([
    ['result first (its id after the padding)', `{"result":{"_meta":{"pad":"${pad}`, 7],
    ['error first', `{"jsonrpc":"2.0","error":{"code":-32603,"message":"${pad}`, 7],
    ['this request\'s id', `{"jsonrpc":"2.0","id":7,"result":{"x":"${pad}`, 7],
    ['this request\'s string id, then its result', `{"id":"abc","result":{"x":"${pad}`, 'abc'],
    ['this request\'s id, cut off before a deciding member', `{"jsonrpc":"2.0","id":7,"params":{"x":"${pad}`, 7],
    ['a null id', `{"jsonrpc":"2.0","id":null,"error":{}}`, 7],
    ['an id cut off by the head (7 may be 70)', `{"jsonrpc":"2.0","id":7`, 70],
    ['params first, cut off before any deciding member', `{"params":{"x":"${pad}`, 7],
    ['a key cut off', `{"meth`, 7],
    ['an empty head (over the limit before any data)', '', 7],
    ['not an object', `[{"method":"notifications/message"}]`, 7],
    ['not JSON', `hello ${pad}`, 7],
  ])('%s: false (possibly the response)', (_, head, id) => expect(notTheResponse(head, id as number | string)).toBe(false));
});

describe('requestHead', () => {
  it.each([
    ['id first', `{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage","params":{"x":"${pad}`, { id: 7, method: 'sampling/createMessage' }],
    ['method first, then a string id', `{"method":"roots/list","id":"srv-1","params":{"x":"${pad}`, { id: 'srv-1', method: 'roots/list' }],
    ['after a nested member', ` { "jsonrpc" : "2.0", "meta" : {"a":[1,{"b":"}"}]}, "method":"elicitation/create", "id": 3,"params":{`, { id: 3, method: 'elicitation/create' }],
  ])('%s: the request', (_, head, expected) => expect(requestHead(head)).toEqual(expected));

  it.each([
    ['a notification', `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${pad}`],
    ['a response', `{"jsonrpc":"2.0","id":7,"result":{"x":"${pad}`],
    ['params before the id (the TS SDK\'s order): the id is past the head', `{"method":"sampling/createMessage","params":{"x":"${pad}`],
    ['a null id', `{"id":null,"method":"x","params":{}}`],
    ['an id cut off by the head', `{"method":"x","id":7`],
    ['not JSON', `hello ${pad}`],
  ])('%s: undefined', (_, head) => expect(requestHead(head)).toBeUndefined());
});

describe('requestHeadAndTail (the TypeScript SDK writes a request\'s id last, after its params)', () => {
  const head = `{"method":"sampling/createMessage","params":{"x":"${pad}`;
  it.each([
    ['a number id', '"jsonrpc":"2.0","id":7}', 7],
    ['a string id, spaces', '"jsonrpc" : "2.0" , "id" : "srv-1" } ', 'srv-1'],
  ])('%s: the request', (_, tail, id) => expect(requestHeadAndTail(head, `xxxx"},${tail}`)).toEqual({ id, method: 'sampling/createMessage' }));

  it.each([
    ['a notification: no id at the end', `${pad}"},"jsonrpc":"2.0"}`],
    ['an id nested in the last member, not the top level', `${pad}","meta":{"id":5}}`],
    ['a string that ends like an id member', `${pad}","note":"a,\\"id\\":5}"}`],
    ['a null id', `${pad}"},"jsonrpc":"2.0","id":null}`],
  ])('%s: undefined', (_, tail) => expect(requestHeadAndTail(head, tail)).toBeUndefined());

  it('needs the method in the head: a response or a head without one is never answered', () => {
    expect(requestHeadAndTail(`{"result":{"x":"${pad}`, '"jsonrpc":"2.0","id":7}')).toBeUndefined();
    expect(requestHeadAndTail(`{"params":{"x":"${pad}`, '"jsonrpc":"2.0","id":7}')).toBeUndefined();
  });
});

describe('LineSplitter: the tail of an oversize line', () => {
  const split = (chunks: string[], max: number) => {
    const lines: FramedLine[] = [];
    const splitter = new LineSplitter(max, (l) => lines.push(l));
    for (const c of chunks) splitter.push(c);
    return lines;
  };
  it('keeps the last bytes of a line over the limit, across chunks, without its trailing CR', () => {
    const body = `{"method":"m","params":{"p":"${'y'.repeat(5000)}"},"jsonrpc":"2.0","id":42}`;
    const [line] = split([body.slice(0, 1000), body.slice(1000, 4000), `${body.slice(4000)}\r\n`], 1024);
    expect(line.oversize).toBe(true);
    expect(line.tail?.endsWith('"jsonrpc":"2.0","id":42}')).toBe(true);
    expect(line.tail?.length).toBeLessThanOrEqual(256);
    expect(requestHeadAndTail(line.text, line.tail ?? '')).toEqual({ id: 42, method: 'm' });
  });
  it('sets no tail on a line within the limit', () => {
    expect(split(['{"a":1}\n'], 1024)[0].tail).toBeUndefined();
  });
});
