#!/usr/bin/env node
// mcp-harness entry: TypeScript runs through tsx (no build step), then the CLI decides the exit code.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../harness/cli.ts');
process.exitCode = await main(process.argv.slice(2));
