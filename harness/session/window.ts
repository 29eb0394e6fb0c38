/**
 * The bounded in-flight window for pipelined requests: at most `size` tasks run at once; the rest queue
 * in FIFO order and start as soon as a slot frees.
 */
export class Window {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  /** @param size slots (>= 1). */
  constructor(private readonly size: number) {}

  /** Run `task` in a slot; the slot is freed when it settles (resolve or reject). */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
