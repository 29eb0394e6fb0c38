#!/usr/bin/env node
/**
 * The synthetic stdio surface for the benchmark: a legacy-era (2025-11-25) MCP server in plain Node, no
 * dependencies. Serves SYNTHETIC_TOOL_COUNT tools over pages of SYNTHETIC_PAGE_SIZE (`nextCursor`), answers
 * every request instantly, exits when stdin closes.
 *
 * Usage: node bench/synthetic-server.mjs [--tools N] [--broken PCT] [--latency MS]
 *   --tools N      tools to serve (default 1000)
 *   --broken PCT   percentage of tools whose structuredContent violates their outputSchema (default 0)
 *   --latency MS   answer each tools/call after MS milliseconds, calls served concurrently (default 0: instantly)
 *
 * Behaviour (spec 2025-11-25 basic/lifecycle, server/tools, server/utilities/pagination):
 * - `initialize` answers the offered version when known, else 2025-11-25; `server/discover` (modern probe)
 *   and any unknown method get JSON-RPC -32601 right away;
 * - `tools/call` of an unknown tool: -32602; arguments its inputSchema forbids: an `isError` result;
 *   otherwise structuredContent (valid, or broken for `--broken`) plus a text block with its JSON.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { conforms } from './synthetic/validate.mjs';
import { SYNTHETIC_PAGE_SIZE, SYNTHETIC_TOOL_COUNT, isBroken, structuredResult, syntheticTools } from './synthetic/tools.mjs';

const SUPPORTED = ['2025-11-25', '2025-06-18', '2025-03-26'];
const { values } = parseArgs({ options: { tools: { type: 'string' }, broken: { type: 'string' }, latency: { type: 'string' } } });
const count = values.tools === undefined ? SYNTHETIC_TOOL_COUNT : Number(values.tools);
const brokenPercent = values.broken === undefined ? 0 : Number(values.broken);
const latencyMs = values.latency === undefined ? 0 : Number(values.latency);
if (!Number.isInteger(count) || count < 0 || !(brokenPercent >= 0 && brokenPercent <= 100) || !(latencyMs >= 0)) {
  process.stderr.write('usage: synthetic-server.mjs [--tools N >= 0] [--broken PCT 0-100] [--latency MS >= 0]\n');
  process.exit(2);
}

const tools = syntheticTools(count);
const byName = new Map(tools.map((tool, i) => [tool.name, i]));
const pages = Array.from({ length: Math.ceil(count / SYNTHETIC_PAGE_SIZE) }, (_, p) => tools.slice(p * SYNTHETIC_PAGE_SIZE, (p + 1) * SYNTHETIC_PAGE_SIZE));

const send = (frame) => process.stdout.write(`${JSON.stringify(frame)}\n`);
const error = (code, message) => ({ error: { code, message } });
const cursorOf = (page) => Buffer.from(`page:${page}`).toString('base64url');
const pageOf = (cursor) => {
  const match = /^page:(\d+)$/.exec(Buffer.from(String(cursor), 'base64url').toString());
  return match ? Number(match[1]) : -1;
};

function initialize(params) {
  const offered = params?.protocolVersion;
  return {
    result: {
      protocolVersion: SUPPORTED.includes(offered) ? offered : SUPPORTED[0],
      capabilities: { tools: { listChanged: false } },
      serverInfo: { name: 'mcp-harness-synthetic', version: '1.0.0' },
    },
  };
}

function listTools(params) {
  const page = params?.cursor === undefined ? 0 : pageOf(params.cursor);
  if (page < 0 || (page >= pages.length && page !== 0)) return error(-32602, 'Invalid cursor');
  const next = page + 1 < pages.length ? { nextCursor: cursorOf(page + 1) } : {};
  return { result: { tools: pages[page] ?? [], ...next } };
}

/** A text-only isError result (a tool-level failure, spec 2025-11-25 server/tools §Error Handling). */
const toolError = (text) => ({ result: { content: [{ type: 'text', text }], isError: true } });

function callTool(params) {
  const index = byName.get(params?.name);
  if (index === undefined) return error(-32602, 'Unknown tool');
  const args = params.arguments ?? {};
  if (!conforms(tools[index].inputSchema, args)) return toolError('the arguments do not match the inputSchema');
  const structuredContent = structuredResult(index, isBroken(index, brokenPercent));
  return { result: { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent } };
}

const handlers = { initialize, 'tools/list': listTools, 'tools/call': callTool, ping: () => ({ result: {} }) };

function onLine(line) {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  }
  if (message === null || typeof message !== 'object' || typeof message.method !== 'string') return;
  if (message.id === undefined) return; // a notification: nothing to answer
  const handler = handlers[message.method];
  const answer = handler ? handler(message.params) : error(-32601, 'Method not found');
  const reply = () => send({ jsonrpc: '2.0', id: message.id, ...answer });
  if (latencyMs > 0 && message.method === 'tools/call') setTimeout(reply, latencyMs);
  else reply();
}

createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', onLine).on('close', () => process.exit(0));
