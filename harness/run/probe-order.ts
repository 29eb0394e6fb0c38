/**
 * The order pipelined probes are submitted in (issue 12): a probe that ends with a wait of its own (a
 * cancellation probe's late window, `ProbeRequest.cancelAfterMs`: at least one twin duration, >= 20 ms, after
 * its twin's answer) goes first, so its wait overlaps the other probes' work instead of trailing it. In plan
 * order it came last on the small published servers: the session's in-flight window (8) sent it in the second
 * or third wave, and its settle was the last ~20-30 ms of the exchange.
 *
 * What does not change: which probes are sent, their requests, and the records' order (the caller gets them back
 * in plan order). Effect order (./effect-order.ts) is kept: a waiting probe moves only to the front of the run of
 * probes that may not change state it stands in, never across one that may (so every read still sees exactly the
 * writes planned before it); the verdict of a cancellation probe rests on the order of frames on its own
 * connection (harness/checks/protocol/cancellation.ts), which other requests in flight do not change.
 */
import type { ProbeRequest } from '../model/wire.ts';

/** A probe whose record is complete only after a wait of its own (the cancellation's late window). */
export function waitsForLateFrames(probe: ProbeRequest): boolean {
  return probe.cancelAfterMs !== undefined;
}

/**
 * The submission order of `probes` (indices into it): within each run of consecutive probes that
 * `isBarrier` says no to, those that `waitsForLateFrames` first (in plan order), then the others (in plan
 * order); a barrier (a probe that may change state) keeps its place. Pure; the identity permutation when no
 * probe waits.
 * @returns a permutation of `0..probes.length - 1`
 */
export function submissionOrder(probes: readonly ProbeRequest[], isBarrier: (probe: ProbeRequest) => boolean): number[] {
  const order: number[] = [];
  let start = 0;
  while (start < probes.length) {
    if (isBarrier(probes[start] as ProbeRequest)) {
      order.push(start);
      start += 1;
      continue;
    }
    let end = start;
    while (end < probes.length && !isBarrier(probes[end] as ProbeRequest)) end += 1;
    for (let i = start; i < end; i++) if (waitsForLateFrames(probes[i] as ProbeRequest)) order.push(i);
    for (let i = start; i < end; i++) if (!waitsForLateFrames(probes[i] as ProbeRequest)) order.push(i);
    start = end;
  }
  return order;
}
