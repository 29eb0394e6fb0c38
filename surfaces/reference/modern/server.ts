/**
 * Reference surface `modern`: SDK 2.x (`@modelcontextprotocol/server`) behind `serveStdio`, so it serves
 * the 2026-07-28 era (and the legacy handshake when a client opens with `initialize`). Every contract
 * tool is registered unmodified.
 *
 * Run: `node --import tsx surfaces/reference/modern/server.ts`
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { definitions } from '../contract/definitions.ts';
import { logToStderr, referenceServerInfo } from '../shared/identity.ts';
import { registerContractTool } from '../shared/register-v2.ts';

serveStdio(
  () => {
    const server = new McpServer(referenceServerInfo('modern'), { capabilities: { tools: {} } });
    for (const def of definitions) registerContractTool(server, def);
    return server;
  },
  { onerror: (error) => logToStderr('modern', `error: ${error.message}`) },
);
logToStderr('modern', 'serving on stdio');
