/**
 * Over a real server process (bench/synthetic-server.mjs): two calls its inputSchema rejects get the one text
 * tool error, and their records share one result object (session/exchange.ts shareToolError); an accepted call's
 * result stays its own.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { options, sessionStarter } from './helpers.ts';

const SYNTHETIC = fileURLToPath(new URL('../../bench/synthetic-server.mjs', import.meta.url));
const start = sessionStarter();

describe('tool errors over a real process', () => {
  it('rejected calls share the result object, accepted ones do not', async () => {
    const session = await start({ command: process.execPath, args: [SYNTHETIC, '--tools', '2'], cwd: process.cwd(), env: {} }, options());
    const { tools } = await session.listTools();
    const name = tools[0]?.name as string;
    const a = await session.callTool(name, { nope: 1 });
    const b = await session.callTool(tools[1]?.name as string, { nope: 2 });
    expect(a.outcome).toBe('tool-error');
    expect(b.response?.result).toBe(a.response?.result);
    expect(b.response?.id).not.toBe(a.response?.id);
    const query = { query: 'x', mode: 'fast', range: { min: 0, max: 1 }, filters: [{ field: 'name', tag: 't0a', values: [0] }] };
    const ok1 = await session.callTool(name, query);
    const ok2 = await session.callTool(name, query);
    expect(ok1.outcome).toBe('success');
    expect(ok2.response?.result).toEqual(ok1.response?.result);
    expect(ok2.response?.result).not.toBe(ok1.response?.result);
  });
});
