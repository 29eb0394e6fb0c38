import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionOf, definitions, draft07Tools, toJsonSchema, type ProjectedTool } from '../../surfaces/reference/contract/index.ts';
import { startSurface, listAllTools, type Driver } from './driver.ts';
import { compareNarrowing } from './narrowing.ts';
import { frameOutcome } from '../../harness/wire/outcome.ts';
import { loadReferenceScenarios, resolvePointer } from './scenarios.ts';

const OVERRIDDEN = ['compare_local', 'compare_variants', 'list_targets'];
const contractNames = definitions.map((d) => d.name).sort();
const scenarioFiles = [...loadReferenceScenarios().values()];

interface SurfaceCase {
  surface: string;
  era: 'modern' | 'legacy';
  /** The contract projection the surface's SDK advertises (2020-12 for SDK 2.x, draft-07 for SDK 1.x). */
  projection: (name: string) => ProjectedTool;
  overridden: string[];
}

const surfaces: SurfaceCase[] = [
  { surface: 'modern', era: 'modern', projection: (name) => toJsonSchema(definitionOf(name)), overridden: [] },
  { surface: 'legacy', era: 'legacy', projection: (name) => draft07Tools.find((t) => t.name === name)!, overridden: [] },
  { surface: 'narrowed', era: 'modern', projection: (name) => toJsonSchema(definitionOf(name)), overridden: OVERRIDDEN },
];

describe.each(surfaces)('reference surface $surface', ({ surface, era, projection, overridden }) => {
  let driver: Driver;
  let listed: Record<string, unknown>[];

  beforeAll(async () => {
    driver = await startSurface(surface, era);
    listed = await listAllTools(driver);
  });
  afterAll(async () => {
    expect(await driver.close()).toBe(0);
  });

  it('advertises exactly the contract tool set', () => {
    expect(listed.map((t) => t.name).sort()).toEqual(contractNames);
  });

  it('advertises title, description, annotations and outputSchema exactly as projected', () => {
    for (const tool of listed) {
      const expected = projection(tool.name as string);
      expect({ title: tool.title, description: tool.description, annotations: tool.annotations, outputSchema: tool.outputSchema })
        .toEqual({ title: expected.title, description: expected.description, annotations: expected.annotations, outputSchema: expected.outputSchema });
    }
  });

  it('advertises unmodified inputSchemas deep-equal to the contract projection', () => {
    for (const tool of listed.filter((t) => !overridden.includes(t.name as string))) {
      expect(tool.inputSchema, tool.name as string).toEqual(projection(tool.name as string).inputSchema);
    }
  });

  it.runIf(overridden.length > 0)('advertises overrides that differ only by permitted narrowings', () => {
    for (const name of overridden) {
      const advertised = listed.find((t) => t.name === name)!.inputSchema;
      const diff = compareNarrowing(projection(name).inputSchema, advertised);
      expect(diff.widenings, name).toEqual([]);
      expect(diff.narrowings.length, name).toBeGreaterThan(0);
    }
  });

  it('answers every scenario with its expected outcome', async () => {
    for (const file of scenarioFiles) {
      for (const scenario of file.scenarios) {
        const label = `${file.tool}: ${scenario.name}`;
        const frame = await driver.request('tools/call', { name: file.tool, arguments: scenario.arguments });
        const result = frame.result as { isError?: boolean; structuredContent?: unknown; content: { text: string }[] };
        const outcome = frameOutcome('tools/call', frame);
        expect(outcome, label).toBe(scenario.expect);
        if (outcome === 'success') expect(JSON.parse(result.content[0].text), label).toEqual(result.structuredContent);
        for (const pointer of scenario.assert?.structuredContentHas ?? []) {
          expect(resolvePointer(result.structuredContent, pointer), `${label} ${pointer}`).toBeDefined();
        }
        for (const text of scenario.assert?.textIncludes ?? []) expect(result.content[0].text, label).toContain(text);
      }
    }
  });

  it('keeps stdout to JSON-RPC responses only', () => {
    expect(driver.strayLines).toEqual([]);
  });
});

describe('narrowed surface with --widen', () => {
  it('advertises a compare_variants inputSchema that loosens the contract', async () => {
    const driver = await startSurface('narrowed', 'modern', ['--widen']);
    try {
      const listed = await listAllTools(driver);
      const advertised = listed.find((t) => t.name === 'compare_variants')!.inputSchema;
      const diff = compareNarrowing(toJsonSchema(definitionOf('compare_variants')).inputSchema, advertised);
      expect(diff.widenings).toEqual(['/properties/variants/items/properties/version/maxLength']);
    } finally {
      await driver.close();
    }
  });
});
