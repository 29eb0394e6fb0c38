/**
 * A raw line client for the replay fixture server: spawn it, write JSON-RPC lines, collect every stdout
 * line until the awaited ids are answered, close stdin and wait for the exit. Test-only.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

/** Path of the replay fixture server. */
export const REPLAY_SERVER = fileURLToPath(new URL('../fixtures/servers/replay-case.mjs', import.meta.url));

/** What one conversation saw. */
export interface Conversation {
  /** Every stdout line, in order. */
  lines: string[];
  /** The stdout lines that parsed as JSON objects. */
  frames: Array<Record<string, unknown>>;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Guard against a hung fixture (not a timing assertion): kill it and fail after this long, ms. */
const GUARD_MS = 15_000;

/**
 * Run `node replay-case.mjs ...args`, write `messages` (one per line), wait until every id in
 * `awaitIds` has a response, then close stdin and wait for the process to exit by itself.
 * @throws Error when the guard expires (the process is killed first).
 */
export function converse(args: string[], messages: unknown[], awaitIds: Array<string | number> = []): Promise<Conversation> {
  const child = spawn(process.execPath, [REPLAY_SERVER, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const seen: Conversation = { lines: [], frames: [], stderr: '', code: null, signal: null };
  const waiting = new Set(awaitIds.map((id) => JSON.stringify(id)));
  const closeWhenAnswered = () => {
    if (waiting.size === 0 && child.stdin.writable) child.stdin.end();
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    seen.lines.push(line);
    try {
      const frame = JSON.parse(line) as Record<string, unknown>;
      seen.frames.push(frame);
      waiting.delete(JSON.stringify(frame.id));
    } catch {
      // not JSON: kept in `lines` only
    }
    closeWhenAnswered();
  });
  child.stderr.on('data', (chunk: Buffer) => (seen.stderr += chunk.toString()));
  for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
  closeWhenAnswered();
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`replay server did not finish; still waiting for ${[...waiting].join(', ') || 'exit'}`));
    }, GUARD_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      resolve({ ...seen, code, signal });
    });
  });
}

/** A JSON-RPC request frame. */
export function request(id: string | number, method: string, params?: Record<string, unknown>): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) };
}

/** The response frame for `id`. */
export function responseTo(conversation: Conversation, id: string | number): Record<string, unknown> | undefined {
  return conversation.frames.find((frame) => frame.id === id && ('result' in frame || 'error' in frame));
}
