import { describe, expect, it } from 'vitest';
import { classifyLine, headOf } from '../../harness/session/classify.ts';
import { buildParams } from '../../harness/session/envelope.ts';
import { LineSplitter, type FramedLine } from '../../harness/session/stdio/line-splitter.ts';
import { walkListing } from '../../harness/session/listing.ts';
import { SerialLane } from '../../harness/session/serial-lane.ts';
import { Window } from '../../harness/session/window.ts';
import { stderrProcessLabel, WireTapRecorder } from '../../harness/session/wire-tap.ts';
import type { RequestRecord } from '../../harness/model/wire.ts';

function split(chunks: (string | Buffer)[], max = 1024): FramedLine[] {
  const lines: FramedLine[] = [];
  const splitter = new LineSplitter(max, (l) => lines.push(l));
  for (const c of chunks) splitter.push(c);
  splitter.end();
  return lines;
}

describe('LineSplitter', () => {
  it('joins chunks split mid-line and strips a trailing \\r', () => {
    expect(split(['{"a":', '1}\r\n{"b"', ':2}\n'])).toEqual([
      { text: '{"a":1}', bytes: 7, oversize: false },
      { text: '{"b":2}', bytes: 7, oversize: false },
    ]);
  });

  it('pendingMayBeFrame: an unterminated line that opens with { or [ (past white space), or nothing, may be a torn frame; words are not (review 28)', () => {
    const pending = (chunks: string[], max = 1024): boolean => {
      const splitter = new LineSplitter(max, () => undefined);
      for (const c of chunks) splitter.push(c);
      return splitter.pendingMayBeFrame();
    };
    expect(pending(['{"jsonrpc":"2.0","method":"notifi'])).toBe(true);
    expect(pending(['{}\n', ' \t[{"jsonrpc"'])).toBe(true);
    expect(pending(['{}\n'])).toBe(true);
    expect(pending([`{"a":"${'x'.repeat(2000)}`], 1000)).toBe(true);
    expect(pending(['{}\n', 'MCP server stopped'])).toBe(false);
    expect(pending(['  shutting down {'])).toBe(false);
  });

  it('counts UTF-8 bytes, not characters, and emits an unterminated last line at end', () => {
    expect(split([Buffer.from('é\nlast')])).toEqual([
      { text: 'é', bytes: 2, oversize: false },
      { text: 'last', bytes: 4, oversize: false },
    ]);
  });

  it('splits many lines of one chunk exactly as byte-by-byte feeding does (empty lines, \\r, a line at the limit, one over it, an unterminated last)', () => {
    const text = `{"a":1}\r\n\n${'z'.repeat(1000)}\n${'w'.repeat(1001)}\r\n${'v'.repeat(1000)}\r\n${'u'.repeat(1001)}\nun\r\n${'t'.repeat(1000)}\r\r\né\r\n\rtail`;
    const whole = split([text], 1000);
    const bytewise = split(Array.from(Buffer.from(text), (b) => Buffer.from([b])), 1000);
    expect(whole).toEqual(bytewise);
    // the trailing \r is never the line's length: a line at the limit ending \r\n is within it (review 3)
    expect(whole.map((l) => [l.bytes, l.oversize])).toEqual([[7, false], [0, false], [1000, false], [1001, true], [1000, false], [1001, true], [2, false], [1001, true], [2, false], [5, false]]); // a \r inside the line counts
    expect(whole[4].text).toBe('v'.repeat(1000));
    expect(whole[5].text).toBe('u'.repeat(320));
    expect(whole[8].text).toBe('é');
    expect(whole[9].text).toBe('\rtail'); // a \r not before \n stays
  });

  // hostile review D9: FF 80 C0 AF inside JSON strings were decoded as U+FFFD and passed silently
  it('flags a line whose bytes are not valid UTF-8 (in one chunk, or joined from several), never a valid one split mid-character, never an oversize head', () => {
    const bad = Buffer.from([0xff, 0x80, 0xc0, 0xaf]);
    const lines = split([Buffer.concat([Buffer.from('{"a":"'), bad, Buffer.from('"}\n{"ok":"é"}\r\n{"b":"')]), Buffer.concat([bad.subarray(0, 2), Buffer.from('"}\n')])]);
    expect(lines.map((l) => l.invalidUtf8 ?? false)).toEqual([true, false, true]);
    expect(lines[0].text).toContain('\ufffd');
    const euro = Buffer.from('{"e":"€"}\n'); // a 3-byte character fed one byte at a time stays valid
    expect(split(Array.from(euro, (b) => Buffer.from([b]))).map((l) => l.invalidUtf8 ?? false)).toEqual([false]);
    expect(split([Buffer.concat([bad, Buffer.from('x'.repeat(2000) + '\n')])], 1000).map((l) => [l.oversize, l.invalidUtf8 ?? false])).toEqual([[true, false]]);
  });

  it('keeps only a head of a line over the limit but its full byte count', () => {
    const [line, next] = split(['x'.repeat(5000), 'y'.repeat(5000) + '\nok\n'], 1000);
    expect(line.oversize).toBe(true);
    expect(line.bytes).toBe(10000);
    expect(line.text.length).toBeLessThan(1000);
    expect(next).toEqual({ text: 'ok', bytes: 2, oversize: false });
  });
});

