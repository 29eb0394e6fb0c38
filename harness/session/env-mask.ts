/**
 * Masking of the harness's own environment in everything a server says. A server can read its
 * parent's environment (`/proc/<harness pid>/environ` on Linux, same user) and echo a CI secret back as
 * a tool name, a description, an error message or a stderr line; messages are value-free, names are
 * not. Every value of the harness's environment that the surface was NOT given (its env, command,
 * args, cwd) and that is at least MIN_MASKED_LENGTH characters long is replaced by `[masked:NAME]` in
 * each stdout line (before it is parsed, and in parsed strings and keys when the line uses `\u`
 * escapes) and in the stderr tail, before any check, reporter or the console sees it.
 * A lowercase word of 6 to 16 letters (WORD: the harness's environment holds common ones, `npm run -s` sets
 * `npm_config_loglevel=silent`) is masked only where it stands as a token of its own, with no letter or digit right
 * before or after it: masked inside server text ("succeed silently" in a tool description) it changed what the
 * checks compared with the contract, a false tools/advertised-metadata error in the repository's own main job. Any
 * other value (mixed case, a digit or a symbol in it: tokens, paths, passwords) is masked wherever it occurs.
 * Not protected: values shorter than MIN_MASKED_LENGTH, a WORD run into letters or digits, values the surface was
 * given, secrets a server transforms (reversed, base64) or reads from elsewhere (files, the network);
 * `--isolate` closes the /proc read itself.
 */

/** Shortest harness-environment value that is masked (shorter ones are too common to mask: `1`, `true`, `/root`). */
export const MIN_MASKED_LENGTH = 6;

/**
 * A value masked only as a token of its own: a lowercase word of 6 to 16 letters (`silent`, `noninteractive`), what
 * tool descriptions are made of. Mixed case, a digit, a symbol or a longer run of letters is masked wherever it occurs.
 */
const WORD = /^\p{Ll}{6,16}$/u;

/**
 * Strings the harness itself writes to every server (its `clientInfo.name` and the probe payloads that
 * carry it): they are no secret, and a server that echoes them must not have them masked (npm puts
 * `npm_package_name=mcp-harness` in the environment of every `npm run` and `npm test`).
 */
const HARNESS_OWN: readonly string[] = ['mcp-harness'];

/** Masks the harness's secrets in server strings. */
export interface EnvMask {
  /** True when there is nothing to mask (no candidate values). */
  readonly empty: boolean;
  /** `text` with every masked value replaced by `[masked:NAME]`. */
  text(text: string): string;
  /** Mask every string and key of a parsed JSON value in place (iterative); returns the value (or its masked string). */
  value(value: unknown): unknown;
}

/**
 * Build the mask for one surface: `harnessEnv` (the harness's process.env), `given` (every string the
 * surface was handed: env values, command, args, cwd). Longest values first, so a value containing
 * another is masked whole. Pure.
 */
export function createEnvMask(harnessEnv: Readonly<Record<string, string | undefined>>, given: readonly string[]): EnvMask {
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(harnessEnv).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (value === undefined || value.length < MIN_MASKED_LENGTH || byValue.has(value)) continue;
    if (given.some((g) => g.includes(value)) || HARNESS_OWN.some((own) => own.includes(value))) continue;
    byValue.set(value, `[masked:${name}]`);
  }
  const pairs = [...byValue].sort(([a], [b]) => b.length - a.length);
  // one scan (a literal alternation) says whether any value occurs; the common answer, on every stdout line,
  // is no: ~0.5 µs per 400-byte line with 40 values, against 1.2-2.2 µs for one `includes` per value. A hit
  // takes the longest-first replacement below, so the output is the same as without the scan
  const escape = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const any = pairs.length === 0 ? undefined : new RegExp(pairs.map(([v]) => escape(v)).join('|'));
  // One pass, longest value first at each position (a replacement is never scanned again: a label is never masked
  // itself). A word (WORD) only where it stands as a token of its own: no letter or digit right before it (a JSON
  // escape `\n`, `\t`... before it counts as a boundary: the line is masked as raw JSON text) or right after it.
  const boundary = '(?:(?<![\\p{L}\\p{N}])|(?<=\\\\[bfnrt]))';
  const all = pairs.length === 0 ? undefined : new RegExp(pairs.map(([v]) => (WORD.test(v) ? `${boundary}${v}(?![\\p{L}\\p{N}])` : escape(v))).join('|'), 'gu');
  const labels = new Map(pairs);
  const text = (s: string): string => {
    if (any === undefined || all === undefined || !any.test(s)) return s;
    return s.replace(all, (found) => labels.get(found) ?? found);
  };
  const value = (root: unknown): unknown => {
    if (typeof root === 'string') return text(root);
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === null || typeof node !== 'object') continue;
      if (Array.isArray(node)) {
        node.forEach((v, i) => (typeof v === 'string' ? (node[i] = text(v)) : stack.push(v)));
        continue;
      }
      const obj = node as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        const v = obj[key];
        const k = text(key);
        if (k !== key) {
          delete obj[key];
          Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
        }
        if (typeof v === 'string') obj[k] = text(v);
        else stack.push(v);
      }
    }
    return root;
  };
  return { empty: pairs.length === 0, text, value };
}
