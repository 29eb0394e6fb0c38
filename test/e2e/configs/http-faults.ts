/**
 * Issue 13 §3: one Streamable HTTP fault per surface of the fixture HTTP server, through the real CLI,
 * beside conformant twins (the plain fixture on both eras, the SDK 1.x reference server over HTTP, and the
 * SDK 2.x one on both eras).
 */
import { defineConfig } from '../../../harness/index.ts';
import { httpFixture } from './http-fixture.ts';

const marker = process.env.E2E_MARKER ?? 'e2e-http-faults';
const fixture = (name: string, args: string[]) => ({ ...httpFixture(name, args, marker), callConcurrency: 1 });

export default defineConfig({
  timeouts: { requestMs: 2000, probeMs: 3000, startMs: 10_000, stdinGraceMs: 300, termGraceMs: 500, surfaceMs: 60_000 },
  checks: { 'protocol/era': 'off' },
  surfaces: [
    fixture('twin-legacy', []),
    fixture('twin-modern-sse', ['--era=modern', '--sse']),
    {
      name: 'twin-sdk1',
      command: process.execPath,
      args: ['--import', 'tsx', '../../../surfaces/reference/legacy-http/server.ts', '--port=${port}'],
      url: 'http://127.0.0.1:${port}/mcp',
      ready: { line: 'serving on http://' },
      env: { set: { E2E_MARKER: marker } },
      contract: { module: '../../../surfaces/reference/contract/index.ts', export: 'draft07Tools' },
      scenarios: '../../../scenarios/reference',
      overrides: 'none' as const,
    },
    ...(['auto', 'legacy'] as const).map((era) => ({
      // the SDK 2.x modern reference server over HTTP (createMcpHandler behind the SDK's Host and Origin guards)
      name: era === 'auto' ? 'twin-sdk2' : 'twin-sdk2-legacy',
      command: process.execPath,
      args: ['--import', 'tsx', '../../../surfaces/reference/modern-http/server.ts', '--port=${port}'],
      url: 'http://127.0.0.1:${port}/mcp',
      ready: { line: 'serving on http://' },
      era,
      env: { set: { E2E_MARKER: marker } },
      contract: { module: '../../../surfaces/reference/contract/index.ts', export: 'tools' },
      scenarios: '../../../scenarios/reference',
      overrides: 'none' as const,
    })),
    fixture('no-origin-check', ['--fault=no-origin-check']),
    fixture('no-host-check', ['--fault=no-host-check']),
    fixture('get-json', ['--fault=get-json']),
    fixture('get-json-modern', ['--era=modern', '--fault=get-json']),
    fixture('wrong-content-type', ['--fault=wrong-content-type']),
    fixture('ignore-session', ['--fault=ignore-session']),
    fixture('ignore-version-header', ['--fault=ignore-version-header']),
    fixture('header-mismatch', ['--era=modern', '--fault=ignore-header-mismatch']),
    fixture('sse-never-close', ['--sse', '--fault=sse-never-close']),
    fixture('sse-repeat-id', ['--sse', '--fault=sse-repeat-id']),
    fixture('twin-legacy-sse', ['--sse']),
    fixture('hang', ['--fault=hang-tool=echo']),
    fixture('json-bom', ['--fault=json-bom']),
  ],
});
