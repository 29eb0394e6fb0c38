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
// until main decides, the exit code is 2: when main never settles and nothing is left to run (a config module whose
// top-level await never settles), Node drains its event loop and exits with the code set, so the run must not read as
// passed (it exited 0 with no report and no line; hostile review hostile4). beforeExit fires only then, never after
// main settled, whatever the timing.
let decided = false;
process.exitCode = 2;
process.once('beforeExit', () => {
  if (!decided) process.stderr.write('mcp-harness: the command stopped before it finished: it waited on something that will never come (a config module whose top-level await never settles?)\n');
});
void main(process.argv.slice(2)).then((code) => {
  decided = true;
  process.exitCode = code;
});
