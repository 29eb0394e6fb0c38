/**
 * The `sarif` reporter (`report.sarif`): SARIF 2.1.0 (OASIS), one run, valid against the official
 * JSON schema (test/fixtures/reports/sarif-schema-2.1.0.json). Rules come from the check catalog;
 * each result has a logical location `surface/tool`, a physical location (the finding's `location`:
 * contract module, lock or scenario file with its line; else the surface's config file, then a related
 * location), and `partialFingerprints` from the finding ID. Baselined findings carry an external
 * suppression (kind + justification only: the suppression review-status key is spelt `status` in
 * some 2.1.0 schema copies and `state` in others, and an absent one means accepted) and
 * `baselineState: unchanged`.
 */
import type * as Sarif from 'sarif';
import { stringifyChunked } from '@discoveryjs/json-ext';
import type { CheckMeta } from '../checks/define.ts';
import { BASELINE_STALE_META } from '../report/baseline.ts';
import { stripValues } from '../report/build.ts';
import type { Finding, Report, Severity } from '../model/report.ts';
import { HARNESS_INFORMATION_URI, catalogById, checkDocsUrl } from './links.ts';
import type { FileReporter, ReporterContext } from './types.ts';
import { safeText } from './text.ts';

/**
 * A result's plain-text message (SARIF 2.1.0 §3.11.3): `safeText`, then every `[`, `]` and `\` escaped with a backslash
 * (a backslash too: a name `t\[x\](javascript:...)` otherwise became `t\\[x\\](...)`, whose `\\` a viewer reads as an
 * escaped backslash before a bracket that opens a link; review 28).
 * SARIF reads `[text](target)` in a plain-text message as an embedded link (§3.11.6: the target an absolute URI or a
 * related location's id) and shows `\[`, `\]` as literal brackets (SARIF viewers unescape them): a server's tool named
 * `[Fix it](https://attacker.example/)` made every finding that names the tool a link to a viewer that follows §3.11.6 (hostile
 * review 27). The harness's own brackets (`outside [A-Za-z0-9_.-]`, `[masked:NAME]`) are escaped the same way.
 * Returns the escaped text.
 */
export function sarifMessageText(text: string): string {
  return safeText(text).replace(/[\\[\]]/g, '\\$&');
}

/** `$schema` of the log. */
export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
/** Key of the finding ID in `partialFingerprints`. */
export const FINGERPRINT_KEY = 'mcpHarnessFindingId/v1';

const LEVEL: Record<Severity, Sarif.ReportingConfiguration.level> = { error: 'error', warning: 'warning', info: 'note' };

function ruleFor(meta: CheckMeta, ctx: ReporterContext): Sarif.ReportingDescriptor {
  return {
    id: meta.id,
    shortDescription: { text: meta.description },
    fullDescription: { text: meta.rationale || meta.description },
    helpUri: checkDocsUrl(meta.id, ctx),
    defaultConfiguration: { level: LEVEL[meta.defaultSeverity] },
    properties: { spec: meta.spec },
  };
}

function unknownRule(id: string, ctx: ReporterContext): Sarif.ReportingDescriptor {
  return { id, shortDescription: { text: `Check ${id}` }, helpUri: checkDocsUrl(id, ctx) };
}

function rulesFor(report: Report, ctx: ReporterContext): Sarif.ReportingDescriptor[] {
  const known = catalogById([...ctx.catalog, BASELINE_STALE_META]);
  const rules = ctx.catalog.map((m) => ruleFor(m, ctx));
  const ids = new Set(rules.map((r) => r.id));
  for (const f of report.findings) {
    if (ids.has(f.check)) continue;
    ids.add(f.check);
    const meta = known.get(f.check);
    rules.push(meta ? ruleFor(meta, ctx) : unknownRule(f.check, ctx));
  }
  return rules;
}

/** A physical location in a file named relative to the working directory (a relative URI reference). */
function physical(file: string, line?: number): Sarif.PhysicalLocation {
  return { artifactLocation: { uri: encodeURI(file) }, ...(line !== undefined ? { region: { startLine: line } } : {}) };
}

