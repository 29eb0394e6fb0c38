import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../../harness/config/errors.ts';
import { defineCheck, type Check } from '../../harness/checks/define.ts';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import { enableChecks, HARNESS_CHECK_ID, judge, prepareChecks, skipReason } from '../../harness/run/judge.ts';
import { makeObservation } from '../helpers/check-tester.ts';

const meta = (id: string, extra: Partial<Check['meta']> = {}) => ({
  id,
  defaultSeverity: 'warning' as const,
  description: 'd',
  rationale: 'r',
  spec: 's',
  messages: { hit: 'hit {{tool}}' },
  examples: { fail: 'f', pass: 'p' },
  ...extra,
});
const always = (id: string, extra: Partial<Check['meta']> = {}) =>
  defineCheck({ meta: meta(id, extra), check: (_ctx, report) => report({ messageId: 'hit', data: { tool: 't' }, tool: 't' }) });

describe('enableChecks', () => {
  const withOptions = always('a/three', { optionsSchema: z.strictObject({ max: z.number().int(), label: z.string() }), defaultOptions: { label: 'x' } } as never);
  it('resolves severity and options from config over the default, options over meta.defaultOptions, and drops off', () => {
    const enabled = enableChecks([always('a/one'), always('a/two'), withOptions], {
      'a/one': 'error',
      'a/two': 'off',
      'a/three': ['info', { max: 3 }],
    });
    expect(enabled.map((e) => [e.check.meta.id, e.severity, e.options])).toEqual([
      ['a/one', 'error', {}],
      ['a/three', 'info', { max: 3, label: 'x' }],
    ]);
  });
  it('throws one ConfigError naming the file and every bad option key path; a check without optionsSchema takes none', () => {
    const run = () => enableChecks([always('a/one'), always('a/two'), withOptions], { 'a/one': ['error', { max: 1 }], 'a/two': ['off', { ignored: true }], 'a/three': ['info', { max: 1.5, lable: 'y' }] }, 'cfg/mcp-harness.config.ts');
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(
      [
        'cfg/mcp-harness.config.ts: checks["a/one"].options: The check takes no options (got "max")',
        'cfg/mcp-harness.config.ts: checks["a/three"].options.max: Invalid input: expected int, received number',
        'cfg/mcp-harness.config.ts: checks["a/three"].options.lable: Unknown key (did you mean "label"?)',
      ].join('\n'),
    );
  });
});

describe('judge', () => {
  const schemas = createSchemaService();

  it('reports findings with the resolved severity', () => {
    const { findings, crashed } = judge(enableChecks([always('a/one')], { 'a/one': 'error' }), makeObservation(), schemas);
    expect(crashed).toBe(false);
    expect(findings).toMatchObject([{ check: 'a/one', severity: 'error', tool: 't', message: 'hit t', messageId: 'hit' }]);
  });

  it('skips contract checks without a contract and says why', () => {
    const check = always('a/contract', { needsContract: true });
    const obs = makeObservation();
    expect(skipReason(check, obs)).toMatch(/no contract/);
    const { findings, skipped } = judge(enableChecks([check], {}), obs, schemas);
    expect(findings).toEqual([]);
    expect(skipped).toEqual([{ surface: obs.surface, check: 'a/contract', reason: expect.stringMatching(/no contract/) }]);
  });

  it('skips session checks when the surface did not boot, by meta.needsSession and never by the check ID', () => {
    const obs = makeObservation({ bootError: { phase: 'spawn', reason: 'command-not-found', errno: 'ENOENT', message: 'ENOENT' } });
    expect(skipReason(always('result/x'), obs)).toMatch(/did not boot/);
    expect(skipReason(always('transport/x'), obs)).toMatch(/did not boot/);
    expect(skipReason(always('result/x', { needsSession: false }), obs)).toBeUndefined();
  });

  it('skips a check on a transport its meta.transports does not name', () => {
    const obs = makeObservation();
    expect(obs.transport).toBe('stdio');
    expect(skipReason(always('a/http-only', { transports: ['streamable-http'] }), obs)).toMatch(/does not apply to the stdio transport/);
    expect(skipReason(always('a/stdio-only', { transports: ['stdio'] }), obs)).toBeUndefined();
    expect(skipReason(always('a/any'), obs)).toBeUndefined();
  });

  it('turns a crashing check into a harness finding and keeps judging', () => {
    const boom = defineCheck({ meta: meta('a/boom'), check: () => { throw new Error('bug'); } });
    const { findings, crashed } = judge(enableChecks([boom, always('a/one')], {}), makeObservation(), schemas);
    expect(crashed).toBe(true);
    expect(findings.map((f) => f.check)).toEqual([HARNESS_CHECK_ID, 'a/one']);
  });
});

describe('prepareChecks', () => {
  const schemas = createSchemaService();

  it("calls each enabled check's prepare with its options on the observation, never for a check it skips, ignores what one throws, and reports nothing", () => {
    const calls: string[] = [];
    const preparing = (id: string, extra: Partial<Check['meta']> = {}) =>
      defineCheck({ meta: meta(id, extra), prepare: ({ observation, options }) => void calls.push(`${id} ${observation.surface} ${JSON.stringify(options)}`), check: () => {} });
    const throwing = defineCheck({ meta: meta('a/throws'), prepare: () => { throw new Error('bug'); }, check: () => {} });
    const enabled = enableChecks([preparing('a/one'), throwing, preparing('a/contract', { needsContract: true }), preparing('a/off'), always('a/plain'), preparing('a/two')], { 'a/off': 'off' });
    const obs = makeObservation();
    expect(() => prepareChecks(enabled, obs, schemas)).not.toThrow();
    expect(calls).toEqual([`a/one ${obs.surface} {}`, `a/two ${obs.surface} {}`]);
  });

  it('protocol/wire-schema loads the build-time validators of the negotiated revision, and nothing without a bundled revision', async () => {
    const wireSchema = (await import('../../harness/checks/protocol/wire-schema.ts')).default;
    const loaded = (revision: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.endsWith(`/wire/generated/${revision}.cjs`));
    // a revision no other test of this file validates frames of (each test file runs in a process of its own)
    expect(loaded('2025-03-26')).toBe(false);
    prepareChecks(enableChecks([wireSchema], {}), makeObservation({ negotiation: { era: 'legacy', protocolVersion: '1999-01-01', capabilities: {} } as never }), schemas);
    expect(loaded('2025-03-26')).toBe(false);
    prepareChecks(enableChecks([wireSchema], {}), makeObservation({ negotiation: { era: 'legacy', protocolVersion: '2025-03-26', capabilities: {} } as never }), schemas);
    expect(loaded('2025-03-26')).toBe(true);
  });
});
