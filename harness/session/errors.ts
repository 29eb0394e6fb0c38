/**
 * The one error the session layer throws: the surface could not be booted.
 * Server faults after boot never throw; they become request outcomes.
 */
import type { BootFailure } from '../model/observation.ts';
import type { ExitInfo, WireTap } from '../model/wire.ts';

/**
 * Boot failed. `phase: 'spawn'` = the command could not be started (ENOENT, EACCES, bad cwd);
 * `phase: 'negotiate'` = it started but no era could be negotiated (no `initialize` answer, forced era refused).
 * Carries the failure as data (`failure`: phase, reason, exit code or signal, stderr tail), and the wire
 * tap and exits so far as evidence.
 */
export class SessionBootError extends Error {
  readonly phase: 'spawn' | 'negotiate';
  readonly tap: WireTap;
  readonly exits: ExitInfo[];
  readonly failure: BootFailure;

  constructor(failure: BootFailure & { phase: 'spawn' | 'negotiate' }, tap: WireTap, exits: ExitInfo[], options?: { cause?: unknown }) {
    super(failure.message, options);
    this.failure = failure;
    const { phase } = failure;
    this.name = 'SessionBootError';
    this.phase = phase;
    this.tap = tap;
    this.exits = exits;
  }
}
