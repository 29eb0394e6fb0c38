/**
 * The main job (`mcp-harness run` with the root config): four published servers and the three
 * reference surfaces, with server-everything and the legacy (SDK 1.x) and modern (SDK 2.x, 2026-07-28) reference surfaces also over Streamable HTTP. Pins what the run must show: every tool called, every surface booted in its era,
 * the real findings the published servers draw (they are real: do not tune them away), and none of the
 * contract findings (tools/input-narrowing, tools/set-diff) on any surface.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const ERAS: Record<string, 'modern' | 'legacy'> = {
  everything: 'legacy',
  'everything-http': 'legacy',
  memory: 'legacy',
  filesystem: 'legacy',
  'sequential-thinking': 'legacy',
  'reference-modern': 'modern',
  'reference-legacy': 'legacy',
  'reference-narrowed': 'modern',
  'reference-legacy-http': 'legacy',
  'reference-modern-http': 'modern',
};
/** Published servers whose unknown-tool answer is an isError result (SDK 1.x behaviour) instead of JSON-RPC -32602. */
const UNKNOWN_TOOL_AS_ISERROR = ['everything', 'everything-http', 'memory', 'filesystem', 'sequential-thinking'];
const REFERENCE = ['reference-modern', 'reference-legacy', 'reference-narrowed', 'reference-legacy-http', 'reference-modern-http'];
/** Published servers whose serverInfo.version is not their package version. */
const VERSION_DRIFT = ['everything', 'everything-http', 'memory', 'filesystem'];
/** The Streamable HTTP checks (issue 13). */
const HTTP_CHECKS = ['transport/http-origin', 'transport/http-host', 'transport/http-session', 'transport/http-protocol-version', 'transport/http-status', 'transport/http-sse', 'transport/http-get'];

let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run'], { timeoutMs: 180_000 });
}, 190_000);

afterAll(() => cleanup(run));

describe('the main job over the real surfaces', () => {
  it('exits 0 or 1 (never 2) and boots every surface in its era', () => {
    expect([0, 1], run.stderr).toContain(run.exitCode);
    const surfaces = reportOf(run).surfaces.map((s) => [s.name, s.status, s.era]);
    expect(surfaces.sort()).toEqual(Object.entries(ERAS).map(([name, era]) => [name, 'ok', era]).sort());
  });

  it('calls every advertised tool of every surface at least once', () => {
    for (const surface of reportOf(run).surfaces) {
      expect(surface.tools.length, surface.name).toBeGreaterThan(0);
      const uncalled = surface.tools.filter((t) => t.calls.length === 0).map((t) => t.name);
      expect(uncalled, surface.name).toEqual([]);
    }
    expect(reportOf(run).findings.filter((f) => f.check === 'contract/every-tool-called' && f.severity !== 'info')).toEqual([]);
  });

  it('errors/classification: the published servers answer an unknown tool with an isError result', () => {
    for (const surface of UNKNOWN_TOOL_AS_ISERROR) {
      const findings = findingsOf(reportOf(run), surface, 'errors/classification');
      expect(findings.map((f) => [f.severity, f.pointer, f.message.includes('isError')]), surface).toContainEqual(['error', '/params/name', true]);
    }
  });

  it('errors/classification: the reference surfaces classify their errors correctly', () => {
    for (const surface of REFERENCE) {
      expect(findingsOf(reportOf(run), surface, 'errors/classification').filter((f) => f.severity !== 'info'), surface).toEqual([]);
    }
  });

  it('contract/version-lock: serverInfo.version differs from the package version of everything, memory, filesystem', () => {
    for (const surface of Object.keys(ERAS)) {
      const findings = findingsOf(reportOf(run), surface, 'contract/version-lock').filter((f) => f.pointer === '/serverInfo/version');
      expect(findings.map((f) => f.severity), surface).toEqual(VERSION_DRIFT.includes(surface) ? ['error'] : []);
    }
  });

  it('no tools/input-narrowing or tools/set-diff error on any surface: every surface keeps its contract', () => {
    const broken = reportOf(run).findings.filter((f) => (f.check === 'tools/input-narrowing' || f.check === 'tools/set-diff') && f.severity === 'error');
    expect(broken.map((f) => `${f.surface} ${f.check} ${f.pointer ?? ''}`)).toEqual([]);
    expect(reportOf(run).skipped.filter((s) => s.check === 'tools/input-narrowing')).toEqual([]);
  });

  it('Streamable HTTP: server-everything serves a foreign Origin and a foreign Host and answers an unknown session id with 400 (its GET stream is conformant); the reference servers over HTTP (SDK 1.x legacy, SDK 2.x modern) draw no HTTP finding', () => {
    const http = (surface: string) => reportOf(run).findings.filter((f) => f.surface === surface && HTTP_CHECKS.includes(f.check)).map((f) => `${f.severity} ${f.check} ${f.messageId ?? ''}`).sort();
    expect(http('everything-http')).toEqual(['error transport/http-origin notForbidden', 'info transport/http-host hostServed', 'warning transport/http-session unknownNot404']);
    expect(http('reference-legacy-http')).toEqual([]);
    expect(http('reference-modern-http')).toEqual([]);
    for (const name of ['everything-http', 'reference-legacy-http', 'reference-modern-http']) expect(reportOf(run).surfaces.find((s) => s.name === name)?.transport, name).toBe('streamable-http');
  });

  it('writes the markdown report and names every surface in the stdout summary', () => {
    const markdown = join(run.reportDir, 'report.md');
    expect(existsSync(markdown)).toBe(true);
    for (const surface of Object.keys(ERAS)) {
      expect(run.stdout, surface).toContain(surface);
      expect(readFileSync(markdown, 'utf8'), surface).toContain(surface);
    }
  });
});
