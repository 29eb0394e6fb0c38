/**
 * Line framing for stdio (spec basic/transports stdio: one message per line, newline-delimited, UTF-8).
 * Bounded: a line longer than `maxLineBytes` is never buffered whole; only its head is kept.
 * Every line that is decoded is first checked for valid UTF-8 (`buffer.isUtf8`, SIMD: a few ms for 36,000 lines of
 * 1 KB, well under the cost of decoding them); decoding replaces invalid bytes with U+FFFD, so the check is the only
 * place that still sees them (`FramedLine.invalidUtf8`, judged by transport/stdout).
 */
import { isUtf8 } from 'node:buffer';

/** One framed line. `text` has the trailing `\r` stripped; for an oversize line it holds only the head. */
export interface FramedLine {
  text: string;
  /** Byte length of the line without `\n` and without a trailing `\r`. */
  bytes: number;
  /** True when the line exceeded `maxLineBytes` (then `text` is a head, not the message). */
  oversize: boolean;
  /** Set when the line's bytes are not valid UTF-8 (`text` then holds U+FFFD in their place); never set on an oversize line. */
  invalidUtf8?: true;
  /**
   * An oversize line's last bytes (at most OVERSIZE_TAIL_BYTES, its trailing `\r` stripped): where the TypeScript SDK
   * writes a request's `id`, after its `params` (rpc-channel.ts reads it to answer such a request). Absent otherwise.
   */
  tail?: string;
}

/** Bytes of an oversize line kept for its head. */
const OVERSIZE_HEAD_BYTES = 320;
/** Bytes of an oversize line kept for its tail. */
const OVERSIZE_TAIL_BYTES = 256;
const LF = 0x0a;
const CR = 0x0d;

/** Splits a byte stream into lines. Feed chunks with `push`, call `end` at EOF for a final unterminated line. */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private oversize = false;
  /** The last byte appended to the pending line (a trailing `\r` is not part of the line's length), -1 when none. */
  private last = -1;
  /** An oversize line's last OVERSIZE_TAIL_BYTES bytes so far. */
  private tail: Buffer | undefined;

  constructor(private readonly maxLineBytes: number, private readonly onLine: (line: FramedLine) => void) {}

  /** Feed one chunk (Buffer or string). */
  push(chunk: Buffer | string): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    for (let nl = buf.indexOf(LF); nl >= 0; nl = buf.indexOf(LF, start)) {
      // a whole line inside this chunk is decoded in place (no copy of its bytes); a trailing \r is not its length
      const length = nl > start && buf[nl - 1] === CR ? nl - start - 1 : nl - start;
      if (this.parts.length === 0 && length <= this.maxLineBytes) this.emit(buf, start, nl);
      else {
        this.append(buf.subarray(start, nl));
        this.flush();
      }
      start = nl + 1;
    }
    if (start < buf.length) this.append(start === 0 ? buf : buf.subarray(start));
  }

  /** End of stream: emit a pending unterminated line, if any. */
  end(): void {
    if (this.size > 0 || this.parts.length > 0) this.flush();
  }

  /**
   * Whether the pending unterminated line could be a torn JSON-RPC frame: blank, or its first byte past white space
   * `{` or `[` (a prefix of a serialized message or batch; a frame's line starts after the previous line's `\n`, so a
   * torn one opens as the whole message did). Words such as "MCP server stopped" written with no line end are no frame
   * (review 28). Reads only the kept head. Pure.
   */
  pendingMayBeFrame(): boolean {
    for (const part of this.parts) {
      for (const byte of part) {
        if (byte === 0x20 || byte === 0x09 || byte === CR) continue;
        return byte === 0x7b || byte === 0x5b;
      }
    }
    return true;
  }

  /**
   * End of stream without emitting the pending unterminated line: its writer was cut off mid-frame (the
   * harness signalled the process), so the bytes are a torn frame, not a line the server chose to write.
   * Returns the byte length dropped (0 when nothing was pending).
   */
  discard(): number {
    const dropped = this.size;
    this.parts = [];
    this.size = 0;
    this.oversize = false;
    this.last = -1;
    this.tail = undefined;
    return dropped;
  }

  private append(buf: Buffer): void {
    if (buf.length === 0) return;
    this.size += buf.length;
    this.last = buf[buf.length - 1] as number;
    if (this.oversize) {
      this.keepTail(buf);
      return;
    }
    this.parts.push(buf);
    // one byte of slack: it may be the line's trailing \r, which `flush` does not count
    if (this.size > this.maxLineBytes + 1) {
      this.oversize = true;
      const whole = Buffer.concat(this.parts);
      this.parts = [whole.subarray(0, OVERSIZE_HEAD_BYTES)];
      this.keepTail(whole);
    }
  }

  /** Keep the last OVERSIZE_TAIL_BYTES bytes of the oversize line with `buf` appended (copies: never a view of a large chunk). */
  private keepTail(buf: Buffer): void {
    const joined = this.tail === undefined ? buf : Buffer.concat([this.tail, buf.subarray(Math.max(0, buf.length - OVERSIZE_TAIL_BYTES))]);
    this.tail = Buffer.from(joined.subarray(Math.max(0, joined.length - OVERSIZE_TAIL_BYTES)));
  }

  /** Emit the line `buf[start, end)` (not oversize, nothing pending), its trailing `\r` stripped. */
  private emit(buf: Buffer, start: number, end: number): void {
    const stop = end > start && buf[end - 1] === CR ? end - 1 : end;
    const line: FramedLine = { text: buf.toString('utf8', start, stop), bytes: stop - start, oversize: false };
    if (!isUtf8(buf.subarray(start, stop))) line.invalidUtf8 = true;
    this.onLine(line);
  }

  private flush(): void {
    let buf = Buffer.concat(this.parts);
    let bytes = this.size;
    if (this.last === CR) {
      bytes -= 1;
      if (!this.oversize) buf = buf.subarray(0, buf.length - 1);
    }
    // the slack byte was no \r: the line is one byte too long
    const oversize = this.oversize || bytes > this.maxLineBytes;
    const line: FramedLine = { text: (oversize && !this.oversize ? buf.subarray(0, OVERSIZE_HEAD_BYTES) : buf).toString('utf8'), bytes, oversize };
    if (!oversize && !isUtf8(buf)) line.invalidUtf8 = true;
    if (oversize) {
      const tail = this.oversize ? (this.tail ?? Buffer.alloc(0)) : buf.subarray(Math.max(0, buf.length - OVERSIZE_TAIL_BYTES));
      // the trailing \r is no byte of the line (`bytes`): kept in the tail of a line that went over the limit before it
      line.tail = (this.oversize && this.last === CR && tail.length > 0 ? tail.subarray(0, tail.length - 1) : tail).toString('utf8');
    }
    this.parts = [];
    this.size = 0;
    this.oversize = false;
    this.last = -1;
    this.tail = undefined;
    this.onLine(line);
  }
}
