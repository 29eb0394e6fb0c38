/**
 * The run command's interrupt handler (harness/cli/interrupts.ts): while the servers run, the first signal stops the
 * run and the second kills every tree and leaves without a report; once the run returned, a signal no longer cuts the
 * report's writing short (a double Ctrl-C 100 ms apart left report.json, .md and .html written, junit.xml and
 * report.sarif not, while stderr said no report was written). The handler's actions are recorded, in order.
 */
import { describe, expect, it } from 'vitest';
import { createInterruptHandler } from '../../harness/cli/interrupts.ts';

function recorded() {
  const log: string[] = [];
  const handler = createInterruptHandler({
    abort: () => log.push('abort'),
    killAll: () => log.push('killAll'),
    exit: (code) => log.push(`exit ${code}`),
    write: (line) => log.push(line.trim()),
  });
  return { log, handler };
}

describe('the run command interrupt handler', () => {
  it('while the servers run: the first signal stops the run, the second kills every tree and leaves without a report', () => {
    const { log, handler } = recorded();
    handler.onSignal();
    expect(log).toEqual(['abort']);
    handler.onSignal();
    expect(log).toEqual(['abort', 'mcp-harness: interrupted again: every server process is killed and the run stops without a report', 'killAll', 'exit 2']);
  });

  it('a second signal once the run returned does not cut the report short; a third leaves, saying the files may be incomplete', () => {
    const { log, handler } = recorded();
    handler.onSignal();
    handler.reporting();
    handler.onSignal();
    expect(log).toEqual(['abort', 'mcp-harness: every server has stopped; the report is being written (interrupt again to stop without finishing it)']);
    handler.onSignal();
    expect(log.slice(2)).toEqual(['mcp-harness: interrupted again: the report files may be incomplete', 'exit 2']);
  });

  it('a first signal once the run returned aborts nothing: the complete report is written', () => {
    const { log, handler } = recorded();
    handler.reporting();
    handler.onSignal();
    expect(log).toEqual(['mcp-harness: every server has stopped; the report is being written (interrupt again to stop without finishing it)']);
  });
});
