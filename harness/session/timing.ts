/**
 * Small timer helpers that never leave a timer behind (so nothing keeps the event loop alive after close).
 */

/**
 * Resolves `value` after `ms` and one more poll phase of the event loop (setImmediate): whatever the server
 * already delivered when a late timer fires (an answer in the pipe, an exit to reap, on a machine so busy the
 * harness itself was starved) is processed first, so it wins a race against this deadline. Sets `timer`.
 */
function deadline<T>(ms: number, value: T, onTimer: (timer: NodeJS.Timeout) => void): Promise<T> {
  return new Promise<T>((resolve) => onTimer(setTimeout(() => setImmediate(resolve, value), ms)));
}

/**
 * Resolves `true` when `promise` settles within `ms`, `false` when the time runs out (decided after one more
 * poll phase, see `deadline`). The timer is always cleared.
 */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = deadline(ms, false as const, (t) => (timer = t));
  try {
    return await Promise.race([promise.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sleep `ms`. The timer keeps the process alive: every sleep is awaited by someone, and an unref'd one
 * let Node exit mid-shutdown (exit code 13, no report) when nothing else was pending.
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Milliseconds elapsed since `start` (a performance.now() value), rounded. */
export function since(start: number): number {
  return Math.round(performance.now() - start);
}

/** Resolves with `promise`'s value, or `undefined` when `ms` pass first (see `deadline`). The timer is always cleared. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = deadline(ms, undefined, (t) => (timer = t));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
