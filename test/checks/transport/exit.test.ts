import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/transport/exit.ts';
import { checkTester, makeCall, makeObservation, runCheckOn } from '../../helpers/check-tester.ts';
import type { ExitInfo } from '../../../harness/types.ts';

const finalExit: ExitInfo = { atMs: 900, code: 0, signal: null, unexpected: false };
const crash: ExitInfo = { atMs: 120, code: 1, signal: null, unexpected: true };

checkTester(check, {
  valid: [
    { name: 'only the final, expected exit', observation: makeObservation({ exits: [finalExit] }), strict: true },
    { name: 'a list-phase boot error is not a transport exit', observation: makeObservation({ bootError: { phase: 'list', message: 'x' } }), strict: true },
  ],
  invalid: [
    { name: 'spawn failure', observation: makeObservation({ bootError: { phase: 'spawn', message: 'ENOENT' } }), findings: [{ messageId: 'spawnFailed', severity: 'error' }] },
    {
      name: 'negotiation failure with the crash that caused it',
      observation: makeObservation({ bootError: { phase: 'negotiate', message: 'closed' }, exits: [crash] }),
      findings: [{ messageId: 'negotiateFailed' }, { messageId: 'unexpectedExit' }],
    },
    {
      name: 'crash mid-session with a call in flight',
      observation: makeObservation({ exits: [crash, finalExit], calls: [makeCall('ok', { result: { content: [] } }), makeCall('boom', {}, { outcome: 'exit' })] }),
      findings: [{ messageId: 'unexpectedExit' }, { messageId: 'callInFlight', tool: 'boom' }],
    },
    {
      name: 'a probe was in flight',
      observation: makeObservation({
        exits: [{ atMs: 50, code: null, signal: 'SIGSEGV', unexpected: true }],
        probes: [{ probe: { id: 'p', check: 'errors/classification', method: 'tools/call', tool: 't' }, request: { id: 3, method: 'tools/call', outcome: 'exit', durationMs: 2 } }],
      }),
      findings: [{ messageId: 'unexpectedExit' }, { messageId: 'probeInFlight', tool: 't' }],
    },
  ],
});

describe('transport/exit details', () => {
  it('names the exit code or signal, keeps the boot message as evidence', () => {
    const byCode = runCheckOn(check, makeObservation({ exits: [crash] }));
    expect(byCode[0].message).toContain('with code 1');
    const bySignal = runCheckOn(check, makeObservation({ exits: [{ ...crash, code: null, signal: 'SIGKILL' }] }));
    expect(bySignal[0].message).toContain('by signal SIGKILL');
    const [boot] = runCheckOn(check, makeObservation({ bootError: { phase: 'spawn', message: 'spawn /secret/path ENOENT' } }));
    expect(boot.message).not.toContain('/secret/path');
    expect(boot.evidence).toBe('spawn /secret/path ENOENT');
  });
});
