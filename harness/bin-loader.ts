#!/usr/bin/env node
/**
 * The `mcp-harness` executable of the package (built to dist/bin.js by scripts/bundle-cli.mjs): runs the
 * bundled CLI, dist/bin.bundle.cjs, through a V8 code cache (harness/code-cache.ts). Any command but help and
 * version (`run` is the default command) leaves the fullest cache. Imports only harness/code-cache.ts and Node built-ins.
 */
import { fileURLToPath } from 'node:url';
import { runBundle } from './code-cache.ts';

/** First arguments of the commands that compile little of the CLI: their cache gives way to a run's. */
const LIGHT = new Set(['help', 'version', '--help', '-h', '--version', '-v']);

runBundle(fileURLToPath(new URL('./bin.bundle.cjs', import.meta.url)), { full: !LIGHT.has(process.argv[2] ?? '') });
