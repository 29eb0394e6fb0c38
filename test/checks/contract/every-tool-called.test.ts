import everyToolCalled from '../../../harness/checks/contract/every-tool-called.ts';
import { checkTester, makeCall, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const tools = [makeTool('a'), makeTool('b')];

checkTester(everyToolCalled, {
  valid: [
    { name: 'every tool called (a tool-error counts as called)', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } }), makeCall('b', { result: { content: [], isError: true } })] }) },
    { name: 'a tool left out on purpose (--tool, another call shard) is not judged', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } })], outOfScopeTools: ['b'] }) },
  ],
  invalid: [
    { name: 'one tool never called', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } })] }), findings: [{ messageId: 'notCalled', tool: 'b', severity: 'error' }] },
    { name: 'a tool not called because it may be destructive is a warning (issue 9 §4: impossible to miss)', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } })], skippedTools: [{ tool: 'b', reason: 'destructive', kind: 'destructive' }] }), findings: [{ messageId: 'skipped', tool: 'b', severity: 'warning' }] },
    { name: 'a tool without generable arguments is a warning naming why', observation: makeObservation({ tools, calls: [makeCall('a', { result: { content: [] } })], skippedTools: [{ tool: 'b', reason: 'no arguments', kind: 'no-arguments' }] }), findings: [{ messageId: 'notGenerated', tool: 'b', severity: 'warning' }] },
  ],
});
