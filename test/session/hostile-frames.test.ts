/** Frames a hostile server sends (issue 15): the id of an answer too long to parse is read from its head. */
import { describe, expect, it } from 'vitest';
import { idFromHead, MAX_KEPT_NOTIFICATIONS } from '../../harness/session/rpc-channel.ts';

describe('idFromHead', () => {
  it.each<[string, number | string | undefined]>([
    ['{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"xxxx', 7],
    ['{"id":"a\\"b","jsonrpc":"2.0","result":', 'a"b'],
    [' { "jsonrpc" : "2.0" , "id" : -3 , "result"', -3],
    ['{"jsonrpc":"2.0","method":"notifications/message","params":{"id":7,', undefined],
    ['{"jsonrpc":"2.0","result":{"id":7,', undefined],
    ['xxxxxxxx', undefined],
  ])('%s -> %s', (head, id) => {
    expect(idFromHead(head)).toBe(id);
  });

  it('keeps a bounded sample of notifications', () => {
    expect(MAX_KEPT_NOTIFICATIONS).toBeLessThanOrEqual(1000);
  });
});

describe('markedProcesses', () => {
  it('finds a detached process by the marker in its environment, and nothing once it is gone', async () => {
    const { spawn } = await import('node:child_process');
    const { markedProcesses, MARKER_VAR } = await import('../../harness/session/stdio/process-tree.ts');
    const marker = `test-${process.pid}-${Date.now()}`;
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore', env: { [MARKER_VAR]: marker } });
    try {
      await new Promise((r) => child.once('spawn', r));
      expect(markedProcesses(marker)).toEqual([child.pid]);
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((r) => child.once('exit', r));
    expect(markedProcesses(marker)).toEqual([]);
  });
});
