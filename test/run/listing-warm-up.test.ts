/**
 * harness/run/listing-warm-up.ts and its wiring: the schemas schema/compile will compile are compiled while the
 * server prepares the next `tools/list` page (observeSurface's `onListedPage`, the session's `listTools` hook),
 * only when schema/compile is enabled, and the verdicts are those of a run without the hook.
 */
import { describe, expect, it } from 'vitest';
import { loadChecks } from '../../harness/checks/index.ts';
import type { JsonSchema, ListedTool } from '../../harness/model/protocol.ts';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import type { SchemaService } from '../../harness/schema/service.ts';
import { enableChecks, judge } from '../../harness/run/judge.ts';
import { listingWarmUp } from '../../harness/run/listing-warm-up.ts';
import { observeSurface } from '../../harness/run/observe.ts';
import { DEFAULT_OPTIONS } from '../helpers/check-tester.ts';
import { fixture, options } from '../session/helpers.ts';

/** A schema service that records what it was asked to compile, and compiles it. */
function recording(): { schemas: SchemaService; compiled: JsonSchema[] } {
  const real = createSchemaService();
  const compiled: JsonSchema[] = [];
  return { compiled, schemas: { ...real, compile: (schema) => (compiled.push(schema), real.compile(schema)) } };
}

describe('listingWarmUp', () => {
  const tools: ListedTool[] = [
    { name: 'a', inputSchema: { type: 'object', properties: { x: { type: 'string' } } }, outputSchema: { type: 'object' } },
    { name: 'b', inputSchema: { type: 'object' } },
  ];

  it('compiles every inputSchema and outputSchema of a page when schema/compile is enabled', async () => {
    const { schemas, compiled } = recording();
    const hook = listingWarmUp(enableChecks(await loadChecks(['schema/compile', 'tools/name']), {}), schemas);
    hook?.(tools);
    expect(compiled).toEqual([tools[0].inputSchema, tools[0].outputSchema, tools[1].inputSchema]);
  });

  it('is absent when schema/compile is off or not selected (the run may never need those compiles)', async () => {
    const { schemas } = recording();
    expect(listingWarmUp(enableChecks(await loadChecks(['schema/compile', 'tools/name']), { 'schema/compile': 'off' }), schemas)).toBeUndefined();
    expect(listingWarmUp(enableChecks(await loadChecks(['tools/name']), {}), schemas)).toBeUndefined();
  });
});

describe('observeSurface: onListedPage', () => {
  const observe = (onListedPage?: (tools: readonly ListedTool[]) => void) =>
    observeSurface({
      surface: 'fixture',
      spec: fixture(['--page-size=2']),
      session: options(),
      base: { options: DEFAULT_OPTIONS },
      planCalls: () => ({ scenarios: [], skipped: [] }),
      planProbes: () => [],
      ...(onListedPage ? { onListedPage } : {}),
    });

  it('gets every page’s tools but the last page’s, in listing order, and the listing is the same', async () => {
    const pages: string[][] = [];
    const hooked = await observe((tools) => pages.push(tools.map((t) => t.name)));
    const plain = await observe();
    const names = (plain.listing?.tools ?? []).map((t) => t.name);
    expect(names.length).toBeGreaterThan(4);
    expect(hooked.listing?.tools.map((t) => t.name)).toEqual(names);
    expect(hooked.listing?.pages).toHaveLength(Math.ceil(names.length / 2));
    expect(pages.flat()).toEqual(names.slice(0, (Math.ceil(names.length / 2) - 1) * 2));
    expect(pages.every((p) => p.length === 2)).toBe(true);
  });

  it('leaves the verdicts as they are: the schema checks judge the warmed listing as a cold one', async () => {
    const checks = enableChecks(await loadChecks(['schema/compile', 'schema/dialect', 'schema/portability']), {});
    const warm = recording();
    const warmed = await observe(listingWarmUp(checks, warm.schemas));
    expect(warm.compiled.length).toBeGreaterThan(0); // compiled during the listing, before any judge
    const cold = await observe();
    const strip = (v: ReturnType<typeof judge>) => v.findings.map((f) => `${f.check} ${f.tool ?? ''} ${f.pointer ?? ''} ${f.message}`);
    expect(strip(judge(checks, warmed, warm.schemas))).toEqual(strip(judge(checks, cold, createSchemaService())));
  });
});
