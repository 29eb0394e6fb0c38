/**
 * Small timer helpers that never leave a timer behind (so nothing keeps the event loop alive after close).
 */

/** Resolves `true` when `promise` settles within `ms`, `false` when the time runs out. The timer is always cleared. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
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

/** Resolves with `promise`'s value, or `undefined` when `ms` pass first. The timer is always cleared. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
