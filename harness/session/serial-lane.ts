/**
 * The session's serial lane: after a crash, requests run one at a time, in the order they were submitted
 * (their sequence number), so every later exit of the server is attributable to exactly one request
 * (docs/determinism.md, "Crashes").
 *
 * A crash ends every request in flight, but not all at once: a cancellation's late window or a timeout may still
 * run. The lane picks its next request only when `ready()` says no request is left to join it (the session: none
 * is still in its pipelined exchange), one event-loop turn (setImmediate) after it became free, was asked, or was
 * poked, from everything waiting then: the lowest sequence number first, whatever order the waiters asked in.
 */
export class SerialLane {
  private readonly waiting: { seq: number; go: () => void }[] = [];
  private busy = false;
  private scheduled = false;

  /** @param ready whether the lane may pick now (default: always) */
  constructor(private readonly ready: () => boolean = () => true) {}

  /** Look again whether the lane may pick (after `ready()` may have turned true). */
  poke(): void {
    this.schedule();
  }

  /**
   * Run `task` alone in the lane, after every waiting task with a lower `seq`. Settles as the task does
   * (a throwing task rejects; the lane goes on).
   */
  run<T>(seq: number, task: () => Promise<T>): Promise<T> {
    const turn = new Promise<void>((go) => {
      this.waiting.push({ seq, go });
      this.schedule();
    });
    return turn.then(task).finally(() => {
      this.busy = false;
      this.schedule();
    });
  }

  /** Pick the next waiter one turn from now, unless a task runs or a pick is already scheduled. */
  private schedule(): void {
    if (this.busy || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.busy || this.waiting.length === 0 || !this.ready()) return;
      let lowest = 0;
      for (let i = 1; i < this.waiting.length; i++) if ((this.waiting[i] as { seq: number }).seq < (this.waiting[lowest] as { seq: number }).seq) lowest = i;
      const [next] = this.waiting.splice(lowest, 1);
      this.busy = true;
      next?.go();
    });
  }
}
