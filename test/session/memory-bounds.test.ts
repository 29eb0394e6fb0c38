/**
 * The session's memory bounds against real servers (hostile review D8, at a small size): the retention budget
 * (SessionOptions.maxRetainedBytes, WireTap.retention, `unsent: 'budget'`), with its conformant twin.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SpawnSpec } from '../../harness/session/index.ts';
import { options, sessionStarter } from './helpers.ts';

const start = sessionStarter();

const server = (file: string, args: string[]): SpawnSpec => ({
  command: process.execPath, args: [fileURLToPath(new URL(`../fixtures/servers/${file}`, import.meta.url)), ...args], cwd: process.cwd(), env: {},
});

/** 12 tools answering 40,000 bytes each: ~480 KB of answers against a 100,000-byte budget. */
const bigAnswers = server('big-answers.mjs', ['--tools', '12', '--bytes', '40000']);

describe('the retention budget', () => {
  it('sends no request once the kept frames passed it, and says when', async () => {
    const session = await start(bigAnswers, options({ maxRetainedBytes: 100_000, callConcurrency: 1 }));
    const { tools } = await session.listTools();
    const written = session.tap().stdinLines;
    const records = [];
    for (const tool of tools) records.push(await session.callTool(tool.name, {})); // one at a time: the count is exact
    // the 3rd answer takes the kept bytes past 100,000 (the listing and the 2 before it were kept): the rest are not sent
    expect(records.map((r) => r.outcome)).toEqual([...Array(3).fill('success'), ...Array(9).fill('exit')]);
    expect(records.map((r) => r.unsent)).toEqual([...Array(3).fill(undefined), ...Array(9).fill('budget')]);
    expect(records.slice(0, 3).every((r) => typeof r.response?.result === 'object')).toBe(true); // the answers kept whole
    expect((await session.request('ping')).unsent).toBe('budget');
    await session.close();
    const tap = session.tap();
    expect(tap.retention?.budgetBytes).toBe(100_000);
    expect(tap.retention?.keptBytes).toBeGreaterThan(100_000);
    expect(tap.retention?.keptBytes).toBeLessThan(200_000); // each frame counted once: tap frame and record are one
    expect(tap.stdinLines - written).toBe(3); // the three calls sent, nothing after them
  });

  it('sends every request when the answers stay within it (the twin)', async () => {
    const session = await start(bigAnswers, options({ maxRetainedBytes: 1_000_000, callConcurrency: 1 }));
    const { tools } = await session.listTools();
    const records = await Promise.all(tools.map((tool) => session.callTool(tool.name, {})));
    expect(records.map((r) => r.outcome)).toEqual(Array(12).fill('success'));
    await session.close();
    expect(session.tap().retention).toBeUndefined();
  });
});
