/** Test helpers for config tests: a minimal valid config and an error-capturing resolve. */
import { ConfigError, resolveConfig, type UserConfig } from '../../harness/config/index.ts';

/** A minimal valid config with one surface. */
export const minimal = (): UserConfig => ({ surfaces: [{ name: 'ref', command: 'node', args: ['server.js'] }] });

/** Resolves `user` as if from /proj/mcp-harness.config.ts and returns the ConfigError's lines. */
export function errorLines(user: unknown): string[] {
  try {
    resolveConfig(user as UserConfig, { file: 'mcp-harness.config.ts', cwd: '/proj' });
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected a ConfigError');
}
