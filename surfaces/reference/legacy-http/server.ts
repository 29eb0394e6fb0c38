/**
 * Reference surface `legacy-http`: the `legacy` reference server (SDK 1.x `@modelcontextprotocol/sdk`
 * McpServer, every contract tool registered unmodified, draft-07 schemas) served over Streamable HTTP
 * instead of stdio: one McpServer and one `StreamableHTTPServerTransport` per session (the session id
 * minted at initialize), on 127.0.0.1 only, with the SDK's DNS-rebinding protection on (a foreign Origin
 * or Host gets 403). Refusals are answered here, before the SDK sees the request, as JSON-RPC errors
 * with no id (spec 2025-11-25 basic/transports: "a JSON-RPC error response that has no id"; the SDK 1.x
 * transport would send `"id": null`, which the 2025-11-25 schema does not allow): a foreign Origin or Host 403, a
 * session id this server does not hold 404, a request without one that is not an initialize 400, an unsupported MCP-Protocol-Version 400.
 *
 * Run: `node --import tsx surfaces/reference/legacy-http/server.ts --port=PORT` (prints
 * `serving on http://127.0.0.1:PORT/mcp` on stderr once it listens).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { definitions } from '../contract/definitions.ts';
import { logToStderr, referenceServerInfo } from '../shared/identity.ts';
import { registerLegacyTool } from '../legacy/register.ts';
import { rejectUnknownTools } from '../legacy/unknown-tool.ts';

const port = Number(/^--port=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--port=')) ?? '')?.[1] ?? process.env.PORT ?? 0);
const contractNames = new Set(definitions.map((def) => def.name));
const sessions = new Map<string, StreamableHTTPServerTransport>();

/** The same server as the stdio `legacy` surface (see ../legacy/server.ts). */
function newServer(): McpServer {
  const server = new McpServer(referenceServerInfo('legacy'));
  rejectUnknownTools(server, (name) => contractNames.has(name));
  for (const def of definitions) registerLegacyTool(server, def);
  return server;
}

function allowed(listening: number): { hosts: string[]; origins: string[] } {
  const hosts = [`127.0.0.1:${listening}`, `localhost:${listening}`];
  return { hosts, origins: hosts.map((h) => `http://${h}`) };
}

function jsonError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message } }));
}

function isInitialize(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'initialize';
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

async function handle(req: IncomingMessage, res: ServerResponse, listening: number): Promise<void> {
  if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return void res.writeHead(404).end();
  const sid = req.headers['mcp-session-id'];
  const id = Array.isArray(sid) ? sid[0] : sid;
  const body = req.method === 'POST' ? await readBody(req) : undefined;
  const origin = req.headers.origin;
  if (origin !== undefined && !allowed(listening).origins.includes(origin)) return jsonError(res, 403, -32000, 'Forbidden: invalid Origin');
  const host = req.headers.host;
  if (host !== undefined && !allowed(listening).hosts.includes(host)) return jsonError(res, 403, -32000, 'Forbidden: invalid Host');
  let transport = id === undefined ? undefined : sessions.get(id);
  if (id !== undefined && !transport) return jsonError(res, 404, -32001, 'Session not found');
  if (!transport && !isInitialize(body)) return jsonError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
  const version = req.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return jsonError(res, 400, -32000, 'Bad Request: unsupported MCP-Protocol-Version');
  if (!transport) {
    const { hosts, origins } = allowed(listening);
    const fresh = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts: hosts,
      allowedOrigins: origins,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, fresh),
    });
    fresh.onclose = () => {
      if (fresh.sessionId !== undefined) sessions.delete(fresh.sessionId);
    };
    await newServer().connect(fresh);
    transport = fresh;
  }
  await transport.handleRequest(req, res, body);
}

const http = createServer((req, res) => {
  const address = http.address();
  const listening = typeof address === 'object' && address !== null ? address.port : port;
  handle(req, res, listening).catch((error: unknown) => {
    logToStderr('legacy-http', `error: ${error instanceof Error ? error.message : String(error)}`);
    if (!res.headersSent) jsonError(res, 500, -32603, 'Internal error');
  });
});
http.listen(port, '127.0.0.1', () => {
  const address = http.address();
  logToStderr('legacy-http', `serving on http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : port}/mcp`);
});
process.on('SIGTERM', () => {
  for (const transport of sessions.values()) void transport.close();
  http.close(() => process.exit(0));
  http.closeAllConnections();
});
