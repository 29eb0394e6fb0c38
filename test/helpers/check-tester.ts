/**
 * A tiny table-driven tester for checks (ESLint RuleTester style), shared by every check test.
 *
 * - `makeObservation(partial)` builds a full SurfaceObservation from a partial one with defaults;
 * - `makeTool` / `makeCall` build listed tools and call records;
 * - `runCheckOn(check, observation)` runs a check with a real `createSchemaService()`;
 * - `checkTester(check, { valid, invalid })` registers one vitest `it()` per case.
 *
 * Strict by construction: an invalid case must list exactly the findings reported (order-insensitive,
 * compared on the fields the case gives), messageIds must exist in `meta.messages`, and case names
 * must be unique.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCheck, type Check } from '../../harness/checks/define.ts';
import { parseCheckOptions } from '../../harness/checks/options.ts';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import type { SchemaService } from '../../harness/schema/service.ts';
import type { Negotiation, SurfaceObservation, SurfaceOptions } from '../../harness/model/observation.ts';
import { LATEST_LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION, type Era, type JsonRpcError, type JsonRpcResponse, type ListedTool } from '../../harness/model/protocol.ts';
import type { Finding, Severity } from '../../harness/model/report.ts';
import type { CallRecord, Outcome, Scenario, WireTap } from '../../harness/model/wire.ts';

/** The default SurfaceOptions (mirrors the config defaults). */
export const DEFAULT_OPTIONS: SurfaceOptions = {
  allowDestructive: false,
  echo: 'warn',
  maxResultBytes: 100_000,
  maxResultTokens: 25_000,
  maxToolNameLength: 64,
  watchedPaths: [],
  overrides: 'narrow',
};

/** An empty wire tap. */
export function emptyWire(): WireTap {
  return { stdout: [], stdoutNonJsonRpc: 0, stdinLines: 0, stderrTail: '', stderrBytes: 0, unmatchedFrames: 0, serverRequests: [] };
}

/** Input to `makeObservation`: any observation field, plus shortcuts `tools`, `protocolVersion`, `era`. */
export type ObservationInput = Omit<Partial<SurfaceObservation>, 'options' | 'negotiation'> & {
  /** Merged over DEFAULT_OPTIONS. */
  options?: Partial<SurfaceOptions>;
  /** Merged over the default legacy negotiation. */
  negotiation?: Partial<Negotiation>;
  tools?: ListedTool[];
  protocolVersion?: string;
  era?: Era;
};

/**
 * Build a SurfaceObservation with defaults: surface `test`, legacy era on 2025-11-25 (modern era
 * defaults to 2026-07-28), empty calls/probes/wire/exits/skippedTools, default SurfaceOptions
 * (`options` given are merged over them), `tools` fills `listing.tools` (one page-less listing).
 */
export function makeObservation(partial: ObservationInput = {}): SurfaceObservation {
  const { tools, protocolVersion, era, options, negotiation, listing, ...rest } = partial;
  const resolvedEra: Era = era ?? negotiation?.era ?? (protocolVersion === MODERN_PROTOCOL_VERSION ? 'modern' : 'legacy');
  const version = protocolVersion ?? negotiation?.protocolVersion ?? (resolvedEra === 'modern' ? MODERN_PROTOCOL_VERSION : LATEST_LEGACY_PROTOCOL_VERSION);
  return {
    surface: 'test',
    transport: 'stdio',
    calls: [],
    probes: [],
    wire: emptyWire(),
    exits: [],
    skippedTools: [],
    durationMs: 0,
    ...rest,
    options: { ...DEFAULT_OPTIONS, ...(options ?? {}) },
    negotiation: {
      probe: { outcome: resolvedEra === 'modern' ? 'discover-result' : 'modern-error', durationMs: 0, restarted: false },
      offeredVersion: version,
      serverInfo: { name: 'test-server', version: '1.0.0' },
      capabilities: { tools: {} },
      ...(negotiation ?? {}),
      era: resolvedEra,
      protocolVersion: version,
    },
    listing: listing ?? { pages: [], tools: tools ?? [], truncated: false },
  };
}

/** A listed tool; `inputSchema` defaults to `{ type: 'object' }`. */
export function makeTool(name: string, partial: Partial<ListedTool> = {}): ListedTool {
  return { inputSchema: { type: 'object' }, ...partial, name };
}

/** Outcome of a response frame: error -> protocol-error, `isError: true` -> tool-error, else success. */
function outcomeOf(response: JsonRpcResponse): Outcome {
  if (response.error !== undefined) return 'protocol-error';
  const result = response.result as { isError?: unknown } | undefined;
  return result !== null && typeof result === 'object' && result.isError === true ? 'tool-error' : 'success';
}

let nextId = 1;

/**
 * A `tools/call` record for `tool`. `response` may be a full frame or just `{ result }`/`{ error }`
 * (jsonrpc and id are added). The outcome is derived from the response unless given.
 */
