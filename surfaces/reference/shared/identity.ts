/** Server identity of the reference surfaces: one version for the whole package. */

/** The reference package version every surface reports as `serverInfo.version`. */
export const REFERENCE_VERSION = '1.0.0';

/** `Implementation` (serverInfo) for a reference surface, e.g. `{ name: 'reference-modern', ... }`. */
export function referenceServerInfo(surface: 'modern' | 'legacy' | 'narrowed'): { name: string; title: string; version: string } {
  return { name: `reference-${surface}`, title: `Release preview (${surface})`, version: REFERENCE_VERSION };
}

/** Log one line to stderr (stdout is the JSON-RPC channel and must stay clean). */
export function logToStderr(surface: string, message: string): void {
  process.stderr.write(`[reference-${surface}] ${message}\n`);
}
