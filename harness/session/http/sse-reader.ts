/**
 * A bounded reader of a `text/event-stream` body (WHATWG HTML §9.2.6 "Interpreting an event stream"): lines end with
 * CRLF, LF or CR; `data` lines join into the event's data with LF, `id` and `event` name it, a blank line dispatches
 * it (only when it had a `data` line), a `:` line is a comment; a leading BOM is dropped; at the end of the stream an
 * event without its blank line is discarded. Judges nothing.
 *
 * Bounded: an event whose data is over `maxEventBytes` (or one line of it over `maxEventBytes` plus LINE_SLACK, room
 * for a field name) is never buffered. From the moment it goes over, its bytes are counted and discarded up to the
 * blank line that ends it; it is then reported once (`SseSink.oversize`) and reading resumes with the next event, so
 * one oversized event never costs the events after it (an answer behind an oversized log notification).
 */

import { detachedHead } from '../oversize-head.ts';

/** One dispatched event: its data (the `data` lines joined with LF) and its own `id` and `event` fields, if any. */
export interface SseEvent {
  data: string;
  id?: string;
  event?: string;
}

/** Where a reader hands what it read. */
export interface SseSink {
  /** A dispatched event whose data is within the limit. */
  event(event: SseEvent): void;
  /**
   * An event over the limit, discarded: `head` is the start of its data (at most OVERSIZE_HEAD_CHARS characters, '' when
   * it went over before any `data` line), `bytes` the UTF-8 byte length of all its lines (line ends not counted).
   */
  oversize(head: string, bytes: number): void;
}

/** Characters of an oversized event's data kept for its head (read for the id of the request it answers). */
export const OVERSIZE_HEAD_CHARS = 200;
/** Bytes a line may hold beyond `maxEventBytes` (a field name and its colon and space before a value at the limit). */
export const LINE_SLACK = 64;

const LF = 0x0a;
const CR = 0x0d;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Reads one SSE body: `push` every chunk in order, `end` once the body ended. */
export class SseReader {
  /** The pending line's bytes (empty while an oversized event is being discarded). */
  private parts: Buffer[] = [];
  private lineBytes = 0;
  /** The last chunk ended with CR: an LF at the start of the next one is part of that line end. */
  private afterCr = false;
  /** No byte read yet (a BOM may start the stream). */
  private first = true;
  private data: string[] = [];
  private dataBytes = 0;
  private id: string | undefined;
  private type: string | undefined;
  /** Bytes of the current event's completed lines. */
  private eventBytes = 0;
  /** The current event went over the limit: its head; its bytes are discarded up to its blank line. */
  private over: string | undefined;

  /**
   * @param maxEventBytes the largest event data (UTF-8 bytes) the reader buffers and dispatches (the frame limit)
   * @param sink where dispatched events and oversized ones go
   */
  constructor(private maxEventBytes: number, private readonly sink: SseSink) {}

  /**
   * Lower the limit to `maxEventBytes` from now on (never raises it): an event already holding more is discarded at once,
   * as one over the limit (its head kept, reported at its end). For a stream whose request the harness stopped waiting
   * for (HttpConnection.release).
   */
  lower(maxEventBytes: number): void {
    if (maxEventBytes >= this.maxEventBytes) return;
    this.maxEventBytes = maxEventBytes;
    if (this.over === undefined && (this.dataBytes > maxEventBytes || this.lineBytes > maxEventBytes + LINE_SLACK)) this.goOver();
  }

  /** The bytes the reader holds for the event being read (at most twice `maxEventBytes` plus LINE_SLACK); for tests, O(held). */
  get buffered(): number {
    return this.parts.reduce((n, part) => n + part.length, 0) + this.data.reduce((n, value) => n + Buffer.byteLength(value, 'utf8'), 0);
  }

