/**
 * The bounded in-flight window for pipelined requests: at most `size` tasks run at once; the rest queue
 * in FIFO order and start as soon as a slot frees.
 *
 * The queue is a head-indexed array, compacted once the consumed head is at least half of it: taking the
 * next waiter is O(1) amortised. (`Array.prototype.shift` copies the whole array once it outgrows V8's
 * regular heap objects, ~16k entries: quadratic at the 19,000 queued probes of a 1,000-tool surface.)
 */
export class Window {
  private active = 0;
  private queue: (() => void)[] = [];
  private head = 0;

  /** @param size slots (>= 1). */
  constructor(private readonly size: number) {}

  /** Run `task` in a slot; the slot is freed when it settles (resolve or reject). */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.take();
      if (next) next();
      else this.active -= 1;
    }
  }

  /** The oldest waiter, removed from the queue; undefined when none waits. */
  private take(): (() => void) | undefined {
    if (this.head >= this.queue.length) return undefined;
    const next = this.queue[this.head];
    this.head += 1;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return next;
  }
}
