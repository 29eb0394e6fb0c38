/**
 * The docs base URL of check links (issue 11 item 5): the config key `docsUrl`, the environment
 * variable `MCP_HARNESS_DOCS_URL` over it (as Playwright's reporter variables override its config),
 * else the default; a `docsUrl` that is not an absolute http(s) URL is a config error naming the key.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsUrlFor } from '../../harness/cli/output.ts';
import { resolveConfig } from '../../harness/config/index.ts';
import { DEFAULT_DOCS_URL } from '../../harness/reporters/links.ts';
import { minimal } from '../config/helpers.ts';

const where = { file: 'mcp-harness.config.ts', cwd: '/proj' };
const FORK = 'https://example.test/fork/blob/v1/docs/checks.md';
const MIRROR = 'https://mirror.example.test/docs/checks.md';

describe('docsUrlFor: environment over config over default', () => {
  it('the config key when the environment sets nothing (or an empty value)', () => {
    expect(docsUrlFor({ docsUrl: FORK }, {})).toEqual({ docsUrl: FORK });
    expect(docsUrlFor({ docsUrl: FORK }, { MCP_HARNESS_DOCS_URL: '  ' })).toEqual({ docsUrl: FORK });
  });
  it('MCP_HARNESS_DOCS_URL over the config key', () => {
    expect(docsUrlFor({ docsUrl: FORK }, { MCP_HARNESS_DOCS_URL: MIRROR })).toEqual({ docsUrl: MIRROR });
  });
  it('neither: nothing, so the reporters use their default', () => {
    expect(docsUrlFor({}, {})).toEqual({});
  });
});

describe('docsUrl in the config', () => {
  it('is kept by resolveConfig', () => {
    expect(resolveConfig({ ...minimal(), docsUrl: FORK }, where).docsUrl).toBe(FORK);
    expect(resolveConfig(minimal(), where).docsUrl).toBeUndefined();
  });
  it('that is not an absolute http(s) URL is a config error naming the key', () => {
    expect(() => resolveConfig({ ...minimal(), docsUrl: 'docs/checks.md' }, where)).toThrow(/docsUrl/);
  });
});

describe('the real CLI writes check links under the chosen base', () => {
  const BIN = fileURLToPath(new URL('../../bin/mcp-harness.js', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-docs-url-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (out: string, env: Record<string, string>) =>
    execa(process.execPath, [BIN, 'run', '--reporter', 'markdown', '--reporter', 'sarif', '--report-dir', out], { cwd: dir, reject: false, timeout: 60_000, stdin: 'ignore', env: { MCP_HARNESS_DEBUG: '', MCP_HARNESS_DOCS_URL: '', ...env } });
  const read = (out: string, file: string) => (existsSync(join(dir, out, file)) ? readFileSync(join(dir, out, file), 'utf8') : '');

  beforeAll(async () => {
    // a server that exits at once: a transport/exit finding, so the report has a check link
    const surface = { name: 'exits', command: process.execPath, args: ['-e', 'process.exit(3)'] };
    writeFileSync(join(dir, 'mcp-harness.config.mjs'), `export default ${JSON.stringify({ docsUrl: FORK, surfaces: [surface] })};\n`);
    await Promise.all([cli('config', {}), cli('env', { MCP_HARNESS_DOCS_URL: MIRROR })]);
  }, 120_000);

  it('the config docsUrl in report.md and report.sarif', () => {
    expect(read('config', 'report.md')).toContain(`${FORK}#transportexit`);
    expect(read('config', 'report.sarif')).toContain(`"helpUri": "${FORK}#`);
    expect(read('config', 'report.md')).not.toContain(DEFAULT_DOCS_URL);
  });

  it('MCP_HARNESS_DOCS_URL overrides it', () => {
    expect(read('env', 'report.md')).toContain(`${MIRROR}#transportexit`);
    expect(read('env', 'report.md')).not.toContain(FORK);
  });
});
