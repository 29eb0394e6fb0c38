/**
 * The session's serial lane: after a crash, requests run one at a time, in the order they were submitted
 * (their sequence number), so every later exit of the server is attributable to exactly one request
 * (docs/determinism.md, "Crashes").
 *
 * A crash ends every request in flight at once; each of them then asks for the lane within the same
 * macrotask (the channel resolves them in one loop). The lane picks its next request one event-loop turn
 * (setImmediate) after it became free or was first asked, from everything waiting then: the lowest sequence
 * number first, whatever order the waiters' continuations happened to run in.
 */
export class SerialLane {
  private readonly waiting: { seq: number; go: () => void }[] = [];
  private busy = false;
  private scheduled = false;

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
      if (this.busy || this.waiting.length === 0) return;
      let lowest = 0;
      for (let i = 1; i < this.waiting.length; i++) if ((this.waiting[i] as { seq: number }).seq < (this.waiting[lowest] as { seq: number }).seq) lowest = i;
      const [next] = this.waiting.splice(lowest, 1);
      this.busy = true;
      next?.go();
    });
  }
}
