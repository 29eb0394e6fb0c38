#!/usr/bin/env node
/**
 * The `mcp-harness` executable of the package (built to dist/bin.js): runs the CLI and sets the exit
 * code it decides. In this repository, bin/mcp-harness.js runs the same entry from the sources.
 */
import { main } from './cli.ts';

process.exitCode = await main(process.argv.slice(2));
