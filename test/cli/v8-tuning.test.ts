/**
 * The V8 tuning of the published executable (harness/v8-tuning.ts): when it applies, and, on real Node
 * processes, that it changes V8's flags (the code cache V8 keys by them shows it) and that it must come before
 * the bundle is compiled, as dist/bin.js does it (harness/bin-loader.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { INLINING_BUDGET, INLINING_FLAG, TUNING_ENV, v8Tuning } from '../../harness/v8-tuning.ts';

const V8_11 = '11.3.244.8-node.38';
const TUNED = `${INLINING_FLAG}=${INLINING_BUDGET}`;

describe('v8Tuning', () => {
  it('sets the inlining budget on V8 11 (Node 20) when nothing else chose it', () => {
    expect(v8Tuning({ execArgv: [], env: {}, v8Version: V8_11 })).toBe('--max-inlined-bytecode-size-cumulative=200');
    expect(v8Tuning({ execArgv: ['--require', 'x.cjs', '--v8-pool-size=1'], env: { [TUNING_ENV]: 'on' }, v8Version: V8_11 })).toBe(TUNED);
    // a flag that only starts like it is another flag
    expect(v8Tuning({ execArgv: ['--max-inlined-bytecode-size=100'], env: {}, v8Version: V8_11 })).toBe(TUNED);
  });

  it('keeps V8 defaults where the user chose the budget (either spelling, with or without a value), turned the tuning off, or on another V8', () => {
    for (const arg of ['--max-inlined-bytecode-size-cumulative=920', '--max_inlined_bytecode_size_cumulative=500', '--max-inlined-bytecode-size-cumulative']) {
      expect(v8Tuning({ execArgv: [arg], env: {}, v8Version: V8_11 }), arg).toBeUndefined();
    }
    expect(v8Tuning({ execArgv: [], env: { [TUNING_ENV]: 'off' }, v8Version: V8_11 })).toBeUndefined();
    // exactly `off`, as MCP_HARNESS_CACHE_DIR=off
    for (const value of ['OFF', 'Off', '0', 'false', ' off', '']) expect(v8Tuning({ execArgv: [], env: { [TUNING_ENV]: value }, v8Version: V8_11 }), value).toBe(TUNED);
    // Node 21 (V8 11.8) and Node 22 (V8 12.4): not measured, V8's defaults
    expect(v8Tuning({ execArgv: [], env: {}, v8Version: '11.8.172.17-node.21' })).toBeUndefined();
    expect(v8Tuning({ execArgv: [], env: {}, v8Version: '12.4.254.21-node.33' })).toBeUndefined();
    expect(v8Tuning({ execArgv: [], env: {}, v8Version: '1.3.0' })).toBeUndefined();
  });
});

const CODE_CACHE = pathToFileURL(fileURLToPath(new URL('../../harness/code-cache.ts', import.meta.url))).href;
const TUNING = pathToFileURL(fileURLToPath(new URL('../../harness/v8-tuning.ts', import.meta.url))).href;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Run `bundle` through runBundle in a child node, tuning V8 before it, after it, or not; what runBundle returned. */
function run(bundle: string, tune: 'before' | 'after' | 'never'): { cache: string; writes: boolean } {
  const code = [
    `import { runBundle } from ${JSON.stringify(CODE_CACHE)};`,
    `import { tuneV8 } from ${JSON.stringify(TUNING)};`,
    tune === 'before' ? 'tuneV8();' : '',
    `const result = runBundle(${JSON.stringify(bundle)}, { full: true });`,
    tune === 'after' ? 'tuneV8();' : '',
    'console.log(JSON.stringify(result));',
  ].join('\n');
  const env = { ...process.env };
  delete env[TUNING_ENV];
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', env }).trim().split('\n');
  return JSON.parse(out[out.length - 1]) as { cache: string; writes: boolean }; // the bundle prints first
}

// the tuning applies to this Node (the engines floor, Node 20, is what CI runs): otherwise there is nothing to observe
const applies = v8Tuning({ execArgv: process.execArgv, env: {}, v8Version: process.versions.v8 }) !== undefined;

describe.runIf(applies)('tuneV8 on a real process, with the code cache', () => {
  function bundle(): string {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-v8-tuning-'));
    dirs.push(dir);
    const file = join(dir, 'bin.bundle.cjs');
    writeFileSync(file, '"use strict";\nfunction lazy(n) { return n * 2; }\nconsole.log(lazy(21));\n');
    return file;
  }

  it('tuned before the bundle is compiled (as dist/bin.js does), the cache a run writes is the one the next start accepts', () => {
    const file = bundle();
    expect(run(file, 'before')).toMatchObject({ cache: 'none', writes: true });
    expect(run(file, 'before')).toMatchObject({ cache: 'accepted', writes: false });
  });

  it('tuned after it, every start rejects the cache the last one wrote (V8 keys a cache by its flags: the tuning changed them)', () => {
    const file = bundle();
    expect(run(file, 'after')).toMatchObject({ cache: 'none', writes: true });
    expect(run(file, 'after')).toMatchObject({ cache: 'rejected', writes: true });
    expect(run(file, 'after')).toMatchObject({ cache: 'rejected', writes: true });
    // and an untuned start rejects a tuned start's cache, then accepts its own
    expect(run(file, 'never')).toMatchObject({ cache: 'rejected', writes: true });
    expect(run(file, 'never')).toMatchObject({ cache: 'accepted', writes: false });
  });
});
