/**
 * Load the real-world cases (test/fixtures/cases/*.json, copied from the shared case set with their
 * `source`) and turn their data into observations for the checks of this release.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SurfaceObservation } from '../../harness/model/observation.ts';
import { isJsonRpcShaped, type ListedTool } from '../../harness/model/protocol.ts';
import type { StdoutLine } from '../../harness/model/wire.ts';
import { emptyWire, makeCall, makeObservation } from '../helpers/check-tester.ts';

/** The directory holding the case files. */
export const CASES_DIR = fileURLToPath(new URL('../fixtures/cases/', import.meta.url));

/** One case file (the fields these tests read). */
export interface CaseFile {
  file: string;
  source: string;
  tool?: ListedTool;
  result?: Record<string, unknown>;
  exchange?: { protocolVersion?: string; stdout_lines?: string[]; response?: Record<string, unknown> };
  expected_finding: { check: string | null; severity: 'error' | 'warning' | 'info' | 'none'; also?: Array<{ check: string; severity: string }> };
}

/** Every case file, sorted by name. */
export function loadCases(): CaseFile[] {
  return readdirSync(CASES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ ...(JSON.parse(readFileSync(CASES_DIR + name, 'utf8')) as Omit<CaseFile, 'file'>), file: name }));
}

/** Classify one stdout line the way the wire tap does: JSON-RPC 2.0 message, other JSON, or text. */
export function classifyLine(text: string, line: number): StdoutLine {
  let kind: StdoutLine['kind'] = 'text';
  try {
    const value: unknown = JSON.parse(text);
    kind = isJsonRpcShaped(value) ? 'jsonrpc' : 'json';
  } catch {
    kind = 'text';
  }
  return { line, atMs: line, kind, bytes: Buffer.byteLength(text), ...(kind === 'jsonrpc' ? {} : { head: text.slice(0, 80) }) };
}

/** The observation a case describes: its tool listed, its result as one call, its stdout lines tapped. */
export function observationOf(kase: CaseFile): SurfaceObservation {
  const lines = (kase.exchange?.stdout_lines ?? []).map((text, i) => classifyLine(text, i + 1));
  const calls = kase.tool && kase.result ? [makeCall(kase.tool.name, { result: kase.result }, { scenario: { name: 'replay', origin: 'file' } })] : [];
  return makeObservation({
    protocolVersion: kase.exchange?.protocolVersion ?? '2025-11-25',
    tools: kase.tool ? [kase.tool] : [],
    calls,
    wire: { ...emptyWire(), stdout: lines, stdoutNonJsonRpc: lines.filter((l) => l.kind !== 'jsonrpc').length },
  });
}
