import { describe, expect, it } from 'vitest';
import { comparePointers, sortFindings } from '../../harness/report/order.ts';
import type { Finding } from '../../harness/model/report.ts';

const finding = (pointer: string | undefined): Finding => ({
  check: 'transport/stdout', severity: 'error', surface: 's', message: `m ${pointer}`, messageId: 'nonJsonRpc', ...(pointer !== undefined ? { pointer } : {}),
});

describe('comparePointers: natural order of JSON pointer segments', () => {
  it('orders numeric segments as numbers (line 2 before line 10)', () => {
    const pointers = ['/stdout/line/10', '/stdout/line/2', '/stdout/line/11', '/stdout/line/1'];
    expect([...pointers].sort(comparePointers)).toEqual(['/stdout/line/1', '/stdout/line/2', '/stdout/line/10', '/stdout/line/11']);
  });

  it('orders other segments as strings, a prefix before its extensions, missing as empty', () => {
    expect(['/properties/b', '/properties/a/items', '/properties/a', '/items/10', '/items/9'].sort(comparePointers))
      .toEqual(['/items/9', '/items/10', '/properties/a', '/properties/a/items', '/properties/b']);
    expect(comparePointers(undefined, '')).toBe(0);
    expect(comparePointers(undefined, '/a')).toBeLessThan(0);
    expect(comparePointers('/a10', '/a9')).toBeLessThan(0); // not a numeric segment: string order
  });

  it('sorts findings by pointer naturally', () => {
    const sorted = sortFindings(['/stdout/line/10', '/stdout/line/2', '/stdout/line/1'].map(finding));
    expect(sorted.map((f) => f.pointer)).toEqual(['/stdout/line/1', '/stdout/line/2', '/stdout/line/10']);
  });
});
