import everyToolCalled from '../../../harness/checks/contract/every-tool-called.ts';
import { checkTester, makeCall, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const tools = [makeTool('a'), makeTool('b')];

checkTester(everyToolCalled, {
  valid: [
    { name: 'every tool called (a tool-error counts as called)', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } }), makeCall('b', { result: { content: [], isError: true } })] }), strict: true },
    { name: 'a tool left out on purpose (--tool, another call shard) is not judged', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } })], outOfScopeTools: ['b'] }), strict: true },
    { name: 'skipped destructive tool is info only', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } })], skippedTools: [{ tool: 'b', reason: 'destructive' }] }) },
  ],
  invalid: [
    { name: 'one tool never called', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } })] }), findings: [{ messageId: 'notCalled', tool: 'b', severity: 'error' }] },
    { name: 'skipped tool is reported at info', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } })], skippedTools: [{ tool: 'b', reason: 'destructive' }] }), findings: [{ messageId: 'skipped', tool: 'b', severity: 'info' }] },
  ],
});