/** The config file of the finding's surface, when the report names one. */
function configFileOf(f: Finding, report: Report): string | undefined {
  return report.surfaces.find((s) => s.name === f.surface)?.configFile;
}

/**
 * The result's location: the logical `surface/tool`, and physically the file the finding points into
 * (Finding.location: contract module, lock or scenario file, with the line where known), else the
 * surface's config file.
 */
function locationFor(f: Finding, report: Report): Sarif.Location {
  const configFile = configFileOf(f, report);
  const where = f.location ? physical(f.location.file, f.location.line) : configFile ? physical(configFile) : undefined;
  return {
    logicalLocations: [
      f.tool !== undefined
        ? { name: safeText(f.tool), fullyQualifiedName: safeText(`${f.surface}/${f.tool}`), kind: 'function' }
        : { name: safeText(f.surface), fullyQualifiedName: safeText(f.surface), kind: 'module' },
    ],
    ...(where ? { physicalLocation: where } : {}),
  };
}

function resultFor(f: Finding, report: Report, ruleIndex: number): Sarif.Result {
  const properties: Record<string, unknown> = { surface: f.surface };
  for (const key of ['tool', 'pointer', 'messageId', 'spec', 'evidence'] as const) {
    if (f[key] !== undefined) properties[key] = f[key];
  }
  return {
    ruleId: f.check,
    ruleIndex,
    level: LEVEL[f.severity],
    message: { text: sarifMessageText(f.message) },
    locations: [locationFor(f, report)],
    ...(f.location && configFileOf(f, report) ? { relatedLocations: [{ id: 0, physicalLocation: physical(configFileOf(f, report) as string), message: { text: 'the config file that declares the surface' } }] } : {}),
    ...(f.id ? { partialFingerprints: { [FINGERPRINT_KEY]: f.id } } : {}),
    ...(f.baselined
      ? { baselineState: 'unchanged' as const, suppressions: [{ kind: 'external' as const, justification: 'accepted by the mcp-harness baseline' }] }
      : {}),
    properties,
  };
}

/** Build the SARIF log object. Pure. */
export function sarifLog(input: Report, ctx: ReporterContext): Sarif.Log {
  const report = stripValues(input, ctx.showValues);
  const rules = rulesFor(report, ctx);
  const index = new Map(rules.map((r, i) => [r.id, i]));
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcp-harness', version: report.harnessVersion, informationUri: HARNESS_INFORMATION_URI, rules } },
        invocations: [{ executionSuccessful: !report.interrupted, startTimeUtc: report.startedAt }],
        results: report.findings.map((f) => resultFor(f, report, index.get(f.check) ?? -1)),
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
}

/** Render the SARIF log as 2-space JSON with a trailing newline. Pure. */
export function renderSarif(report: Report, ctx: ReporterContext): string {
  return `${JSON.stringify(sarifLog(report, ctx), null, 2)}\n`;
}

/**
 * The text of `renderSarif` in chunks (@discoveryjs/json-ext `stringifyChunked`), for a log longer than V8's longest
 * string (hostile review 28: 600,000 findings lost report.sarif; ./write.ts uses it only then). Pure.
 */
export function* renderSarifChunks(report: Report, ctx: ReporterContext): Generator<string> {
  yield* stringifyChunked(sarifLog(report, ctx), null, 2);
  yield '\n';
}

/** Registry entry: `report.sarif`, env `MCP_HARNESS_SARIF_FILE`. */
export const sarifReporter: FileReporter = {
  kind: 'file',
  name: 'sarif',
  fileName: 'report.sarif',
  envVar: 'MCP_HARNESS_SARIF_FILE',
  // the marker of its own output (the driver's name): an earlier run's file is removed only when it carries it (./stale.ts)
  ownsFile: (head) => /^\{\s*"\$schema":\s*"[^"]*sarif[^"]*",\s*"version":\s*"2\.1\.0",\s*"runs":\s*\[\s*\{\s*"tool":\s*\{\s*"driver":\s*\{\s*"name":\s*"mcp-harness"/.test(head),
  render: renderSarif,
  renderChunks: renderSarifChunks,
};