describe('classifyLine', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":1,"result":{}}', 'jsonrpc'],
    ['{"jsonrpc":"2.0","method":"notifications/message"}', 'jsonrpc'],
    ['{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"m"}}', 'jsonrpc'],
    // shaped like JSON-RPC, however broken: protocol/wire-schema judges its shape, not transport/stdout
    ['{"id":1,"result":{}}', 'jsonrpc'],
    ['{"jsonrpc":"2.0","id":1}', 'jsonrpc'],
    ['{"jsonrpc":"1.0","id":1,"result":{}}', 'jsonrpc'],
    ['{"jsonrpc":"2.0","result":{}}', 'jsonrpc'],
    // JSON, but not JSON-RPC at all: transport/stdout's alone
    ['{"level":"info","msg":"started"}', 'json'],
    ['{"method":"GET","path":"/health"}', 'json'],
    ['{"level":"error","error":"boom"}', 'json'],
    ['[{"jsonrpc":"2.0","id":1,"result":{}}]', 'json'],
    ['Server started', 'text'],
    ['', 'text'],
  ])('%s -> %s', (line, kind) => {
    expect(classifyLine(line).kind).toBe(kind);
  });

  it('heads are the first 80 characters', () => {
    expect(headOf('a'.repeat(200))).toHaveLength(80);
  });
  it('headOf takes the first 80 code points of a line of any length, astral characters whole', () => {
    const astral = '\u{1F600}';
    for (const text of ['', 'x', astral.repeat(100), 'a'.repeat(79) + astral + 'b', 'a'.repeat(80) + astral, astral.repeat(79) + 'a'.repeat(500), 'é'.repeat(1000)]) {
      expect(headOf(text)).toBe(Array.from(text).slice(0, 80).join(''));
    }
    expect(headOf(astral.repeat(100))).toBe(astral.repeat(80));
  });
});

describe('WireTapRecorder', () => {
  it('reserves room for non-JSON-RPC lines once JSON-RPC lines fill the array', () => {
    const tap = new WireTapRecorder({ stderrLimitBytes: 8, keepFrames: 1, maxStdoutEntries: 10 });
    for (let i = 0; i < 20; i++) tap.line('{}', 2, { kind: 'jsonrpc', value: {} });
    tap.line('banner', 6, { kind: 'text' });
    const snap = tap.snapshot();
    expect(snap.stdout).toHaveLength(9);
    expect(snap.stdout[8]).toMatchObject({ line: 21, kind: 'text', head: 'banner' });
    expect(snap.frames).toHaveLength(1);
  });

  it('counts stdout lines that were not valid UTF-8 and describes the first (line, kind, method, id), never its text', () => {
    const tap = new WireTapRecorder({ stderrLimitBytes: 8, keepFrames: 1 });
    tap.line('{}', 2, { kind: 'jsonrpc', value: { jsonrpc: '2.0', id: 1, result: {} } });
    expect(tap.snapshot().invalidUtf8).toBeUndefined();
    tap.line('{"\ufffd"}', 9, { kind: 'jsonrpc', value: { jsonrpc: '2.0', method: 'notifications/message', params: { data: '\ufffd' } } }, true);
    tap.line('\ufffd', 1, { kind: 'text' }, true);
    expect(tap.snapshot().invalidUtf8).toEqual({ lines: 2, first: { line: 2, kind: 'jsonrpc', method: 'notifications/message' } });
  });

  it('starts a restarted process on its own stderr line, behind a line naming it, counting no byte for either', () => {
    const tap = new WireTapRecorder({ stderrLimitBytes: 256, keepFrames: 1 });
    expect(tap.stderrBoundary()).toBe(1); // the first process: nothing before it
    tap.stderr('fatal: no config');
    expect(tap.stderrBoundary()).toBe(2);
    tap.stderr('fatal: no config\n');
    tap.stderrBoundary(); // the last line ended: no blank line
    tap.stderr('');
    tap.stderrBoundary(); // an empty chunk is skipped (and names no process): the line before it ended
    tap.stderr('third');
    expect(tap.snapshot()).toMatchObject({
      stderrTail: ['fatal: no config', stderrProcessLabel(2), 'fatal: no config', stderrProcessLabel(4), 'third'].join('\n'),
      stderrBytes: 38,
    });
    expect(stderrProcessLabel(2)).toBe('[mcp-harness] stderr of server process 2 of this session:');
  });

  it("labels nothing while one process wrote: one process's chunks, or a silent first process and a writing restart", () => {
    const one = new WireTapRecorder({ stderrLimitBytes: 256, keepFrames: 1 });
    const n = one.stderrBoundary();
    one.stderr('booting', n);
    one.stderr(' ...\nfatal\n', n);
    expect(one.snapshot().stderrTail).toBe('booting ...\nfatal\n');
    const silentFirst = new WireTapRecorder({ stderrLimitBytes: 256, keepFrames: 1 });
    silentFirst.stderrBoundary();
    const second = silentFirst.stderrBoundary();
    silentFirst.stderr('fatal\n', second);
    expect(silentFirst.snapshot().stderrTail).toBe('fatal\n');
  });

  it("labels an earlier process's late chunk too: each run of lines names its own process", () => {
    const tap = new WireTapRecorder({ stderrLimitBytes: 256, keepFrames: 1 });
    const first = tap.stderrBoundary();
    tap.stderr('a1\n', first);
    const second = tap.stderrBoundary();
    tap.stderr('b1', second);
    tap.stderr('a2\n', first); // the first process's pipe drained after the restart wrote
    tap.stderr('b2\n', second);
    expect(tap.snapshot()).toMatchObject({
      stderrTail: ['a1', stderrProcessLabel(2), 'b1', stderrProcessLabel(1), 'a2', stderrProcessLabel(2), 'b2', ''].join('\n'),
      stderrBytes: 11,
    });
  });

  it('keeps the stderr tail and the total byte count', () => {
    const tap = new WireTapRecorder({ stderrLimitBytes: 4, keepFrames: 1 });
    tap.stderr('abc');
    tap.stderr('defgh');
    expect(tap.snapshot()).toMatchObject({ stderrTail: 'efgh', stderrBytes: 8 });
  });
});

