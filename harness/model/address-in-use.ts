/**
 * Whether a server's stderr says it could not take an address another process holds: a fixed port or socket. Read on
 * the stderr of a fresh-process probe's own process (harness/run/fresh-probes.ts), which the harness starts while its
 * main session still runs the same server: a server that cannot run twice at once fails there for the harness's own
 * conflict. Pure; returns only whether, never the address or the line.
 */

/**
 * The wordings seen: libuv's and Node's `EADDRINUSE` (`listen EADDRINUSE: address already in use 127.0.0.1:3333`),
 * the OS text Python, Go and others print (`[Errno 98] Address already in use`, `bind: address already in use`), and
 * a server's own "Port 3333 is already in use" (drawio-mcp-server 2.3.0, sweep 25: "Fatal error in main(): Error:
 * [start_websocket_server] Error: Port 3333 is already in use. Please stop the process using this port and try again.").
 */
const ADDRESS_IN_USE = /\bEADDRINUSE\b|\baddress already in use\b|\bport\s+\d{1,5}\s+(?:is\s+)?already in use\b/i;

/** Whether `stderr` (a process's stderr text, any length) names an address or port already in use (ADDRESS_IN_USE). */
export function addressInUse(stderr: string): boolean {
  return ADDRESS_IN_USE.test(stderr);
}
