/**
 * The main job (`npm run validate:mcp`): four published MCP servers pinned as devDependencies, and
 * the three reference surfaces that serve this repository's shared contract package; server-everything
 * and the legacy reference surface also over Streamable HTTP (same contract), each started by the
 * harness on a free loopback port (`${port}`) and stopped after.
 * Every path is relative to this file. See docs/config.md for every key.
 */
import { defineConfig } from './harness/index.ts';
import { DEFAULT_ENV_ALLOW } from './harness/config/index.ts';

const node = process.execPath;
const pkg = (name: string) => `node_modules/@modelcontextprotocol/${name}`;

export default defineConfig({
  reportDir: 'reports',
  reporters: ['console', 'json', 'markdown'],
  surfaces: [
    {
      name: 'everything',
      command: node,
      args: [`${pkg('server-everything')}/dist/index.js`, 'stdio'],
      contract: { lock: 'surfaces/everything/contract.lock.json' },
      scenarios: 'scenarios/everything',
      manifest: `${pkg('server-everything')}/package.json`,
      declaredVersion: { fromManifest: true },
    },
    {
      // server-everything's Streamable HTTP mode listens on $PORT on every interface; the preload keeps it on 127.0.0.1
      name: 'everything-http',
      command: node,
      args: ['--import', './surfaces/everything-http/loopback.mjs', `${pkg('server-everything')}/dist/index.js`, 'streamableHttp'],
      url: 'http://127.0.0.1:${port}/mcp',
      env: { set: { PORT: '${port}' } },
      ready: { line: 'listening on port' },
      contract: { lock: 'surfaces/everything/contract.lock.json' },
      scenarios: 'scenarios/everything',
      manifest: `${pkg('server-everything')}/package.json`,
      declaredVersion: { fromManifest: true },
    },
    {
      name: 'memory',
      command: node,
      args: [`${pkg('server-memory')}/dist/index.js`],
      env: { set: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
      setup: { tempDir: true },
      contract: { lock: 'surfaces/memory/contract.lock.json' },
      scenarios: 'scenarios/memory',
      // the knowledge graph is stateful: create before relate before delete
      callConcurrency: 1,
      manifest: `${pkg('server-memory')}/package.json`,
      declaredVersion: { fromManifest: true },
    },
    {
      name: 'filesystem',
      command: node,
      args: [`${pkg('server-filesystem')}/dist/index.js`, '${tempDir}/root'],
      setup: { tempDir: true, copy: [{ from: 'surfaces/filesystem/fixture', to: 'root' }] },
      contract: { lock: 'surfaces/filesystem/contract.lock.json' },
      scenarios: 'scenarios/filesystem',
      callConcurrency: 1,
      manifest: `${pkg('server-filesystem')}/package.json`,
      declaredVersion: { fromManifest: true },
    },
    {
      name: 'sequential-thinking',
      command: node,
      args: [`${pkg('server-sequential-thinking')}/dist/index.js`],
      contract: { lock: 'surfaces/sequential-thinking/contract.lock.json' },
      scenarios: 'scenarios/sequential-thinking',
      callConcurrency: 1,
      manifest: `${pkg('server-sequential-thinking')}/package.json`,
      declaredVersion: { fromManifest: true },
    },
    ...(['modern', 'legacy', 'narrowed'] as const).map((name) => ({
      name: `reference-${name}`,
      command: node,
      args: ['--import', 'tsx', `surfaces/reference/${name}/server.ts`],
      // SDK 1.x advertises draft-07 projections, SDK 2.x 2020-12: the package exports both
      contract: { module: 'surfaces/reference/contract/index.ts', export: name === 'legacy' ? 'draft07Tools' : 'tools' },
      scenarios: 'scenarios/reference',
      overrides: name === 'narrowed' ? ('narrow' as const) : ('none' as const),
      // REFERENCE_WIDEN=1 swaps one narrowed override for a wider one (the issue-3 end-to-end test)
      env: { allow: [...DEFAULT_ENV_ALLOW, 'REFERENCE_WIDEN'] },
      watchedPaths: ['surfaces/reference/contract/*.ts', `surfaces/reference/${name}/server.ts`],
    })),
    {
      // the legacy reference server (SDK 1.x) over Streamable HTTP: same contract, same scenarios
      name: 'reference-legacy-http',
      command: node,
      args: ['--import', 'tsx', 'surfaces/reference/legacy-http/server.ts', '--port=${port}'],
      url: 'http://127.0.0.1:${port}/mcp',
      ready: { line: 'serving on http://' },
      contract: { module: 'surfaces/reference/contract/index.ts', export: 'draft07Tools' },
      scenarios: 'scenarios/reference',
      overrides: 'none' as const,
      watchedPaths: ['surfaces/reference/contract/*.ts', 'surfaces/reference/legacy-http/server.ts', 'surfaces/reference/legacy/*.ts'],
    },
    {
      // the modern reference server (SDK 2.x createMcpHandler behind its Host and Origin guards) over
      // Streamable HTTP: 2026-07-28's stateless form (headers mirrored from the body), same contract
      name: 'reference-modern-http',
      command: node,
      args: ['--import', 'tsx', 'surfaces/reference/modern-http/server.ts', '--port=${port}'],
      url: 'http://127.0.0.1:${port}/mcp',
      ready: { line: 'serving on http://' },
      contract: { module: 'surfaces/reference/contract/index.ts', export: 'tools' },
      scenarios: 'scenarios/reference',
      overrides: 'none' as const,
      watchedPaths: ['surfaces/reference/contract/*.ts', 'surfaces/reference/modern-http/server.ts', 'surfaces/reference/shared/*.ts'],
    },
  ],
});
