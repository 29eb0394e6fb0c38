/**
 * Catalog entries for findings the runner itself reports (not check modules): a crashed check or
 * surface, a contract that cannot be loaded, an interrupted surface. They appear in SARIF rules and
 * docs like any check, and their findings are built from these catalogues (`harnessFinding`), so every
 * finding of a report has a messageId and a catalogue message (issue 14 §3).
 */
import type { Finding } from '../model/report.ts';
import { formatMessage, type CheckMeta } from './define.ts';

const base = { needsSession: false };

/** Runner-level catalog entries. */
export const INTERNAL_METAS: readonly CheckMeta[] = [
  {
    ...base,
    id: 'harness/check-crashed',
    messages: { crashed: 'check {{check}} crashed: {{error}}' },
    defaultSeverity: 'error',
    description: 'A check threw while judging a surface; the run continued and exits with code 2.',
    rationale: 'A broken check must never pass silently: its crash is a finding and the exit code is 2.',
    spec: 'harness rule: one run reports every problem (README.md §Exit codes; docs/ci.md §Exit codes)',
    examples: { fail: 'a check module throws TypeError', pass: 'every check returns normally' },
  },
  {
    ...base,
    id: 'harness/surface-crashed',
    messages: { crashed: 'the harness failed on this surface: {{error}}' },
    defaultSeverity: 'error',
    description: 'The harness failed on a surface (for example a broken scenario file); exit code 2.',
    rationale: 'A harness fault is not a server fault: it is reported as such and makes the exit code 2.',
    spec: 'harness rule: exit code 2 (docs/ci.md §Exit codes)',
    examples: { fail: 'scenarios/x.json: scenarios[0].expect: invalid option', pass: 'valid scenario files' },
  },
  {
    ...base,
    id: 'harness/interrupted',
    messages: { interrupted: 'the run was interrupted while this surface was being validated; its partial observation was not judged' },
    defaultSeverity: 'info',
    description: 'The run was interrupted (SIGINT/SIGTERM/SIGHUP) while this surface ran; its partial observation was not judged.',
    rationale: 'Calls cut short and servers killed by the harness are not server faults; judging them would blame the server for the interrupt.',
    spec: 'harness rule: a partial report is still written when something breaks (README.md §The report)',
    examples: { fail: 'Ctrl-C during a run: the surface is reported as interrupted', pass: 'a run that completes' },
  },
  {
    ...base,
    id: 'harness/contract',
    messages: { notLoaded: 'contract could not be loaded: {{reason}}' },
    defaultSeverity: 'error',
    description: "The surface's contract module or lock file could not be loaded.",
    rationale: 'Without its contract the contract checks cannot run; the message names the file and key path.',
    spec: 'harness rule: the contract (docs/config.md §Contract modules)',
    examples: { fail: 'contract: { lock: "missing.json" }', pass: 'a lock written by `mcp-harness snapshot`' },
  },
  {
    ...base,
    id: 'harness/untested',
    messages: { untested: 'Nothing on this surface was tested: it failed {{phase}}, and no finding at error level says why (a check set to warning or off, or a case the harness cannot handle), so the run exits 2.' },
    defaultSeverity: 'error',
    description: 'A surface that listed nothing and drew no error-level finding: the run exits with code 2 rather than pass.',
    rationale: 'A run that tested nothing must not look like a pass (vitest and playwright fail a run with no tests): when no error-level finding already fails the surface, this one does.',
    spec: 'harness rule: exit code 2 (docs/ci.md §Exit codes)',
    examples: { fail: "a surface whose first tools/list answer is an SSE stream closed for polling, which the harness does not resume", pass: 'a surface that listed its tools' },
  },
  {
    ...base,
    id: 'harness/retention-budget',
    messages: {
      passed:
        "The server frames the harness kept for this surface passed its retention budget ({{budget}} bytes, limits.maxRetainedBytes): it sent no request after that, so the calls and probes still to come were not made and the surface was validated only in part (what was kept was judged). Raise limits.maxRetainedBytes to validate it whole.",
      passedDefault:
        "The server frames the harness kept for this surface passed its retention budget ({{budget}} bytes, the default: this process's V8 heap limit of {{heapLimit}} bytes / 8, within 256 MiB to 1 GiB): it sent no request after that, so the calls and probes still to come were not made and the surface was validated only in part (what was kept was judged). Set limits.maxRetainedBytes, or run the harness with a larger heap (node --max-old-space-size), to validate it whole.",
    },
    defaultSeverity: 'error',
    description: "The server sent more than the harness keeps of one surface (responses, notifications, wire-tap frames; by default 1/8 of the harness's V8 heap limit, within 256 MiB to 1 GiB): the harness stopped sending requests there, and the surface was validated only in part.",
    rationale: 'The harness keeps what the server answers until the surface is judged; without a bound, a server with large answers on many tools ran it out of memory (a V8 heap crash, exit 134, no report at all). Past the budget the run still ends with a report, says what it did not test, and exits 2: a surface validated in part is not a verdict.',
    spec: 'harness rule: a report is always written (README.md §The report; docs/config.md §Surface keys)',
    examples: { fail: '200 tools each answering a 12 MB text block, on a 4 GB heap (a 518 MiB default): the budget passes after about 45 answers', pass: 'answers whose sum stays under the budget: 50 tools answering 2 MB each, about 400 MB in all, on a 4 GB heap' },
  },
];

/** The runner's finding kinds: check ID -> its messageId -> the data its message needs. */
interface HarnessFindings {
  'harness/check-crashed': { crashed: { check: string; error: string } };
  'harness/surface-crashed': { crashed: { error: string } };
  'harness/interrupted': { interrupted: Record<never, string> };
  'harness/contract': { notLoaded: { reason: string } };
  'harness/untested': { untested: { phase: string } };
  'harness/retention-budget': { passed: { budget: string }; passedDefault: { budget: string; heapLimit: string } };
}

/**
 * A runner finding of `surface`, its message built from the catalogue above (severity: the entry's
 * default). `data` is the harness's own text (an error message naming file and key), so it is not cut
 * to the server-text budget. Throws on an unknown ID or messageId (a bug in the runner).
 */
export function harnessFinding<C extends keyof HarnessFindings, M extends keyof HarnessFindings[C] & string>(check: C, messageId: M, surface: string, data: HarnessFindings[C][M] & Record<string, string>): Finding {
  const meta = INTERNAL_METAS.find((m) => m.id === check);
  if (!meta) throw new Error(`unknown runner finding ${check}`);
  return { check, severity: meta.defaultSeverity, surface, message: formatMessage(meta, messageId, data, Infinity), messageId };
}
