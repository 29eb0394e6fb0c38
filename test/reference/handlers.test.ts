import { describe, expect, it } from 'vitest';
import { definitionOf } from '../../surfaces/reference/contract/index.ts';
import { handlerOf } from '../../surfaces/reference/handlers/index.ts';
import { loadReferenceScenarios } from './scenarios.ts';

const SENTINEL = 'sentinel-7f3a9c';
const files = [...loadReferenceScenarios().values()];

describe('reference handlers', () => {
  it('return structuredContent valid against the outputSchema, mirrored in a text block', () => {
    for (const file of files) {
      for (const scenario of file.scenarios.filter((s) => s.expect === 'success')) {
        const result = handlerOf(file.tool)(scenario.arguments);
        expect(result.isError, scenario.name).toBeUndefined();
        expect(definitionOf(file.tool).outputSchema.safeParse(result.structuredContent).success, scenario.name).toBe(true);
        expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
      }
    }
  });

  it('are deterministic', () => {
    const args = { variants: [{ branch: 'a', commits: 30, strategy: 'rebase' }, { branch: 'b', commits: 2, strategy: 'merge' }] };
    expect(handlerOf('compare_local')(args)).toEqual(handlerOf('compare_local')(args));
  });

  it('fail business rules with isError and a message that names the field', () => {
    for (const file of files) {
      for (const scenario of file.scenarios.filter((s) => s.expect === 'tool-error')) {
        const result = handlerOf(file.tool)(scenario.arguments);
        expect(result.isError, scenario.name).toBe(true);
        expect(result.structuredContent).toBeUndefined();
        for (const text of scenario.assert?.textIncludes ?? []) expect(result.content[0].text).toContain(text);
      }
    }
  });

  it('never echo caller-supplied strings on a failure path', () => {
    const failures = [
      handlerOf('get_status')({ previewId: SENTINEL }),
      handlerOf('delete_preview')({ previewId: SENTINEL, confirm: true }),
      handlerOf('preview_release')({ version: `1.0.0-${SENTINEL}`, channel: 'stable', rolloutPercent: 1 }),
      handlerOf('compare_local')({ variants: [{ branch: SENTINEL, commits: 1, strategy: 'merge' }, { branch: SENTINEL, commits: 2, strategy: 'merge' }] }),
      handlerOf('score_branch')({ branch: SENTINEL, commits: 0 }),
    ];
    for (const result of failures) {
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result)).not.toContain(SENTINEL);
    }
  });

  it('throw for a tool the package does not define', () => {
    expect(() => handlerOf('no_such_tool')).toThrow(/no handler/);
  });
});
