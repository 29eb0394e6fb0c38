/**
 * Validate one surface: prepare it (temp dir, copies, env allow-list, contract, manifest), observe it
 * live, judge the observation, and summarise it for the report. One surface's failure never stops
 * the run: everything becomes data (a boot error, a contract error, findings).
 */
import type { ResolvedSurface } from '../config/types.ts';
import { toSurfaceOptions } from '../config/options.ts';
import type { SchemaService } from '../schema/service.ts';
import { commandNotStarted, declaresTools, type SurfaceObservation } from '../model/observation.ts';
import type { Finding, Report, ReportSurface } from '../model/report.ts';
import type { ProbeRequest, Scenario } from '../model/wire.ts';
import { toolLabel } from '../model/protocol.ts';
import { citation, formatMessage } from '../checks/define.ts';
import { harnessFinding } from '../checks/internal.ts';
import { locateFindings } from './locate.ts';
import { maskFinding, maskReportSurface } from './output-mask.ts';
import { givenMasked, maskedContract } from './contract-mask.ts';
import { givenValuesMask, withMaskedStrings } from './given-mask.ts';
import { displayMask } from '../session/transports.ts';
import type { EnvMask } from '../session/env-mask.ts';
import { judge, planEarlyProbes, planProbes, prepareChecks, type EnabledCheck } from './judge.ts';
import { observeSurface } from './observe.ts';
import type { EarlySession } from './early-session.ts';
import { withPreparedSurface, type PreparedSurface } from './prepare.ts';
import { makeCallPlanner, type CallFilter } from './plan.ts';
import { readSurfaceInputs, type SurfaceInputs } from './surface-inputs.ts';


/** What one surface contributes to the run. */
export interface SurfaceResult {
  observation: SurfaceObservation;
  reportSurface: ReportSurface;
  findings: Finding[];
  skipped: Report['skipped'];
  /** True when a check crashed (exit code 2). */
  crashed: boolean;
}

/** Run-wide inputs shared by every surface. */
export interface SurfaceRunContext {
  checks: EnabledCheck[];
  schemas: SchemaService;
  filter: CallFilter;
  signal?: AbortSignal;
}

/** What the runner started for one prepared surface before validating it (harness/run/index.ts). */
export interface SurfaceStart {
  /**
   * Its stdio session, opened ahead of the checks (./early-session.ts), taken by the observation. The surface's
   * budget (`timeouts.surfaceMs`) still counts from the observation's start, as without it: never the harness's
   * own loading, which depends on how busy the machine is.
   */
  early: EarlySession;
  /** What the surface is judged against, read before `early` started its server (./surface-inputs.ts). */
  inputs: SurfaceInputs;
}

/**
 * Validate one configured surface end to end. Never rejects for server or contract faults.
 * Temporary directories it created are removed before it returns.
 */
export async function validateSurface(configured: ResolvedSurface, ctx: SurfaceRunContext): Promise<SurfaceResult> {
  return withPreparedSurface(configured, (prepared) => validatePreparedSurface(prepared, ctx));
}

/**
 * Validate one prepared surface (./prepare.ts) end to end, as `validateSurface`; the caller removes its
 * temporary directories. `start`, when given, holds the session already opening (taken by the observation).
 */
