/**
 * Reference surface `modern`: SDK 2.x (`@modelcontextprotocol/server`) behind `serveStdio`, so it serves
 * the 2026-07-28 era (and the legacy handshake when a client opens with `initialize`). Every contract
 * tool is registered unmodified.
 *
 * A VersionGuardTransport answers -32022 for a later request naming an unsupported version (an SDK 2.4 gap).
 *
 * Run: `node --import tsx surfaces/reference/modern/server.ts`
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { definitions } from '../contract/definitions.ts';
import { logToStderr, referenceServerInfo } from '../shared/identity.ts';
import { registerContractTool } from '../shared/register-v2.ts';
import { VersionGuardTransport } from '../shared/version-guard.ts';

serveStdio(
  () => {
    const server = new McpServer(referenceServerInfo('modern'), { capabilities: { tools: {} } });
    for (const def of definitions) registerContractTool(server, def);
    return server;
  },
  {
    // Per-request version check the SDK skips after the opening message (shared/version-guard.ts).
    transport: new VersionGuardTransport(new StdioServerTransport()),
    onerror: (error) => logToStderr('modern', `error: ${error.message}`),
  },
);
logToStderr('modern', 'serving on stdio');
