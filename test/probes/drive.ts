/**
 * A raw JSON-line driver for fault fixture servers (tests only): spawn, write frames, collect the
 * frames answering each id. Always kills the process; never hangs (per-exchange timeout, ms).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Absolute path of a fault fixture. */
export function faultPath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/servers/faults/${name}`, import.meta.url));
}

/**
 * Run a fixture, write `frames` (objects or raw strings) one per line, wait `settleMs` after the
 * last expected id answered (or `timeoutMs` overall), and return every frame it printed.
 */
export async function drive(name: string, frames: unknown[], opts: { args?: string[]; expectIds?: Array<string | number>; settleMs?: number; timeoutMs?: number } = {}): Promise<Array<Record<string, any>>> {
  const child = spawn(process.execPath, [faultPath(name), ...(opts.args ?? [])], { stdio: ['pipe', 'pipe', 'ignore'] });
  const out: Array<Record<string, any>> = [];
  let buffer = '';
  const expect = new Set(opts.expectIds ?? []);
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, opts.timeoutMs ?? 5000);
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) { const f = JSON.parse(line); out.push(f); expect.delete(f.id); }
        if (expect.size === 0) { clearTimeout(timer); setTimeout(resolve, opts.settleMs ?? 0); }
      });
      for (const f of frames) child.stdin.write((typeof f === 'string' ? f : JSON.stringify(f)) + '\n');
    });
  } finally {
    child.kill();
  }
  return out;
}

/** A legacy initialize request frame. */
export const init = (id = 0, protocolVersion = '2025-11-25') => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '0' } } });
/** A modern `_meta` envelope. */
export const envelope = (version = '2026-07-28') => ({ _meta: { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': {} } });
/** A tools/call frame. */
export const callFrame = (id: number, name: string, args: unknown, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...extra } });
