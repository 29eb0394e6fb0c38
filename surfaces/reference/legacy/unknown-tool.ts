/**
 * Unknown tool -> JSON-RPC -32602 on the SDK 1.x surface.
 *
 * Why: SDK 1.x's McpServer throws `McpError(InvalidParams, 'Tool x not found')` in its tools/call
 * handler but catches it in the same handler and answers an `isError` result instead. The spec makes
 * an unknown tool a protocol error, JSON-RPC -32602 (spec:2025-11-25/server/tools.mdx §Error Handling,
 * "Unknown tools"; harness check `errors/classification`).
 *
 * How: McpServer installs its tools/call handler through the public `server.server.setRequestHandler`
 * on the first `registerTool` (or in its constructor when given `capabilities.tools`). This seam wraps that one installation so the SDK's handler runs only
 * for registered tools; a call naming any other tool throws before it, and the SDK's Protocol layer
 * turns the throw into the error response. Everything else (validation, execution, isError for
 * failing tools) stays the SDK's.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** A tools/call request as the SDK hands it to the handler (only the field the guard reads). */
type CallRequest = { params: { name: string } };
type Handler = (request: CallRequest, extra: unknown) => unknown;
type SetRequestHandler = (schema: unknown, handler: Handler) => void;

/**
 * Make `server` answer tools/call of a tool that `isKnown` rejects with McpError -32602
 * ("Unknown tool: <name>"), as a JSON-RPC error. Call it before the first `registerTool`, on a server
 * constructed without `capabilities.tools`.
 * @throws Error when the tools/call handler is already installed (called too late).
 */
export function rejectUnknownTools(server: McpServer, isKnown: (name: string) => boolean): void {
  const protocol = server.server as unknown as { setRequestHandler: SetRequestHandler; assertCanSetRequestHandler(method: string): void };
  protocol.assertCanSetRequestHandler('tools/call');
  const install = protocol.setRequestHandler.bind(protocol);
  protocol.setRequestHandler = (schema, handler) => {
    if (schema !== CallToolRequestSchema) return install(schema, handler);
    install(schema, (request, extra) => {
      if (!isKnown(request.params.name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return handler(request, extra);
    });
  };
}
