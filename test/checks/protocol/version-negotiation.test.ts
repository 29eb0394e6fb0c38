import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import check, { NEWEST_KNOWN_REVISION } from '../../../harness/checks/protocol/version-negotiation.ts';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from '../../e2e/helpers/cli.ts';
import { checkTester, makeObservation, planOn, runCheckOn } from '../../helpers/check-tester.ts';
import { REALISTIC_CLIENT_CAPABILITIES } from '../../../harness/checks/protocol/future-client.ts';
import { answerAll } from '../../probes/records.ts';
import { drive, envelope, init } from '../../probes/drive.ts';
import type { ProbeRequest } from '../../../harness/model/wire.ts';

const modern = makeObservation({ era: 'modern' });
const legacy = makeObservation({ era: 'legacy' });
const modernOk = (p: ProbeRequest) => (p.envelope === false ? { error: { code: -32602, message: 'missing _meta' } } : { error: { code: -32022, message: 'unsupported', data: { supported: ['2026-07-28'], requested: '1900-01-01' } } });
const served = { result: { resultType: 'complete', tools: [] } };
/** The legacy initialize answered with `protocolVersion`. */
const initResult = (protocolVersion: unknown) => ({ result: { protocolVersion, capabilities: {}, serverInfo: { name: 's', version: '1' } } });

/** Whether a planned probe is the control opening (future-client.ts controlProbe). */
const isControl = (p: { id: string }): boolean => p.id.endsWith(':control');

checkTester(check, {
  valid: [
    { name: 'modern: -32022 with data, -32602 without envelope', observation: modern, answer: modernOk },
    { name: 'legacy: answers its own version', observation: legacy, answer: () => ({ result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }) },
    { name: 'legacy: answers an older revision it supports', observation: legacy, answer: () => initResult('2024-11-05') },
    { name: 'legacy: error naming supported versions', observation: legacy, answer: () => ({ error: { code: -32602, message: 'x', data: { supported: ['2025-11-25'] } } }) },
  ],
  invalid: [
    // no SDK named without evidence: a Go SDK server met "On the SDK 2.x serveStdio this is a known gap" (sweep 13)
    { name: 'modern: bad version served, no manifest: no SDK named', observation: modern, answer: (p) => (p.envelope === false ? modernOk(p) : served), findings: [{ messageId: 'unsupportedServed', severity: 'error', data: { sdk: '' }, message: 'A request whose _meta names an unsupported protocol version was served normally; it must be answered with error -32022 (UnsupportedProtocolVersion), on every request, also after earlier requests pinned a version.' }] },
    { name: 'modern: bad version served, manifest on SDK 1.x: no SDK 2.x named', observation: makeObservation({ era: 'modern', manifest: { path: 'package.json', json: { dependencies: { '@modelcontextprotocol/sdk': '^1.29.0' } } } }), answer: (p) => (p.envelope === false ? modernOk(p) : served), findings: [{ messageId: 'unsupportedServed', data: { sdk: '' } }] },
    { name: 'modern: bad version served by a manifest on the SDK 2.x: the known gap named', observation: makeObservation({ era: 'modern', manifest: { path: 'package.json', json: { dependencies: { '@modelcontextprotocol/server': '^2.4.0' } } } }), answer: (p) => (p.envelope === false ? modernOk(p) : served), findings: [{ messageId: 'unsupportedServed', severity: 'error', message: 'A request whose _meta names an unsupported protocol version was served normally; it must be answered with error -32022 (UnsupportedProtocolVersion), on every request, also after earlier requests pinned a version. The manifest declares @modelcontextprotocol/server (TypeScript SDK 2.x), whose serveStdio has this known gap; fix: see docs/checks.md#protocolversion-negotiation.' }] },
    { name: 'modern: -32022 without data', observation: modern, answer: (p) => (p.envelope === false ? modernOk(p) : { error: { code: -32022, message: 'x' } }), findings: [{ messageId: 'unsupportedData' }] },
    { name: 'modern: no envelope served', observation: modern, answer: (p) => (p.envelope === false ? served : modernOk(p)), findings: [{ messageId: 'noEnvelopeServed' }] },
    { name: 'legacy: echoes the offered version', observation: legacy, answer: () => ({ result: { protocolVersion: '1900-01-01' } }), findings: [{ messageId: 'initializeEcho' }] },
    // the control (the main session's own opening, on a process of its own) served: the error is the version's
    { name: 'legacy: error without supported versions', observation: legacy, answer: (p) => (isControl(p) ? initResult('2025-11-25') : { error: { code: -32602, message: 'x' } }), findings: [{ messageId: 'initializeErrorUnnamed' }] },
    // sweep 29, financial-modeling-prep-mcp-server 2.5.3 over HTTP: every connection after the first refused, the control too
    { name: 'legacy: every fresh initialize refused, the control too: a note, not the version\'s error', observation: legacy, answer: () => ({ error: { code: -32603, message: 'Already connected to a transport' } }), findings: [{ messageId: 'freshRefused', severity: 'info', pointer: '/error', message: "initialize offering an unknown protocol version on a process of its own got an error, and so did initialize offering the version and the empty capabilities the main session was served with: the server does not open another connection while the harness's main one is open (a lock, a port, one transport at a time), so how it answers an unknown version was not judged." }] },
    { name: 'modern: an unsupported version gets another code', observation: modern, answer: (p) => (p.envelope === false ? modernOk(p) : { error: { code: -32602, message: 'bad version' } }), findings: [{ messageId: 'unsupportedWrongCode', pointer: '/error/code', data: { code: '-32602' } }] },
    { name: 'modern: a request without _meta gets another code', observation: modern, answer: (p) => (p.envelope === false ? { error: { code: -32600, message: 'invalid' } } : modernOk(p)), findings: [{ messageId: 'noEnvelopeWrongCode', pointer: '/error/code', data: { code: '-32600' } }] },
    // lifecycle §Version Negotiation: MUST respond with another protocol version it supports; versions are YYYY-MM-DD
    { name: 'legacy: answers a string that is no revision', observation: legacy, answer: () => initResult('v1'), findings: [{ messageId: 'initializeUnknown', pointer: '/result/protocolVersion', severity: 'error' }] },
    { name: 'legacy: answers a YYYY-MM-DD string that is no date', observation: legacy, answer: () => initResult('2025-13-40'), findings: [{ messageId: 'initializeUnknown', severity: 'error' }] },
    { name: 'legacy: answers a number', observation: legacy, answer: () => initResult(20251125), findings: [{ messageId: 'initializeUnknown', severity: 'error' }] },
    { name: 'legacy: answers a date before the first revision (2024-11-05)', observation: legacy, answer: () => initResult('2024-10-07'), findings: [{ messageId: 'initializeUnknown', severity: 'error' }] },
    { name: 'legacy: answers a date between known revisions that no revision has', observation: legacy, answer: () => initResult('2025-09-01'), findings: [{ messageId: 'initializeUnknown', severity: 'error' }] },
    { name: 'legacy: answers a date after every revision the harness knows: a warning', observation: legacy, answer: () => initResult('2099-01-01'), findings: [{ messageId: 'initializeNewer', pointer: '/result/protocolVersion', severity: 'warning', data: { newest: NEWEST_KNOWN_REVISION } }] },
  ],
});

