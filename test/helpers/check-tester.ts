/**
 * A tiny table-driven tester for checks (ESLint RuleTester style), shared by every check test.
 *
 * - `makeObservation(partial)` builds a full SurfaceObservation from a partial one with defaults;
 * - `makeTool` / `makeCall` build listed tools and call records;
 * - `runCheckOn(check, observation)` runs a check with a real `createSchemaService()`;
 * - `checkTester(check, { valid, invalid })` registers one vitest `it()` per case.
 *
 * As strict as ESLint's RuleTester: a valid case draws no finding at all; an invalid case lists exactly
 * the findings reported (order-insensitive, compared on the fields it gives, `data` included); messageIds
 * must exist in `meta.messages` and each must be expected by some invalid case; case names and
 * contents must be unique. Probe-planning checks are table rows too: `answer(probe)` answers what the
 * check plans (`planOn`, `answered`), and `examples` runs `meta.examples`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCheck, type Check } from '../../harness/checks/define.ts';
import { parseCheckOptions } from '../../harness/checks/options.ts';
import { frameOutcome } from '../../harness/wire/outcome.ts';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import type { SchemaService } from '../../harness/schema/service.ts';
import type { Negotiation, SurfaceObservation, SurfaceOptions } from '../../harness/model/observation.ts';
import { LATEST_LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION, type Era, type JsonRpcError, type JsonRpcResponse, type ListedTool } from '../../harness/model/protocol.ts';
import type { Finding, Severity } from '../../harness/model/report.ts';
import type { CallRecord, Outcome, ProbeRequest, Scenario, WireTap } from '../../harness/model/wire.ts';
import { answerAll } from '../probes/records.ts';

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

/**
 * `meta.examples` text that is a tool (or part of one) as JSON -> an observation listing that tool
 * (named `t` unless the example names it): the `examples` of a table whose check reads tools/list.
 */
export function toolExample(text: string): SurfaceObservation {
  const tool = JSON.parse(text) as Partial<ListedTool>;
  return makeObservation({ tools: [makeTool(tool.name ?? 't', tool)] });
}

/** A listed tool; `inputSchema` defaults to `{ type: 'object' }`. */
export function makeTool(name: string, partial: Partial<ListedTool> = {}): ListedTool {
  return { inputSchema: { type: 'object' }, ...partial, name };
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
      outcome: opts.outcome ?? frameOutcome('tools/call', frame),
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
  return runCheck(check, { observation, schemas: sharedSchemas, options: parsedOptions(check, options) }, check.meta.defaultSeverity);
}

