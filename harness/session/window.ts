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
  private size: number;
  private queue: (() => void)[] = [];
  private head = 0;

  /** @param size slots (>= 1). */
  constructor(size: number) {
    this.size = size;
  }

  /**
   * Change the number of slots (>= 1). Grown, waiters start at once in the new slots (oldest first); shrunk,
   * tasks already running keep theirs, and while more run than `size` a settling task frees its slot instead of
   * handing it to a waiter (the session's serial mode after a crash).
   */
  resize(size: number): void {
    this.size = Math.max(1, size);
    while (this.active < this.size) {
      const next = this.take();
      if (!next) break;
      this.active += 1;
      next();
    }
  }

  /**
   * Run `task` in a slot; the slot is freed when it settles (resolve or reject), and the promise settles as
   * the task's did. A task that throws instead of returning a promise rejects it the same way. One promise
   * per run on the hot path (a free slot): the task's, followed by the shared release handlers.
   */
  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) return new Promise<void>((resolve) => this.queue.push(resolve)).then(() => this.start(task));
    this.active += 1;
    return this.start(task);
  }

  /** Start `task` in the slot already taken for it. */
  private start<T>(task: () => Promise<T>): Promise<T> {
    let running: Promise<T>;
    try {
      running = task();
    } catch (error) {
      this.release();
      return Promise.reject(error);
    }
    return running.then(this.fulfilled as (value: T) => T, this.rejected);
  }

  /** The release handlers, shared by every run (no closure per task). */
  private readonly fulfilled = <T>(value: T): T => {
    this.release();
    return value;
  };

  private readonly rejected = (error: unknown): never => {
    this.release();
    throw error;
  };

  /** Free a slot: hand it to the oldest waiter (unless more run than `size`), or give it back. */
  private release(): void {
    const next = this.active > this.size ? undefined : this.take();
    if (next) next();
    else this.active -= 1;
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
