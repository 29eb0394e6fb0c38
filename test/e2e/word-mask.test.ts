/**
 * The env mask and the contract (a review): a lowercase word of the harness's environment (NODE_ENV=production,
 * GITHUB_EVENT_NAME=schedule, USER=runner on a CI runner) is masked where it stands as a token in what the server
 * says, descriptions included, before any check sees it. The contract the checks compare with is the project's own
 * file, which held the word as written: a server that advertised exactly its contract drew a tools/advertised-metadata
 * error on its description, a tools/input-narrowing error on a property's description and, against a lock, a
 * contract/version-lock error (schema hash differs). The contract now goes through the surface's mask too, so both
 * sides read alike; a real change beside the masked word (the drifted twins) is still reported, value-free.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, CONFIGS, reportOf, ROOT, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const CHECKS = ['--check', 'tools/set-diff', '--check', 'tools/input-narrowing', '--check', 'tools/advertised-metadata', '--check', 'contract/version-lock'];
const ENV = { E2E_WORD: 'production' };
const LOCK = join(ROOT, 'test/fixtures/servers/word-description.lock.json');
const diff = (drift: boolean) => runCli(['diff', LOCK, '--env', `WORD_DRIFT=${drift ? 1 : 0}`, '--', process.execPath, join(SERVERS, 'word-description.mjs')], { env: ENV });
let run: CliRun;
let same: CliRun;
let drifted: CliRun;
let given: CliRun;

beforeAll(async () => {
  [run, same, drifted, given] = await Promise.all([
    runCli(['run', '--config', join(CONFIGS, 'word-mask.ts'), ...CHECKS], { env: ENV }),
    diff(false),
    diff(true),
    runCli(['run', '--config', join(CONFIGS, 'word-given.ts'), ...CHECKS]),
  ]);
}, 60_000);
afterAll(() => [run, same, drifted, given].forEach(cleanup));

const DRIFT = ['tools/advertised-metadata /description', 'tools/input-narrowing /inputSchema/properties/target/description'];
const found = (surface: string) => reportOf(run).findings.filter((f) => f.surface === surface).map((f) => `${f.check} ${f.pointer ?? ''}`).sort();

describe('a contract whose texts hold a word the environment holds', () => {
  it.each(['module', 'lock'])('%s: the server that advertises its contract draws no finding', (surface) => {
    expect(reportOf(run).surfaces.find((s) => s.name === surface)?.status).toBe('ok');
    expect(found(surface)).toEqual([]);
  });

  it('module-drift: each changed description is reported, nothing else', () => {
    expect(found('module-drift')).toEqual(DRIFT);
  });

  it('lock-drift: each changed description is reported, and the schema hash changed without a version bump', () => {
    expect(found('lock-drift')).toEqual(['contract/version-lock /serverInfo/version', ...DRIFT]);
    expect(reportOf(run).findings.filter((f) => f.surface === 'lock-drift').every((f) => !f.message.includes('production'))).toBe(true);
  });

  it('diff of the lock and the live server: no change; the drifted server: both descriptions, nothing else', () => {
    expect(reportOf(same).findings).toEqual([]);
    expect(same.exitCode).toBe(0);
    expect(reportOf(drifted).findings.map((f) => `${f.check} ${f.tool} ${f.pointer}`).sort()).toEqual(['diff/compatible deploy /description', 'diff/compatible deploy /inputSchema/properties/target/description']);
  });

  // the value given on purpose (env.set): snapshot records it masked, so the run compares its server as the lock holds it
  const givenFound = (surface: string) => reportOf(given).findings.filter((f) => f.surface === surface).map((f) => `${f.check} ${f.pointer ?? ''}`).sort();

  it.each(['given-module', 'given-lock'])('%s: a word the surface was given, masked in its lock, draws no finding', (surface) => {
    expect(reportOf(given).surfaces.find((s) => s.name === surface)?.status).toBe('ok');
    expect(givenFound(surface)).toEqual([]);
  });

  it.each([
    ['given-module-drift', DRIFT],
    ['given-lock-drift', ['contract/version-lock /serverInfo/version', ...DRIFT]],
  ])('%s: each changed description is reported, nothing else', (surface, expected) => {
    expect(givenFound(surface)).toEqual(expected);
  });

  // a lock recorded where a value was masked differs where it is not: snapshot says which variables it holds masked
  it('snapshot names the variables whose values the lock holds masked; nothing when it holds none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-word-'));
    try {
      // snapshot writes no report (no --report-dir, which runCli adds)
      const snap = (out: string, env: Record<string, string>) =>
        execa(process.execPath, ['bin/mcp-harness.js', 'snapshot', '--out', join(dir, out), '--', process.execPath, join(SERVERS, 'word-description.mjs')], { cwd: ROOT, env: { MCP_HARNESS_DEBUG: '', ...env }, reject: false, stdin: 'ignore', timeout: 60_000 });
      const [masked, clean] = await Promise.all([snap('masked.json', ENV), snap('clean.json', {})]);
      expect(masked.exitCode).toBe(0);
      expect(readFileSync(join(dir, 'masked.json'), 'utf8')).toContain('[masked:E2E_WORD]');
      expect(masked.stderr).toContain('E2E_WORD');
      expect(masked.stderr).not.toContain('production');
      expect(clean.exitCode).toBe(0);
      expect(clean.stderr).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// a review of contract packages: `_` and `-` join an identifier's words, so a word of the environment inside a tool's name
// is no token of its own. Masked there (`deploy_[masked:E2E_WORD]`), the harness called a tool the server does not have.
describe('a tool whose name joins a word the environment holds to another', () => {
  let named: CliRun;
  beforeAll(async () => {
    named = await runCli(['run', '--', process.execPath, join(SERVERS, 'word-tool-name.mjs')], { env: ENV });
  }, 60_000);
  afterAll(() => cleanup(named));

  it('is listed, called and reported by its own name; no error or warning', () => {
    const report = reportOf(named);
    expect(named.exitCode).toBe(0);
    expect(report.surfaces[0].tools.map((t) => [t.name, t.calls.map((c) => c.outcome)])).toEqual([
      ['deploy_production', ['success']],
      ['deploy-production', ['success']],
    ]);
    expect(report.findings.filter((f) => f.severity !== 'info').map((f) => `${f.check} ${f.tool ?? ''}`)).toEqual([]);
    expect(JSON.stringify(report)).not.toContain('[masked:E2E_WORD]');
  });
});
