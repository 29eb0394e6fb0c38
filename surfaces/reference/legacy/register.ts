/**
 * Registration for the SDK 1.x surface (`@modelcontextprotocol/sdk`): one contract tool with its
 * reference handler, schemas as defined (SDK 1.x advertises zod v4 schemas as draft-07 JSON Schema).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolDefinition } from '../contract/definitions.ts';
import { handlerOf } from '../handlers/index.ts';

/**
 * Register `def` on an SDK 1.x McpServer.
 * @throws Error when the package has no handler for the tool.
 */
export function registerLegacyTool(server: McpServer, def: ToolDefinition): void {
  const handler = handlerOf(def.name);
  server.registerTool(
    def.name,
    {
      title: def.title,
      description: def.description,
      inputSchema: def.inputSchema,
      outputSchema: def.outputSchema,
      annotations: def.annotations,
    },
    async (args: unknown) => handler(args as Record<string, unknown>),
  );
}
