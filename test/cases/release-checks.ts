/** The result, transport and era checks of the first release, keyed by check ID. */
import type { Check } from '../../harness/checks/define.ts';
import shape from '../../harness/checks/result/shape.ts';
import structuredContent from '../../harness/checks/result/structured-content.ts';
import textMirror from '../../harness/checks/result/text-mirror.ts';
import expectation from '../../harness/checks/result/expectation.ts';
import stdout from '../../harness/checks/transport/stdout.ts';
import timeout from '../../harness/checks/transport/timeout.ts';
import exit from '../../harness/checks/transport/exit.ts';
import shutdown from '../../harness/checks/transport/shutdown.ts';
import era from '../../harness/checks/protocol/era.ts';

/** Check ID -> check module, for the nine checks above. */
export const RELEASE_CHECKS: Record<string, Check> = Object.fromEntries(
  [shape, structuredContent, textMirror, expectation, stdout, timeout, exit, shutdown, era].map((check) => [check.meta.id, check]),
);