export async function validatePreparedSurface({ surface, spec, session }: PreparedSurface, ctx: SurfaceRunContext, start?: SurfaceStart): Promise<SurfaceResult> {
  // read before any server of the surface starts: the runner's early start read them first (./surface-inputs.ts)
  const inputs = start?.inputs ?? (await readSurfaceInputs(surface));
  const { manifest, contractError, watched } = inputs;
  const mask = displayMask(spec); // what the session masks in every server line (`line`), and the final pass over what reports show (output-mask.ts, `display`: given credentials included)
  const contract = inputs.contract && maskedContract(inputs.contract, mask); // read as the server's listing is (./contract-mask.ts)
  const options = toSurfaceOptions(surface, manifest?.json, inputs.versionConstants);
  const planner = makeCallPlanner(surface, inputs.scenarios, ctx.filter, ctx.schemas);
  let unknown: Scenario[] = [];
  const { signal, done } = surfaceSignal(surface, ctx.signal);
  const observation = await observeSurface({
    surface: surface.name,
    spec,
    session,
    base: { options, contract, contractError, manifest, watchedPathMatches: watched },
    planCalls: (obs) => {
      const plan = planner(obs);
      unknown = plan.unknown;
      obs.outOfScopeTools = plan.outOfScope;
      return plan;
    },
    planProbes: (obs, only) => inToolScope(planProbes(only ? ctx.checks.filter((c) => only.has(c.check.meta.id)) : ctx.checks, obs, ctx.schemas), obs, ctx.filter.tools),
    planEarlyProbes: (obs) => inToolScope(planEarlyProbes(ctx.checks, obs, ctx.schemas), obs, ctx.filter.tools),
    whileClosing: (obs) => prepareChecks(ctx.checks, obs, ctx.schemas),
    signal,
    ...(start ? { early: start.early } : {}),
  }).finally(done);
  if (ctx.signal?.aborted) return shown(interrupted(observation), mask);
  // the contract checks compare both sides with the values the surface was given masked, as its lock records them (./given-mask.ts)
  if (contract && observation.listing) {
    const given = givenValuesMask(surface);
    const tools = withMaskedStrings(observation.listing.tools, given);
    const compared = givenMasked(contract, given);
    if (tools !== observation.listing.tools || compared !== contract) observation.contractComparison = { contract: compared, tools };
  }
  const verdict = judge(ctx.checks, observation, ctx.schemas);
  const wanted = ctx.filter.tools;
  if (wanted) verdict.findings = verdict.findings.filter((f) => f.tool === undefined || wanted.includes(f.tool)); // --tool narrows the whole report
  if (contractError) verdict.findings.push(contractFinding(surface.name, contractError));
  const runnerFinding = runnerFindings(ctx.checks, surface.name, observation.negotiation?.protocolVersion);
  if (signal.aborted) verdict.findings.push(...runnerFinding('transport/timeout', 'surfaceBudget', { timeoutMs: surface.timeouts.surfaceMs }));
  const retention = retentionFinding(observation);
  if (retention) verdict.findings.push(retention);
  for (const s of unknown) {
    const data = { scenario: s.name, file: s.file ?? 'scenario file', tool: s.tool };
    const found = runnerFinding('result/expectation', 'scenarioForUnknownTool', data, s.tool);
    verdict.findings.push(...(s.file === undefined ? found : found.map((f) => ({ ...f, location: { file: s.file as string } }))));
  }
  verdict.findings = await locateFindings(verdict.findings, surface);
  // a surface that tested nothing never passes: when no error already fails it, the harness says so (exit 2); a
  // server that declares no tools capability lists none by design (tools/listing's info says so), as one that lists
  // [], unless the surface expects tools: scenarios or a contract configured for it (a reviewer: its scenarios never ran)
  const expectsTools = surface.scenarios.length > 0 || surface.contract !== undefined;
  const byDesign = observation.bootError?.phase === 'list' && observation.negotiation !== undefined && !declaresTools(observation) && !expectsTools;
  const untested = observation.bootError !== undefined && !byDesign && !verdict.findings.some((f) => f.severity === 'error');
  if (untested) verdict.findings.push(harnessFinding('harness/untested', 'untested', surface.name, { phase: UNTESTED_PHASE[observation.bootError?.phase ?? 'spawn'] }));
  // a contract that cannot be loaded is a configuration fault, and a surface validated only in part (the retention
  // budget passed) was not tested whole: in both the harness could not do its job (exit 2), as with harness/untested
  return shown({ observation, reportSurface: summarise(observation), ...verdict, crashed: verdict.crashed || contractError !== undefined || untested || retention !== undefined }, mask);
}

/**
 * The probes `--tool` allows (`wanted`: the tool names selected; undefined = every tool): a probe of an advertised
 * tool outside the selection is dropped, whichever check planned it (`ProbeRequest.tool`, else a `tools/call`'s
 * `params.name`). `--tool` means "call only these tools": errors/classification's invalid-arguments probe still
 * called every other read-only tool, and with `--allow-destructive` every tool (a published server's delete and
 * create tools, sweep 10), while the report dropped their findings and counted no call. Probes naming no advertised
 * tool (the unknown-tool probe, protocol probes) stay. Pure.
 */
export function inToolScope(probes: ProbeRequest[], obs: SurfaceObservation, wanted: readonly string[] | undefined): ProbeRequest[] {
  if (!wanted) return probes;
  const listed = new Set((obs.listing?.tools ?? []).map((t) => t.name));
  const selected = new Set(wanted);
  return probes.filter((p) => {
    const name = p.tool ?? (p.method === 'tools/call' && typeof p.params?.name === 'string' ? p.params.name : undefined);
    return name === undefined || !listed.has(name) || selected.has(name);
  });
}

/** `result` as reports show it: its findings and its surface entry through the env mask's final pass (output-mask.ts). */
function shown(result: SurfaceResult, mask: EnvMask): SurfaceResult {
  return { ...result, reportSurface: maskReportSurface(result.reportSurface, mask), findings: result.findings.map((f) => maskFinding(f, mask)) };
}

/**
 * An abort signal that fires on the run's signal or when the surface's budget (`surfaceMs`, ms) runs out, and
 * `done`, which stops the budget's timer and the listener on `run` (call it when the observation ended). The timer
 * is a plain one held here: `AbortSignal.any([run, AbortSignal.timeout(ms)])` lets Node 20's garbage collector take
 * the timeout signal, and the budget then never fired (a reviewer's run went 35.7 s under a 10 s budget).
 */
export function surfaceSignal(surface: { timeouts: { surfaceMs: number } }, run?: AbortSignal): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('the surface budget ran out', 'TimeoutError')), surface.timeouts.surfaceMs);
  const onRun = () => controller.abort(run?.reason);
  if (run?.aborted) controller.abort(run.reason);
  else run?.addEventListener('abort', onRun, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      run?.removeEventListener('abort', onRun);
    },
  };
}

