/**
 * The one error the session layer throws: the surface could not be booted.
 * Server faults after boot never throw; they become request outcomes.
 */
import type { ExitInfo, WireTap } from '../model/wire.ts';

/**
 * Boot failed. `phase: 'spawn'` = the command could not be started (ENOENT, EACCES, bad cwd);
 * `phase: 'negotiate'` = it started but no era could be negotiated (no `initialize` answer, forced era refused).
 * Carries the wire tap and exits so far as evidence.
 */
export class SessionBootError extends Error {
  readonly phase: 'spawn' | 'negotiate';
  readonly tap: WireTap;
  readonly exits: ExitInfo[];

  constructor(phase: 'spawn' | 'negotiate', message: string, tap: WireTap, exits: ExitInfo[], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SessionBootError';
    this.phase = phase;
    this.tap = tap;
    this.exits = exits;
  }
}
