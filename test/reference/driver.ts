/**
 * A tiny raw line driver for the reference surfaces: spawns `node --import tsx <server.ts>`, writes
 * JSON-RPC lines to stdin, matches response lines by id (over test/helpers/json-lines.ts). Test-only;
 * the harness has its own session.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnJsonLines } from '../helpers/json-lines.ts';

/** Repository root (two levels above test/reference). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The modern `_meta` envelope the driver adds on the modern era (2026-07-28). */
export const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'reference-test', version: '0.0.0' },
};

/** A JSON-RPC response line, parsed. */
export interface Frame {
  id?: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** A running surface process. */
export interface Driver {
  era: 'modern' | 'legacy';
  /** Send a request; resolves with its response frame (rejects after 15 s). Adds the envelope on modern. */
  request(method: string, params?: Record<string, unknown>): Promise<Frame>;
  /** Send a request with `params` exactly as given (no envelope added); same answer handling as `request`. */
  requestRaw(method: string, params: Record<string, unknown>): Promise<Frame>;
  /** Write one notification frame (params as given). */
  notify(method: string, params?: Record<string, unknown>): void;
  /** Lines on stdout that were not JSON-RPC responses (should stay empty). */
  strayLines: string[];
  /** Close stdin and wait for exit; resolves with the exit code. */
  close(): Promise<number | null>;
}

/**
 * Start a reference surface and open a session: `server/discover` on the modern era, the
 * `initialize` handshake on the legacy era.
 */
export async function startSurface(surface: string, era: 'modern' | 'legacy', extraArgs: string[] = []): Promise<Driver> {
  const server = spawnJsonLines(['--import', 'tsx', `surfaces/reference/${surface}/server.ts`, ...extraArgs], { cwd: ROOT });
  const child = server.child;
  const pending = new Map<number, (frame: Frame) => void>();
  const strayLines: string[] = [];
  server.onLine((line, frame) => {
    const resolve = frame && typeof frame.id === 'number' ? pending.get(frame.id) : undefined;
    if (resolve) resolve(frame as Frame);
    else strayLines.push(line);
  });
  const exited = server.exited.then(({ code }) => code);
  let nextId = 1;
  const requestRaw = (method: string, sent: Record<string, unknown>): Promise<Frame> => {
    const id = nextId++;
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${surface}: no answer to ${method}`)), 15_000);
      pending.set(id, (frame) => {
        clearTimeout(timer);
        resolve(frame);
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params: sent })}\n`);
    });
  };
  const request = (method: string, params: Record<string, unknown> = {}): Promise<Frame> =>
    requestRaw(method, era === 'modern' ? { ...params, _meta: ENVELOPE } : params);
  const notify = (method: string, params?: Record<string, unknown>): void => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) })}\n`);
  };
  const close = async () => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const driver: Driver = { era, request, requestRaw, notify, strayLines, close };
  await openSession(driver, child);
  return driver;
}

async function openSession(driver: Driver, child: ChildProcessWithoutNullStreams): Promise<void> {
  if (driver.era === 'modern') {
    const discover = await driver.request('server/discover');
    if (!discover.result) throw new Error(`server/discover failed: ${JSON.stringify(discover.error)}`);
    return;
  }
  const init = await driver.request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'reference-test', version: '0.0.0' },
  });
  if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init.error)}`);
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
}

/** Every tool of `tools/list`, following `nextCursor`. */
export async function listAllTools(driver: Driver): Promise<Record<string, unknown>[]> {
  const tools: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const frame = await driver.request('tools/list', cursor ? { cursor } : {});
    if (!frame.result) throw new Error(`tools/list failed: ${JSON.stringify(frame.error)}`);
    tools.push(...(frame.result.tools as Record<string, unknown>[]));
    cursor = frame.result.nextCursor as string | undefined;
  } while (cursor);
  return tools;
}
