/**
 * A raw line client for the replay fixture server: spawn it, write JSON-RPC lines, collect every stdout
 * line until the awaited ids are answered, close stdin and wait for the exit. Test-only.
 */
import { fileURLToPath } from 'node:url';
import { spawnJsonLines } from '../helpers/json-lines.ts';

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
export async function converse(args: string[], messages: unknown[], awaitIds: Array<string | number> = []): Promise<Conversation> {
  const server = spawnJsonLines([REPLAY_SERVER, ...args]);
  const guard = setTimeout(() => server.child.kill('SIGKILL'), GUARD_MS);
  for (const message of messages) server.send(message);
  const answered = await server.answered(awaitIds, GUARD_MS);
  if (answered) server.child.stdin.end();
  const { code, signal } = await server.exited;
  clearTimeout(guard);
  if (!answered || (signal === 'SIGKILL' && code === null)) throw new Error(`replay server did not finish; still waiting for ${answered ? 'exit' : awaitIds.join(', ')}`);
  return { lines: server.lines, frames: server.frames, stderr: server.stderr(), code, signal };
}

/** A JSON-RPC request frame. */
export function request(id: string | number, method: string, params?: Record<string, unknown>): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) };
}

/** The response frame for `id`. */
export function responseTo(conversation: Conversation, id: string | number): Record<string, unknown> | undefined {
  return conversation.frames.find((frame) => frame.id === id && ('result' in frame || 'error' in frame));
}
