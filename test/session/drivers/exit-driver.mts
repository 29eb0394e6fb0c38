/**
 * A harness-like process for tests: opens a session on the fixture server with a child process, prints
 * `{"pid":..,"childPid":..}` on stdout, then either closes the session and lets the event loop drain
 * (`close`), or calls process.exit without closing (`exit`) so the exit hook must kill the tree.
 */
import { openSession } from '../../../harness/session/index.ts';
import { fixture, options } from '../helpers.ts';

const mode = process.argv[2];
const session = await openSession(fixture(['--fault=spawn-child', '--fault=ignore-stdin-close']), options());
const who = await session.callTool('whoami', {});
const ids = (who.response?.result as { structuredContent: { pid: number; childPid: number } }).structuredContent;
process.stdout.write(JSON.stringify(ids) + '\n');
if (mode === 'exit') process.exit(0);
await session.close();
