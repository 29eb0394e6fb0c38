/**
 * What a server writes when it lacks a credential it needs, or was refused one: a key, token, secret or password
 * missing, not set or invalid ("No valid authorization token found", "GITHUB_TOKEN environment variable is required",
 * "Missing API key", "Unauthorized"). Read in the server's stderr by transport/exit (checks/util/stderr.ts), whose boot
 * and exit messages then say the run may not give the server what it needs: a missing key is the environment's, and
 * the finding must not read as if the server broke on its own (sweep 29: @auth0/auth0-mcp-server 0.1.0-beta.19 without a
 * token exits 1 at boot after "No valid authorization token found"). Pure; only whether ever leaves here, never the line.
 */

/** A credential's name: a key, token, secret, password or credentials, with the usual qualifiers before it. */
const CREDENTIAL = String.raw`(?:(?:api|access|auth(?:ori[sz]ation)?|bearer|secret|personal access|refresh|oauth|client)[ _-]?)?(?:token|key|secret|credentials?|password)s?`;

/** Lines that say a credential is missing or was refused. */
const CREDENTIAL_FAILURES: readonly RegExp[] = [
  // "No valid authorization token found", "Missing API key", "no credentials provided"
  new RegExp(String.raw`\b(?:no|missing)\s+(?:valid\s+)?${CREDENTIAL}\b`, 'i'),
  // "API key is required", "token is not set", "credentials are missing", "password not provided"
  new RegExp(String.raw`\b${CREDENTIAL}\s+(?:(?:is|are|was|were)\s+)?(?:required|missing|not set|not configured|not provided|not found|invalid|expired|revoked)\b`, 'i'),
  // "GITHUB_TOKEN environment variable is required", "STRIPE_SECRET_KEY must be set": a variable named for a credential
  /\b[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:KEY|TOKEN|SECRET|PASSWORD|CREDENTIALS?)\b[^\n]{0,60}\b(?:required|missing|not set|not defined|must be set|is empty|not provided)\b/,
  // "Invalid API key", "Unauthorized", "Not authenticated" (sweep 31: @dopplerhq/mcp-server with a dummy token), "authentication failed"
  new RegExp(String.raw`\b(?:invalid|expired|revoked)\s+${CREDENTIAL}\b|\bunauthori[sz]ed\b|\bnot authenticated\b|\bauthentication (?:failed|required)\b`, 'i'),
  // "session file not found(...)", "credentials file does not exist": a saved login a server reads at boot, not written
  // yet (sweep 39: @chaindead/telegram-mcp_linux_amd64 0.2.0 exits 1 until `telegram-mcp auth` has saved one)
  /\b(?:session|login|credentials?|token|auth)[ _-]?file\s+(?:(?:is|was)\s+)?(?:not found|missing|does not exist|not exist)\b/i,
];

/**
 * "Invalid Vercel API key format", "expired GitHub OAuth token": a credential refused with a service's name (one or two
 * words, each capitalised: `NAMED_BY`) between the refusal and the credential (sweep 34: @mistertk/vercel-mcp 0.1.1 with
 * a dummy key exits 1 at boot after "Configuration error: Invalid Vercel API key format", and bootExited named no
 * cause). Lower-case words between are no name: "Invalid or unexpected token" (a parser's) is not one.
 */
const NAMED_REFUSAL = new RegExp(String.raw`\b(?:invalid|expired|revoked)\s+((?:[\w.-]+\s+){1,2}?)${CREDENTIAL}\b`, 'gi');
/** Words that name a service: each starts with a capital letter. */
const NAMED_BY = /^(?:[A-Z][\w.-]*\s+){1,2}$/;

/** Whether `line` refuses a credential named with its service (NAMED_REFUSAL, the words between capitalised). */
function namedRefusal(line: string): boolean {
  for (const match of line.matchAll(NAMED_REFUSAL)) if (NAMED_BY.test(match[1] ?? '')) return true;
  return false;
}

/** Whether any of `lines` (the server's stderr, cleaned and masked) says a credential is missing or was refused. */
export function credentialFailure(lines: readonly string[]): boolean {
  return lines.some((line) => CREDENTIAL_FAILURES.some((p) => p.test(line)) || namedRefusal(line));
}
