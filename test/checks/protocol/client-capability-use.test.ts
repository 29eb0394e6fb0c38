import { describe, expect, it } from 'vitest';
import check, { CAPABILITY_OF_METHOD } from '../../../harness/checks/protocol/client-capability-use.ts';
import { WireTapRecorder } from '../../../harness/session/wire-tap.ts';
import { checkTester, emptyWire, makeObservation, runCheckOn } from '../../helpers/check-tester.ts';

/** A legacy session (2025-11-25 unless given) whose wire tap recorded these server-to-client requests. */
const sent = (methods: string[], protocolVersion = '2025-11-25') => {
  const tap = new WireTapRecorder({ stderrLimitBytes: 64, keepFrames: 1 });
  for (const m of methods) tap.serverRequest(m);
  const { serverRequests, capabilityRequests } = tap.snapshot();
  return makeObservation({ protocolVersion, wire: { ...emptyWire(), serverRequests, ...(capabilityRequests ? { capabilityRequests } : {}) } });
};
const must = (revision: string) => ({ level: 'both parties must', revision });

checkTester(check, {
  valid: [
    { name: 'no server-to-client request', observation: sent([]) },
    { name: 'ping needs no capability', observation: sent(['ping', 'ping']) },
    { name: 'a method the harness does not know is not judged here', observation: sent(['custom/thing']) },
    { name: 'modern era: requests carry their own capabilities, nothing judged', observation: makeObservation({ era: 'modern', wire: { ...emptyWire(), serverRequests: ['roots/list'], capabilityRequests: { 'roots/list': 1 } } }) },
  ],
  invalid: [
    {
      name: 'roots/list to a client that declared {} (mcp-shrimp-task-manager 1.0.21, 2025-11-25: MUST)',
      observation: sent(['roots/list', 'ping', 'roots/list']),
      findings: [
        {
          messageId: 'roots',
          severity: 'error',
          message:
            "The server sent roots/list to a client that declared no 'roots' capability (initialize declared {}); both parties must only use capabilities that were successfully negotiated (2025-11-25 basic/lifecycle §Operation).",
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
      name: '2025-03-26 and 2024-11-05 say SHOULD: a warning',
      observation: sent(['roots/list'], '2025-03-26'),
      findings: [{ messageId: 'roots', severity: 'warning', data: { level: 'both parties should', revision: '2025-03-26' } }],
    },
  ],
});

describe('protocol/client-capability-use', () => {
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
});
