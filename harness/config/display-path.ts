/**
 * How a config file is named in messages (a module of its own: the judge names config files without
 * loading the config schema and resolver).
 */
import { isAbsolute, relative, resolve } from 'node:path';

/** How a file is named in messages: relative to `cwd` when inside it, else absolute; `<config>` when none. */
export function displayPath(file: string | undefined, cwd: string): string {
  if (file === undefined) return '<config>';
  const rel = relative(cwd, resolve(cwd, file));
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : resolve(cwd, file);
}
