/**
 * Reading a boot failure (`SurfaceObservation.bootError`) for the transport checks: the session records
 * it as data (phase, reason, command, errno, timeout), so these helpers only map fields to value-free
 * message data. Nothing here parses a sentence, and nothing comes from the server.
 */
import type { BootFailure } from '../../model/observation.ts';

/** Why the process could not be started: the configured command and the cause. */
export interface SpawnCause {
  /** The configured command, quoted, or `the command` when the failure does not name it. */
  command: string;
  /** `ENOENT: not found`, `EACCES: not executable`, `its working directory does not exist`, or the errno text. */
  cause: string;
}

/** The command and cause of a `spawn`-phase boot failure (see SpawnCause). */
export function spawnCause(bootError: BootFailure): SpawnCause {
  return { command: bootError.command ? `'${bootError.command}'` : 'the command', cause: causeOf(bootError) };
}

function causeOf(bootError: BootFailure): string {
  if (bootError.reason === 'cwd-missing') return 'its working directory does not exist';
  if (bootError.reason === 'command-not-found') return 'ENOENT: not found';
  if (bootError.reason === 'permission-denied') return 'EACCES: not executable';
  if (bootError.reason === 'exited') return `it exited before it was ready (${bootError.signal ? `signal ${bootError.signal}` : `code ${String(bootError.exitCode)}`})`;
  return bootError.errno ? `${bootError.errno}: the operating system refused to start it` : 'the operating system refused to start it';
}

/**
 * The startMs after which `initialize` went unanswered, when that is why negotiation failed
 * (spec:2025-11-25/basic/lifecycle.mdx §Initialization, §Timeouts); undefined otherwise.
 */
export function initializeTimeoutMs(bootError: BootFailure | undefined): number | undefined {
  if (bootError?.phase !== 'negotiate' || bootError.reason !== 'initialize-timeout') return undefined;
  return bootError.timeoutMs;
}

/**
 * The start budget (ms) within which a Streamable HTTP server the harness started did not get ready, when
 * that is why the boot failed (reason `ready-timeout`); undefined otherwise.
 */
export function readyTimeoutMs(bootError: BootFailure | undefined): number | undefined {
  if (bootError?.phase !== 'spawn' || bootError.reason !== 'ready-timeout') return undefined;
  return bootError.timeoutMs;
}
