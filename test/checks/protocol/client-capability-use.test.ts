import { describe, expect, it } from 'vitest';
import check, { CAPABILITY_OF_METHOD } from '../../../harness/checks/protocol/client-capability-use.ts';
import { WireTapRecorder } from '../../../harness/session/wire-tap.ts';
import { checkTester, emptyWire, makeObservation, runCheckOn } from '../../helpers/check-tester.ts';

type During = Parameters<WireTapRecorder['serverRequest']>[1];

/**
 * A legacy session (2025-11-25 unless given) whose wire tap recorded these server-to-client requests, each while
 * `during` was in flight (a tool's call, several requests, or none: the tap's default).
 */
const sent = (methods: string[], protocolVersion = '2025-11-25', during?: During | During[]) => {
  const tap = new WireTapRecorder({ stderrLimitBytes: 64, keepFrames: 1 });
  methods.forEach((m, i) => tap.serverRequest(m, Array.isArray(during) ? during[i] : during));
  const { serverRequests, capabilityRequests, capabilityRequestTiming } = tap.snapshot();
  return makeObservation({ protocolVersion, wire: { ...emptyWire(), serverRequests, ...(capabilityRequests ? { capabilityRequests, capabilityRequestTiming } : {}) } });
};
const messageOf = (observation: ReturnType<typeof sent>) => runCheckOn(check, observation).map((f) => f.message);
const must = (revision: string) => ({ during: ' while no tools/call was in flight', level: 'both parties must', revision });

checkTester(check, {
  valid: [
    { name: 'no server-to-client request', observation: sent([]) },
    { name: 'ping needs no capability', observation: sent(['ping', 'ping']) },
    { name: 'a method the harness does not know is not judged here', observation: sent(['custom/thing']) },
    { name: 'modern era: requests carry their own capabilities, nothing judged', observation: makeObservation({ era: 'modern', wire: { ...emptyWire(), serverRequests: ['roots/list'], capabilityRequests: { 'roots/list': 1 } } }) },
    { name: 'modern era: no initialize, so no request is before it', observation: makeObservation({ era: 'modern', wire: { ...emptyWire(), serverRequests: ['log'], requestsBeforeInitialize: ['log'] } }) },
  ],
  invalid: [
    {
      name: 'roots/list to a client that declared {} (mcp-shrimp-task-manager 1.0.21, 2025-11-25: MUST)',
      observation: sent(['roots/list', 'ping', 'roots/list'], '2025-11-25', { tool: 'list_tasks' }),
      findings: [
        {
          messageId: 'roots',
          severity: 'error',
          message:
            "The server sent roots/list in the tools/call of 'list_tasks' to a client that declared no 'roots' capability (initialize declared {}); both parties must only use capabilities that were successfully negotiated (2025-11-25 basic/lifecycle §Operation).",
        },
      ],
    },
    {
      name: 'sampling and elicitation: one finding each, each its own messageId (its own id), in method order',
      observation: sent(['sampling/createMessage', 'elicitation/create', 'sampling/createMessage'], '2025-06-18'),
      findings: [
        { messageId: 'elicitation', severity: 'error', data: must('2025-06-18') },
        { messageId: 'sampling', severity: 'error', data: must('2025-06-18') },
      ],
    },
    {
      name: 'requests other than ping before the initialize answer (@twilio-alpha/mcp 0.7.0: a logger request "log"): one warning naming the methods, sorted',
      observation: makeObservation({ protocolVersion: '2025-06-18', wire: { ...emptyWire(), serverRequests: ['log', 'roots/list', 'log'], requestsBeforeInitialize: ['log', 'custom/hello'] } }),
      findings: [
        {
          messageId: 'requestBeforeInitialize',
          severity: 'warning',
          message:
            "The server sent a JSON-RPC request ('custom/hello', 'log') before it answered initialize, so before it could have received notifications/initialized; a server should not send requests other than pings before that notification (2025-06-18 basic/lifecycle §Initialization): the client may not be ready to answer, and a request it does not know draws -32601.",
        },
        { messageId: 'roots', severity: 'error' },
      ],
    },
    {
      name: '2025-03-26 and 2024-11-05 say SHOULD: a warning',
      observation: sent(['roots/list'], '2025-03-26'),
      findings: [{ messageId: 'roots', severity: 'warning', data: { during: ' while no tools/call was in flight', level: 'both parties should', revision: '2025-03-26' } }],
    },
  ],
});

