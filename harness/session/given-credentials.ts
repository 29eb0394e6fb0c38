/**
 * The credentials a surface was given, for the run's final pass over what reports show (env-mask.ts `display`, the
 * `shown` values; run/output-mask.ts): the values of its environment variables whose name marks a credential
 * (credential-names.ts: `API_KEY`, `GITHUB_TOKEN`, passed by `--env`, `--env-pass`, `env.set`, `env.allow`) and, over
 * Streamable HTTP, of its server's, plus its configured request headers whose name marks one (`Authorization`,
 * `X-Api-Key`) and the credentials after an `Authorization` scheme (`Bearer <token>`). Never used at ingestion: the
 * server legitimately holds these, and masking what it says of them would change what the harness sends and judges.
 */
import { authorizationCredentials, isCredentialName } from './credential-names.ts';
import { isHttpSpec, type ConnectSpec } from './options.ts';

/**
 * `[name, value]` pairs of the credentials `spec` gives its surface: each environment variable (the process's, or the
 * HTTP surface's server's) whose name marks a credential under its own name, each such header's value under
 * `header:<lower-case name>` (the session's label for header values), and an `Authorization`/`Proxy-Authorization`
 * value's credentials after its scheme under the header's label. Pure.
 */
export function givenCredentials(spec: ConnectSpec): [name: string, value: string][] {
  const out: [string, string][] = [];
  const env = isHttpSpec(spec) ? spec.server?.spawn.env ?? {} : spec.env;
  for (const [name, value] of Object.entries(env)) if (isCredentialName(name)) out.push([name, value]);
  if (!isHttpSpec(spec)) return out;
  for (const [name, value] of Object.entries(spec.headers)) {
    if (!isCredentialName(name)) continue;
    const label = `header:${name.toLowerCase()}`;
    out.push([label, value]);
    const credentials = authorizationCredentials(name, value);
    if (credentials !== undefined) out.push([label, credentials]);
  }
  return out;
}
