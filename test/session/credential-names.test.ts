/** Which variable and header names mark a credential (harness/session/credential-names.ts), for the final pass's given credentials. */
import { describe, expect, it } from 'vitest';
import { authorizationCredentials, isCredentialName, nameParts } from '../../harness/session/credential-names.ts';

describe('isCredentialName', () => {
  it('marks the names CI variables and MCP servers use for credentials', () => {
    const names = [
      'API_KEY', 'NCBI_API_KEY', 'GITHUB_TOKEN', 'GH_PAT', 'AZURE_DEVOPS_PAT', 'SLACK_WEBHOOK_URL', 'GH_TOKEN', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'NPM_TOKEN', 'OPENAI_API_KEY',
      'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'DB_PASSWORD', 'DB_PASS', 'SMTP_PASSWD',
      'MYSQL_PWD', 'GPG_PASSPHRASE', 'BASIC_AUTH', 'GOOGLE_APPLICATION_CREDENTIALS', 'DOCKER_CREDS', 'SESSION_COOKIE',
      'FLASK_SESSION', 'GH_APP_PRIVATE_KEY', 'WEBHOOK_SIGNATURE', 'SENTRY_DSN', 'DATABASE_URL', 'DB_URI', 'AZURE_CONNECTION_STRING',
      'REDIS_CONN_STR', 'JWT', 'CSRF_TOKEN', 'apiKey', 'clientSecret', 'APIKey', 'AUTHTOKEN', 'OPENAI_APIKEY', 'ACCESS_TOKEN2',
      'Authorization', 'Proxy-Authorization', 'Cookie', 'X-Api-Key', 'X-Auth-Token', 'Private-Token', 'X-Goog-Api-Key',
      'Ocp-Apim-Subscription-Key', 'apikey',
    ];
    for (const name of names) expect(isCredentialName(name), name).toBe(true);
  });

  it('leaves names that mark no credential, whatever word they run into', () => {
    const names = [
      'LOG_LEVEL', 'PATH', 'HOME', 'LANG', 'TERM', 'TMPDIR', 'PWD', 'OLDPWD', 'NODE_ENV', 'GITHUB_REPOSITORY', 'GITHUB_EVENT_NAME',
      'KEYBOARD_LAYOUT', 'PATH_PREFIX', 'PATTERN', 'MONKEY_PATCH', 'AUTHOR_NAME', 'TOKENIZERS_PARALLELISM', 'PASSTHROUGH', 'BYPASS_CACHE', 'OTP_VERSION',
      'E2E_LEAK_GIVEN', 'SESSIONS_DIR_NAME_X', 'DATABASE_HOST', 'API_URL', 'Content-Type', 'X-Client-Label', 'Accept', 'MCP_HARNESS_PROCESS',
    ];
    for (const name of names) expect(isCredentialName(name), name).toBe(false);
  });

  it('splits names at separators, camelCase humps and letter/digit boundaries', () => {
    expect(nameParts('NCBI_API_KEY')).toEqual(['ncbi', 'api', 'key']);
    expect(nameParts('apiKey')).toEqual(['api', 'key']);
    expect(nameParts('APIKey')).toEqual(['api', 'key']);
    expect(nameParts('X-Api-Key')).toEqual(['x', 'api', 'key']);
    expect(nameParts('TOKEN2')).toEqual(['token', '2']);
    expect(nameParts('e2e_x')).toEqual(['e', '2', 'e', 'x']);
  });
});

describe('authorizationCredentials', () => {
  it('is what follows the scheme of an Authorization or Proxy-Authorization value', () => {
    expect(authorizationCredentials('Authorization', 'Bearer ghp_abc123')).toBe('ghp_abc123');
    expect(authorizationCredentials('proxy-authorization', 'Basic dXNlcjpwYXNz')).toBe('dXNlcjpwYXNz');
    expect(authorizationCredentials('Authorization', 'Digest username="u", realm="r"')).toBe('username="u", realm="r"');
  });

  it('is undefined for a value without a scheme, or another header', () => {
    expect(authorizationCredentials('Authorization', 'ghp_abc123')).toBeUndefined();
    expect(authorizationCredentials('X-Api-Key', 'Bearer ghp_abc123')).toBeUndefined();
  });
});
