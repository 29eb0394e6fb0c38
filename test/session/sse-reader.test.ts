/**
 * The bounded SSE reader (harness/session/http/sse-reader.ts): line ends of every kind, split anywhere across chunks;
 * fields, comments and the BOM; an event over the limit discarded up to its end, reported once with its head and size,
 * and the events after it read as usual; the memory it holds bounded by the limit, never by the event.
 */
import { describe, expect, it } from 'vitest';
import { LINE_SLACK, SseReader, type SseEvent } from '../../harness/session/http/sse-reader.ts';

/** Read `chunks` with a reader of limit `max`; what it dispatched and reported, and the most it ever held. */
function read(chunks: (string | Buffer)[], max = 100): { events: SseEvent[]; oversize: [string, number][]; peak: number } {
  const events: SseEvent[] = [];
  const oversize: [string, number][] = [];
  const reader = new SseReader(max, { event: (e) => events.push(e), oversize: (head, bytes) => oversize.push([head, bytes]) });
  let peak = 0;
  for (const chunk of chunks) {
    reader.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    peak = Math.max(peak, reader.buffered);
  }
  reader.end();
  return { events, oversize, peak };
}

/** Every way to cut `text` in two. */
function cuts(text: string): string[][] {
  return Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);
}

describe('SseReader', () => {
  it('reads events ended by LF, CRLF and CR, however the chunks cut them', () => {
    const text = 'id: 1\nevent: message\ndata: {"a":1}\n\ndata: x\r\ndata: y\r\n\r\n: comment\rdata:z\r\rdata: last\r\r';
    const expected = [{ id: '1', event: 'message', data: '{"a":1}' }, { data: 'x\ny' }, { data: 'z' }, { data: 'last' }];
    for (const chunks of cuts(text)) expect(read(chunks).events).toEqual(expected);
    expect(read([...text]).events).toEqual(expected);
  });

  it('drops a leading BOM, ignores retry and unknown fields, dispatches only events with data, discards an unended one', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const { events, oversize } = read([Buffer.concat([bom, Buffer.from('data: a\n\nretry: 10\nfoo: bar\nid: 7\n\ndata\n\nid: 2\0\ndata: b\n\ndata: cut')])]);
    expect(events).toEqual([{ data: 'a' }, { data: '' }, { data: 'b' }]);
    expect(oversize).toEqual([]);
  });

  it('takes an event at the limit, and discards one a byte over it up to its blank line, then reads on', () => {
    const at = `data: ${'a'.repeat(100)}\n\n`;
    const over = `id: 5\ndata: {"id":3,${'b'.repeat(93)}\n\n`;
    const lines = `data: ${'c'.repeat(60)}\ndata: ${'d'.repeat(40)}\n\n`; // 60 + 1 + 40 = 101 bytes of data
    const answer = 'data: {"jsonrpc":"2.0","id":3,"result":{}}\n\n';
    for (const chunks of [[at + over + lines + answer], [...(at + over + lines + answer)]]) {
      const { events, oversize } = read(chunks);
      expect(events.map((e) => e.data.length)).toEqual([100, answer.length - 8]);
      expect(events[1]?.data).toBe('{"jsonrpc":"2.0","id":3,"result":{}}');
      expect(oversize).toEqual([
        [`{"id":3,${'b'.repeat(93)}`, 5 + 6 + 101],
        [`${'c'.repeat(60)}\n${'d'.repeat(40)}`, 66 + 46],
      ]);
    }
  });

  it('never holds an oversized event: 10 MB in one line, streamed, costs at most the limit twice', () => {
    const max = 64 * 1024;
    const piece = 'x'.repeat(64 * 1024);
    const chunks = ['data: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"', ...Array.from({ length: 160 }, () => piece), '"}}\n\n', 'data: {"id":1}\n\n'];
    const { events, oversize, peak } = read(chunks, max);
    expect(events).toEqual([{ data: '{"id":1}' }]);
    expect(oversize).toHaveLength(1);
    expect(oversize[0]?.[0]).toMatch(/^\{"jsonrpc":"2.0","method":"notifications\/message"/);
    expect(oversize[0]?.[0].length).toBe(200);
    expect(oversize[0]?.[1]).toBe(chunks.slice(0, -1).reduce((n, c) => n + c.length, 0) - 2);
    expect(peak).toBeLessThanOrEqual(2 * max + LINE_SLACK);
  });

  it('reports an oversized event the stream ended inside', () => {
    const { events, oversize } = read(['data: a\n\n', `data: ${'x'.repeat(300)}`]);
    expect(events).toEqual([{ data: 'a' }]);
    expect(oversize).toEqual([['x'.repeat(200), 306]]);
  });
});
