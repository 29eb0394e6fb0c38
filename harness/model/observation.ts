/**
 * The observation a check reads: everything the runner saw of one surface (negotiation, listing,
 * calls, probes, wire tap, exits), plus the surface options the checks consult. Pure data; checks
 * are functions of it.
 */
import type { Contract } from './contract.ts';
import type { Era, Implementation, ListedTool, TransportKind } from './protocol.ts';
import type { CallRecord, EraProbe, ExitInfo, ProbeRecord, RequestRecord, ShutdownInfo, WireTap } from './wire.ts';

/** What the session learnt about the server's era. */
export interface Negotiation {
  era: Era;
  /** The negotiated protocol revision (`2026-07-28` on modern). */
  protocolVersion: string;
  /** The protocol version the harness offered. */
  offeredVersion: string;
  serverInfo?: Implementation;
  capabilities?: Record<string, unknown>;
  instructions?: string;
  /** Modern only: the raw `server/discover` result. */
  discover?: unknown;
  /** The probe exchange: what `server/discover` drew. */
  probe: EraProbe;
  /** Legacy only: the raw `initialize` result. */
  initialize?: unknown;
}

/** The listing: every `tools/list` page. */
export interface Listing {
  pages: RequestRecord[];
  tools: ListedTool[];
  /** True when pagination stopped because of a repeated cursor or the page limit. */
  truncated: boolean;
  /**
   * Why the walk ended: `end` (a page without nextCursor), `error` (a page that was not a success),
   * `cursor-repeat` (a nextCursor returned before: a repeat or a cycle), `page-limit` (still paginating
   * after the page limit). Absent on listings built before this field existed.
   */
  stop?: 'end' | 'error' | 'cursor-repeat' | 'page-limit';
  /** `cursor-repeat`: the 0-based page that returned a cursor already returned by `firstPage`. */
  repeatedCursor?: { page: number; firstPage: number };
  /** Tool names listed again on a later page (0-based pages), once per name; the repeat is not in `tools`. */
  repeats?: { name: string; page: number; firstPage: number }[];
}

/**
 * `notifications/tools/list_changed` during the run and what the harness did about it
 * (spec:2025-11-25/server/tools.mdx §List Changed Notification: servers that declared `listChanged`
 * SHOULD send it when the tool list changes, and the client lists the tools again). Set when at least
 * one came before the session closed; see harness/run/relist.ts.
 */
export interface ListChanged {
  /** Notifications received up to the re-list point (the end of the calls, and of the calls of tools a re-list added). */
  count: number;
  /** Notifications received after the re-list point (during the probes), before the session closed: seen, not acted on. */
  late: number;
  /** The server declared `capabilities.tools.listChanged: true`. */
  declared: boolean;
  /**
   * Why the harness did not re-list although notifications came after the first listing: `modern`
   * (2026-07-28 delivers list changes only on a `subscriptions/listen` stream, which the harness does
   * not open, so an unsolicited one is not acted on), `undeclared` (the server did not declare
   * `listChanged`: SDK clients ignore the notification then). Absent when it re-listed (or had no cause to).
   */
  ignored?: 'modern' | 'undeclared';
  /** Each re-list, in order (at most MAX_RELISTS). */
  relists: Relist[];
}

/** One re-list after `notifications/tools/list_changed`: its own pages, and how its tool set differs. */
export interface Relist {
  /** The re-list's pages (same pagination and page limit as the first listing). */
  listing: Listing;
  /** Tool names listed now and never before in this run (they were planned and called). */
  added: string[];
  /** Tool names the previous listing had and this one lacks (their calls stay judged against the definition they had). */
  removed: string[];
  /** Tool names in both whose definition (name, schemas, annotations, description...) differs; the first definition stays the one judged. */
  changed: string[];
}

/**
 * Why the surface could not be started or reached (`phase: 'spawn'`), started but no era could be
 * negotiated (`phase: 'negotiate'`), or listed no tool (`phase: 'list'`). Checks read the fields; `message` is the session's own sentence for
 * people (CLI output, evidence with --show-values) and is never parsed.
 */
