/**
 * `defineConfig`: the identity helper a config file wraps its default export in, so editors infer
 * and check the keys (Vitest's `defineConfig`).
 */
import type { UserConfig } from './types.ts';

/**
 * Returns `config` unchanged; exists for type inference in `mcp-harness.config.ts`.
 * Validation happens when the file is loaded (loadConfig), not here.
 */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
