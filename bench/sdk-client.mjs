/**
 * A user's listing client on @modelcontextprotocol/sdk 1.x, the "SDK client" of the bench's other-tools column
 * (bench/other-tools.ts): run as `node bench/sdk-client.mjs <spec.json>` in its own process, as a user's client
 * script would be. The spec is the bare client's (bench/bare-client.ts BareSpec, from bench/measure.ts
 * withBareSpec): `command`, `args`, `cwd`, `env`, `era`, `calls` ({tool, arguments}[]), `window`, `requestMs`.
 *
 * It connects with the SDK's `Client` over `StdioClientTransport` (the server gets the spec's env and cwd; the
 * transport adds its own default variables, getDefaultEnvironment: HOME, LOGNAME, PATH, SHELL, TERM, USER),
 * which sends the legacy `initialize` + `notifications/initialized`; lists every `tools/list` page following
 * `nextCursor`; makes the spec's calls with at most `window` in flight, in submission order; closes (the transport
 * ends stdin, SIGTERM after 2 s) and exits.
 *
 * stdout: one line of JSON, `{"tools": <listed>, "calls": <made>, "errors": <calls that threw>}` (a JSON-RPC error
 * answer or a result the SDK rejects, e.g. structuredContent outside the tool's outputSchema). Exit code 0 when that
 * line was written; 1 with a message on stderr when the spec is unreadable, the era is not legacy (this SDK speaks
 * no modern `server/discover`), or connecting or listing failed.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

async function main() {
  const path = process.argv[2];
  if (!path) throw new Error('usage: node bench/sdk-client.mjs <spec.json>');
  const spec = JSON.parse(readFileSync(path, 'utf8'));
  if (spec.era !== 'legacy') throw new Error(`era ${String(spec.era)}: this SDK client speaks the legacy handshake only`);
  const options = { timeout: spec.requestMs };
  const transport = new StdioClientTransport({ command: spec.command, args: spec.args, cwd: spec.cwd, env: spec.env, stderr: 'ignore' });
  const client = new Client({ name: 'mcp-harness-bench-sdk-client', version: '0.1.0' });
  try {
    await client.connect(transport, options);
    let tools = 0;
    for (let cursor; ; ) {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, options);
      tools += page.tools.length;
      cursor = page.nextCursor;
      if (typeof cursor !== 'string') break;
    }
    let errors = 0;
    let next = 0;
    const lane = async () => {
      while (next < spec.calls.length) {
        const call = spec.calls[next++];
        try {
          await client.callTool({ name: call.tool, arguments: call.arguments }, undefined, options);
        } catch {
          errors += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(spec.window, spec.calls.length)) }, lane));
    process.stdout.write(`${JSON.stringify({ tools, calls: spec.calls.length, errors })}\n`);
  } finally {
    await client.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`sdk-client: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
