#!/usr/bin/env node
/**
 * The `mcp-harness` executable of the package (built to dist/bin.js by scripts/bundle-cli.mjs): runs the
 * bundled CLI, dist/bin.bundle.cjs, through a V8 code cache (harness/code-cache.ts). Any command but help and
 * version (`run` is the default command) leaves the fullest cache. It first sets the V8 tuning of the executable
 * (harness/v8-tuning.ts), before V8 sees the bundle or its cache. Imports harness/code-cache.ts,
 * harness/run/launch-ahead.ts (and the few small modules that one needs to build a spawn spec),
 * harness/v8-tuning.ts and Node built-ins.
 */
import { fileURLToPath } from 'node:url';
import { runBundle } from './code-cache.ts';
import { launchAhead } from './run/launch-ahead.ts';
import { tuneV8 } from './v8-tuning.ts';

/** First arguments of the commands that compile little of the CLI: their cache gives way to a run's. */
const LIGHT = new Set(['help', 'version', '--help', '-h', '--version', '-v']);

// before V8 compiles anything of the bundle: its code cache is keyed by V8's flags (harness/v8-tuning.ts)
tuneV8();

// the default ad-hoc run's server boots while the bundle loads (the run adopts it: harness/run/launch-ahead.ts)
launchAhead(process.argv.slice(2), process.cwd(), process.env);
runBundle(fileURLToPath(new URL('./bin.bundle.cjs', import.meta.url)), { full: !LIGHT.has(process.argv[2] ?? '') });
