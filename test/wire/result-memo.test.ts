/**
 * The per-pass result memo of harness/wire/frames.ts (ResultIssueMemo, used by protocol/wire-schema):
 * with a memo, the first sight of a result (miss) and every later sight of an equal one (hit) give
 * exactly the issues validation without a memo gives (pointers, keywords, messages, order), on every
 * bundled revision; key order, distinct definitions and revisions are kept apart, and a result whose
 * text holds `null` (JSON null, or a number that overflowed to Infinity) is never answered from it. Results of
 * the one-text-block shape are keyed by their block's type and text: near shapes (another member order, a third
 * member, two blocks, a non-string type) and the same text under another type are kept apart.
 */
import { describe, expect, it } from 'vitest';
import { createResultIssueMemo, frameIssues, resultIssues } from '../../harness/wire/frames.ts';
import { WIRE_REVISIONS } from '../../harness/wire/revision.ts';

const RESULTS: unknown[] = [
  { content: [{ type: 'text', text: 'ok' }] },
  { content: [{ type: 'text', text: 'boom' }], isError: true },
  { content: [{ type: 'image', text: 'boom' }], isError: true }, // the same text under another type: invalid
  { content: [{ text: 'boom', type: 'text' }], isError: true }, // block members in another order
  { content: [{ type: 'text', text: 'boom', annotations: { priority: 2 } }], isError: true }, // a third block member
  { content: [{ type: 'text', text: 'boom' }, { type: 'text', text: 'boom' }], isError: true },
  { content: [{ type: 7, text: 'boom' }], isError: true },
  { content: [{ type: 'text', text: 'boom' }], isError: true, structuredContent: 'x' }, // a third result member: invalid
  { isError: true, content: [{ type: 'text', text: 'boom' }] }, // same members, another order
  { content: [{ type: 'text', text: 1 }], isError: 'yes' },
  { content: [{ type: 'image', data: 'aGk=' }], structuredContent: { n: 1 } },
  { content: 'not an array', structuredContent: [1, 2] },
  { content: [{ type: 'text', text: 'ok' }], resultType: 'complete' },
  { content: [{ type: 'text', text: 'ok' }], resultType: 'complete', isError: true },
  { content: [{ type: 'text', text: 7 }], isError: true, structuredContent: 'x' },
  { content: 'x', isError: true },
  { resultType: 'input_required', inputRequests: {} },
  { content: [{ type: 'text', text: 'ok' }], structuredContent: { n: null } },
  { content: [{ type: 'text', text: 'ok' }], isError: Number.POSITIVE_INFINITY }, // JSON.parse('1e400'): prints as null
  { content: [{ type: 'text', text: 'ok' }], isError: null },
  { tools: [{ name: 't', inputSchema: { type: 'object' } }] },
  {},
  [],
  'text',
  7,
  null,
];
const METHODS = ['tools/call', 'tools/list', 'initialize', 'server/discover', 'ping'];

describe('wire result memo', () => {
  for (const revision of WIRE_REVISIONS) {
    it(`gives the unmemoised issues on a miss and on every hit (${revision})`, () => {
      const memo = createResultIssueMemo();
      let failing = 0;
      for (const round of [0, 1, 2]) {
        for (const method of METHODS) {
          for (const result of RESULTS) {
            const expected = resultIssues(revision, method, result);
            if (round === 0 && expected.length > 0) failing++;
            // a fresh copy each round: the memo is keyed by content, not by object
            expect(resultIssues(revision, method, structuredClone(result), memo)).toEqual(expected);
            const frame = { jsonrpc: '2.0', id: round, result };
            expect(frameIssues(revision, frame, method, memo)).toEqual(frameIssues(revision, frame, method));
          }
        }
      }
      expect(failing).toBeGreaterThan(5); // both arms: invalid results are in the corpus
      expect(memo.byText.size).toBeGreaterThan(0);
      expect(memo.byTextBlock.size).toBeGreaterThan(0);
      // one-text-block results are kept by type and text: the valid and the invalid type of the same text
      const blockTypes = [...(memo.byTextBlock.get(revision)?.values() ?? [])].flatMap((byType) => [...byType.keys()]);
      expect(blockTypes).toEqual(expect.arrayContaining(['text', 'image']));
      // only tool errors were stored, and nothing with null in its text
      const texts = [...memo.byText.values()].flatMap((byDefinition) => [...byDefinition.values()].flatMap((byText) => [...byText.keys()]));
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) {
        expect(text.includes('null')).toBe(false);
        expect((JSON.parse(text) as { isError?: unknown }).isError).toBe(true);
      }
    });
  }

  it('keeps definitions and revisions apart for the same text', () => {
    const memo = createResultIssueMemo();
    const result = { content: [{ type: 'text', text: 'ok' }], isError: true };
    const asCall = resultIssues('2025-11-25', 'tools/call', result, memo);
    const asList = resultIssues('2025-11-25', 'tools/list', result, memo);
    const modern = resultIssues('2026-07-28', 'tools/call', result, memo);
    expect(asCall).toEqual([]);
    expect(asList).toEqual(resultIssues('2025-11-25', 'tools/list', result));
    expect(asList.length).toBeGreaterThan(0);
    expect(modern).toEqual(resultIssues('2026-07-28', 'tools/call', result));
    expect(modern.length).toBeGreaterThan(0); // resultType is required on 2026-07-28
    expect(memo.byTextBlock.size).toBe(2);
    expect(memo.byTextBlock.get('2025-11-25')?.size).toBe(2);
    expect(memo.byText.size).toBe(0);
  });
});
