/**
 * The baseline file (`mcp-harness baseline`, default `mcp-harness.baseline.json`): the findings a
 * team accepted, each with a reason, so that only new findings fail the run.
 *
 * Shape: `{ baselineVersion: 1, createdAt, entries: [{ id, check, surface, tool?, pointer?, messageId?, reason }] }`.
 */
import { readFile } from 'node:fs/promises';
import { replaceFile } from '../output-file.ts';
import { z } from 'zod';
import type { Report } from '../model/report.ts';
import { ReportError, describeIssues } from './errors.ts';
import { neverBaselined } from './baseline.ts';
import { parseJsonFile } from '../json.ts';

/** Default baseline file name (relative to the working directory). */
export const DEFAULT_BASELINE_FILE = 'mcp-harness.baseline.json';
/** Reason written when none is given. */
export const DEFAULT_BASELINE_REASON = 'accepted at baseline creation; explain or fix';

const entrySchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{16}$/, 'must be a 16-character lowercase hex finding ID'),
  check: z.string().min(1),
  surface: z.string().min(1),
  tool: z.string().optional(),
  pointer: z.string().optional(),
  messageId: z.string().optional(),
  reason: z.string().min(1, 'must say why the finding is accepted'),
});

/** zod schema of a baseline file (baselineVersion 1). */
export const baselineSchema = z.strictObject({
  baselineVersion: z.literal(1),
  createdAt: z.string().min(1),
  entries: z.array(entrySchema),
});

/** One accepted finding. `id` is the finding ID (see ids.ts); the other fields make the file readable. */
export type BaselineEntry = z.infer<typeof entrySchema>;
/** A parsed baseline file. */
export type Baseline = z.infer<typeof baselineSchema>;

/**
 * Make a baseline from a report's findings (one entry per finding ID, in report order).
 * `createdAt` is an ISO 8601 string. Findings without an `id` are skipped (build fills them), and so are
 * those no baseline accepts (`neverBaselined`).
 */
export function createBaseline(report: Report, reason = DEFAULT_BASELINE_REASON, createdAt = new Date()): Baseline {
  const seen = new Set<string>();
  const entries: BaselineEntry[] = [];
  for (const f of report.findings) {
    if (f.id === undefined || seen.has(f.id) || neverBaselined(f.check)) continue;
    seen.add(f.id);
    entries.push({
      id: f.id,
      check: f.check,
      surface: f.surface,
      ...(f.tool !== undefined ? { tool: f.tool } : {}),
      ...(f.pointer !== undefined ? { pointer: f.pointer } : {}),
      ...(f.messageId !== undefined ? { messageId: f.messageId } : {}),
      reason,
    });
  }
  return { baselineVersion: 1, createdAt: createdAt.toISOString(), entries };
}

/**
 * Validate parsed JSON as a baseline. `file` is only used in messages.
 * @throws ReportError `MCP_HARNESS_BASELINE_INVALID` naming the file and each bad key path.
 */
export function parseBaseline(json: unknown, file: string): Baseline {
  const parsed = baselineSchema.safeParse(json);
  if (!parsed.success) {
    throw new ReportError('MCP_HARNESS_BASELINE_INVALID', `invalid baseline file\n${describeIssues(file, parsed.error.issues)}`);
  }
  return parsed.data;
}

/**
 * Read and validate a baseline file (UTF-8 JSON).
 * @throws ReportError `MCP_HARNESS_BASELINE_INVALID` when the file is missing, not JSON or not a baseline.
 */
export async function readBaseline(file: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ReportError('MCP_HARNESS_BASELINE_INVALID', `${file}: cannot read baseline file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = parseJsonFile(text);
  } catch (error) {
    throw new ReportError('MCP_HARNESS_BASELINE_INVALID', `${file}: baseline file is not valid JSON (${(error as Error).message})`);
  }
  return parseBaseline(json, file);
}

/**
 * Write the report's findings as a baseline file (2-space JSON, trailing newline); creates parent
 * directories. `kept`: entries of the earlier baseline the run could not judge (a narrowed run: `--surface`, `--tool`,
 * `--check`, a shard), written first, as they were, unless the run found the same id. Returns the baseline written.
 */
export async function writeBaseline(file: string, report: Report, reason?: string, createdAt?: Date, kept: readonly BaselineEntry[] = []): Promise<Baseline> {
  const made = createBaseline(report, reason ?? DEFAULT_BASELINE_REASON, createdAt);
  // entries of an earlier baseline that this (narrowed) run could not judge come first, as they were
  const ids = new Set(made.entries.map((e) => e.id));
  const baseline = { ...made, entries: [...kept.filter((e) => !ids.has(e.id)), ...made.entries] };
  await replaceFile(file, `${JSON.stringify(baseline, null, 2)}\n`);
  return baseline;
}
