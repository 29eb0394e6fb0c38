/**
 * The error every contract loader throws: it names the file and the key path inside it, so a user
 * can go straight to the faulty entry (e.g. `surfaces/reference/contract.ts: tools[3].inputSchema: ...`).
 */

/** A contract module or lock that cannot be loaded. `file` and `keyPath` are kept for callers that format their own. */
export class ContractError extends Error {
  /** The contract module or lock path as the caller gave it. */
  readonly file: string;
  /** Key path inside the export or lock, e.g. `tools[3].inputSchema`; '' for the whole file. */
  readonly keyPath: string;

  /**
   * The message is one line: a line break in `reason` (a key of a lock that zod quotes, review D7) is written as the
   * text `\n`, so it cannot forge a line of the CLI's own on stderr.
   * @param file the module or lock path as given by the caller
   * @param keyPath where in it the problem is ('' = the file itself)
   * @param reason value-free description of the problem
   */
  constructor(file: string, keyPath: string, reason: string) {
    const line = reason.replace(/\n/g, '\\n');
    super(keyPath === '' ? `${file}: ${line}` : `${file}: ${keyPath}: ${line}`);
    this.name = 'ContractError';
    this.file = file;
    this.keyPath = keyPath;
  }
}

/**
 * Format a key path from segments: numbers become `[n]`, identifiers `.name`, anything else `["key"]`.
 * `keyPath(['tools', 3, 'inputSchema'])` is `tools[3].inputSchema`.
 */
export function keyPath(segments: readonly (string | number)[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
