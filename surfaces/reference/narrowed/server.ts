/**
 * Reference surface `narrowed`: SDK 2.x behind `serveStdio` (2026-07-28 era) whose registration seam
 * overrides three tools' input schemas with narrowings of the contract (./overrides.ts).
 * `--widen` (or REFERENCE_WIDEN=1) swaps the compare_variants override for a WIDER one, which the
 * harness must report as `tools/input-narrowing`.
 *
 * A VersionGuardTransport answers -32022 for a later request naming an unsupported version (an SDK 2.4 gap).
 *
 * Run: `node --import tsx surfaces/reference/narrowed/server.ts [--widen]`
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { definitions } from '../contract/definitions.ts';
import { logToStderr, referenceServerInfo } from '../shared/identity.ts';
import { registerContractTool } from '../shared/register-v2.ts';
import { VersionGuardTransport } from '../shared/version-guard.ts';
import { inputOverrides } from './overrides.ts';

const widen = process.argv.includes('--widen') || process.env.REFERENCE_WIDEN === '1';
const overrides = inputOverrides(widen);

serveStdio(
  () => {
    const server = new McpServer(referenceServerInfo('narrowed'), { capabilities: { tools: {} } });
    for (const def of definitions) registerContractTool(server, def, { inputSchema: overrides[def.name] });
    return server;
  },
  {
    // Per-request version check the SDK skips after the opening message (shared/version-guard.ts).
    transport: new VersionGuardTransport(new StdioServerTransport()),
    onerror: (error) => logToStderr('narrowed', `error: ${error.message}`),
  },
);
logToStderr('narrowed', widen ? 'serving on stdio (widened override)' : 'serving on stdio');
