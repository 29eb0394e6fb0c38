/**
 * harness/model/address-in-use.ts: which stderr says a fixed port or socket was taken (a fresh-process probe's own
 * process, started while the main session runs the same server: transport/timeout `probeAddressInUse`).
 */
import { describe, expect, it } from 'vitest';
import { addressInUse } from '../../harness/model/address-in-use.ts';

describe('addressInUse', () => {
  it.each([
    // drawio-mcp-server 2.3.0 (sweep 25)
    'ERROR: Fatal error in main(): Error: [start_websocket_server] Error: Port 3333 is already in use. Please stop the process using this port and try again.',
    'Error: listen EADDRINUSE: address already in use 127.0.0.1:8080',
    'OSError: [Errno 98] Address already in use',
    'listen tcp :9000: bind: address already in use',
    'port 5173 already in use',
  ])('%j names an address in use', (line) => {
    expect(addressInUse(`starting\n${line}\n`)).toBe(true);
  });
  it.each(['Error: connect ECONNREFUSED 127.0.0.1:6379', 'the username is already in use', 'Using port 3333', 'Loading the diagram index...', ''])('%j does not', (line) => {
    expect(addressInUse(line)).toBe(false);
  });
});
