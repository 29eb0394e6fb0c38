/**
 * harness/model/credential-failure.ts: which stderr lines say a credential is missing or was refused (transport/exit's
 * boot and exit messages then name it). A line missed leaves a missing key reading as the server's own fault; a line
 * read wrongly sends the reader to the run's env for a server's own bug.
 */
import { describe, expect, it } from 'vitest';
import { credentialFailure } from '../../harness/model/credential-failure.ts';

describe('credentialFailure', () => {
  it.each([
    'Error: No valid authorization token found. Run `auth0-mcp init` to log in.',
    'Missing API key',
    'no credentials provided',
    'API key is required',
    'Error: token is not set',
    'credentials are missing',
    'GITHUB_PERSONAL_ACCESS_TOKEN environment variable is required',
    'STRIPE_SECRET_KEY must be set',
    'Invalid API key',
    'Error: 401 Unauthorized',
    'authentication failed: bad password',
    // sweep 31: @dopplerhq/mcp-server with a dummy token exits at boot so
    'Error: Not authenticated. Run `doppler login` or set DOPPLER_TOKEN.',
    // sweep 34: @mistertk/vercel-mcp 0.1.1 with a dummy key exits at boot so (a service's name between the words)
    'Configuration error: Invalid Vercel API key format',
    'Error: expired GitHub OAuth token',
    // sweep 39: @chaindead/telegram-mcp_linux_amd64 0.2.0 exits at boot until `telegram-mcp auth` has saved a login
    '6:22AM FTL session file not found(/tmp/h/.telegram-mcp/session.json): stat /tmp/h/.telegram-mcp/session.json: no such file or directory',
    'Error: credentials file does not exist: /home/u/.config/gcloud/application_default_credentials.json',
  ])('%j names one', (line) => {
    expect(credentialFailure([line])).toBe(true);
  });
  it.each([
    'Error: cannot parse /etc/example/config.yaml: unexpected end of input',
    'TypeError: Cannot read properties of undefined (reading "map")',
    'Listening on stdio',
    'token bucket refilled: 10 requests left',
    'KEY_PREFIX is required for cache keys',
    'primary key is a required column',
    'SyntaxError: Invalid or unexpected token',
    'Invalid JSON in /etc/example/config.json',
    'Invalid Date passed as key',
    'config file not found: /etc/example/config.yaml',
    'Error: session not found',
  ])('%j names none', (line) => {
    expect(credentialFailure([line])).toBe(false);
  });
});
