/**
 * A reader that goes away (`mcp-harness run | head -1`) must not cost the run its report files. Node emits a write
 * to a pipe whose reader closed as an `'error'` event (EPIPE) on the stream, and an unhandled `'error'` event ends the
 * process: the console reporter wrote first, so the report files that follow were never written, and the exit
 * code (1) looked like a verdict. `git log | head` and ESLint behave the same way: the output nobody reads is
 * dropped, everything else goes on.
 */

/** Codes of a write to a stream whose reader is gone, or that was destroyed after that. */
const CLOSED = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/** What `tolerateClosedPipes` needs of a stream (process.stdout and process.stderr are Writables). */
export interface OutputStream {
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * Ignore EPIPE (and the writes to the then-destroyed stream) on each of `streams`; any other stream error is thrown
 * as before (an uncaught exception). Call once, from the CLI's entry (harness/bin.ts), never from the library.
 * @param streams default process.stdout and process.stderr
 */
export function tolerateClosedPipes(streams: readonly OutputStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (error) => {
      if (CLOSED.has(error.code ?? '')) return;
      throw error;
    });
  }
}
