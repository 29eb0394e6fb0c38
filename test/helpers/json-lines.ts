/**
 * The one raw JSON-line driver of the tests: spawn `node ARGS...`, write frames one per line, read
 * stdout line by line (every line kept, JSON objects parsed), wait for the responses to given ids.
 * test/probes/drive.ts (fault fixtures), test/cases/wire-client.ts (the replay server) and
 * test/reference/driver.ts (reference surfaces) are thin wrappers over it. Test-only; nothing here
 * asserts a timing: every wait has a guard that ends it (ms) so a hung fixture cannot hang the suite.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A JSON object read from stdout. */
export type JsonFrame = Record<string, any>;

/** A spawned line-speaking process. */
export interface LineProcess {
  child: ChildProcessWithoutNullStreams;
  /** Every stdout line, in order. */
  lines: string[];
  /** The stdout lines that parsed as JSON objects, in order. */
  frames: JsonFrame[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Write one frame: an object as JSON, a string as it is (a raw line), plus the newline. */
  send(frame: unknown): void;
  /** Call `listener` with every frame read from now on. */
  onFrame(listener: (frame: JsonFrame) => void): void;
  /** Call `listener` with every stdout line read from now on, and its frame when it is a JSON object. */
  onLine(listener: (line: string, frame: JsonFrame | undefined) => void): void;
  /** Resolves true once a frame with each id was read (already read ones count), false after `guardMs`. */
  answered(ids: ReadonlyArray<string | number>, guardMs: number): Promise<boolean>;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawn `node ...args` (cwd as given) with stdin and stdout piped. */
export function spawnJsonLines(args: string[], opts: { cwd?: string } = {}): LineProcess {
  const child = spawn(process.execPath, args, { cwd: opts.cwd, stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const lines: string[] = [];
  const frames: JsonFrame[] = [];
  const listeners: Array<(frame: JsonFrame) => void> = [];
  const lineListeners: Array<(line: string, frame: JsonFrame | undefined) => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    const frame = parseObject(line); // not a JSON object: kept in `lines` only
    if (frame) frames.push(frame);
    for (const listener of [...lineListeners]) listener(line, frame);
    if (frame) for (const listener of [...listeners]) listener(frame);
  });
  child.stdin.on('error', () => {}); // a fixture that exits early closes the pipe under a pending write
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const onFrame = (listener: (frame: JsonFrame) => void) => void listeners.push(listener);
  return {
    child,
    lines,
    frames,
    stderr: () => stderr,
    send: (frame) => void child.stdin.write(`${typeof frame === 'string' ? frame : JSON.stringify(frame)}\n`),
    onFrame,
    onLine: (listener) => void lineListeners.push(listener),
    exited,
    answered(ids, guardMs) {
      const waiting = new Set(ids.map((id) => JSON.stringify(id)));
      for (const f of frames) waiting.delete(JSON.stringify(f.id));
      if (waiting.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const guard = setTimeout(() => resolve(false), guardMs);
        onFrame((f) => {
          waiting.delete(JSON.stringify(f.id));
          if (waiting.size === 0) {
            clearTimeout(guard);
            resolve(true);
          }
        });
      });
    },
  };
}

/** `line` parsed, when it is a JSON object. */
function parseObject(line: string): JsonFrame | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonFrame) : undefined;
  } catch {
    return undefined;
  }
}
