import check from '../../../harness/checks/result/expectation.ts';
import { checkTester, makeCall, makeObservation, makeTool } from '../../helpers/check-tester.ts';
import type { Scenario } from '../../../harness/model/wire.ts';

const ok = { result: { content: [{ type: 'text', text: 'Created order 17 for Ada' }], structuredContent: { order: { id: 17, 'a/b': true }, items: [] } } };
const toolError = { result: { content: [{ type: 'text', text: 'out of stock' }], isError: true } };
const protocolError = { error: { code: -32602, message: 'Unknown tool' } };
const file = (partial: Partial<Scenario> = {}): Partial<Scenario> => ({ name: 'happy', origin: 'file', file: 'scenarios/t.json', ...partial });
const obs = (...calls: ReturnType<typeof makeCall>[]) => makeObservation({ tools: [makeTool('t')], calls });

checkTester(check, {
  reportedByRunner: { scenarioForUnknownTool: 'test/e2e/stale-scenario.test.ts' },
  valid: [
    { name: 'success expected and got', observation: obs(makeCall('t', ok, { scenario: file() })) },
    { name: 'tool-error expected and got', observation: obs(makeCall('t', toolError, { scenario: file({ expect: 'tool-error' }) })) },
    { name: 'protocol-error expected and got', observation: obs(makeCall('t', protocolError, { scenario: file({ expect: 'protocol-error' }) })) },
    {
      name: 'assertions hold',

      observation: obs(makeCall('t', ok, { scenario: file({ assert: { structuredContentHas: ['/order/id', '/order/a~1b', '/items'], textIncludes: ['order 17', 'Ada'] } }) })),
    },
    { name: 'generated call hitting a business rule: not judged here', observation: obs(makeCall('t', toolError)) },
    { name: 'generated call answered with a JSON-RPC error: not judged here (the revision-aware checks are)', observation: obs(makeCall('t', protocolError)) },
    { name: 'generated call timing out: transport/timeout, not judged here', observation: obs(makeCall('t', {}, { outcome: 'timeout' })) },
    {
      name: 'a file scenario never sent (the session stopped after crashes): transport/exit says so, nothing here',
      observation: (() => {
        const call = makeCall('t', {}, { outcome: 'exit', scenario: file() });
        return obs({ ...call, request: { ...call.request, unsent: 'crashes' } });
      })(),
    },
  ],
  invalid: [
    {
      name: 'success expected, tool-error got',
      observation: obs(makeCall('t', toolError, { scenario: file() })),
      findings: [{ messageId: 'outcomeMismatch', tool: 't', pointer: '/result/isError', severity: 'error' }],
    },
    {
      name: 'tool-error expected, success got',
      observation: obs(makeCall('t', ok, { scenario: file({ expect: 'tool-error' }) })),
      findings: [{ messageId: 'outcomeMismatch', pointer: '/result/isError' }],
    },
    {
      name: 'success expected, protocol-error got',
      observation: obs(makeCall('t', protocolError, { scenario: file() })),
      findings: [{ messageId: 'outcomeMismatch', pointer: '/error' }],
    },
    {
      name: 'protocol-error expected, result got',
      observation: obs(makeCall('t', ok, { scenario: file({ expect: 'protocol-error' }) })),
      findings: [{ messageId: 'outcomeMismatch', pointer: '/result' }],
    },
    { name: 'file scenario timing out: a note (transport/timeout is the finding)', observation: obs(makeCall('t', {}, { outcome: 'timeout', scenario: file() })), findings: [{ messageId: 'notAnswered', severity: 'info' }] },
    { name: 'exit while in flight', observation: obs(makeCall('t', {}, { outcome: 'exit', scenario: file() })), findings: [{ messageId: 'notAnswered', tool: 't' }] },
    {
      name: 'failed assertions',
      observation: obs(makeCall('t', ok, { scenario: file({ assert: { structuredContentHas: ['/order/missing', 'order', '/items/0'], textIncludes: ['Ada', 'Grace'] } }) })),
      findings: [
        { messageId: 'pointerMissing', pointer: '/structuredContent/order/missing' },
        { messageId: 'pointerInvalid' },
        { messageId: 'pointerMissing', pointer: '/structuredContent/items/0' },
        { messageId: 'textMissing', pointer: '/content' },
      ],
    },
    {
      name: 'structuredContentHas on a result without structuredContent',
      observation: obs(makeCall('t', toolError, { scenario: file({ expect: 'tool-error', assert: { structuredContentHas: [''] } }) })),
      findings: [{ messageId: 'pointerMissing', pointer: '/structuredContent' }],
    },
  ],
});

checkTester(check, {
  valid: [],
  invalid: [
    {
      name: 'assertions are moot when the outcome did not hold',
      observation: obs(makeCall('t', toolError, { scenario: file({ assert: { textIncludes: ['Ada'], structuredContentHas: ['/order'] } }) })),
      findings: [{ messageId: 'outcomeMismatch' }],
    },
  ],
});