  /** Read one chunk of the body. */
  push(chunk: Buffer): void {
    let start = 0;
    if (this.first && chunk.length > 0) {
      this.first = false;
      // a BOM split across chunks is not looked for: servers write it (when at all) with the first bytes
      if (chunk.length >= 3 && chunk.subarray(0, 3).equals(BOM)) start = 3;
    }
    if (this.afterCr && start < chunk.length) {
      this.afterCr = false;
      if (chunk[start] === LF) start += 1;
    }
    let cr = chunk.indexOf(CR, start);
    let lf = chunk.indexOf(LF, start);
    while (start < chunk.length) {
      if (cr >= 0 && cr < start) cr = chunk.indexOf(CR, start);
      if (lf >= 0 && lf < start) lf = chunk.indexOf(LF, start);
      const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
      if (end < 0) {
        this.append(chunk.subarray(start));
        return;
      }
      this.append(chunk.subarray(start, end));
      this.endLine();
      start = end + 1;
      if (chunk[end] === CR) {
        if (start === chunk.length) this.afterCr = true;
        else if (chunk[start] === LF) start += 1;
      }
    }
  }

  /** The body ended: an event without its blank line is discarded (one over the limit is still reported). */
  end(): void {
    if (this.over !== undefined) this.sink.oversize(this.over, this.eventBytes + this.lineBytes);
    this.reset();
  }

  private append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.lineBytes += bytes.length;
    if (this.over !== undefined) return;
    this.parts.push(bytes);
    // a line this long is over the limit whatever its field; the event's data is measured as each line ends
    if (this.lineBytes > this.maxEventBytes + LINE_SLACK) this.goOver();
  }

  /**
   * The current event went over the limit: keep its head (a string of its own, built from the first bytes only: never a
   * view of the buffered data, which it would keep alive), drop what it buffered.
   */
  private goOver(): void {
    const pending = prefixText(this.parts, OVERSIZE_HEAD_CHARS * 4 + LINE_SLACK);
    const values = pending.startsWith('data:') ? [...this.data, fieldValue(pending, 5)] : this.data;
    let head = '';
    for (let i = 0; i < values.length && head.length < OVERSIZE_HEAD_CHARS; i += 1) head += (i > 0 ? '\n' : '') + values[i].slice(0, OVERSIZE_HEAD_CHARS);
    this.over = detachedHead(head, OVERSIZE_HEAD_CHARS);
    this.parts = [];
    this.data = [];
    this.dataBytes = 0;
  }

  private endLine(): void {
    const bytes = this.lineBytes;
    const line = this.over === undefined ? Buffer.concat(this.parts).toString('utf8') : undefined;
    this.parts = [];
    this.lineBytes = 0;
    if (bytes === 0) return this.dispatch();
    this.eventBytes += bytes;
    if (line === undefined || line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : fieldValue(line, colon + 1);
    if (field === 'data') {
      const size = Buffer.byteLength(value, 'utf8') + (this.data.length > 0 ? 1 : 0);
      if (this.dataBytes + size > this.maxEventBytes) {
        this.data.push(value);
        return this.goOver();
      }
      this.data.push(value);
      this.dataBytes += size;
    } else if (field === 'id') {
      if (!value.includes('\0')) this.id = value;
    } else if (field === 'event') this.type = value === '' ? undefined : value;
    // `retry` and unknown fields are ignored (the harness never reconnects)
  }

  /** A blank line: the event ends (dispatched when it had data, reported when it was over the limit). */
  private dispatch(): void {
    if (this.over !== undefined) this.sink.oversize(this.over, this.eventBytes);
    else if (this.data.length > 0) {
      this.sink.event({ data: this.data.join('\n'), ...(this.id === undefined ? {} : { id: this.id }), ...(this.type === undefined ? {} : { event: this.type }) });
    }
    this.reset();
  }

  private reset(): void {
    this.parts = [];
    this.lineBytes = 0;
    this.data = [];
    this.dataBytes = 0;
    this.id = undefined;
    this.type = undefined;
    this.eventBytes = 0;
    this.over = undefined;
  }
}

/** The text of the first `maxBytes` bytes of `parts` (a character cut at the end decodes as U+FFFD). */
function prefixText(parts: readonly Buffer[], maxBytes: number): string {
  const taken: Buffer[] = [];
  let bytes = 0;
  for (const part of parts) {
    if (bytes >= maxBytes) break;
    taken.push(part);
    bytes += part.length;
  }
  return Buffer.concat(taken).subarray(0, maxBytes).toString('utf8');
}

/** A field's value: what follows the colon at `from - 1`, one leading space dropped. */
function fieldValue(line: string, from: number): string {
  return line.charCodeAt(from) === 0x20 ? line.slice(from + 1) : line.slice(from);
}
