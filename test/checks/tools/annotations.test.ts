import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/tools/annotations.ts';
import { checkTester, makeObservation, makeTool, toolExample } from '../../helpers/check-tester.ts';
import { drive, init } from '../../probes/drive.ts';

const obs = (annotations: Record<string, unknown>, extra: object = {}) => makeObservation({ tools: [makeTool('t', { annotations, ...extra })] });

checkTester(check, {
  examples: toolExample,
  valid: [
    { name: 'consistent hints', observation: obs({ readOnlyHint: true, openWorldHint: false }) },
    { name: 'destructive tool', observation: obs({ readOnlyHint: false, destructiveHint: true, idempotentHint: true }) },
    { name: 'readOnly with idempotentHint false is not contradictory', observation: obs({ readOnlyHint: true, idempotentHint: false }) },
    { name: 'redundant hints consistent with readOnly (what both SDKs emit) are not reported', observation: obs({ readOnlyHint: true, destructiveHint: false, idempotentHint: true }) },
    { name: 'annotations.title equal to title', observation: obs({ title: 'A', readOnlyHint: true }, { title: 'A' }) },
  ],
  invalid: [
    { name: 'read-only and destructive', observation: obs({ readOnlyHint: true, destructiveHint: true }), findings: [{ messageId: 'contradiction', pointer: '/annotations/destructiveHint', severity: 'warning' }] },
    { name: 'non-boolean hint', observation: obs({ readOnlyHint: 'yes' }), findings: [{ messageId: 'notBoolean', pointer: '/annotations/readOnlyHint' }] },
    { name: 'non-boolean destructiveHint beside readOnly', observation: obs({ readOnlyHint: true, destructiveHint: 'false' }), findings: [{ messageId: 'notBoolean', pointer: '/annotations/destructiveHint', severity: 'warning' }] },
    { name: 'annotations.title differs from title', observation: obs({ title: 'B' }, { title: 'A' }), findings: [{ messageId: 'titleMismatch', pointer: '/annotations/title', severity: 'info' }] },
  ],
});

describe('fixture contradictory-annotations.mjs', () => {
  it('advertises readOnlyHint and destructiveHint both true', async () => {
    const frames = await drive('contradictory-annotations.mjs', [init(), { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }], { expectIds: [0, 1] });
    expect(frames.find((f) => f.id === 1)?.result.tools[0].annotations).toEqual({ readOnlyHint: true, destructiveHint: true });
  });
});
