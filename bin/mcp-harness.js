#!/usr/bin/env node
// The CLI from this repository's SOURCES (harness/*.ts through tsx): what the tests, `npm run
// validate:mcp` and the docs scripts run, so they never see a stale build. The published
// executable is dist/bin.js (`bin` in package.json), built by `npm run build`.
import { register } from 'tsx/esm/api';

register();
await import('../harness/bin.ts');
