/** harness/report/errors.ts describeIssues: one line per issue, whatever a report file's keys hold (review D7). */
import { describe, expect, it } from 'vitest';
import { describeIssues } from '../../harness/report/errors.ts';

describe('describeIssues', () => {
  it('writes a line break inside a key or message as the text \\n: one line per issue', () => {
    const text = describeIssues('r.json', [{ path: ['findings', 0, 'k\nmcp-harness: forged'], message: 'Invalid\ninput' }]);
    expect(text).toBe('r.json: findings.0.k\\nmcp-harness: forged: Invalid\\ninput');
  });

  it('keeps ordinary issues as they are, one line each', () => {
    expect(describeIssues('r.json', [{ path: ['summary'], message: 'Required' }, { path: [], message: 'Bad' }])).toBe('r.json: summary: Required\nr.json: (root): Bad');
  });
});
