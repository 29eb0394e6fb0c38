/**
 * The CLI's entry: runs it and sets the exit code it decides (a rejection is Node's unhandled rejection:
 * the error printed, exit code 1). `npm run build` bundles it into dist/bin.bundle.cjs, which the package's
 * executable, dist/bin.js (harness/bin-loader.ts), runs through a V8 code cache; no top-level await, since
 * the bundle is CommonJS. In this repository, bin/mcp-harness.js runs the same entry from the sources.
 */
import { main } from './cli.ts';
import { tolerateClosedPipes } from './cli/closed-pipe.ts';

// a closed reader (`| head`) drops the console output, never the report files (./cli/closed-pipe.ts)
tolerateClosedPipes();
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