/** `options` parsed by the check's schema. @throws Error naming the bad keys (a wrong test, not a finding). */
function parsedOptions(check: Check, options: Record<string, unknown>): Record<string, unknown> {
  const parsed = parseCheckOptions(check, options);
  if (!parsed.ok) throw new Error(`${check.meta.id}: invalid options ${JSON.stringify(options)}: ${parsed.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  return parsed.options;
}

/** Answers a planned probe: `{ result }`, `{ error }`, or undefined for no answer (a timeout). */
export type ProbeAnswer = (probe: ProbeRequest) => { result?: unknown; error?: unknown } | undefined;

/**
 * The probes `check` plans for `observation` (options parsed as in a run, a real schema service):
 * what a probe-planning test asserts on, instead of building a CheckContext by hand.
 */
export function planOn(check: Check, observation: SurfaceObservation, options: Record<string, unknown> = {}): ProbeRequest[] {
  sharedSchemas ??= createSchemaService();
  return check.plan?.({ observation, schemas: sharedSchemas, options: parsedOptions(check, options) }) ?? [];
}

/**
 * `observation` with the probes `check` plans for it, each answered by `answer` (a table row's live exchange).
 * Fresh-process probes get the runner's second round (harness/run/fresh-probes.ts): the check plans again
 * seeing round 1's records, and that fresh plan decides which fresh records count (a probe planned again keeps
 * its record, a new one is answered now, one not planned again is dropped).
 */
export function answered(check: Check, observation: SurfaceObservation, answer: ProbeAnswer, options: Record<string, unknown> = {}): SurfaceObservation {
  const first = answerAll(planOn(check, observation, options), answer);
  if (!first.some((r) => r.probe.freshProcess)) return { ...observation, probes: first };
  const again = planOn(check, { ...observation, probes: first }, options).filter((p) => p.freshProcess);
  const kept = new Map(first.filter((r) => r.probe.freshProcess).map((r) => [JSON.stringify(r.probe), r]));
  const fresh = again.map((p) => kept.get(JSON.stringify(p)) ?? answerAll([p], answer)[0]);
  return { ...observation, probes: [...first.filter((r) => !r.probe.freshProcess), ...fresh] };
}

/**
 * A case expected to produce no finding at all (RuleTester's valid cases; an info finding counts: a
 * case that draws one is an invalid case that lists it).
 */
export interface ValidCase {
  name: string;
  observation: SurfaceObservation;
  options?: Record<string, unknown>;
  /**
   * For a probe-planning check: the server's answer to each probe the check plans for `observation`
   * (the records go into `observation.probes` before the check judges it).
   */
  answer?: ProbeAnswer;
  /** @deprecated Valid cases are always strict (no finding at all); kept so older tables still compile. */
  strict?: true;
}

/** One expected finding, compared on the fields it names (`data`: the descriptor's data, compared whole). */
export interface FindingExpectation {
  messageId: string;
  tool?: string;
  pointer?: string;
  severity?: Severity;
  message?: string;
  data?: Record<string, string | number>;
  /** The finding's evidence (what `--show-values` shows), compared whole when given. */
  evidence?: unknown;
}

/** A case expected to produce exactly the listed findings (compared on the given fields). */
export interface InvalidCase extends ValidCase {
  findings: FindingExpectation[];
}

/** A check's table. `examples` turns `meta.examples.fail`/`.pass` into observations: fail must be reported, pass must not. */
export interface CheckTable {
  valid: ValidCase[];
  invalid: InvalidCase[];
  examples?: (example: string, which: 'fail' | 'pass') => SurfaceObservation;
  /**
   * `false` for a second table of a check kept in another file (e.g. deep schemas): its primary table,
   * test/checks/<id>.test.ts, asserts that every messageId is expected (test/meta/catalog.test.ts holds
   * that every check has one).
   */
  coverage?: false;
  /**
   * messageIds of this check's catalogue that the runner reports (run/surface.ts `runnerFinding`, e.g. a
   * scenario for a tool the surface does not advertise): no observation makes the check report them, so
   * the coverage test skips them; each names the end-to-end test that covers it.
   */
  reportedByRunner?: Record<string, string>;
}

/** A finding with the descriptor's `data` (not on Finding: the tester reads it to compare `data` expectations). */
type TestedFinding = Finding & { data?: Record<string, string | number> };

/** Run a case: plan and answer its probes when it has `answer`, then judge with the data kept. */
function runCase(check: Check, c: ValidCase): TestedFinding[] {
  const observation = c.answer ? answered(check, c.observation, c.answer, c.options) : c.observation;
  const data: Array<Record<string, string | number> | undefined> = [];
  const spy: Check = { ...check, check: (ctx, report) => check.check(ctx, (d) => (data.push(d.data), report(d))) };
  return runCheckOn(spy, observation, c.options).map((f, i) => (data[i] === undefined ? f : { ...f, data: data[i] }));
}

/** Project a finding onto the fields an expectation names. */
function project(f: TestedFinding, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, (f as unknown as Record<string, unknown>)[k]]));
}

const summarise = (actual: TestedFinding[]) => actual.map((f) => ({ messageId: f.messageId, tool: f.tool, pointer: f.pointer, severity: f.severity, message: f.message, ...(f.data ? { data: f.data } : {}) }));

/** Assert that `actual` matches `expected` exactly, order-insensitive. */
function assertFindings(actual: TestedFinding[], expected: FindingExpectation[]): void {
  const summary = summarise(actual);
  expect(actual.length, `expected ${expected.length} finding(s), got:\n${JSON.stringify(summary, null, 2)}`).toBe(expected.length);
  const remaining = [...actual];
  for (const want of expected) {
    const keys = Object.keys(want);
    const index = remaining.findIndex((f) => stableJson(project(f, keys)) === stableJson(project(want as TestedFinding, keys)));
    expect(index, `no finding matches ${JSON.stringify(want)}; got:\n${JSON.stringify(summary, null, 2)}`).toBeGreaterThanOrEqual(0);
    remaining.splice(index, 1);
  }
}

/** JSON with object keys sorted (case content and `data` compare by value, not key order). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** What makes two cases the same (RuleTester: code, options...): everything but the name and the findings. */
function caseContent(c: ValidCase): string {
  return stableJson({ observation: c.observation, options: c.options ?? {}, answer: c.answer?.toString() });
}

/**
 * Reject duplicate case names, duplicate cases by content (same observation, options and answer),
 * invalid cases without findings, and expected messageIds the check does not declare.
 */
function validateCases(check: Check, cases: CheckTable): void {
  const names = new Set<string>();
  const contents = new Map<string, string>();
  for (const c of [...cases.valid, ...cases.invalid]) {
    if (names.has(c.name)) throw new Error(`checkTester(${check.meta.id}): duplicate case name '${c.name}'`);
    names.add(c.name);
    const content = caseContent(c);
    const twin = contents.get(content);
    if (twin !== undefined) throw new Error(`checkTester(${check.meta.id}): case '${c.name}' duplicates case '${twin}' (same observation, options and answer)`);
    contents.set(content, c.name);
  }
  for (const c of cases.invalid) {
    if (c.findings.length === 0) throw new Error(`checkTester(${check.meta.id}): invalid case '${c.name}' lists no findings`);
    for (const f of c.findings) {
      if (!(f.messageId in check.meta.messages)) throw new Error(`checkTester(${check.meta.id}): case '${c.name}' expects unknown messageId '${f.messageId}'`);
    }
  }
}

/** Per check ID: the messageIds its tables' invalid cases expect, across every checkTester call of a file. */
const exercised = new Map<string, Set<string>>();

/**
 * Register `describe(check.meta.id)` with one `it()` per case, plus (once per check and file) a test
 * that every messageId of `meta.messages` is expected by at least one invalid case, and, with
 * `examples`, one test per `meta.examples` entry (fail is reported, pass is silent).
 * @throws Error (at registration) on duplicate case names or contents, or unknown messageIds.
 */
export function checkTester(check: Check, cases: CheckTable): void {
  validateCases(check, cases);
  const first = !exercised.has(check.meta.id) && cases.coverage !== false;
  const ids = exercised.get(check.meta.id) ?? new Set<string>();
  exercised.set(check.meta.id, ids);
  for (const c of cases.invalid) for (const f of c.findings) ids.add(f.messageId);
  for (const id of Object.keys(cases.reportedByRunner ?? {})) {
    if (!(id in check.meta.messages)) throw new Error(`checkTester(${check.meta.id}): reportedByRunner names unknown messageId '${id}'`);
    ids.add(id);
  }
  describe(check.meta.id, () => {
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        const findings = runCase(check, c);
        expect(findings.map((f) => `${f.severity} ${f.messageId} ${f.tool ?? ''} ${f.pointer ?? ''}: ${f.message}`)).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => assertFindings(runCase(check, c), c.findings));
    }
    if (cases.examples) {
      const toObservation = cases.examples;
      it('meta.examples.fail is reported', () => {
        expect(runCheckOn(check, toObservation(check.meta.examples.fail, 'fail')).length, check.meta.examples.fail).toBeGreaterThan(0);
      });
      it('meta.examples.pass is silent', () => {
        expect(summarise(runCheckOn(check, toObservation(check.meta.examples.pass, 'pass'))), check.meta.examples.pass).toEqual([]);
      });
    }
    if (first) {
      it('every messageId is expected by an invalid case', () => {
        expect(Object.keys(check.meta.messages).filter((id) => !ids.has(id))).toEqual([]);
      });
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
