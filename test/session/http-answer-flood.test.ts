/**
 * A Streamable HTTP server that sends many requests of its own (here `ping`s on the tools/list answer stream) while it
 * answers none of the harness's POSTs of their answers (`--fault=ping-flood=N --fault=hold-answers`, the real fixture HTTP
 * server): the harness keeps at most MAX_ANSWERS_IN_FLIGHT such POSTs open and queues the rest up to the backlog cap
 * (`maxPendingStdinBytes`), then drops them and records the stall (ExitInfo.answersStalled, transport/exit). A hostile
 * review: one POST per ping, 20,000 sockets at once, the harness's whole file-descriptor limit. The conformant twin
 * (each answer accepted with 202) gets every answer POSTed and no stall: they are queued while the first POSTs are open.
 */
import { describe, expect, it } from 'vitest';
import type { ExitInfo } from '../../harness/model/wire.ts';
import { MAX_ANSWERS_IN_FLIGHT } from '../../harness/session/http/connection.ts';
import { exchangesOf } from './http-fixture.ts';
import { options } from './helpers.ts';

const PINGS = 400;

describe('server requests whose answers the server never takes', () => {
  it.each([
    ['no answer POST taken: a bounded number open, the rest queued then dropped, the stall recorded', ['--fault=hold-answers'], true],
    ['every answer accepted with 202 (conformant twin, the default cap): all POSTed, no stall', [], false],
  ] as const)('%s', async (_, faults, stalled) => {
    // the pings come in one burst, before any answer's POST ends: a cap below their answers' bytes drops some even from a
    // server that takes each; the default (16 MiB) holds the burst of a conformant server. The twin's queued answers go
    // out within the session's stop grace (termGraceMs): a long one, so a loaded machine still sends them all
    let exits: ExitInfo[] = [];
    let listed: string[] = [];
    const exchanges = await exchangesOf(['--sse', `--fault=ping-flood=${PINGS}`, ...faults], async (session) => {
      listed = (await session.listTools()).tools.map((t) => t.name);
      await session.close();
      exits = session.exits();
    }, stalled ? { maxPendingStdinBytes: 2048 } : { timeouts: { ...options().timeouts, termGraceMs: 30_000 } });
    expect(listed).toEqual(['echo', 'add']);
    const answers = exchanges.filter((e) => e.message?.kind === 'response');
    const stall = exits.find((e) => e.answersStalled !== undefined)?.answersStalled;
    if (stalled) {
      expect(answers.length).toBeLessThanOrEqual(MAX_ANSWERS_IN_FLIGHT);
      expect(stall).toMatchObject({ capBytes: 2048, inFlight: MAX_ANSWERS_IN_FLIGHT });
      expect(stall?.droppedLines).toBeGreaterThan(0);
    } else {
      expect(answers.length).toBe(PINGS);
      expect(answers.filter((e) => e.status !== 202).map((e) => [e.status, e.error])).toEqual([]);
      expect(stall).toBeUndefined();
    }
  });
});
