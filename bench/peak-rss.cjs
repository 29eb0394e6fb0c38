// Preloaded (`node --require`) into every process the start-up benchmark times: at exit, writes the
// process's peak resident set size (KiB, process.resourceUsage().maxRSS) to $BENCH_RSS_FILE.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