export interface BootFailure {
  phase: 'spawn' | 'negotiate' | 'list';
  reason: BootFailureReason;
  /** spawn: the configured command (config data, never server output). */
  command?: string;
  /** spawn: the errno code (ENOENT, EACCES, ENOTDIR...). */
  errno?: string;
  /** initialize-timeout: the budget `initialize` went unanswered in (`timeouts.startMs`), ms. */
  timeoutMs?: number;
  /** initialize-error: the JSON-RPC error code the server answered with. */
  errorCode?: number;
  /** exited: how the process ended, when it ended during negotiation. */
  exitCode?: number | null;
  signal?: string | null;
  /** The last bytes of stderr at the failure (bounded like `WireTap.stderrTail`). */
  stderrTail?: string;
  message: string;
}

/**
 * spawn: `cwd-missing`, `command-not-found` (ENOENT), `permission-denied` (EACCES), `start-refused` (another
 * errno), `interrupted` (the run was interrupted before the process could start: never the server's fault). negotiate: `exited` (before or during `initialize`), `initialize-timeout`, `initialize-error`
 * (a JSON-RPC error), `initialize-invalid` (a result that is not an object), `initialize-oversize` (an
 * answer line over the frame limit), `era-refused` (`era: 'modern'`
 * configured, the server did not negotiate it). list: `list-error` (a JSON-RPC error), `list-invalid` (a
 * result that is not an object), `list-unanswered` (timeout, exit...). `stdout-closed` (negotiate): the server closed its stdout and kept running before it
 * answered server/discover or initialize (ExitInfo.stdoutClosed). `other`: a failure with no finer class.
 * Streamable HTTP: `unreachable` (nothing accepts connections at the URL), `ready-timeout` (a server the
 * harness started did not become ready within its start budget), `exited` (it exited before it was ready).
 */
export type BootFailureReason =
  | 'cwd-missing' | 'command-not-found' | 'permission-denied' | 'start-refused' | 'interrupted' | 'unreachable' | 'ready-timeout'
  | 'exited' | 'initialize-timeout' | 'initialize-error' | 'initialize-invalid' | 'initialize-oversize' | 'era-refused'
  | 'list-error' | 'list-invalid' | 'list-unanswered' | 'stdout-closed' | 'other';

/**
 * Everything observed for one surface: the input to every check. Pure data.
 */
export interface SurfaceObservation {
  surface: string;
  /** The transport the surface was observed over; checks declare the transports they apply to (`meta.transports`). */
  transport: TransportKind;
  /** The surface's resolved options (see SurfaceConfig). */
  options: SurfaceOptions;
  negotiation?: Negotiation;
  /** Set when the surface could not be booted or negotiated; checks needing a session skip. */
  bootError?: BootFailure;
  /**
   * The listing the checks judge: the first listing's pages, and its tools merged with the tools later
   * re-lists added (after `notifications/tools/list_changed`; `listChanged` has each re-list's pages).
   */
  listing?: Listing;
  /** `notifications/tools/list_changed` during the run, and the re-lists it caused. */
  listChanged?: ListChanged;
  contract?: Contract;
  /**
   * The contract and the listed tools as the contract comparisons read them (tools/set-diff, tools/input-narrowing,
   * tools/advertised-metadata, contract/version-lock; checks/util/contract.ts): both with the values the surface was
   * given on purpose masked, as a lock records them (harness/run/given-mask.ts). Absent when that masks nothing; every
   * other reader (result/structured-content's outputSchema) takes `contract` and `listing` as they are.
   */
  contractComparison?: { contract: Contract; tools: ListedTool[] };
  /** Set when the contract could not be loaded: the finding is reported by the runner. */
  contractError?: string;
  calls: CallRecord[];
  probes: ProbeRecord[];
  wire: WireTap;
  /** Every exit of a surface process: unexpected ones (crashes) and the final one. The session restarts after a crash. */
  exits: ExitInfo[];
  /**
   * The other processes of the same server the harness ran beside the session (stdio): one per fresh-process probe
   * opening and per spare started for one (harness/run/fresh-probes.ts), in start order, each with when it started
   * (`startMs`) and exited (`endMs`, absent if it never did), ms on the clock of `exits[].atMs` (since the session's
   * first process spawned; negative: before it). transport/exit reads it to say that such a process ran when the
   * session's process died of a signal the harness did not send. Absent when there were none.
   */
  freshProcesses?: FreshProcessLife[];
  shutdown?: ShutdownInfo;
  /** The surface's package manifest (package.json) when the surface names one. */
  manifest?: { path: string; json: Record<string, unknown> };
  /** contract/watched-paths: each configured watched path (glob) with the number of files it matched. */
  watchedPathMatches?: Record<string, number>;
  /** Tools this run deliberately did not call (excluded by `--tool`, or all their calls are in another shard). */
  outOfScopeTools?: string[];
  /** Tools for which argument generation was refused (destructive, not allowed). */
  skippedTools: { tool: string; reason: string; kind?: SkipKind }[];
  durationMs: number;
}

