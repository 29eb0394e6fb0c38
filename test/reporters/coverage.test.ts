/**
 * The console's "not called" lines (harness/reporters/coverage.ts): the advice for tools the safe default did not call
 * adds `--isolate` when the harness runs as root, as README.md and docs/config.md advise (walkthrough: it said
 * `--allow-destructive --sandbox` alone, which as root leaves the harness environment readable by the server).
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../harness/model/report.ts';
import { uncalledLines } from '../../harness/reporters/coverage.ts';

const skipped = (tool: string): Finding => ({ check: 'contract/every-tool-called', severity: 'warning', surface: 's', tool, message: `${tool}: not called`, messageId: 'skipped' });

describe('uncalledLines', () => {
  it('as root: the advice adds --isolate', () => {
    expect(uncalledLines([skipped('a'), skipped('b')], true)).toEqual(['not called: 2 tools without readOnlyHint: true (they may change state); call them with --allow-destructive --sandbox --isolate, or add scenarios']);
  });

  it('the twin: not root, --allow-destructive --sandbox alone (--isolate needs root)', () => {
    expect(uncalledLines([skipped('a')], false)).toEqual(['not called: 1 tool without readOnlyHint: true (it may change state); call it with --allow-destructive --sandbox, or add scenarios']);
    expect(uncalledLines([skipped('a')])).toEqual(uncalledLines([skipped('a')], false));
  });
});
