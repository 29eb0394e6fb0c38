/**
 * Which names mark a credential: an environment variable's name (`GITHUB_TOKEN`, `NCBI_API_KEY`) or an HTTP header's
 * (`Authorization`, `X-Api-Key`). The run's final pass over what reports show (env-mask.ts `display`,
 * run/output-mask.ts) masks the values a surface was GIVEN under such a name: the server legitimately holds them, so
 * the session never masks them (masking them at ingestion would change what the harness sends and judges), but a
 * server that logs its request URL (`...?api_key=...`) or "bad credentials for ghp_..." put them into report files
 * that CI uploads (sweep 18: @cyanheads/pubmed-mcp-server's NCBI_API_KEY in transport/timeout's stderr excerpt).
 *
 * A name is split into word parts (at every character that is not a letter or a digit, at camelCase humps, between
 * letters and digits), compared case-insensitively. It marks a credential when a part is a CREDENTIAL_WORDS word or ends
 * with a FUSED_SUFFIXES spelling (`AUTHTOKEN`, `CLIENTSECRET`, `DBPASSWORD`, `OPENAI_APIKEY`), or when two adjacent
 * parts are a CREDENTIAL_PAIRS pair (`CONNECTION_STRING`, `DATABASE_URL`); except the names in NOT_CREDENTIALS.
 * Over-masking a report is harmless (the name says what was there); a missed credential is what reaches CI artifacts.
 */

/**
 * Whole word parts that mark a credential (FUSED_SUFFIXES holds `token`, `secret`, `password` and the like). Sources:
 * Sentry's default scrubbing denylist (relay and sentry-python's EventScrubber: password, passwd, secret,
 * api_key/apikey, auth, credentials, mysql_pwd, privatekey/private_key, token, session, sessionid, csrftoken, cookie,
 * authorization, x_api_key); Spring Boot's actuator sanitizer (keys ending in password, secret, key, token; any key
 * holding credentials); Rails' default filter_parameters (passw, secret, token, _key). GitHub Actions and CircleCI mask
 * by value (registered secrets, project variables), not by name: the harness has no such registry, so the name is what
 * it can go by. Added: plurals, the short forms `pass` (`DB_PASS`, `SMTP_PASS`), `cred(s)`, `pwd` (`MYSQL_PWD`), and
 * what else names a credential in CI variables: `passphrase` (a GPG or SSH key's), `private` (`PRIVATE_PEM`),
 * `signature`, `dsn` (a Sentry DSN holds its key, a database DSN its password), `jwt`, `bearer`, `csrf`, `xsrf`,
 * `pat` (a personal access token: `GH_PAT`, `GITHUB_PAT`, `AZURE_DEVOPS_PAT`), `webhook` (`SLACK_WEBHOOK_URL`: the
 * URL is the secret).
 * Left out: `salt` and `otp` (Rails has them; `OTP_VERSION` is Erlang's release in every Elixir image), `cert` and
 * `certificate` (public by design), `id` (`CLIENT_ID`; `AWS_ACCESS_KEY_ID` is matched by `key`).
 */
const CREDENTIAL_WORDS: ReadonlySet<string> = new Set([
  'key', 'keys', 'jwt', 'bearer',
  'pwd', 'pass', 'passphrase',
  'auth', 'authorization', 'authorisation',
  'credential', 'credentials', 'cred', 'creds',
  'cookie', 'cookies', 'session', 'sessionid', 'csrf', 'xsrf',
  'private', 'signature', 'dsn',
  'pat', 'pats', 'webhook', 'webhooks',
]);

/**
 * A part that is one of these or ends with one marks a credential too: the words themselves and names written without
 * separators (`GITHUBTOKEN`, `clientsecret`, `DBPASSWORD`, `OPENAI_APIKEY`, `csrftoken`). `key` is no suffix here:
 * `monkey`, `turkey`, `hockey`.
 */
const FUSED_SUFFIXES: readonly string[] = ['token', 'tokens', 'secret', 'secrets', 'password', 'passwords', 'passwd', 'apikey', 'accesskey', 'privatekey', 'secretkey'];

/**
 * Two adjacent parts that mark a credential: a connection string and a database URL hold the database's password
 * (Heroku, Render and Railway set `DATABASE_URL=postgres://user:password@host/db`).
 */
const CREDENTIAL_PAIRS: readonly (readonly [string, string])[] = [
  ['connection', 'string'], ['conn', 'string'], ['conn', 'str'],
  ['database', 'url'], ['database', 'uri'], ['db', 'url'], ['db', 'uri'],
];

/** Names that hold a credential word and are no credential: `PWD` and `OLDPWD` are the shell's working directories (POSIX). */
const NOT_CREDENTIALS: ReadonlySet<string> = new Set(['pwd', 'oldpwd']);

/** The lower-case word parts of `name`: split at non-alphanumerics, camelCase humps (`apiKey`, `APIKey`) and letter/digit boundaries. */
export function nameParts(name: string): string[] {
  return name
    .replace(/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/g, ' ')
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p !== '')
    .map((p) => p.toLowerCase());
}

/**
 * True when `name` (an environment variable's or an HTTP header's name) marks a credential (module comment): `API_KEY`,
 * `GITHUB_TOKEN`, `NCBI_API_KEY`, `DB_PASS`, `SENTRY_DSN`, `DATABASE_URL`, `GH_PAT`, `Authorization`, `X-Api-Key`,
 * `Proxy-Authorization`, `Cookie`. False for `LOG_LEVEL`, `PATH`, `HOME`, `PWD`, `KEYBOARD_LAYOUT`, `MONKEY`. Pure.
 */
export function isCredentialName(name: string): boolean {
  if (NOT_CREDENTIALS.has(name.toLowerCase())) return false;
  const parts = nameParts(name);
  if (parts.some((p) => CREDENTIAL_WORDS.has(p) || FUSED_SUFFIXES.some((s) => p.endsWith(s)))) return true;
  return parts.some((p, i) => i + 1 < parts.length && CREDENTIAL_PAIRS.some(([a, b]) => p === a && parts[i + 1] === b));
}

/**
 * The credentials of an `Authorization` or `Proxy-Authorization` header value (RFC 9110 §11.6.2, §11.7.2: `credentials =
 * auth-scheme [ 1*SP ( token68 / #auth-param ) ]`): what follows the scheme (`Bearer ghp_x` -> `ghp_x`), which a server
 * that logs the token it received writes without the scheme. Undefined for any other header or a value without a scheme.
 */
export function authorizationCredentials(header: string, value: string): string | undefined {
  const name = header.toLowerCase();
  if (name !== 'authorization' && name !== 'proxy-authorization') return undefined;
  const m = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ +(\S.*)$/.exec(value.trim());
  return m?.[1]?.trim();
}
