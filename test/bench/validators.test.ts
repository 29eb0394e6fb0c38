/**
 * The validator comparison of the benchmark (bench/validators.ts): the bundled JSON-Schema-Test-Suite
 * data loads for each draft without the remote-ref groups, every candidate judges a known group right,
 * and the table names each candidate. No timing is asserted.
 */
import { describe, expect, it } from 'vitest';
import { CANDIDATES, DRAFTS, renderValidators, suiteGroups } from '../../bench/validators.ts';

describe('bench validators', () => {
  it('loads the suite of every draft, remote-ref groups left out', () => {
    for (const draft of DRAFTS) {
      const groups = suiteGroups(draft);
      expect(groups.length).toBeGreaterThan(200);
      expect(groups.some(({ group }) => JSON.stringify(group.schema).includes('localhost:1234'))).toBe(false);
    }
  });

  it('every candidate gets the suite\'s first minimum test right on 2020-12', async () => {
    const draft = DRAFTS[2];
    const { group } = suiteGroups(draft).find(({ file }) => file === 'minimum')!;
    for (const candidate of CANDIDATES) {
      const check = candidate.compile(structuredClone(group.schema), draft);
      for (const test of group.tests) expect(await check(test.data), `${candidate.name}: ${test.description}`).toBe(test.valid);
    }
  });

  it('renders one row per candidate', () => {
    const cell = { passed: 9, total: 10, refused: 1, ms: 5 };
    const rows = CANDIDATES.map((c) => ({ name: c.name, kind: c.kind, drafts: [cell, cell, cell], speed: { schemas: 2, ms: 1, perSec: 2000, wrong: 0 } }));
    const text = renderValidators({ rows, tools: 1 }).join('\n');
    for (const c of CANDIDATES) expect(text).toContain(`| ${c.name} |`);
    expect(text).toContain('9/10 (90.0%), 1 refused');
  });
});
