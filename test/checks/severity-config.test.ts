/**
 * A configured severity replaces a check's default for every finding it reports (docs/ci.md "Severity overrides"):
 * configured below the default, a message's own severity never exceeds it; at or above the default, a message's own
 * severity stands (a new user's walkthrough: `'tools/listing': 'warning'` left listError an error).
 */
import { describe, expect, it } from 'vitest';
import { findingSeverity, runCheck } from '../../harness/checks/define.ts';
import listing from '../../harness/checks/tools/listing.ts';
import { makeObservation, runCheckOn } from '../helpers/check-tester.ts';

describe('findingSeverity', () => {
  it('no own severity: the resolved one', () => {
    expect(findingSeverity(undefined, 'warning', 'error', true)).toBe('warning');
    expect(findingSeverity(undefined, 'error', 'warning', true)).toBe('error');
  });
  it('configured at or below the default: the own severity, at most the configured one', () => {
    expect(findingSeverity('error', 'warning', 'error', true)).toBe('warning');
    expect(findingSeverity('error', 'warning', 'warning', true)).toBe('warning');
    expect(findingSeverity('error', 'info', 'error', true)).toBe('info');
    expect(findingSeverity('warning', 'info', 'error', true)).toBe('info');
    expect(findingSeverity('info', 'warning', 'error', true)).toBe('info');
  });
  it('configured above the default, or not configured: the own severity stands', () => {
    expect(findingSeverity('info', 'error', 'warning', true)).toBe('info');
    expect(findingSeverity('error', 'warning', 'warning', false)).toBe('error');
    expect(findingSeverity('info', 'error', 'error', false)).toBe('info');
  });
});

describe('a check configured below its default', () => {
  const failedList = () => {
    const observation = makeObservation();
    const page = { id: 1, method: 'tools/list', outcome: 'protocol-error' as const, durationMs: 1, response: { jsonrpc: '2.0' as const, id: 1, error: { code: -32603, message: 'Internal error' } } };
    return { ...observation, listing: { pages: [page], tools: [], truncated: false, stop: 'error' as const } } as never;
  };
  it("tools/listing's listError (an explicit error message) is a warning when the config says warning, an error by default", () => {
    expect(runCheckOn(listing, failedList()).map((f) => [f.messageId, f.severity])).toEqual([['listError', 'error']]);
    const ctx = { observation: failedList(), schemas: undefined as never, options: {} };
    expect(runCheck(listing, ctx, 'warning', true).map((f) => [f.messageId, f.severity])).toEqual([['listError', 'warning']]);
    expect(runCheck(listing, ctx, 'info', true).map((f) => [f.messageId, f.severity])).toEqual([['listError', 'info']]);
    expect(runCheck(listing, ctx, 'warning', false).map((f) => [f.messageId, f.severity])).toEqual([['listError', 'error']]);
  });
});
