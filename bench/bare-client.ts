/**
 * The benchmark's floor: a bare JSON-RPC client over stdio with no checks, no tap and no records.
 * Spawn, handshake (legacy `initialize` + `notifications/initialized`, or modern `server/discover` with the
 * `_meta` envelope on every request), `tools/list` following `nextCursor`, the given `tools/call`s pipelined
 * with the same bounded in-flight window as the harness, then close stdin and wait for exit (SIGTERM after
 * the same stdin grace as the harness, spec basic/transports stdio §Shutdown).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/client';
import { LATEST_LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION, type Era } from '../harness/model/protocol.ts';

/** One planned `tools/call`. */
export interface PlannedCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/** What the bare client runs. `env` is passed exactly; times in ms. */
export interface BareSpec {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  era: Era;
  calls: PlannedCall[];
  /** In-flight window for the calls (>= 1). */
  window: number;
  /** Wait after closing stdin before SIGTERM, ms (the harness's stdinGraceMs). */
  stdinGraceMs: number;
  /** Give up on any one answer after this long, ms. */
  requestMs: number;
}

/** What one bare run saw. `wallMs` covers spawn to exit. */
export interface BareResult {
  wallMs: number;
  tools: number;
  calls: number;
  /** Answers that were JSON-RPC errors (any request). */
  errors: number;
}

type Frame = { id?: unknown; result?: Record<string, unknown>; error?: unknown };
const CLIENT_INFO = { name: 'mcp-harness-bench-bare', version: '0.1.0' };

/**
 * Run the bare client once. @throws Error when the server exits early, does not answer within
 * `requestMs`, or cannot be spawned (the benchmark then reports the surface as failed).
 */
export async function runBare(spec: BareSpec): Promise<BareResult> {
  const started = performance.now();
  const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['pipe', 'pipe', 'ignore'] });
  const exited = once(child, 'exit').catch(() => undefined);
  try {
    const rpc = connect(child, spec);
    if (spec.era === 'modern') await rpc.request('server/discover', {});
    else {
      await rpc.request('initialize', { protocolVersion: LATEST_LEGACY_PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO });
      rpc.notify('notifications/initialized');
    }
    let tools = 0;
    for (let cursor: unknown; ; ) {
      const page = await rpc.request('tools/list', cursor === undefined ? {} : { cursor });
      tools += Array.isArray(page.result?.tools) ? page.result.tools.length : 0;
      cursor = page.result?.nextCursor;
      if (typeof cursor !== 'string') break;
    }
    await pipelined(spec.calls, spec.window, (c) => rpc.request('tools/call', { name: c.tool, arguments: c.arguments }));
    child.stdin?.end();
    const graceful = await Promise.race([exited.then(() => true), delay(spec.stdinGraceMs).then(() => false)]);
    if (!graceful) child.kill('SIGTERM');
    await exited;
    return { wallMs: performance.now() - started, tools, calls: spec.calls.length, errors: rpc.errors() };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/**
 * The floor of a default run's server-side work: the bare client (runBare) with `freshStarts` more server
 * processes started beside it at once, each answering one opening `initialize` (legacy) or `server/discover`
 * (modern) and then shut down like the bare client's (close stdin, the same grace, SIGTERM). A default run
 * needs these start-ups for its fresh-process probes (harness/checks/index.ts freshProcessCount: one on a
 * legacy era, the opening two checks share); no harness work is in this figure, and starting them at once is the most favourable
 * order, so no default run can be faster on the same machine. `wallMs` covers spawn to the last exit.
 * @throws Error as runBare, or when an extra process exits before it answers.
 */
export async function runFloor(spec: BareSpec, freshStarts: number): Promise<BareResult> {
  const started = performance.now();
  const [bare] = await Promise.all([runBare(spec), ...Array.from({ length: freshStarts }, () => runOpening(spec))]);
  return { ...bare, wallMs: performance.now() - started };
}

/** One fresh process: spawn, the opening request, its answer, close stdin, wait for exit. */
async function runOpening(spec: BareSpec): Promise<void> {
  const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['pipe', 'pipe', 'ignore'] });
  const exited = once(child, 'exit').catch(() => undefined);
  try {
    const rpc = connect(child, spec);
    if (spec.era === 'modern') await rpc.request('server/discover', {});
    else await rpc.request('initialize', { protocolVersion: LATEST_LEGACY_PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO });
    child.stdin?.end();
    const graceful = await Promise.race([exited.then(() => true), delay(spec.stdinGraceMs).then(() => false)]);
    if (!graceful) child.kill('SIGTERM');
    await exited;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** A minimal id-matched JSON-RPC channel on the child's stdio; modern frames carry the envelope. */
function connect(child: ChildProcess, spec: BareSpec) {
  const pending = new Map<number, { resolve: (f: Frame) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let errors = 0;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let frame: Frame;
    try {
      frame = JSON.parse(line) as Frame;
    } catch {
      return; // not JSON: a bare client ignores it
    }
    const waiter = typeof frame.id === 'number' ? pending.get(frame.id) : undefined;
    if (!waiter) return;
    pending.delete(frame.id as number);
    if (frame.error !== undefined) errors += 1;
    waiter.resolve(frame);
  });
  child.on('exit', () => pending.forEach((w) => w.reject(new Error('the server exited with requests in flight'))));
  child.on('error', (error) => pending.forEach((w) => w.reject(error)));
  const params = (p: Record<string, unknown>) => (spec.era === 'modern' ? { ...p, _meta: envelope() } : p);
  const write = (frame: object) => child.stdin?.write(`${JSON.stringify(frame)}\n`);
  return {
    request(method: string, p: Record<string, unknown>): Promise<Frame> {
      const id = ++nextId;
      const answer = new Promise<Frame>((resolve, reject) => pending.set(id, { resolve, reject }));
      write({ jsonrpc: '2.0', id, method, params: params(p) });
      return withTimeout(answer, spec.requestMs, `no answer to ${method} within ${spec.requestMs} ms`);
    },
    /** A legacy notification without params (`notifications/initialized`). */
    notify: (method: string) => write({ jsonrpc: '2.0', method }),
    errors: () => errors,
  };
}

/** The modern `_meta` envelope (spec 2026-07-28 basic/index §_meta). */
function envelope(): Record<string, unknown> {
  return { [PROTOCOL_VERSION_META_KEY]: MODERN_PROTOCOL_VERSION, [CLIENT_CAPABILITIES_META_KEY]: {}, [CLIENT_INFO_META_KEY]: CLIENT_INFO };
}

/** Run `fn` over `items` with at most `window` in flight, in submission order. */
async function pipelined<T>(items: readonly T[], window: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(window, items.length)) }, lane));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
