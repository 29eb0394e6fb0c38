/**
 * validateWire stays linear and bounded on a frame with a huge number of invalid items (the hostile review: a
 * tools/list page of 150,000 tools without inputSchema took ~80 s to judge): pruneBranches looks composites up by
 * pointer (it compared every error with every anyOf/oneOf), and at most MAX_WIRE_ISSUES issues are listed, then one
 * `maxIssues` issue counts the rest.
 */
import { describe, expect, it } from 'vitest';
import type { WireAjvError } from '../../harness/wire/engine.ts';
import { MAX_WIRE_ISSUES, pruneBranches, validateWire } from '../../harness/wire/validate.ts';

const err = (instancePath: string, keyword: string): WireAjvError => ({ instancePath, keyword, schemaPath: '#' });

/** The quadratic pruning this replaced, as the reference. */
function pruneBranchesBefore(errors: WireAjvError[]): WireAjvError[] {
  const composites = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath);
  const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
  return errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf' || !composites.some((c) => under(e.instancePath, c)));
}

describe('pruneBranches', () => {
  it('drops exactly what the pairwise comparison dropped', () => {
    const cases: WireAjvError[][] = [
      [],
      [err('/a', 'type'), err('/b', 'required')],
      [err('/content/0/text', 'type'), err('/content/0', 'required'), err('/content/0', 'anyOf'), err('/content/1', 'type')],
      [err('/x', 'type'), err('', 'oneOf'), err('/y/z', 'const')],
      [err('/ab', 'type'), err('/a', 'anyOf'), err('/a/b', 'type'), err('/a~1b', 'type'), err('/a', 'type')],
      [err('/r/content/2/resource/uri', 'format'), err('/r/content/2/resource', 'anyOf'), err('/r/content/2', 'anyOf'), err('/r/content', 'type')],
    ];
    for (const errors of cases) expect(pruneBranches(errors)).toEqual(pruneBranchesBefore(errors));
  });
});

describe('validateWire on a huge invalid frame', () => {
  it('lists the first MAX_WIRE_ISSUES issues in order, then one maxIssues issue counting the rest', () => {
    const tools = Array.from({ length: 5000 }, (_, i) => ({ name: `t${i}` }));
    const issues = validateWire('2025-11-25', 'ListToolsResult', { tools });
    expect(issues).toHaveLength(MAX_WIRE_ISSUES + 1);
    expect(issues.slice(0, 3)).toEqual([0, 1, 2].map((i) => ({ pointer: `/tools/${i}`, keyword: 'required', message: "must have required property 'inputSchema'" })));
    expect(issues[MAX_WIRE_ISSUES - 1].pointer).toBe(`/tools/${MAX_WIRE_ISSUES - 1}`);
    expect(issues[MAX_WIRE_ISSUES]).toEqual({ pointer: '', keyword: 'maxIssues', message: `${5000 - MAX_WIRE_ISSUES} more schema violation(s) not listed (the first ${MAX_WIRE_ISSUES}, and the first of every other kind, are)` });
  });

  it('lists every issue when there are no more than MAX_WIRE_ISSUES', () => {
    const tools = Array.from({ length: MAX_WIRE_ISSUES }, (_, i) => ({ name: `t${i}` }));
    const issues = validateWire('2025-11-25', 'ListToolsResult', { tools });
    expect(issues).toHaveLength(MAX_WIRE_ISSUES);
    expect(issues.some((i) => i.keyword === 'maxIssues')).toBe(false);
  });

  it('past the cap, still lists the first issue of every other kind (an isError of the wrong type behind 1,001 invalid blocks)', () => {
    const content = Array.from({ length: 1001 }, () => ({ type: 'bogus' }));
    const issues = validateWire('2025-11-25', 'CallToolResult', { content, isError: 'yes' });
    expect(issues.filter((i) => i.keyword === 'anyOf')).toHaveLength(MAX_WIRE_ISSUES);
    expect(issues).toContainEqual(expect.objectContaining({ pointer: '/isError', keyword: 'type' }));
    expect(issues.at(-1)).toMatchObject({ keyword: 'maxIssues', message: expect.stringMatching(/^1 more/) });
  });

  it('one composite issue per invalid content block of 50,000 (pruned by pointer), capped', () => {
    const content = Array.from({ length: 50_000 }, () => ({ type: 'bogus' }));
    const issues = validateWire('2025-11-25', 'CallToolResult', { content });
    expect(issues).toHaveLength(MAX_WIRE_ISSUES + 1);
    expect(issues[0]).toMatchObject({ pointer: '/content/0', keyword: 'anyOf' });
    expect(issues.slice(0, MAX_WIRE_ISSUES).every((i) => i.keyword === 'anyOf')).toBe(true);
    expect(issues[MAX_WIRE_ISSUES].message).toMatch(/^49000 more/);
  });
});
