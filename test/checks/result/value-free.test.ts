/**
 * Findings of the result checks are value-free: no argument or result value reaches a message,
 * whatever fault the result has. Values may only appear as evidence.
 */
import { describe, expect, it } from 'vitest';
import shape from '../../../harness/checks/result/shape.ts';
import structuredContent from '../../../harness/checks/result/structured-content.ts';
import textMirror from '../../../harness/checks/result/text-mirror.ts';
import expectation from '../../../harness/checks/result/expectation.ts';
import { makeCall, makeObservation, makeTool, runCheckOn } from '../../helpers/check-tester.ts';

const SECRET = 'SENTINEL-7f3a';
const tool = makeTool('t', { outputSchema: { type: 'object', properties: { n: { type: 'number' }, e: { enum: ['a'] } }, required: ['n', 'k'] } });
const results = [
  { content: [{ type: 'text', text: JSON.stringify({ n: SECRET }) }, { type: 'image', data: SECRET, mimeType: SECRET }], structuredContent: { n: SECRET, e: SECRET } },
  { content: [{ type: 'text', text: `Output validation error: ${SECRET}` }], isError: true },
  { content: [{ type: SECRET }], structuredContent: [SECRET] },
  { content: [{ type: 'text', text: SECRET }], isError: true },
];
const scenario = { name: 's', origin: 'file' as const, arguments: { q: SECRET }, assert: { structuredContentHas: ['/missing'], textIncludes: [SECRET] } };

describe('result checks are value-free', () => {
  for (const check of [shape, structuredContent, textMirror, expectation]) {
    it(`${check.meta.id} never prints a value`, () => {
      const calls = results.map((result) => makeCall('t', { result }, { scenario }));
      const findings = runCheckOn(check, makeObservation({ tools: [tool], calls }));
      expect(findings.length).toBeGreaterThan(0);
      for (const finding of findings) {
        expect(finding.message).not.toContain(SECRET);
        expect(finding.pointer ?? '').not.toContain(SECRET);
        expect(finding.message).not.toMatch(/\{\{/);
      }
    });
  }
});
