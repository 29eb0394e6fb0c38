import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/transport/stdout.ts';
import { checkTester, emptyWire, makeObservation, runCheckOn } from '../../helpers/check-tester.ts';
import type { StdoutLine } from '../../../harness/types.ts';

const rpc = (line: number): StdoutLine => ({ line, atMs: line, kind: 'jsonrpc', bytes: 40 });
const text = (line: number, head = 'Server version : 1.2.3'): StdoutLine => ({ line, atMs: line, kind: 'text', bytes: head.length, head });
const wire = (stdout: StdoutLine[], stdoutNonJsonRpc = stdout.filter((l) => l.kind !== 'jsonrpc').length) => ({ ...emptyWire(), stdout, stdoutNonJsonRpc });

checkTester(check, {
  valid: [
    { name: 'only JSON-RPC', observation: makeObservation({ wire: wire([rpc(1), rpc(2)]) }), strict: true },
    { name: 'nothing written', observation: makeObservation(), strict: true },
  ],
  invalid: [
    {
      name: 'case 20: banner before the initialize response',
      observation: makeObservation({ wire: wire([text(1), rpc(2)]) }),
      findings: [{ messageId: 'nonJsonRpc', severity: 'error' }],
    },
    {
      name: 'JSON that is not JSON-RPC, mid-session',
      observation: makeObservation({ wire: wire([rpc(1), { line: 2, atMs: 5, kind: 'json', bytes: 20, head: '{"level":"info"}' }, rpc(3)]) }),
      findings: [{ messageId: 'nonJsonRpc' }],
    },
    {
      name: 'a failed boot still gets its stdout judged',
      observation: makeObservation({ bootError: { phase: 'negotiate', message: 'no answer' }, wire: wire([text(1)]) }),
      findings: [{ messageId: 'nonJsonRpc' }],
    },
  ],
});

describe('transport/stdout details', () => {
  it('names the line number, keeps the head as evidence only', () => {
    const [finding] = runCheckOn(check, makeObservation({ wire: wire([rpc(1), text(2, 'secret-token-123')]) }));
    expect(finding.message).toContain('stdout line 2');
    expect(finding.message).not.toContain('secret-token-123');
    expect(finding.evidence).toBe('secret-token-123');
    expect(finding.pointer).toBeUndefined();
  });

  it('reports 20 lines then one summary, counting lines beyond the truncated tap', () => {
    const lines = Array.from({ length: 30 }, (_, i) => text(i + 1));
    const findings = runCheckOn(check, makeObservation({ wire: wire(lines, 45) }));
    expect(findings.filter((f) => f.messageId === 'nonJsonRpc')).toHaveLength(20);
    const summary = findings.filter((f) => f.messageId === 'more');
    expect(summary).toHaveLength(1);
    expect(summary[0].message).toContain('25 more');
  });
});
