/** The run's final pass over what reports show (harness/run/output-mask.ts; review 3 item 2). */
import { describe, expect, it } from 'vitest';
import { displayPointerText, maskDeep, maskFinding, maskReportSurface } from '../../harness/run/output-mask.ts';
import { createEnvMask } from '../../harness/session/env-mask.ts';
import type { Finding, ReportSurface } from '../../harness/model/report.ts';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const mask = createEnvMask({ AWS: SECRET, LOWER: '3f2a9c1e7b4d4e8a', EVENT: 'pull_request' }, []);

describe('the output pass', () => {
  it('masks a secret rebuilt by a pointer, in the pointer and the message, also written with ~1 escapes', () => {
    const f: Finding = { check: 'result/structured-content', severity: 'error', surface: 's', tool: 'nested', pointer: `/structuredContent/${SECRET}`, message: `fails at /structuredContent/${SECRET}: type` };
    const out = maskFinding(f, mask);
    expect(out.pointer).toBe('/structuredContent/[masked:AWS]');
    expect(out.message).toBe('fails at /structuredContent/[masked:AWS]: type');
    expect(displayPointerText('/structuredContent/wJalrXUtnFEMI~1K7MDENG/bPxRfiCYEXAMPLEKEY', mask)).toBe('/structuredContent/[masked:AWS]');
    // the twin: a pointer with escapes and no value keeps its escapes
    expect(displayPointerText('/properties/a~1b', mask)).toBe('/properties/a~1b');
  });

  it('masks case-insensitively in the tool, evidence (strings and keys) and stderr; identifiers too', () => {
    const f: Finding = { check: 'x/y', severity: 'warning', surface: 's', tool: '3F2A9C1E7B4D4E8A', message: 'm', evidence: { args: { kind: 'pull_request', ['3F2A9C1E7B4D4E8A']: [1, 'x 3f2a9c1e7b4d4e8a'] } }, stderr: ['key 3F2A9C1E7B4D4E8A'] };
    const out = maskFinding(f, mask);
    expect(out.tool).toBe('[masked:LOWER]');
    expect(out.evidence).toEqual({ args: { kind: '[masked:EVENT]', '[masked:LOWER]': [1, 'x [masked:LOWER]'] } });
    expect(out.stderr).toEqual(['key [masked:LOWER]']);
    expect(maskDeep({ n: 1, b: true, z: null }, (s) => s.toUpperCase())).toEqual({ N: 1, B: true, Z: null });
  });

  it('masks the surface entry: tool names, scenario names, serverInfo', () => {
    const surface: ReportSurface = { name: 's', durationMs: 1, status: 'ok', serverInfo: { name: 'PULL_REQUEST', version: '1' }, tools: [{ name: 'pull_request', calls: [{ scenario: 'pull_request#1', origin: 'generated', outcome: 'success', durationMs: 1 } as ReportSurface['tools'][number]['calls'][number]] }] };
    const out = maskReportSurface(surface, mask);
    expect(out.tools[0]?.name).toBe('[masked:EVENT]');
    expect(out.tools[0]?.calls[0]?.scenario).toBe('[masked:EVENT]#1');
    expect(out.serverInfo?.name).toBe('[masked:EVENT]');
    expect(out.name).toBe('s');
  });
});