/** When one process of a fresh-process probe (or a spare) ran: ms on the session's clock (SurfaceObservation.freshProcesses). */
export interface FreshProcessLife {
  /** ms since the session's first process spawned (negative: before it). */
  startMs: number;
  /** When it exited, same clock; absent if it had not. */
  endMs?: number;
}

/**
 * Why argument generation was refused for a tool: `destructive` (not annotated `readOnlyHint: true`, so it
 * may change state, and destructive generation is off; `destructiveHint: false` does not make it safe), `disabled` (generation off), `no-arguments`
 * (no valid arguments could be generated).
 */
export type SkipKind = 'destructive' | 'disabled' | 'no-arguments';

/** Per-surface options the checks read (resolved from config with defaults). */
export interface SurfaceOptions {
  /** Call and probe tools that may change state (not annotated `readOnlyHint: true`): --allow-destructive, generate.destructive. */
  allowDestructive: boolean;
  /** `forbid`: an echoed sentinel is an error; `warn` (default): a warning. */
  echo: 'forbid' | 'warn';
  /** Result size budget in bytes (result/size). */
  maxResultBytes: number;
  /** Result size budget in estimated tokens (result/size; ~4 bytes per token). */
  maxResultTokens: number;
  /** Tool name length budget for hosts that prefix names (tools/name). */
  maxToolNameLength: number;
  /** Paths (globs relative to the config dir) that must each match at least one file. */
  watchedPaths: string[];
  /** The version the surface declares (e.g. from its package manifest), for contract/version-lock. */
  declaredVersion?: string;
  /** When the surface declares more than one version source: each, named, with what it declares. */
  declaredVersions?: Array<{ source: string; version?: string }>;
  /** Whether the surface may override the contract (narrowing only). */
  overrides: 'narrow' | 'none';
  /**
   * Streamable HTTP only: `local` when the harness started the server itself (a command with the url) or the url's
   * host is loopback (config/url.ts isLoopbackUrl), so a connection that fails below HTTP is the server's doing;
   * `remote` when the url names another host already running, where a proxy or the network may reset connections
   * (transport/http-status noHttpResponse is then a warning). Absent on stdio.
   */
  httpEndpoint?: 'local' | 'remote';
}

/**
 * Whether a boot failure says the server command could not be started at all (ENOENT, EACCES, a missing working
 * directory, another errno): a `spawn`-phase failure other than a Streamable HTTP server that started but never got
 * ready, exited early or is not reachable (the server's fault) and an interrupt (the run's). The command line or config
 * is wrong, not the server: `run` exits 2 for it, and the report marks the surface `notStarted` so `merge` does too.
 */
export function commandNotStarted(bootError: BootFailure | undefined): boolean {
  return bootError?.phase === 'spawn' && !['ready-timeout', 'exited', 'unreachable', 'interrupted'].includes(bootError.reason);
}

/**
 * Whether the negotiation declared the `tools` capability (modern: in the DiscoverResult's capabilities too). A
 * server without it answers tools/list with an error by design (tools/listing `listErrorUndeclared`, info).
 */
export function declaresTools(observation: Pick<SurfaceObservation, 'negotiation'>): boolean {
  const caps = observation.negotiation?.capabilities;
  return caps !== undefined && caps !== null && typeof caps === 'object' && Object.hasOwn(caps, 'tools');
}

/**
 * Every `tools/list` page of the observation, in order: the first listing's, then each re-list's
 * (after `notifications/tools/list_changed`), each with where it came from (`relist`: 1-based re-list
 * number; `page`: 1-based within its listing). For the checks that judge list pages (timeouts, the wire schema).
 */
export function listPages(observation: Pick<SurfaceObservation, 'listing' | 'listChanged'>): { record: RequestRecord; page: number; relist?: number }[] {
  const first = (observation.listing?.pages ?? []).map((record, i) => ({ record, page: i + 1 }));
  const later = (observation.listChanged?.relists ?? []).flatMap((r, n) => r.listing.pages.map((record, i) => ({ record, page: i + 1, relist: n + 1 })));
  return [...first, ...later];
}
