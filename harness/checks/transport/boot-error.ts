/**
 * Reading a boot failure (`SurfaceObservation.bootError`) for the transport checks. The session gives
 * a phase and a message it composes itself from config values and errno codes (harness/session:
 * server-process.ts `cannot start '<command>': ...`, handshake.ts `no answer to initialize within N ms`);
 * these helpers turn it into value-free message data. Nothing here comes from the server.
 */
import type { SurfaceObservation } from '../../model/observation.ts';

type BootError = NonNullable<SurfaceObservation['bootError']>;

/** Why the process could not be started: the configured command and the cause. */
export interface SpawnCause {
  /** The configured command, or `the command` when the message does not name it. */
  command: string;
  /** `ENOENT: not found`, `EACCES: not executable`, `its working directory does not exist`, or the errno text. */
  cause: string;
}

const SPAWN = /^cannot start '(.*)': (.*)$/s;

/** The command and cause of a `spawn`-phase boot error (see SpawnCause). */
export function spawnCause(bootError: BootError): SpawnCause {
  const match = SPAWN.exec(bootError.message);
  const command = match?.[1] ?? '';
  const detail = match?.[2] ?? bootError.message;
  return { command: command ? `'${command}'` : 'the command', cause: causeOf(detail) };
}

function causeOf(detail: string): string {
  if (/^working directory /.test(detail)) return 'its working directory does not exist';
  if (/\bENOENT\b/.test(detail)) return 'ENOENT: not found';
  if (/\bEACCES\b/.test(detail)) return 'EACCES: not executable';
  const code = /\b(E[A-Z]{3,})\b/.exec(detail)?.[1];
  return code ? `${code}: the operating system refused to start it` : 'the operating system refused to start it';
}

const INIT_TIMEOUT = /no answer to initialize within (\d+) ms/;

/**
 * The startMs after which `initialize` went unanswered, when that is why negotiation failed
 * (spec:2025-11-25/basic/lifecycle.mdx §Initialization, §Timeouts); undefined otherwise.
 */
export function initializeTimeoutMs(bootError: BootError | undefined): number | undefined {
  if (bootError?.phase !== 'negotiate') return undefined;
  const match = INIT_TIMEOUT.exec(bootError.message);
  return match ? Number(match[1]) : undefined;
}
