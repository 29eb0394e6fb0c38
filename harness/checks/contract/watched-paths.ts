/**
 * contract/watched-paths: every watched path of the surface (globs relative to the config's
 * directory) still matches at least one file. The check is pure: the runner resolves the globs and
 * puts the match counts on the observation (`watchedPathMatches: Record<glob, number>`); without them
 * the check notes (info) that it could not judge.
 * Rule: contract (harness/invariants.ts `unmatchedWatchedPaths`; docs/config.md §Surface keys, `watchedPaths`).
 */
import { defineCheck } from '../define.ts';
import { unmatchedWatchedPaths } from '../../invariants.ts';

export default defineCheck({
  meta: {
    id: 'contract/watched-paths',
    defaultSeverity: 'error',
    description: 'Every watched path in the config still matches at least one file.',
    rationale: 'Watched paths tie a surface to the sources its contract is derived from; a rename that leaves a glob matching nothing silently stops the harness from noticing contract changes.',
    spec: 'rule:contract/watched-paths (docs/config.md §Surface keys, watchedPaths)',
    messages: {
      noMatch: 'Watched path {{path}} matches no file.',
      unresolved: 'Watched paths are configured but were not resolved by the runner; nothing was checked.',
    },
    examples: {
      fail: 'watchedPaths: ["src/tools/*.ts"]; no file matches',
      pass: 'watchedPaths: ["src/tools/*.ts"]; src/tools/search.ts matches',
    },
    needsSession: false,
  },
  check({ observation }, report) {
    const paths = observation.options.watchedPaths ?? [];
    if (paths.length === 0) return;
    const matches = observation.watchedPathMatches;
    if (!matches) return report({ messageId: 'unresolved', severity: 'info' });
    const failing = new Set(unmatchedWatchedPaths(paths, matches));
    paths.forEach((path, i) => failing.has(path) && report({ messageId: 'noMatch', pointer: `/watchedPaths/${i}`, data: { path } }));
  },
});
