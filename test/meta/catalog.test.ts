/**
 * The catalog is data the docs, SARIF rules and `mcp-harness checks` are built from: hold every check
 * module to the catalog's rules (ESLint's checkRuleFiles), and keep docs/checks.md generated.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog, renderCatalogMarkdown } from '../../harness/cli/catalog.ts';
import { checkIds, checkLoaders, FRESH_PROCESS_PROBES, freshProcessCount, loadChecks } from '../../harness/checks/index.ts';
import { openingKeys } from '../../harness/run/fresh-probes.ts';
import type { ProbeRequest } from '../../harness/model/wire.ts';
import { makeObservation, makeTool, planOn } from '../helpers/check-tester.ts';

/** The check catalog as first designed (copied here: the project never reads ../shared); docs/checks.md lists it. */
const DESIGN_CATALOG = [
  'tools/set-diff', 'tools/advertised-shape', 'tools/advertised-metadata', 'tools/input-narrowing', 'tools/name', 'tools/listing',
  'tools/annotations', 'tools/description-injection', 'schema/dialect', 'schema/compile', 'schema/portability', 'schema/regex',
  'contract/every-tool-called', 'contract/version-lock', 'contract/watched-paths', 'result/shape',
  'result/structured-content', 'result/text-mirror', 'result/size', 'result/expectation', 'errors/classification',
  'errors/input-enforcement', 'errors/echo', 'protocol/era', 'protocol/discover', 'protocol/version-negotiation',
  'protocol/wire-schema', 'protocol/cancellation', 'transport/stdout', 'transport/timeout', 'transport/exit',
  'transport/shutdown', 'sdk/generation',
  // issue 9 §3: the probes the harness never sent
  'protocol/ping', 'protocol/capability-lists', 'protocol/client-capabilities',
  // issue 13 §3: the Streamable HTTP transport's own rules
  'transport/http-origin', 'transport/http-session', 'transport/http-protocol-version', 'transport/http-status', 'transport/http-sse',
  'transport/http-host', 'transport/http-get',
  // sweep 12: a published server sent roots/list to a client that declared no roots capability
  'protocol/client-capability-use',
];

describe('check catalog', () => {
  it('registers exactly the design catalog', () => {
    expect([...checkIds].sort()).toEqual([...DESIGN_CATALOG].sort());
  });

  it('names each module by its ID (harness/checks/<id>.ts holds meta.id === id)', async () => {
    for (const [id, loader] of Object.entries(checkLoaders)) {
      expect(existsSync(new URL(`../../harness/checks/${id}.ts`, import.meta.url))).toBe(true);
      expect((await loader()).default.meta.id).toBe(id);
    }
  });

  it('gives every check complete metadata', async () => {
    for (const check of await loadChecks()) {
      const { meta } = check;
      expect(checkIds).toContain(meta.id);
      expect(['error', 'warning', 'info']).toContain(meta.defaultSeverity);
      for (const field of [meta.description, meta.rationale, meta.spec, meta.examples.fail, meta.examples.pass]) {
        expect(field.trim().length).toBeGreaterThan(0);
      }
      expect(Object.keys(meta.messages).length).toBeGreaterThan(0);
      for (const text of Object.values(meta.messages)) expect(text.trim().length).toBeGreaterThan(0);
      expect(typeof check.check).toBe('function');
    }
  });

  it('gives every check a table (test/checks/<id>.test.ts calls checkTester, which asserts every messageId is expected by an invalid case)', () => {
    const missing = checkIds.filter((id) => {
      const file = new URL(`../checks/${id}.test.ts`, import.meta.url);
      return !existsSync(file) || !/\bcheckTester\(check\b|\bcheckTester\(\w+, \{\n(?!\s*coverage: false)/.test(readFileSync(file, 'utf8'));
    });
    expect(missing).toEqual([]);
  });

  it('describes every option of a check and keeps its defaultOptions valid (meta.optionsSchema)', async () => {
    for (const { meta } of await loadChecks()) {
      if (meta.optionsSchema === undefined) {
        expect(meta.defaultOptions, meta.id).toBeUndefined();
        continue;
      }
      const shape = (meta.optionsSchema as unknown as { shape?: Record<string, { description?: string }> }).shape ?? {};
      expect(Object.keys(shape).length, meta.id).toBeGreaterThan(0);
      for (const [key, option] of Object.entries(shape)) expect(option.description?.trim(), `${meta.id} option ${key}`).toBeTruthy();
      expect(meta.optionsSchema.safeParse(meta.defaultOptions ?? {}).success, meta.id).toBe(true);
    }
  });

  it('FRESH_PROCESS_PROBES names the fresh-process openings each check plans per era, and freshProcessCount the processes they need, on the negotiation alone and with a listing', async () => {
    const planned: Record<string, Partial<Record<'legacy' | 'modern', number>>> = {};
    const byEra: Record<'legacy' | 'modern', Map<string, ProbeRequest[]>> = { legacy: new Map(), modern: new Map() };
    for (const check of await loadChecks()) {
      for (const era of ['legacy', 'modern'] as const) {
        for (const observation of [{ ...makeObservation({ era }), listing: undefined }, makeObservation({ era, tools: [makeTool('echo')] })]) {
          const fresh = planOn(check, observation).filter((p) => p.freshProcess);
          if (fresh.length === 0) continue;
          planned[check.meta.id] ??= {};
          planned[check.meta.id][era] = fresh.length;
          if (!byEra[era].has(check.meta.id)) byEra[era].set(check.meta.id, fresh);
        }
      }
    }
    const counts = Object.fromEntries(Object.entries(FRESH_PROCESS_PROBES).map(([id, perEra]) => [id, Object.fromEntries(Object.entries(perEra).map(([era, names]) => [era, names?.length]))]));
    expect(counts).toEqual(planned);
    // every subset of the planning checks: as many processes as the runner's distinct openings of their plans
    for (const era of ['legacy', 'modern'] as const) {
      const ids = [...byEra[era].keys()];
      for (let mask = 0; mask < 1 << ids.length; mask++) {
        const on = new Set(ids.filter((_, i) => mask & (1 << i)));
        const probes = ids.filter((id) => on.has(id)).flatMap((id) => byEra[era].get(id) ?? []);
        expect(freshProcessCount(era, (id) => on.has(id)), `${era}: ${[...on].join(', ')}`).toBe(new Set(openingKeys(probes)).size);
      }
    }
    expect(freshProcessCount('legacy')).toBe(1); // protocol/version-negotiation and client-capabilities share one opening
    expect(freshProcessCount('modern')).toBe(0);
  });

  it('rejects an unknown check ID with the known ones', async () => {
    await expect(loadChecks(['tools/nope'])).rejects.toThrow(/unknown check ID 'tools\/nope'; known: tools\/set-diff/);
  });

  it('keeps docs/checks.md in step with the code (npm run docs:checks)', async () => {
    const committed = readFileSync(new URL('../../docs/checks.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderCatalogMarkdown(await loadCatalog()));
  });
});