describe('buildParams', () => {
  const modern = { era: 'modern' as const, protocolVersion: '2026-07-28', clientInfo: { name: 'h', version: '1' } };
  it('adds the envelope on modern, keeping caller _meta keys', () => {
    const params = buildParams(modern, { cursor: 'c', _meta: { progressToken: 7 } });
    expect(params).toMatchObject({ cursor: 'c', _meta: { progressToken: 7, 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } });
  });
  it('sends params as given with envelope:false and on legacy', () => {
    expect(buildParams(modern, { a: 1 }, { envelope: false })).toEqual({ a: 1 });
    expect(buildParams({ ...modern, era: 'legacy' }, undefined)).toBeUndefined();
  });
  it('overrides only the version with protocolVersion', () => {
    const meta = buildParams(modern, {}, { protocolVersion: '1900-01-01' })?._meta as Record<string, unknown>;
    expect(meta['io.modelcontextprotocol/protocolVersion']).toBe('1900-01-01');
    expect(meta['io.modelcontextprotocol/clientCapabilities']).toEqual({});
  });
});

describe('walkListing', () => {
  const page = (tools: string[], nextCursor?: string): RequestRecord => ({
    id: 1, method: 'tools/list', outcome: 'success', durationMs: 0,
    response: { jsonrpc: '2.0', id: 1, result: { tools: tools.map((name) => ({ name, inputSchema: {} })), ...(nextCursor === undefined ? {} : { nextCursor }) } },
  });
  it('treats an empty-string cursor as a cursor, not the end', async () => {
    const pages = [page(['a'], ''), page(['b'])];
    const listing = await walkListing(async () => pages.shift() as RequestRecord);
    expect(listing.tools.map((t) => t.name)).toEqual(['a', 'b']);
    expect(listing.truncated).toBe(false);
  });
  it('records a name repeated on later pages once, at the first page that repeats it, and lists it once', async () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `t${i}`);
    const pages = [page(names, 'p1'), page([...names, 'x'], 'p2'), page(['x', ...names])];
    const listing = await walkListing(async () => pages.shift() as RequestRecord);
    expect(listing.tools.map((t) => t.name)).toEqual([...names, 'x']);
    expect(listing.repeats).toHaveLength(20_001);
    expect(listing.repeats?.[0]).toEqual({ name: 't0', page: 1, firstPage: 0 });
    expect(listing.repeats?.find((r) => r.name === 'x')).toEqual({ name: 'x', page: 2, firstPage: 1 });
  });
  it('ends on a failed page without truncation', async () => {
    const failed: RequestRecord = { id: 1, method: 'tools/list', outcome: 'timeout', durationMs: 0 };
    const listing = await walkListing(async () => failed);
    expect(listing).toMatchObject({ tools: [], truncated: false });
    expect(listing.pages).toHaveLength(1);
  });
});

