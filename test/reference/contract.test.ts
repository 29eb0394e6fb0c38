import { describe, expect, it } from 'vitest';
import { loadContractModule } from '../../harness/contract/index.ts';
import { definitionOf, definitions, draft07Tools, toJsonSchema } from '../../surfaces/reference/contract/index.ts';
import { inputOverrides } from '../../surfaces/reference/narrowed/overrides.ts';
import { loadReferenceScenarios } from './scenarios.ts';

const CONTRACT = 'surfaces/reference/contract/index.ts';

describe('reference contract package', () => {
  it('defines at least six tools, one of them destructive', () => {
    expect(definitions.length).toBeGreaterThanOrEqual(6);
    expect(definitions.filter((d) => d.annotations.destructiveHint === true).map((d) => d.name)).toEqual(['delete_preview']);
  });

  it('projects every definition to JSON Schema with all fields', () => {
    const projected = toJsonSchema(definitionOf('compare_variants'));
    expect(Object.keys(projected)).toEqual(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations']);
    expect(projected.inputSchema).toMatchObject({
      type: 'object',
      properties: { variants: { type: 'array', items: { type: 'object', required: ['version', 'channel', 'rolloutPercent'] } } },
    });
    expect(toJsonSchema(definitionOf('list_targets'), 'draft-7').inputSchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('loads through the harness contract loader exactly as projected (export tools and draft07Tools)', async () => {
    const modern = await loadContractModule(CONTRACT);
    expect(modern.tools).toEqual(definitions.map((d) => toJsonSchema(d)));
    const legacy = await loadContractModule(CONTRACT, 'draft07Tools');
    expect(legacy.tools).toEqual(draft07Tools);
  });
});

describe('reference scenarios', () => {
  const files = [...loadReferenceScenarios().values()];
  const overrides = inputOverrides();

  it('cover every tool with at least one success scenario', () => {
    for (const def of definitions) {
      const scenarios = files.filter((f) => f.tool === def.name).flatMap((f) => f.scenarios);
      expect(scenarios.some((s) => s.expect === 'success'), def.name).toBe(true);
    }
    expect(files.every((f) => definitions.some((d) => d.name === f.tool))).toBe(true);
  });

  it('use arguments valid for the contract and for every narrowed override', () => {
    for (const file of files) {
      for (const scenario of file.scenarios) {
        const label = `${file.tool}: ${scenario.name}`;
        expect(definitionOf(file.tool).inputSchema.safeParse(scenario.arguments).success, label).toBe(true);
        const override = overrides[file.tool];
        if (override) expect(override.safeParse(scenario.arguments).success, label).toBe(true);
      }
    }
  });

  it('catch a scenario argument outside a narrowed override', () => {
    const tooLong = { variants: [{ version: '1.0.0-alpha.12345678', channel: 'beta', rolloutPercent: 1 }] };
    expect(definitionOf('compare_variants').inputSchema.safeParse(tooLong).success).toBe(true);
    expect(overrides.compare_variants.safeParse(tooLong).success).toBe(false);
    expect(inputOverrides(true).compare_variants.safeParse(tooLong).success).toBe(true);
  });
});
