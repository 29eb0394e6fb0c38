/**
 * The sweep's policy (harness/session/stdio/sweep.ts) on scripted scans: freeze (SIGSTOP) whatever runs, kill
 * (SIGKILL) only once every live member is stopped, end on a certain scan with nothing live, never claim to have
 * converged at a cap. The real processes are test/session/process-tree.test.ts's and test/e2e/orphan-hop.test.ts's;
 * here the order of the signals and the bounds are pinned exactly.
 */
import { describe, expect, it } from 'vitest';
import { STOP_ATTEMPTS, Sweep, sweepAsync, sweepSync, SWEEP_LIMITS, type SweepOps, type TreeMember, type TreeScan } from '../../harness/session/stdio/sweep.ts';

const running = (pid: number, inGroup = false): TreeMember => ({ pid, stopped: false, inGroup });
const stopped = (pid: number, inGroup = false): TreeMember => ({ pid, stopped: true, inGroup });
const scan = (live: TreeMember[], uncertain = false): TreeScan => ({ live, uncertain });

/** Ops answering `scans` in order (the last one again when they run out), recording every signal. */
function scripted(scans: TreeScan[]): SweepOps & { signals: string[] } {
  let next = 0;
  const signals: string[] = [];
  return {
    signals,
    scan: () => scans[Math.min(next++, scans.length - 1)],
    signal: (members, signal) => void signals.push(`${signal} ${members.map((m) => m.pid).join(',')}`),
  };
}

/** Run a sweep to its end, collecting the waits `step` asked for. */
function drive(ops: SweepOps, limits = SWEEP_LIMITS): { waits: number[]; sweep: Sweep } {
  const sweep = new Sweep(ops, limits);
  const waits: number[] = [];
  for (let wait = sweep.step(); wait !== undefined; wait = sweep.step()) waits.push(wait);
  return { waits, sweep };
}

describe('Sweep', () => {
  it('nothing left: one scan, no signal, no wait', () => {
    const ops = scripted([scan([])]);
    const { waits, sweep } = drive(ops);
    expect(sweep.result).toEqual({ found: 0, converged: true, rounds: 1 });
    expect(ops.signals).toEqual([]);
    expect(waits).toEqual([]);
  });

  it('an inconclusive scan with nothing live is repeated at once, without signals', () => {
    const ops = scripted([scan([], true), scan([], true), scan([])]);
    const { waits, sweep } = drive(ops);
    expect(sweep.result).toEqual({ found: 0, converged: true, rounds: 3 });
    expect(waits).toEqual([0, 0]);
    expect(ops.signals).toEqual([]);
  });

  it('a lineage: each running member is frozen, the child it forked before the stop is frozen next, then all are killed', () => {
    const ops = scripted([
      scan([running(10)]), // found running
      scan([stopped(10), running(11)]), // 10 forked 11 before its stop
      scan([stopped(10), stopped(11)]), // nothing runs: nothing can fork any more
      scan([], true), // 10 and 11 died between the listing and the read
      scan([]),
    ]);
    const { waits, sweep } = drive(ops);
    expect(ops.signals).toEqual(['SIGSTOP 10', 'SIGSTOP 11', 'SIGKILL 10,11']);
    expect(waits).toEqual([SWEEP_LIMITS.pauseMs, SWEEP_LIMITS.pauseMs, SWEEP_LIMITS.pauseMs, 0]);
    expect(sweep.result).toEqual({ found: 2, converged: true, rounds: 5 });
  });

  it('a member that does not stop (uninterruptible sleep) stops holding back the kill after STOP_ATTEMPTS rounds', () => {
    const ops = scripted([...Array.from({ length: STOP_ATTEMPTS + 1 }, () => scan([running(7, true), stopped(8)])), scan([])]);
    drive(ops);
    expect(ops.signals).toEqual([...Array.from({ length: STOP_ATTEMPTS }, () => 'SIGSTOP 7'), 'SIGKILL 7,8']);
  });

  it('at the round cap: one last SIGKILL, and the result says it did not converge', () => {
    const ops = scripted([scan([running(1)]), scan([running(2)]), scan([running(3)])]);
    const { sweep } = drive(ops, { ...SWEEP_LIMITS, maxRounds: 3 });
    expect(ops.signals).toEqual(['SIGSTOP 1', 'SIGSTOP 2', 'SIGKILL 3']);
    expect(sweep.result).toEqual({ found: 3, converged: false, rounds: 3 });
  });

  it('at the time cap (0 ms: the exit hook out of time): one scan, SIGKILL, not converged', () => {
    const ops = scripted([scan([running(4), stopped(5)])]);
    const { sweep } = drive(ops, { ...SWEEP_LIMITS, maxMs: 0 });
    expect(ops.signals).toEqual(['SIGKILL 4,5']);
    expect(sweep.result).toEqual({ found: 2, converged: false, rounds: 1 });
  });

  it('sweepAsync and sweepSync drive the same rounds', async () => {
    const script = () => scripted([scan([running(10)]), scan([stopped(10)]), scan([], true), scan([])]);
    const a = script();
    const s = script();
    expect(await sweepAsync(a)).toEqual({ found: 1, converged: true, rounds: 4 });
    expect(sweepSync(s)).toEqual({ found: 1, converged: true, rounds: 4 });
    expect(a.signals).toEqual(['SIGSTOP 10', 'SIGKILL 10']);
    expect(s.signals).toEqual(a.signals);
  });
});
