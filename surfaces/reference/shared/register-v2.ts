/**
 * The registration seam of the SDK 2.x surfaces (`@modelcontextprotocol/server`): registers a contract
 * tool with its handler, optionally overriding the inputSchema. Overrides must only narrow the contract
 * (harness rule `tools/input-narrowing`); the modern surface passes none.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { ToolDefinition } from '../contract/definitions.ts';
import { handlerOf } from '../handlers/index.ts';

/** Per-tool registration options. */
export interface RegisterOptions {
  /** A replacement input schema (a zod object); the handler still receives validated arguments. */
  inputSchema?: z.ZodObject;
}

/**
 * Register `def` on an SDK 2.x McpServer with the reference handler of the same name.
 * @throws Error when the package has no handler for the tool.
 */
export function registerContractTool(server: McpServer, def: ToolDefinition, options: RegisterOptions = {}): void {
  const handler = handlerOf(def.name);
  server.registerTool(
    def.name,
    {
      title: def.title,
      description: def.description,
      inputSchema: options.inputSchema ?? def.inputSchema,
      outputSchema: def.outputSchema,
      annotations: def.annotations,
    },
    async (args: unknown) => handler(args as Record<string, unknown>),
  );
}