describe('protocol/client-capability-use', () => {
  it('the wire tap keeps the methods of requests read before the initialize answer, ping left out, distinct, in order', () => {
    const tap = new WireTapRecorder({ stderrLimitBytes: 64, keepFrames: 1 });
    for (const m of ['ping', 'log', 'custom/hello', 'log']) tap.serverRequest(m);
    tap.initializeAnswered();
    tap.serverRequest('roots/list', { tool: 't' });
    const wire = tap.snapshot();
    expect(wire.requestsBeforeInitialize).toEqual(['log', 'custom/hello']);
    expect(wire.serverRequests).toEqual(['ping', 'log', 'custom/hello', 'log', 'roots/list']);
    const quiet = new WireTapRecorder({ stderrLimitBytes: 64, keepFrames: 1 });
    quiet.serverRequest('ping');
    quiet.initializeAnswered();
    quiet.serverRequest('log');
    expect(quiet.snapshot().requestsBeforeInitialize).toBeUndefined();
  });

  it('knows the three capability-gated requests of the legacy revisions', () => {
    expect(CAPABILITY_OF_METHOD).toEqual({ 'roots/list': 'roots', 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation' });
  });
  it('2024-11-05 is a warning too', () => {
    expect(runCheckOn(check, sent(['roots/list'], '2024-11-05')).map((f) => f.severity)).toEqual(['warning']);
  });
  it('a flood of other server requests hides nothing: 1000 pings ahead of a roots/list (a reviewer)', () => {
    expect(runCheckOn(check, sent([...Array.from({ length: 1000 }, () => 'ping'), 'roots/list'])).map((f) => f.messageId)).toEqual(['roots']);
  });
  it('the message is the same whatever the count: 1 or 40 requests', () => {
    const one = runCheckOn(check, sent(['roots/list']));
    const many = runCheckOn(check, sent(Array.from({ length: 40 }, () => 'roots/list')));
    expect(many.map((f) => f.message)).toEqual(one.map((f) => f.message));
  });
  it('names no tool when several requests were in flight, and says so; names each tool a request came in', () => {
    expect(messageOf(sent(['roots/list'], '2025-11-25', 'several'))[0]).toMatch(/^The server sent roots\/list while several requests were in flight \(no tool named: nothing on the wire ties it to one\) to a client/);
    expect(messageOf(sent(['roots/list', 'roots/list', 'roots/list'], '2025-11-25', [{ tool: 'b' }, { tool: 'a' }, 'idle']))[0]).toMatch(
      /^The server sent roots\/list in the tools\/call of 'a' and 'b', and while no tools\/call was in flight to a client/,
    );
    const five = ['e', 'd', 'c', 'b', 'a'].map((tool) => ({ tool }));
    expect(messageOf(sent(Array.from({ length: 5 }, () => 'roots/list'), '2025-11-25', five))[0]).toMatch(/^The server sent roots\/list in the tools\/call of 'a', 'b', 'c' and 2 more to a client/);
  });
  it('the finding id is the same whatever was in flight (timing is in the message only)', () => {
    const ids = (o: ReturnType<typeof sent>) => runCheckOn(check, o).map((f) => [f.tool, f.pointer, f.messageId]);
    expect(ids(sent(['roots/list'], '2025-11-25', { tool: 'a' }))).toEqual(ids(sent(['roots/list'], '2025-11-25', 'several')));
    expect(ids(sent(['roots/list'], '2025-11-25', 'idle'))).toEqual([[undefined, undefined, 'roots']]);
  });
  it('an observation without timing (an older report) reads as before', () => {
    const o = sent(['roots/list']);
    delete o.wire.capabilityRequestTiming;
    expect(messageOf(o)[0]).toMatch(/^The server sent roots\/list to a client/);
  });
});
