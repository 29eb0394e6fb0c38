/**
 * The credentials a surface was given, for the run's final pass over what reports show (env-mask.ts `display`, the
 * `shown` values; run/output-mask.ts): the values of its environment variables whose name marks a credential
 * (credential-names.ts: `API_KEY`, `GITHUB_TOKEN`, passed by `--env`, `--env-pass`, `env.set`, `env.allow`) and, over
 * Streamable HTTP, of its server's, plus its configured request headers whose name marks one (`Authorization`,
 * `X-Api-Key`) and the credentials after an `Authorization` scheme (`Bearer <token>`; a `Basic` token also decoded, and
 * its password). Besides, whatever the name: the
 * password of a URL with one (`redis://user:<password>@host`, in any variable, argument or the surface's URL: Heroku
 * and Railway set `REDIS_URL` and `MONGO_URL`, the reference Postgres server takes its URL as an argument), and the
 * credential members of a variable holding a JSON object (`OPENAPI_MCP_HEADERS={"Authorization":"Bearer ..."}`). Each
 * in the spellings a server writes it in: as given, JSON-escaped (a JSON log writes `"` and `\` as `\"` and `\\`) and
 * percent-encoded (a request URL's query). Never used at ingestion: the server legitimately holds these, and masking
 * what it says of them would change what the harness sends and judges.
 */
import { authorizationCredentials, isCredentialName } from './credential-names.ts';
import { isHttpSpec, type ConnectSpec } from './options.ts';

/** The password of each URL in `text` that has one (`scheme://user:password@`), as written (percent-encoded or not). */
const URL_PASSWORD = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/?#@:]*:([^\s/?#@]+)@/g;

/** The label of a URL's password found in the command line or the surface's URL (no variable names it). */
const URL_PASSWORD_LABEL = 'url-password';

/** `value` and the other spellings a server writes it in: percent-decoded (a URL's password), JSON-escaped, percent-encoded. */
function spellings(value: string): string[] {
  const out = [value];
  try {
    out.push(decodeURIComponent(value));
  } catch {
    // not percent-encoding: as written only
  }
  for (const v of [...out]) out.push(JSON.stringify(v).slice(1, -1), encodeURIComponent(v));
  return [...new Set(out)];
}

/** The passwords of the URLs in `text` (URL_PASSWORD). */
function urlPasswords(text: string): string[] {
  return [...text.matchAll(URL_PASSWORD)].map((m) => m[1]);
}

/**
 * The credential members of `value` when it is a JSON object or array: each string member whose key marks a credential
 * (and an `Authorization` value's credentials after its scheme), at any depth. [] for any other value.
 */
function jsonMembers(value: string): string[] {
  const t = value.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(t);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, member] of Object.entries(node)) {
      if (typeof member === 'string' && isCredentialName(key)) {
        out.push(member);
        const credentials = authorizationCredentials(key, member);
        if (credentials !== undefined) out.push(credentials);
      } else walk(member);
    }
  };
  walk(parsed);
  return out;
}

/**
 * The `user:password` a `Basic` Authorization value's token decodes to, and its password (RFC 7617 §2): a server that
 * logs who failed to sign in writes them decoded. [] for another scheme or a token that is not base64 of such a pair.
 */
function basicCredentials(value: string, token: string): string[] {
  if (!/^basic\s/i.test(value.trim()) || !/^[A-Za-z0-9+/]+=*$/.test(token)) return [];
  const pair = Buffer.from(token, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon === -1 ? [] : [pair, pair.slice(colon + 1)];
}

/**
 * `[name, value]` pairs of the credentials `spec` gives its surface (module comment), each value in every spelling
 * (`spellings`): each environment variable (the process's, or the HTTP surface's server's) whose name marks a credential
 * under its own name; the URL passwords and JSON credential members of every variable under its name; the URL
 * passwords of the command line and the surface's URL under `url-password`; each credential header's value under
 * `header:<lower-case name>` (the session's label for header values), and an `Authorization`/`Proxy-Authorization`
 * value's credentials after its scheme under the header's label. Pure.
 */
export function givenCredentials(spec: ConnectSpec): [name: string, value: string][] {
  const out: [string, string][] = [];
  const push = (name: string, values: readonly string[]) => {
    for (const value of values) for (const spelled of spellings(value)) out.push([name, spelled]);
  };
  const spawn = isHttpSpec(spec) ? spec.server?.spawn : spec;
  const env = spawn?.env ?? {};
  for (const [name, value] of Object.entries(env)) if (isCredentialName(name)) push(name, [value]);
  for (const [name, value] of Object.entries(env)) push(name, [...urlPasswords(value), ...jsonMembers(value)]);
  push(URL_PASSWORD_LABEL, [...(spawn?.args ?? []), spawn?.command ?? '', ...(isHttpSpec(spec) ? [spec.url] : [])].flatMap(urlPasswords));
  if (!isHttpSpec(spec)) return out;
  for (const [name, value] of Object.entries(spec.headers)) {
    if (!isCredentialName(name)) continue;
    const label = `header:${name.toLowerCase()}`;
    push(label, [value]);
    const credentials = authorizationCredentials(name, value);
    if (credentials !== undefined) push(label, [credentials, ...basicCredentials(value, credentials)]);
  }
  return out;
}
