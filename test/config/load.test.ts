import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../harness/config/index.ts';

const root = mkdtempSync(join(tmpdir(), 'mcp-harness-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A fresh directory holding `files` (name -> text). */
function project(files: Record<string, string>): string {
  const dir = join(root, String(n++));
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const configModule = pathToFileURL(join(import.meta.dirname, '../../harness/config/index.ts')).href;
const tsConfig = (body: string) => `import { defineConfig } from '${configModule}';\nexport default defineConfig(${body});\n`;

async function loadError(file: string | undefined, cwd: string): Promise<ConfigError> {
  const error = await loadConfig(file, cwd).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('loadConfig', () => {
  it('finds mcp-harness.config.ts by default and imports it (TS, defineConfig)', async () => {
    const dir = project({ 'mcp-harness.config.ts': tsConfig("{ surfaces: [{ name: 'a', command: 'node' }] }") });
    const config = await loadConfig(undefined, dir);
    expect(config.configFile).toBe(join(dir, 'mcp-harness.config.ts'));
    expect(config.surfaces.map((s) => s.name)).toEqual(['a']);
  });

  it('loads .mjs and .json files named explicitly, relative to cwd', async () => {
    const dir = project({
      'a.mjs': "export default { surfaces: [{ name: 'm', command: 'node' }] };",
      'b.json': JSON.stringify({ surfaces: [{ name: 'j', command: 'node' }] }),
    });
    expect((await loadConfig('a.mjs', dir)).surfaces[0].name).toBe('m');
    expect((await loadConfig('b.json', dir)).surfaces[0].name).toBe('j');
  });

  it('prefers .ts over .json when both default files exist', async () => {
    const dir = project({
      'mcp-harness.config.json': JSON.stringify({ surfaces: [{ name: 'json', command: 'node' }] }),
      'mcp-harness.config.mjs': "export default { surfaces: [{ name: 'mjs', command: 'node' }] };",
    });
    expect((await loadConfig(undefined, dir)).surfaces[0].name).toBe('mjs');
  });

  it('names the file and key where reading the config threw (a getter, a Proxy trap), and reads each getter once', async () => {
    const dir = project({
      'getter.mjs': "export default { surfaces: [{ name: 'g', args: [], get command() { throw new Error('no command yet'); } }] };",
      'trap.mjs': "export default { surfaces: [{ name: 't', command: 'node', env: new Proxy({}, { ownKeys() { throw new Error('trap'); } }) }] };",
      'root.mjs': "export default { get surfaces() { throw new Error('top'); } };",
      'counted.mjs': "globalThis.reads = 0; export default { surfaces: [{ name: 'c', get command() { globalThis.reads += 1; return 'node'; }, args: ['a'] }] };",
      'array.mjs': "const args = ['x']; Object.defineProperty(args, 1, { enumerable: true, get() { throw new Error('arg'); } }); export default { surfaces: [{ name: 'a', command: 'node', args }] };",
    });
    expect((await loadError('getter.mjs', dir)).message).toBe('getter.mjs: surfaces[0].command: Reading this value threw: no command yet');
    expect((await loadError('trap.mjs', dir)).message).toBe('trap.mjs: surfaces[0].env: Reading this value threw: trap');
    expect((await loadError('root.mjs', dir)).message).toBe('root.mjs: surfaces: Reading this value threw: top');
    expect((await loadError('array.mjs', dir)).message).toBe('array.mjs: surfaces[0].args[1]: Reading this value threw: arg');
    // a value nested deeper than any config is not copied (no stack overflow): the resolver judges it as before
    const deep = project({ 'deep.mjs': "let v = 'x'; for (let i = 0; i < 20000; i++) v = [v]; export default { surfaces: [{ name: 'd', command: 'node', args: v }] };" });
    expect((await loadError('deep.mjs', deep)).message).toMatch(/^deep\.mjs: surfaces\[0\]\.args\[0\]: /);
    const counted = await loadConfig('counted.mjs', dir);
    expect(counted.surfaces[0]).toMatchObject({ name: 'c', command: 'node', args: ['a'] });
    expect((globalThis as { reads?: number }).reads).toBe(1);
  });

  it('reads a non-enumerable key as resolving the module did (a lazy getter defined with defineProperty), and still ignores it where only enumerable keys count', async () => {
    const dir = project({
      'lazy.mjs': "const c = {}; Object.defineProperty(c, 'surfaces', { get() { return [{ name: 'l', command: 'node', args: [] }]; } }); export default c;",
      'hidden.mjs': "const s = { name: 'h', command: 'node', args: [] }; Object.defineProperty(s, 'note', { value: 'internal' }); export default { surfaces: [s] };",
    });
    expect((await loadConfig('lazy.mjs', dir)).surfaces[0]).toMatchObject({ name: 'l', command: 'node' });
    expect((await loadConfig('hidden.mjs', dir)).surfaces[0]).toMatchObject({ name: 'h', command: 'node' });
  });

  it('names a missing file', async () => {
    const dir = project({});
    expect((await loadError('nope.config.ts', dir)).message).toBe('nope.config.ts: Config file not found');
    expect((await loadError(undefined, dir)).message).toMatch(/^mcp-harness\.config\.ts: Config file not found in .* \(looked for mcp-harness\.config\.ts, /);
  });

  it('names the file for invalid JSON, a failing import and a missing default export', async () => {
    const dir = project({ 'bad.json': '{ "surfaces": [', 'throws.mjs': "throw new Error('boom');", 'named.mjs': 'export const config = {};' });
    expect((await loadError('bad.json', dir)).message).toMatch(/^bad\.json: Invalid JSON: /);
    expect((await loadError('throws.mjs', dir)).message).toBe('throws.mjs: Cannot import: boom');
    expect((await loadError('named.mjs', dir)).message).toMatch(/^named\.mjs: The config module has no default export/);
  });

  it('says to use .mts when a .ts config of a CommonJS project imports an ES-module-only package; .mts loads', async () => {
    const dir = project({ 'package.json': '{ "type": "commonjs" }' });
    mkdirSync(join(dir, 'node_modules/esm-only'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/esm-only/package.json'), '{ "name": "esm-only", "type": "module", "exports": { ".": { "import": "./index.js" } } }');
    writeFileSync(join(dir, 'node_modules/esm-only/index.js'), "export const surfaces = [{ name: 'x', command: 'node' }];\n");
    const body = "import { surfaces } from 'esm-only';\nexport default { surfaces };\n";
    writeFileSync(join(dir, 'mcp-harness.config.ts'), body);
    writeFileSync(join(dir, 'esm.mts'), body);
    expect((await loadError('mcp-harness.config.ts', dir)).message).toMatch(/^mcp-harness\.config\.ts: Cannot import: .*rename it to mcp-harness\.config\.mts/);
    await expect(loadConfig('esm.mts', dir)).resolves.toBeDefined();
  });

  it('keeps the location and message of a syntax error (file:line:col), not just the esbuild header', async () => {
    const dir = project({ 'broken.ts': 'const ok = 1;\nexport default { surfaces: [ };\n' });
    const message = (await loadError('broken.ts', dir)).message;
    expect(message).toMatch(/^broken\.ts: Cannot import: .*broken\.ts:2:\d+: Unexpected "}"$/);
    expect(message).not.toContain('Transform failed');
  });

  it('loads a .ts config importing a sibling .ts in a project whose package.json has no "type"', async () => {
    const dir = project({
      'package.json': JSON.stringify({ name: 'cjs-project' }),
      'surfaces.ts': "export const surfaces = [{ name: 'cjs', command: 'node' }];\n",
      'mcp-harness.config.ts': "import { surfaces } from './surfaces.ts';\nexport default { surfaces };\n",
    });
    expect((await loadConfig(undefined, dir)).surfaces.map((s) => s.name)).toEqual(['cjs']);
  });

  it('reports validation issues with the file and key path', async () => {
    const dir = project({ 'mcp-harness.config.ts': tsConfig("{ surfaces: [{ name: 'a', command: 'node', timeouts: { requestMs: 'slow' } }] } as never") });
    expect((await loadError(undefined, dir)).message).toBe('mcp-harness.config.ts: surfaces[0].timeouts.requestMs: Invalid input: expected number, received string');
  });
});
