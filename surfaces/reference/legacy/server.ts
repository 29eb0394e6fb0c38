/**
 * Reference surface `legacy`: SDK 1.x (`@modelcontextprotocol/sdk`) McpServer on StdioServerTransport,
 * so it serves the legacy `initialize` era only. Every contract tool is registered unmodified; the
 * SDK advertises draft-07 schemas (contract export `draft07Tools`). An unknown tool gets JSON-RPC -32602
 * (./unknown-tool.ts), not the SDK 1.x default `isError` result.
 *
 * Run: `node --import tsx surfaces/reference/legacy/server.ts`
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { definitions } from '../contract/definitions.ts';
import { logToStderr, referenceServerInfo } from '../shared/identity.ts';
import { registerLegacyTool } from './register.ts';
import { rejectUnknownTools } from './unknown-tool.ts';

// No `capabilities.tools` option: it would install the tools/call handler in the constructor, before
// the unknown-tool seam. The first registerTool installs it and declares `tools: { listChanged: true }`,
// exactly what the option led to.
const server = new McpServer(referenceServerInfo('legacy'));
const contractNames = new Set(definitions.map((def) => def.name));
rejectUnknownTools(server, (name) => contractNames.has(name));
for (const def of definitions) registerLegacyTool(server, def);

const transport = new StdioServerTransport();
transport.onclose = () => process.exit(0);
process.stdin.on('end', () => void server.close());
await server.connect(transport);
logToStderr('legacy', 'serving on stdio');
