/**
 * The versioned report: the canonical raw result every format is rendered from, which `merge`
 * combines and the public API publishes (as Playwright publishes only its `JSONReport`). A change
 * here is a change of `Report.schemaVersion`. Plain data, no I/O.
 */
import type { Era, Implementation, TransportKind } from './protocol.ts';
import type { EraProbe, ExpectedOutcome, Outcome, Scenario } from './wire.ts';

export type { Era, Implementation } from './protocol.ts';
export type { EraProbe, ExpectedOutcome, Outcome } from './wire.ts';

/** The current `Report.schemaVersion` this harness writes and reads. */
export const REPORT_SCHEMA_VERSION = 1 as const;

/** Rank of a severity for ordering and thresholds: error 0, warning 1, info 2 (lower is worse). */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** A finding's severity. `off` exists only in config (it disables a check) and never appears in a finding. */
export type Severity = 'error' | 'warning' | 'info';

/** A severity as the config may set it per check. */
export type SeverityOrOff = Severity | 'off';

/** A finding: one problem (or note) a check reports. Value-free by default. */
export interface Finding {
  /** Check ID (`area/name`). */
  check: string;
  severity: Severity;
  surface: string;
  tool?: string;
  /** JSON pointer (RFC 6901) into the thing the message is about, prefixed with its root (e.g. `/outputSchema/properties/x`). */
  pointer?: string;
  /** The message: names the tool, the pointer and the expectation; never argument or result values. */
  message: string;
  /** The message ID in the check's catalogue. */
  messageId?: string;
  /** Spec section or rule this implements. */
  spec?: string;
  /** Values, only kept when --show-values is given. */
  evidence?: unknown;
  /**
   * The server's last stderr lines (at most 10, each at most 240 characters, control characters removed)
   * on a boot failure or a timeout, so "did not boot" says why. Kept by default: stderr is the server's
   * own output, not caller data; every string the harness sent as caller data (sentinels included) is
   * masked as `[value]` first (checks/util/stderr.ts). Never part of the finding id.
   */
  stderr?: string[];
  /** Stable identity: hash of surface, tool, check, pointer (and messageId). Filled by the runner. */
  id?: string;
  /** Set when a baseline accepts the finding: it is kept in the report but does not fail the run. */
  baselined?: boolean;
  /**
   * The file the finding points into, when one applies (added in 0.2, optional, so schemaVersion 1 is
   * unchanged): the contract module or lock for the contract checks, the scenario file for a file
   * scenario's result/expectation finding. `file` is relative to the working directory (`/`-separated;
   * absolute when outside it); `line` (1-based) is where the finding's tool name first appears in it,
   * absent when it does not. Never part of the finding id. SARIF renders it as the physical location.
   */
  location?: FindingLocation;
}

/** A place in a file the user wrote (see Finding.location). */
export interface FindingLocation {
  /** Path relative to the working directory, `/`-separated (absolute when outside it). */
  file: string;
  /** 1-based line number. */
  line?: number;
}

/** One tool's entry in the report. */
export interface ReportTool {
  name: string;
  calls: { scenario: string; origin: Scenario['origin']; expect: ExpectedOutcome; outcome: Outcome; durationMs: number }[];
}

/** One surface's entry in the report. */
export interface ReportSurface {
  name: string;
  /** Set for a surface served over Streamable HTTP (`streamable-http`); absent = stdio. */
  transport?: TransportKind;
  era?: Era;
  protocolVersion?: string;
  serverInfo?: Implementation;
  /**
   * How the era was settled (the `server/discover` probe as recorded in Negotiation.probe): its outcome,
   * whether the first probe timed out and a fresh process was re-probed, and when a late answer came
   * (recorded, never obeyed). Timing data: never part of a finding.
   */
  eraProbe?: EraProbe;
  durationMs: number;
  /** `failed`: did not boot; `interrupted`: the run was stopped while it ran (its partial observation is not judged). */
  status: 'ok' | 'failed' | 'interrupted';
  /**
   * Set (with `status: 'failed'`) when the surface's server command could not be started (ENOENT, EACCES, a missing
   * working directory: model/observation.ts `commandNotStarted`), a usage fault, not the server's: the run exited 2,
   * and `merge` of a report holding it exits 2 too. Additive (schemaVersion stays 1); absent otherwise.
   */
  notStarted?: true;
  /** The config file that declares the surface, relative to the working directory (SARIF locations). */
  configFile?: string;
  tools: ReportTool[];
}

/** Counts by severity. */
export interface SeverityCounts {
  error: number;
  warning: number;
  info: number;
}

/** The canonical, versioned raw result from which every format is rendered (and which `merge` combines). */
export interface Report {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  harnessVersion: string;
  startedAt: string;
  durationMs: number;
  /** Set when the run was cut short (SIGINT/SIGTERM/SIGHUP) or partial. */
  interrupted?: boolean;
  /**
   * The shard this report is (`--shard K/N`: `index` K of `total` N) and `plan`, the run's plan key
   * (harness/run/plan-key.ts: 16 hex characters; shards of one run share it, `merge` refuses shards whose differ).
   * Absent for an unsharded run.
   */
  shard?: { index: number; total: number; plan?: string };
  /**
   * What the run left out on purpose, so that a baseline does not call the entries it left out stale (added in 0.2,
   * optional, so schemaVersion 1 is unchanged); absent when the run judged every tool with every check. `tools`:
   * `--tool`, only these tools' findings (and findings of no tool) were kept; `checks`: only these check IDs ran
   * (`--check`, or a check set to `off`), sorted; `callShard`: a shard of a single surface split by tool, holding only
   * the calls of the tools hashed into `shard` (harness/report/shard.ts `callShardId`). `merge` keeps what every report
   * left out (a merge of a run's call shards covers every tool).
   */
  scope?: ReportScope;
  surfaces: ReportSurface[];
  findings: Finding[];
  /** Checks that were skipped for a surface, and why (e.g. no contract in ad-hoc mode). */
  skipped: { surface: string; check: string; reason: string }[];
  summary: { surfaces: number; tools: number; calls: number; findings: SeverityCounts };
}

/** What a run left out on purpose (see Report.scope); each key absent when nothing of its kind was left out. */
export interface ReportScope {
  tools?: string[];
  checks?: string[];
  callShard?: true;
  /**
   * `--check` narrowed the run: no baseline entry is judged stale then, since a finding of one check can follow from
   * another check's requests (its probes: a result, a crash), so the run cannot tell a fixed finding from one it did
   * not provoke. A check set to `off` in the config is not this: the baseline was made with the same config.
   */
  checkFilter?: true;
  /**
   * A merged report's scope per surface (`merge` of reports whose runs selected differently: `run --surface a --tool x`
   * and `run --surface b --tool y`); where a surface has an entry, it holds for that surface instead of `tools`/`checks`.
   */
  bySurface?: Record<string, { tools?: string[]; checks?: string[] }>;
}
