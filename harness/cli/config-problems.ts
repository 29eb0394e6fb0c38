/**
 * A command line's problems and its config file's in one go (as ESLint lists every problem at once): a line with
 * problems still names the config it would load (CommandLineError `config`), which is loaded for its problems alone,
 * so a user whose line and config are both wrong fixes both after one run, not two.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { displayPath } from '../config/display-path.ts';
import { ConfigError } from '../config/errors.ts';
import type { CommandLineError } from './args.ts';

/** The line added for a config written in code: a usage error never runs it (its top-level code could hang or act). */
export const CODE_CONFIG_NOT_LOADED = 'the config was not loaded (it is code, which runs only once the command line is right); fix the command line first';

/**
 * `error` with the problems of the config its line would load after its own (each naming its file and key path, as a
 * run reports them): the `--config` file (a missing one is its problem), or the default file in `cwd` when one exists
 * (none: nothing added; the line may have meant no config). Only a JSON config is read: one written in code (`.ts`,
 * `.mts`, `.js`, `.mjs`, ...) is not imported on a usage error, whose answer must never wait on the config's code (a
 * top-level await that never settles) nor let it act; one line says so (CODE_CONFIG_NOT_LOADED). A path that is no
 * regular file (a directory, whatever its name) is said to be no config file, as a run says it. `error` itself when
 * the line leaves the config unsure (`config` undefined), the config is valid, or it fails in a way that is no config
 * problem.
 */
export async function withConfigProblems(error: CommandLineError, cwd: string): Promise<ConfigError> {
  if (error.config === undefined) return error;
  const { CONFIG_FILE_NAMES, loadConfig, notAConfigFile } = await import('../config/load.ts');
  const path = error.config === '' ? CONFIG_FILE_NAMES.map((name) => resolve(cwd, name)).find((p) => existsSync(p)) : resolve(cwd, error.config);
  if (path === undefined) return error;
  // code only when it is a regular file: a directory (or FIFO, device) is no config at all, and loadConfig says so
  if (!path.endsWith('.json') && existsSync(path) && notAConfigFile(path) === undefined) {
    return new ConfigError(error.file, [...error.issues, { path: '', message: CODE_CONFIG_NOT_LOADED, file: displayPath(path, cwd) }]);
  }
  try {
    await loadConfig(error.config === '' ? undefined : error.config, cwd);
    return error;
  } catch (problem) {
    if (!(problem instanceof ConfigError)) return error;
    return new ConfigError(error.file, [...error.issues, ...problem.issues.map((i) => ({ ...i, file: i.file ?? problem.file }))]);
  }
}
