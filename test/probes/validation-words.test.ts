/**
 * harness/probes/records.ts: which answers read as input validation (readsAsValidation, and looksLikeValidationError,
 * which errors/input-enforcement's `rejected` reads on an allowed boundary value). A sweep of published servers: a
 * business failure in prose, "does not match the expected cost", read as a rejection of the arguments because
 * "expected" is also a validator's word. "expected" after "the", "than" or "as" is prose; a validator's texts still
 * read as validation (zod's "Expected string, received number", ajv's "must be string", the SDK's "Invalid arguments
 * for tool X").
 */
import { describe, expect, it } from 'vitest';
import { looksLikeValidationError, readsAsValidation } from '../../harness/probes/records.ts';
import type { RequestRecord } from '../../harness/model/wire.ts';

/** A tools/call record answered by an isError result of text blocks `texts`. */
const answered = (...texts: string[]): RequestRecord =>
  ({ id: 1, method: 'tools/call', params: { name: 't', arguments: {} }, response: { jsonrpc: '2.0', id: 1, result: { isError: true, content: texts.map((text) => ({ type: 'text', text })) } }, outcome: 'tool-error', durationMs: 1 }) as RequestRecord;

describe('readsAsValidation', () => {
  it.each([
    'Expected string, received number',
    'Invalid input: expected string at name',
    'Too big: expected number to be <50 at weight',
    'url: expected a URL',
    'must be string',
    '/limit must be <= 50',
    'Invalid arguments for tool quote_shipping: weight',
    'Input validation error: Invalid arguments for tool git_clone',
    'A string was expected',
    'The price is not the expected cost; expected a number',
  ])('a validator: %s', (text) => expect(readsAsValidation(text)).toBe(true));

  it.each([
    'Cost confirmation ID does not match the expected cost of creating a branch.',
    'The upload is not in the expected format of this project.',
    'The request took longer than expected.',
    'Everything went as expected, but the service is down.',
    'THE EXPECTED COST CHANGED',
    'Service unavailable',
    'The service returned an unexpected answer',
  ])('prose: %s', (text) => expect(readsAsValidation(text)).toBe(false));
});

describe('readsAsValidation and the addresses a failed request names (errors/input-enforcement, sweep 34)', () => {
  it.each([
    'Failed to manage product variants: request to https://dummy.myshopify.invalid/admin/api/2026-01/graphql.json failed, reason: getaddrinfo ENOTFOUND dummy.myshopify.invalid',
    'Failed to sync order items: request to https://api.shop.example.com/v1/orders/validate failed, reason: connect ECONNREFUSED 127.0.0.1:443',
    'getaddrinfo EAI_AGAIN required.example.invalid',
    'Could not load "http://localhost:9/expected/at-most.json"',
  ])('a network failure whose URL or host holds the words: %s', (text) => expect(readsAsValidation(text)).toBe(false));

  it.each([
    'baseUrl must be a valid URL like https://your-domain.atlassian.net',
    'Invalid URL: https://example.invalid/x',
    'variants must be a non-empty array (request to https://dummy.myshopify.invalid/graphql.json not sent)',
    'errors.validation.required',
  ])('a refusal beside a URL, or a dotted message key, still reads as validation: %s', (text) => expect(readsAsValidation(text)).toBe(true));
});

describe('readsAsValidation and a credential (errors/input-enforcement, sweep 21)', () => {
  it.each(['Invalid API token. Please check your token and try again.', 'Bad credentials', 'token is invalid or expired', 'Authentication failed: invalid password'])(
    "a credential refused for what it is, not its form: %s",
    (text) => expect(readsAsValidation(text)).toBe(false),
  );

  // a reviewer (review 25): each read as a credential's refusal, though it refuses a form or a value a schema can state
  it.each([
    'Invalid API key format',
    'Invalid access token length',
    'API key is invalid: a key starts with sk-',
    'Invalid password: it contains no digit',
    'Invalid authentication type',
    'Invalid authentication method: use basic or oauth',
    'Invalid credentials file path',
  ])('a credential refused for its form, or a word that qualifies another noun: %s', (text) => expect(readsAsValidation(text)).toBe(true));
});

describe('looksLikeValidationError', () => {
  it('a business failure that says "the expected" is not a validation error', () => {
    expect(looksLikeValidationError(answered('The freight quote does not match the expected cost of this route; request a new quote.'))).toBe(false);
  });

  it('a validator text is, in any of the text blocks', () => {
    expect(looksLikeValidationError(answered('Invalid arguments for tool quote_shipping: Too big: expected number to be <50 at weight'))).toBe(true);
    expect(looksLikeValidationError(answered('Quote failed.', 'weight: Expected number, received string'))).toBe(true);
    expect(looksLikeValidationError(answered('Quote failed as expected.', 'weight must be integer'))).toBe(true);
  });
});
