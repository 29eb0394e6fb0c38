/**
 * Reading a report file (`report.json`, shard reports) back: parse, check the version, validate the
 * shape with zod. Unknown extra keys are kept (a newer minor harness may add optional fields).
 */
import { constants } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { parseChunked } from '@discoveryjs/json-ext';
import { z } from 'zod';
import type { Report } from '../model/report.ts';
import { ReportError, describeIssues } from './errors.ts';
import { REPORT_SCHEMA_VERSION } from '../model/report.ts';
import { parseJsonFile } from '../json.ts';

const severity = z.enum(['error', 'warning', 'info']);
const counts = z.looseObject({ error: z.number(), warning: z.number(), info: z.number() });

const callSchema = z.looseObject({
  scenario: z.string(),
  origin: z.enum(['file', 'generated']),
  expect: z.enum(['success', 'tool-error', 'protocol-error']),
  outcome: z.enum(['success', 'tool-error', 'protocol-error', 'timeout', 'exit', 'cancelled', 'oversize', 'unanswered']),
  durationMs: z.number(),
});

const surfaceSchema = z.looseObject({
  name: z.string(),
  era: z.enum(['modern', 'legacy']).optional(),
  protocolVersion: z.string().optional(),
  serverInfo: z.looseObject({ name: z.string(), version: z.string() }).optional(),
  durationMs: z.number(),
  status: z.enum(['ok', 'failed', 'interrupted']),
  notStarted: z.literal(true).optional(),
  configFile: z.string().optional(),
  tools: z.array(z.looseObject({ name: z.string(), calls: z.array(callSchema) })),
});

const findingSchema = z.looseObject({
  check: z.string(),
  severity,
  surface: z.string(),
  tool: z.string().optional(),
  pointer: z.string().optional(),
  message: z.string(),
  messageId: z.string().optional(),
  spec: z.string().optional(),
  location: z.looseObject({ file: z.string(), line: z.number().int().positive().optional() }).optional(),
  evidence: z.unknown().optional(),
  id: z.string().optional(),
  baselined: z.boolean().optional(),
});

/** zod schema of a schemaVersion 1 report (harness/model/report.ts `Report`). */
export const reportSchema = z.looseObject({
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  harnessVersion: z.string(),
  startedAt: z.string(),
  durationMs: z.number(),
  interrupted: z.boolean().optional(),
  shard: z.looseObject({ index: z.number().int(), total: z.number().int(), plan: z.string().optional() }).optional(),
  scope: z
    .looseObject({
      tools: z.array(z.string()).optional(),
      checks: z.array(z.string()).optional(),
      callShard: z.literal(true).optional(),
      checkFilter: z.literal(true).optional(),
      bySurface: z.record(z.string(), z.looseObject({ tools: z.array(z.string()).optional(), checks: z.array(z.string()).optional() })).optional(),
    })
    .optional(),
  surfaces: z.array(surfaceSchema),
  findings: z.array(findingSchema),
  skipped: z.array(z.looseObject({ surface: z.string(), check: z.string(), reason: z.string() })),
  summary: z.looseObject({ surfaces: z.number(), tools: z.number(), calls: z.number(), findings: counts }),
});

function checkVersion(json: unknown, file: string): void {
  const version = typeof json === 'object' && json !== null ? (json as { schemaVersion?: unknown }).schemaVersion : undefined;
  if (version !== undefined && version !== REPORT_SCHEMA_VERSION) {
    throw new ReportError(
      'MCP_HARNESS_REPORT_VERSION',
      `${file}: schemaVersion ${JSON.stringify(version)} is not supported; this harness reads schemaVersion ${REPORT_SCHEMA_VERSION}`,
    );
  }
}

/**
 * Validate parsed JSON as a Report. `file` names the source in errors.
 * @throws ReportError `MCP_HARNESS_REPORT_VERSION` for another schemaVersion, `MCP_HARNESS_REPORT_INVALID` for a bad shape (file + key paths).
 */
export function parseReport(json: unknown, file: string): Report {
  checkVersion(json, file);
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) {
    throw new ReportError('MCP_HARNESS_REPORT_INVALID', `invalid report file\n${describeIssues(file, parsed.error.issues)}`);
  }
  return parsed.data as unknown as Report;
}

/**
 * A report file of at least this many bytes is parsed from a stream (`parseChunked`), not from one string: its text
 * may be longer than V8's longest string (buffer.constants.MAX_STRING_LENGTH UTF-16 units, 2^29 - 24 on 64-bit Node
 * 20), and UTF-8 never takes fewer bytes than UTF-16 units, so a smaller file always fits. Exported for tests.
 */
export const STREAMED_REPORT_BYTES = constants.MAX_STRING_LENGTH;

/**
 * Read and validate a report file (UTF-8 JSON). A file of STREAMED_REPORT_BYTES or more (a report the JSON reporter
 * wrote in chunks: ~600,000 findings) is parsed from a read stream by @discoveryjs/json-ext `parseChunked`, the
 * library report.json is written with then (JSON.parse's values, built piece by piece); every other file as before,
 * one `readFile` and one `JSON.parse`. `streamedFromBytes` lowers the bound (tests).
 * @throws ReportError as `parseReport`, or `MCP_HARNESS_REPORT_INVALID` when unreadable or not JSON.
 */
export async function readReportFile(path: string, streamedFromBytes = STREAMED_REPORT_BYTES): Promise<Report> {
  let json: unknown;
  let read = true;
  try {
    const size = (await stat(path)).size;
    if (size < streamedFromBytes) {
      const text = await readFile(path, 'utf8');
      read = false;
      json = parseJsonFile(text);
    } else json = await parseChunked(createReadStream(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (read && code !== undefined) throw new ReportError('MCP_HARNESS_REPORT_INVALID', `${path}: cannot read report file (${code})`);
    throw new ReportError('MCP_HARNESS_REPORT_INVALID', `${path}: report file is not valid JSON (${(error as Error).message})`);
  }
  return parseReport(json, path);
}
