import watchedPaths from '../../../harness/checks/contract/watched-paths.ts';
import { checkTester, makeObservation } from '../../helpers/check-tester.ts';

const watching = (paths: string[], watchedPathMatches?: Record<string, number>) =>
  makeObservation({ options: { watchedPaths: paths } as never, ...(watchedPathMatches ? { watchedPathMatches } : {}) });

checkTester(watchedPaths, {
  valid: [
    { name: 'no watched paths', observation: makeObservation() },
    { name: 'every path matches', observation: watching(['src/*.ts'], { 'src/*.ts': 2 }) },
  ],
  invalid: [
    { name: 'a path matches no file', observation: watching(['src/*.ts', 'old/*.ts'], { 'src/*.ts': 2, 'old/*.ts': 0 }), findings: [{ messageId: 'noMatch', pointer: '/watchedPaths/1', severity: 'error' }] },
    { name: 'matches not resolved by the runner', observation: watching(['src/*.ts']), findings: [{ messageId: 'unresolved', severity: 'info' }] },
  ],
});
