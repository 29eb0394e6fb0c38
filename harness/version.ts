/**
 * The harness's own version, read once from package.json (stamped into every report and into
 * `clientInfo` on the wire).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `version` of the mcp-harness package.json. */
export const HARNESS_VERSION: string = (require('../package.json') as { version: string }).version;
