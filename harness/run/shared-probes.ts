/**
 * Identical pipelined probes sent once (issue 12): checks that pick the same argument probe of a tool plan the
 * same request under their own ids (errors/classification's invalid-arguments probe is input-enforcement's first
 * reject probe; errors/echo's sentinel probe is one of input-enforcement's, where both have a base: both derive from one memoised
 * derivation, harness/probes/negative.ts `argumentProbePrefix`), about 2,000 requests of a 1,000-tool run. The
 * runner sends such a request once, at the first one's place in plan order, and every check gets the record under
 * its own probe: the same request and answer, `{ ...record, probe }` (as identical fresh-process openings already
 * share one: harness/run/fresh-probes.ts).
 *
 * A crash no longer makes this a question of timing (removed 2026-12-02 morning, restored that evening): sharing one
 * request moved which requests were in flight when a server crashed on invalid arguments, and with them findings;
 * since the session turns serial at a crash (harness/session/session.ts, docs/determinism.md "Crashes"), every
 * request a crash took is sent again alone, so a shared request that crashes the server is that one request's crash,
 * and test/e2e/crash-neighbours.test.ts holds with the sharing at any in-flight window.
 *
 * Shared only where the second request could not have been answered otherwise than the first by the harness's own
 * doing: a `tools/call` with nothing but `name` and `arguments` (no timeout, envelope, version, cancellation, float
 * path, pagination: none of the sending options), the very same arguments object (one derivation, never mutated:
 * an identical request by construction, no serialising to compare), of a tool that does not change state
 * (`readOnlyHint: true`), and no probe of a tool that may change state planned between the two (a write between
 * them would have changed what the second one met: harness/run/effect-order.ts).
 */
import type { ProbeRecord, ProbeRequest } from '../model/wire.ts';

/** The keys of a plain `tools/call` probe (`toolCallProbe`): anything else is a sending option, and never shared. */
const isPlainKey = (key: string): boolean => key === 'id' || key === 'check' || key === 'tool' || key === 'method' || key === 'params' || key === 'invalidArguments';

/** The `arguments` object of a `tools/call` probe's params, or undefined. */
function argumentsOf(probe: ProbeRequest): object | undefined {
  if (probe.method !== 'tools/call') return undefined;
  const args = (probe.params as { arguments?: unknown } | undefined)?.arguments;
  return args !== null && typeof args === 'object' ? args : undefined;
}

/**
 * Whether a `tools/call` probe is plain: no key but id, check, tool, method and params, and params exactly
 * `{ name, arguments }` naming `probe.tool` (asked only of two probes with the same arguments object).
 */
function isPlain(probe: ProbeRequest): boolean {
  for (const key in probe) if (!isPlainKey(key)) return false;
  const params = probe.params as Record<string, unknown>;
  if (params.name !== probe.tool || Array.isArray(params)) return false;
  let keys = 0;
  for (const key in params) {
    if (key !== 'name' && key !== 'arguments') return false;
    keys++;
  }
  return keys === 2;
}

/** The probes to send, and how their records become one per planned probe. */
export interface SharedProbes {
  /** The planned probes without the repeats, in plan order. */
  distinct: ProbeRequest[];
  /**
   * One record per planned probe, in plan order, from the records of `distinct` (same order, same length): a
   * repeat gets its first's record under its own probe (`{ ...record, probe }`, the same request record).
   */
  spread(records: readonly ProbeRecord[]): ProbeRecord[];
}

/**
 * Find the repeats among `probes` (pipelined probes in plan order; see the module comment for what counts as one).
 * `changesState` is the effect-order predicate (harness/run/effect-order.ts `changesStateByName`). Pure; linear.
 */
export function shareIdentical(probes: readonly ProbeRequest[], changesState: (tool: string | undefined) => boolean): SharedProbes {
  const distinct: ProbeRequest[] = [];
  /** Per planned probe: the index of its record among `distinct`'s, negative (-1 - index) for a repeat. */
  const slot: number[] = new Array<number>(probes.length);
  /**
   * Per arguments object: the distinct `tools/call` probes carrying it since the last state-changing probe (a
   * lookup by the object, not a scan of the tool's probes: ~17 per tool at 1,000 tools, ~150,000 comparisons).
   * An arguments object is one tool's derivation, so its probes name that tool; the tool is compared all the same.
   */
  let firsts = new Map<object, number[]>();
  let repeats = 0;
  for (let i = 0; i < probes.length; i++) {
    const probe = probes[i];
    const tool = probe.tool;
    const args = tool === undefined ? undefined : argumentsOf(probe);
    if (tool === undefined || args === undefined) {
      slot[i] = distinct.push(probe) - 1;
      continue;
    }
    if (changesState(tool)) {
      firsts = new Map(); // nothing is shared across a probe that may change state
      slot[i] = distinct.push(probe) - 1;
      continue;
    }
    const candidates = firsts.get(args);
    let same = -1;
    if (candidates) {
      for (const d of candidates) {
        const first = distinct[d] as ProbeRequest;
        if (first.tool === tool && isPlain(first) && isPlain(probe)) {
          same = d;
          break;
        }
      }
    }
    if (same >= 0) {
      slot[i] = -1 - same;
      repeats++;
      continue;
    }
    const index = distinct.push(probe) - 1;
    slot[i] = index;
    if (candidates) candidates.push(index);
    else firsts.set(args, [index]);
  }
  if (repeats === 0) return { distinct, spread: (records) => [...records] };
  return {
    distinct,
    spread(records) {
      return probes.map((probe, i) => {
        const s = slot[i];
        return s >= 0 ? records[s] : { ...records[-1 - s], probe };
      });
    },
  };
}