describe('Window', () => {
  it('never runs more than its size at once and runs everything', async () => {
    const window = new Window(2);
    let running = 0;
    let peak = 0;
    const task = async (): Promise<number> => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setImmediate(r));
      running -= 1;
      return 1;
    };
    const results = await Promise.all(Array.from({ length: 7 }, () => window.run(task)));
    expect(results).toHaveLength(7);
    expect(peak).toBe(2);
  });

  it('frees the slot of a task that rejects or throws, and settles as the task did', async () => {
    const window = new Window(1);
    await expect(window.run(async () => { throw new Error('rejected'); })).rejects.toThrow('rejected');
    await expect(window.run(() => { throw new Error('thrown'); })).rejects.toThrow('thrown');
    const queued = [window.run(async () => 'a'), window.run(() => Promise.reject(new Error('b'))), window.run(async () => 'c')];
    const settled = await Promise.allSettled(queued);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await window.run(async () => 'free')).toBe('free');
  });

  it('starts queued tasks in submission order, past the queue compaction (thousands waiting)', async () => {
    const window = new Window(3);
    const started: number[] = [];
    const tasks = Array.from({ length: 5000 }, (_, i) => window.run(async () => {
      started.push(i);
      await Promise.resolve();
      return i;
    }));
    expect(await Promise.all(tasks)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(started).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });

  it('resized down, lets the running tasks finish and starts a waiter only once fewer than the new size run', async () => {
    const window = new Window(4);
    let running = 0;
    const peaks: number[] = [];
    const gates: (() => void)[] = [];
    const task = () => new Promise<void>((resolve) => {
      running += 1;
      peaks.push(running);
      gates.push(() => {
        running -= 1;
        resolve();
      });
    });
    const all = Array.from({ length: 6 }, () => window.run(task));
    await new Promise((r) => setImmediate(r));
    expect(running).toBe(4);
    window.resize(1);
    for (let i = 0; i < 3; i++) gates.shift()?.();
    await new Promise((r) => setImmediate(r));
    expect(running).toBe(1); // three freed slots went back, none to a waiter: one still runs
    gates.shift()?.();
    await new Promise((r) => setImmediate(r));
    expect(running).toBe(1); // now the first waiter runs, alone
    gates.shift()?.();
    await new Promise((r) => setImmediate(r));
    expect(running).toBe(1);
    gates.shift()?.();
    await Promise.all(all);
    expect(peaks.slice(4)).toEqual([1, 1]);
  });
});

describe('Window grown', () => {
  it('starts waiters at once in the new slots, oldest first', async () => {
    const window = new Window(1);
    const started: number[] = [];
    const gates: (() => void)[] = [];
    const all = Array.from({ length: 5 }, (_, i) => window.run(() => new Promise<void>((resolve) => {
      started.push(i);
      gates.push(resolve);
    })));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0]);
    window.resize(3);
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]); // before any task settled
    for (const gate of gates.splice(0)) gate();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    for (const gate of gates.splice(0)) gate();
    await Promise.all(all);
  });
});

describe('SerialLane', () => {
  it('runs one task at a time, the lowest sequence number among those waiting first, whatever order they asked in', async () => {
    const lane = new SerialLane();
    const order: number[] = [];
    let running = 0;
    let peak = 0;
    const task = (seq: number) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      order.push(seq);
      await new Promise((r) => setImmediate(r));
      running -= 1;
      return seq;
    };
    const results = await Promise.all([7, 3, 5, 1].map((seq) => lane.run(seq, task(seq))));
    expect(results).toEqual([7, 3, 5, 1]);
    expect(order).toEqual([1, 3, 5, 7]);
    expect(peak).toBe(1);
  });

  it('picks nothing while `ready()` says a request may still join, then the lowest sequence number once poked', async () => {
    let ready = false;
    const lane = new SerialLane(() => ready);
    const order: number[] = [];
    const late = lane.run(9, async () => order.push(9));
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    const early = lane.run(4, async () => order.push(4)); // a crash's request that ended later, lower in plan order
    ready = true;
    lane.poke();
    await Promise.all([late, early]);
    expect(order).toEqual([4, 9]);
  });

  it('goes on after a task that throws, which rejects as it did', async () => {
    const lane = new SerialLane();
    const failed = lane.run(1, () => Promise.reject(new Error('boom')));
    const next = lane.run(2, async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('next');
  });
});