/** Where a surface that tested nothing failed, in words (harness/untested's message). */
const UNTESTED_PHASE: Readonly<Record<NonNullable<SurfaceObservation['bootError']>['phase'], string>> = {
  spawn: 'to start its server',
  negotiate: 'in the handshake',
  list: 'to list its tools',
};

/**
 * Findings the runner reports on behalf of a check (the surface budget, a stale scenario), formatted
 * from that check's message catalogue with its resolved severity; none when the check is off. `negotiated`: the
 * session's protocol revision, for the spec links (checks/cite.ts).
 */
function runnerFindings(checks: EnabledCheck[], surface: string, negotiated?: string) {
  return (id: string, messageId: string, data: Record<string, string | number>, tool?: string): Finding[] => {
    const enabled = checks.find((c) => c.check.meta.id === id);
    if (!enabled) return [];
    const message = formatMessage(enabled.check.meta, messageId, data);
    return [{ check: id, severity: enabled.severity, surface, ...(tool !== undefined ? { tool } : {}), message, messageId, ...citation(enabled.check.meta.spec, negotiated) }];
  };
}

/**
 * The surface's retention budget passed (WireTap.retention): one harness/retention-budget error naming the budget
 * (bytes) and where it came from (`passed`: limits.maxRetainedBytes; `passedDefault`: derived from the heap limit it
 * names, harness/retention-budget.ts); the kept bytes, when it passed (ms) and how many requests were not sent (`unsent: 'budget'`) are
 * evidence, since where the budget passes among pipelined answers is timing. Undefined within the budget.
 */
export function retentionFinding(observation: SurfaceObservation): Finding | undefined {
  const retention = observation.wire.retention;
  if (retention === undefined) return undefined;
  const requests = [...observation.calls.map((c) => c.request), ...new Set(observation.probes.map((p) => p.request))];
  const unsent = requests.filter((r) => r.unsent === 'budget').length;
  const budget = String(retention.budgetBytes);
  const finding = retention.heapLimitBytes === undefined
    ? harnessFinding('harness/retention-budget', 'passed', observation.surface, { budget })
    : harnessFinding('harness/retention-budget', 'passedDefault', observation.surface, { budget, heapLimit: String(retention.heapLimitBytes) });
  return { ...finding, evidence: { keptBytes: retention.keptBytes, atMs: retention.atMs, unsentRequests: unsent } };
}

/** A contract that cannot be loaded is a configuration fault of this surface: an error finding. */
function contractFinding(surface: string, message: string): Finding {
  return harnessFinding('harness/contract', 'notLoaded', surface, { reason: message });
}

/**
 * A surface the run was stopped in the middle of: its observation is partial (calls not made, servers
 * killed by the harness), so judging it would blame the server for the interrupt. Not judged; one
 * info finding says so, and the report is marked interrupted.
 */
function interrupted(observation: SurfaceObservation): SurfaceResult {
  const finding = harnessFinding('harness/interrupted', 'interrupted', observation.surface, {});
  return { observation, reportSurface: { ...summarise(observation), status: 'interrupted' }, findings: [finding], skipped: [], crashed: false };
}

/**
 * The surface's entry in the report: identity, era, per-tool calls with outcomes and timings. A listed tool
 * whose `name` is not a string (tools/advertised-shape reports it) gets a row named by its JSON text
 * (`toolLabel`), kept apart from a string-named tool of the same text; no call is ever made to it.
 */
export function summarise(obs: SurfaceObservation): ReportSurface {
  const tools = new Map<string, ReportSurface['tools'][number]>();
  const unnamed: ReportSurface['tools'] = [];
  for (const tool of obs.listing?.tools ?? []) {
    const name: unknown = tool.name;
    // calls are made and recorded by string name only, so a non-string name is a row of its own
    if (typeof name === 'string') tools.set(name, { name, calls: [] });
    else unnamed.push({ name: toolLabel(name), calls: [] });
  }
  for (const { scenario, request } of obs.calls) {
    if (request.unsent === 'closed') continue; // never written: the harness closed the session first (no call made)
    const entry = tools.get(scenario.tool) ?? { name: scenario.tool, calls: [] };
    tools.set(scenario.tool, entry);
    entry.calls.push({
      scenario: scenario.name,
      origin: scenario.origin,
      expect: scenario.expect,
      outcome: request.outcome,
      durationMs: Math.round(request.durationMs * 10) / 10,
    });
  }
  return {
    name: obs.surface,
    ...(obs.transport === 'stdio' ? {} : { transport: obs.transport }),
    era: obs.negotiation?.era,
    protocolVersion: obs.negotiation?.protocolVersion,
    serverInfo: obs.negotiation?.serverInfo,
    ...(obs.negotiation ? { eraProbe: obs.negotiation.probe } : {}),
    durationMs: Math.round(obs.durationMs),
    status: obs.bootError ? 'failed' : 'ok',
    ...(commandNotStarted(obs.bootError) ? { notStarted: true as const } : {}),
    tools: [...tools.values(), ...unnamed],
  };
}

