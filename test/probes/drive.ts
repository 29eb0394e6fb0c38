/**
 * A raw JSON-line driver for fault fixture servers (tests only): spawn, write frames, collect the
 * frames answering each id. Always kills the process; never hangs (per-exchange timeout, ms).
 */
import { fileURLToPath } from 'node:url';
import { spawnJsonLines } from '../helpers/json-lines.ts';

/** Absolute path of a fault fixture. */
export function faultPath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/servers/faults/${name}`, import.meta.url));
}

/**
 * Run a fixture, write `frames` (objects or raw strings) one per line, wait `settleMs` after the
 * last expected id answered (or `timeoutMs` overall), and return every frame it printed.
 */
export async function drive(name: string, frames: unknown[], opts: { args?: string[]; expectIds?: Array<string | number>; settleMs?: number; timeoutMs?: number } = {}): Promise<Array<Record<string, any>>> {
  const server = spawnJsonLines([faultPath(name), ...(opts.args ?? [])]);
  try {
    for (const f of frames) server.send(f);
    if (await server.answered(opts.expectIds ?? [], opts.timeoutMs ?? 5000)) await new Promise((resolve) => setTimeout(resolve, opts.settleMs ?? 0));
  } finally {
    server.child.kill();
  }
  return server.frames;
}

/** A legacy initialize request frame. */
export const init = (id = 0, protocolVersion = '2025-11-25') => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '0' } } });
/** A modern `_meta` envelope. */
export const envelope = (version = '2026-07-28') => ({ _meta: { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': {} } });
/** A tools/call frame. */
export const callFrame = (id: number, name: string, args: unknown, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...extra } });
