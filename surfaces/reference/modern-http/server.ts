/**
 * Reference surface `modern-http`: the `modern` reference server (SDK 2.x `@modelcontextprotocol/server`
 * McpServer, every contract tool registered unmodified) served over Streamable HTTP the way the SDK
 * documents it: `createMcpHandler` (2026-07-28 per request, and the stateless 2025-era fallback), behind the
 * SDK's own DNS-rebinding guards (`hostHeaderValidationResponse` and `originValidationResponse` with the
 * localhost allow-lists: a foreign Host or Origin gets 403), mounted on `node:http` with the SDK's
 * `toNodeHandler` (`@modelcontextprotocol/node`). 127.0.0.1 only; any other path gets 404.
 *
 * Run: `node --import tsx surfaces/reference/modern-http/server.ts --port=PORT` (prints
 * `serving on http://127.0.0.1:PORT/mcp` on stderr once it listens).
 */
import { createServer } from 'node:http';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  McpServer,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { definitions } from '../contract/definitions.ts';
import { logToStderr, referenceServerInfo } from '../shared/identity.ts';
import { registerContractTool } from '../shared/register-v2.ts';

const port = Number(/^--port=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--port=')) ?? '')?.[1] ?? process.env.PORT ?? 0);

const handler = createMcpHandler(
  () => {
    const server = new McpServer(referenceServerInfo('modern'), { capabilities: { tools: {} } });
    for (const def of definitions) registerContractTool(server, def);
    return server;
  },
  { onerror: (error) => logToStderr('modern-http', `error: ${error.message}`) },
);

/** The SDK's documented front door for a bare handler: Host, then Origin, then the MCP handler. */
const guarded = {
  fetch: async (request: Request): Promise<Response> =>
    hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? originValidationResponse(request, localhostAllowedOrigins()) ?? handler.fetch(request),
};
const serve = toNodeHandler(guarded, { onerror: (error) => logToStderr('modern-http', `adapter error: ${error.message}`) });

const http = createServer((req, res) => {
  if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return void res.writeHead(404).end();
  void serve(req, res);
});
http.listen(port, '127.0.0.1', () => {
  const address = http.address();
  logToStderr('modern-http', `serving on http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : port}/mcp`);
});
process.on('SIGTERM', () => {
  void handler.close();
  http.close(() => process.exit(0));
  http.closeAllConnections();
});
