import { describe, expect, it } from 'vitest';
import check, { CAPABILITY_OF_METHOD } from '../../../harness/checks/protocol/client-capability-use.ts';
import { checkTester, emptyWire, makeObservation, runCheckOn } from '../../helpers/check-tester.ts';

/** A legacy session (2025-11-25 unless given) whose server sent these server-to-client requests. */
const sent = (serverRequests: string[], protocolVersion = '2025-11-25') => makeObservation({ protocolVersion, wire: { ...emptyWire(), serverRequests } });

checkTester(check, {
  valid: [
    { name: 'no server-to-client request', observation: sent([]) },
    { name: 'ping needs no capability', observation: sent(['ping', 'ping']) },
    { name: 'a method the harness does not know is not judged here', observation: sent(['custom/thing']) },
    { name: 'modern era: requests carry their own capabilities, nothing judged', observation: makeObservation({ era: 'modern', wire: { ...emptyWire(), serverRequests: ['roots/list'] } }) },
  ],
  invalid: [
    {
      name: 'roots/list to a client that declared {} (mcp-shrimp-task-manager 1.0.21, 2025-11-25: MUST)',
      observation: sent(['roots/list', 'ping', 'roots/list']),
      findings: [
        {
          messageId: 'undeclared',
          severity: 'error',
          message:
            "The server sent roots/list 2 time(s) to a client that declared no 'roots' capability (initialize declared {}); both parties must only use capabilities that were successfully negotiated (2025-11-25 basic/lifecycle §Operation).",
        },
      ],
    },
    {
      name: 'sampling and elicitation, one finding each, in method order',
      observation: sent(['sampling/createMessage', 'elicitation/create', 'sampling/createMessage'], '2025-06-18'),
      findings: [
        { messageId: 'undeclared', severity: 'error', data: { method: 'elicitation/create', count: 1, capability: 'elicitation', level: 'both parties must', revision: '2025-06-18' } },
        { messageId: 'undeclared', severity: 'error', data: { method: 'sampling/createMessage', count: 2, capability: 'sampling', level: 'both parties must', revision: '2025-06-18' } },
      ],
    },
    {
      name: '2025-03-26 and 2024-11-05 say SHOULD: a warning',
      observation: sent(['roots/list'], '2025-03-26'),
      findings: [{ messageId: 'undeclared', severity: 'warning', data: { method: 'roots/list', count: 1, capability: 'roots', level: 'both parties should', revision: '2025-03-26' } }],
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
});