export function makeCall(
  tool: string,
  response: JsonRpcResponse | { result?: unknown; error?: JsonRpcError },
  opts: { scenario?: Partial<Scenario>; outcome?: Outcome; durationMs?: number; params?: unknown } = {},
): CallRecord {
  const id = nextId++;
  const frame: JsonRpcResponse = { jsonrpc: '2.0', id, ...response };
  const scenario: Scenario = { name: `${tool}-call`, tool, arguments: {}, expect: 'success', origin: 'generated', ...(opts.scenario ?? {}) };
  return {
    scenario,
    request: {
      id,
      method: 'tools/call',
      params: opts.params ?? { name: tool, arguments: scenario.arguments },
      response: frame,
      outcome: opts.outcome ?? outcomeOf(frame),
      durationMs: opts.durationMs ?? 1,
      responseBytes: Buffer.byteLength(JSON.stringify(frame)),
    },
  };
}

let sharedSchemas: SchemaService | undefined;

/**
 * Run `check` over `observation` with a real schema service; severity = `meta.defaultSeverity`.
 * `options` go through `meta.defaultOptions` and `meta.optionsSchema` as in a run (RuleTester validates
 * a case's options against the rule's schema).
 * @throws Error when the options do not satisfy the check's schema.
 */
export function runCheckOn(check: Check, observation: SurfaceObservation, options: Record<string, unknown> = {}): Finding[] {
  sharedSchemas ??= createSchemaService();
  const parsed = parseCheckOptions(check, options);
  if (!parsed.ok) throw new Error(`${check.meta.id}: invalid options ${JSON.stringify(options)}: ${parsed.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  return runCheck(check, { observation, schemas: sharedSchemas, options: parsed.options }, check.meta.defaultSeverity);
}

/** A case expected to produce no finding at warning or above (info allowed unless `strict`). */
export interface ValidCase {
  name: string;
  observation: SurfaceObservation;
  options?: Record<string, unknown>;
  /** When true, not even an info finding is allowed. */
  strict?: boolean;
}

/** A case expected to produce exactly the listed findings (compared on the given fields). */
export interface InvalidCase extends ValidCase {
  findings: Array<{ messageId: string; tool?: string; pointer?: string; severity?: Severity; message?: string }>;
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** Project a finding onto the fields an expectation names. */
function project(f: Finding, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, (f as unknown as Record<string, unknown>)[k]]));
}

/** Assert that `actual` matches `expected` exactly, order-insensitive. */
function assertFindings(actual: Finding[], expected: InvalidCase['findings']): void {
  const summary = actual.map((f) => ({ messageId: f.messageId, tool: f.tool, pointer: f.pointer, severity: f.severity, message: f.message }));
  expect(actual.length, `expected ${expected.length} finding(s), got:\n${JSON.stringify(summary, null, 2)}`).toBe(expected.length);
  const remaining = [...actual];
  for (const want of expected) {
    const keys = Object.keys(want);
    const index = remaining.findIndex((f) => JSON.stringify(project(f, keys)) === JSON.stringify(project(want as unknown as Finding, keys)));
    expect(index, `no finding matches ${JSON.stringify(want)}; got:\n${JSON.stringify(summary, null, 2)}`).toBeGreaterThanOrEqual(0);
    remaining.splice(index, 1);
  }
}

/** Reject duplicate case names and expected messageIds the check does not declare. */
function validateCases(check: Check, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const names = new Set<string>();
  for (const c of [...cases.valid, ...cases.invalid]) {
    if (names.has(c.name)) throw new Error(`checkTester(${check.meta.id}): duplicate case name '${c.name}'`);
    names.add(c.name);
  }
  for (const c of cases.invalid) {
    if (c.findings.length === 0) throw new Error(`checkTester(${check.meta.id}): invalid case '${c.name}' lists no findings`);
    for (const f of c.findings) {
      if (!(f.messageId in check.meta.messages)) throw new Error(`checkTester(${check.meta.id}): case '${c.name}' expects unknown messageId '${f.messageId}'`);
    }
  }
}

/**
 * Register `describe(check.meta.id)` with one `it()` per case.
 * @throws Error (at registration) on duplicate case names or unknown messageIds.
 */
export function checkTester(check: Check, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  validateCases(check, cases);
  describe(check.meta.id, () => {
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        const findings = runCheckOn(check, c.observation, c.options);
        const floor = c.strict ? 0 : RANK.warning;
        const offending = findings.filter((f) => RANK[f.severity] >= floor);
        expect(offending.map((f) => `${f.severity} ${f.messageId} ${f.tool ?? ''} ${f.pointer ?? ''}: ${f.message}`)).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => assertFindings(runCheckOn(check, c.observation, c.options), c.findings));
    }
  });
}

/** A real-world case from test/fixtures/cases (see its README): the fields the tests read. */
export interface FixtureCase {
  source: string;
  tool: ListedTool;
  result?: unknown;
  exchange?: Record<string, unknown>;
  expected_finding: { check: string | null; severity: string; also?: Array<{ check: string; severity: string }> };
}

/** Load a case by its number prefix (e.g. `'08'`). @throws Error when no or several files match. */
export function loadCase(prefix: string): FixtureCase {
  const dir = fileURLToPath(new URL('../fixtures/cases/', import.meta.url));
  const files = readdirSync(dir).filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.json'));
  if (files.length !== 1) throw new Error(`loadCase: expected one case file for '${prefix}', found ${files.length}`);
  return JSON.parse(readFileSync(join(dir, files[0]), 'utf8')) as FixtureCase;
}