describe('unsupportedServed fix text (docs/checks.md#protocolversion-negotiation)', () => {
  // sweep 15: mongodb-mcp-server 3.0.4 (@modelcontextprotocol/server 2.4.0) and @upstash/context7-mcp 4.1.1 (2.0.0)
  it('names the SDK 2.x versions the gap was observed on, as observed facts, and says no more of other versions', () => {
    const fix = check.meta.fixes?.unsupportedServed ?? '';
    expect(fix).toContain('observed with `@modelcontextprotocol/server` 2.0.0 and 2.4.0');
    expect(fix).toContain('other versions were not checked');
    expect(readFileSync(new URL('../../../docs/checks.md', import.meta.url), 'utf8')).toContain(fix);
  });
});

describe('plan', () => {
  it('legacy: first the opening shared with protocol/client-capabilities (an unknown version, the realistic set)', () => {
    expect(planOn(check, legacy)).toEqual([{ id: 'protocol/version-negotiation:future-client', check: 'protocol/version-negotiation', method: 'initialize', freshProcess: true, params: { protocolVersion: '1900-01-01', capabilities: REALISTIC_CLIENT_CAPABILITIES, clientInfo: { name: 'mcp-harness', version: '0.1.0' } } }]);
  });
  it('legacy: the shared opening served is judged (planned again, nothing else); any other answer counts for nothing and the standalone {} initialize replaces it', () => {
    const [shared] = planOn(check, legacy);
    const echo = { ...legacy, probes: answerAll([shared], () => ({ result: { protocolVersion: '1900-01-01' } })) };
    expect(planOn(check, echo)).toEqual([shared]);
    expect(runCheckOn(check, echo).map((f) => f.messageId)).toEqual(['initializeEcho']);
    const standalone = { id: 'protocol/version-negotiation:legacy-initialize', check: 'protocol/version-negotiation', method: 'initialize', freshProcess: true, params: { protocolVersion: '1900-01-01', capabilities: {}, clientInfo: { name: 'mcp-harness', version: '0.1.0' } } };
    // the control: the main session's own opening (the version it offered, {}), on a process of its own
    const control = { id: 'protocol/version-negotiation:control', check: 'protocol/version-negotiation', method: 'initialize', freshProcess: true, params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-harness', version: '0.1.0' } } };
    for (const answer of [() => ({ error: { code: -32602, message: 'x' } }), () => undefined, () => ({ result: 'x' })]) {
      const notServed = { ...legacy, probes: answerAll([shared], answer) };
      expect(planOn(check, notServed)).toEqual([standalone, control]);
      expect(runCheckOn(check, notServed)).toEqual([]); // judged by nothing: round 2 judges the standalone probe
    }
  });
  it('modern: the request without _meta still carries the modern headers over HTTP (without them a dual-era server MAY serve it as 2025-03-26)', () => {
    const noEnvelope = planOn(check, modern).find((p) => p.envelope === false);
    expect(noEnvelope?.http).toEqual({ headers: { 'mcp-protocol-version': modern.negotiation?.protocolVersion, 'mcp-method': 'tools/list' } });
    expect(modern.negotiation?.protocolVersion).toBe('2026-07-28');
  });
});

describe('fixture ignores-version.mjs --answer through the real CLI', () => {
  const runs: CliRun[] = [];
  afterAll(() => runs.forEach(cleanup));
  const negotiation = async (version: string) => {
    const run = await runCli(['run', '--check', 'protocol/version-negotiation', '--', process.execPath, 'test/fixtures/servers/faults/ignores-version.mjs', `--answer=${version}`]);
    runs.push(run);
    return findingsOf(reportOf(run), 'ad-hoc', 'protocol/version-negotiation').map((f) => [f.messageId, f.severity, f.message]);
  };

  it('an answer that is no YYYY-MM-DD revision draws initializeUnknown, an error, naming no value', async () => {
    const findings = await negotiation('v1');
    expect(findings.map(([id, severity]) => [id, severity])).toEqual([['initializeUnknown', 'error']]);
    expect(findings[0][2]).not.toContain('v1');
  });

  it('its twin, a date after the newest revision the harness knows, draws initializeNewer, a warning', async () => {
    const findings = await negotiation('2099-01-01');
    expect(findings.map(([id, severity]) => [id, severity])).toEqual([['initializeNewer', 'warning']]);
    expect(findings[0][2]).not.toContain('2099');
  });

  it('the conformant twin, a revision it supports, draws nothing', async () => {
    expect(await negotiation('2025-11-25')).toEqual([]);
  });
});

describe('fixture ignores-version.mjs --modern --legacy-shaped through the real CLI (sweep 13: kubernetes-mcp-server 0.0.67)', () => {
  const runs: CliRun[] = [];
  afterAll(() => runs.forEach(cleanup));
  const judged = async (which: 'other' | 'all') => {
    const run = await runCli(['run', '--check', 'protocol/version-negotiation', '--check', 'protocol/wire-schema', '--', process.execPath, 'test/fixtures/servers/faults/ignores-version.mjs', '--modern', `--legacy-shaped=${which}`]);
    runs.push(run);
    return findingsOf(reportOf(run), 'ad-hoc').map((f) => [f.check, f.messageId, f.pointer]);
  };

  it('legacy-shaped results served to a request naming 1900-01-01 and to one without _meta: version-negotiation reports each once, wire-schema nothing', async () => {
    expect((await judged('other')).sort()).toEqual([
      ['protocol/version-negotiation', 'noEnvelopeServed', '/params/_meta'],
      ['protocol/version-negotiation', 'unsupportedServed', '/params/_meta/io.modelcontextprotocol~1protocolVersion'],
    ]);
  });

  it('the same shape served to requests naming 2026-07-28 is still wire-schema\'s finding, once', async () => {
    expect((await judged('all')).sort()).toEqual([
      ['protocol/version-negotiation', 'noEnvelopeServed', '/params/_meta'],
      ['protocol/version-negotiation', 'unsupportedServed', '/params/_meta/io.modelcontextprotocol~1protocolVersion'],
      ['protocol/wire-schema', 'invalid', '/result'],
    ]);
  });
});

describe('fixture ignores-version.mjs', () => {
  it('legacy: echoes the offered version', async () => {
    const [frame] = await drive('ignores-version.mjs', [init(1, '1900-01-01')], { expectIds: [1] });
    expect(frame.result.protocolVersion).toBe('1900-01-01');
  });
  it('modern: serves an unsupported version and a request without _meta', async () => {
    const frames = await drive('ignores-version.mjs', [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: envelope('1900-01-01') }, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }], { args: ['--modern'], expectIds: [1, 2] });
    expect(frames.every((f) => f.result !== undefined)).toBe(true);
  });
});
