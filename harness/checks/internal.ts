/**
 * Catalog entries for findings the runner itself reports (not check modules): a crashed check or
 * surface, a contract that cannot be loaded. They appear in SARIF rules and docs like any check.
 */
import type { CheckMeta } from './define.ts';

const base = { needsSession: false, messages: {} as Record<string, string> };

/** Runner-level catalog entries. */
export const INTERNAL_METAS: readonly CheckMeta[] = [
  {
    ...base,
    id: 'harness/check-crashed',
    defaultSeverity: 'error',
    description: 'A check threw while judging a surface; the run continued and exits with code 2.',
    rationale: 'A broken check must never pass silently (style.md, avoid #3).',
    spec: 'design.md §2: one run reports every problem',
    examples: { fail: 'a check module throws TypeError', pass: 'every check returns normally' },
  },
  {
    ...base,
    id: 'harness/surface-crashed',
    defaultSeverity: 'error',
    description: 'The harness failed on a surface (for example a broken scenario file); exit code 2.',
    rationale: 'A harness fault is not a server fault: it is reported as such and makes the exit code 2.',
    spec: 'design.md §8: exit code 2',
    examples: { fail: 'scenarios/x.json: scenarios[0].expect: invalid option', pass: 'valid scenario files' },
  },
  {
    ...base,
    id: 'harness/interrupted',
    defaultSeverity: 'info',
    description: 'The run was interrupted (SIGINT/SIGTERM) while this surface ran; its partial observation was not judged.',
    rationale: 'Calls cut short and servers killed by the harness are not server faults; judging them would blame the server for the interrupt.',
    spec: 'design.md §9: a partial report is still written when something breaks',
    examples: { fail: 'Ctrl-C during a run: the surface is reported as interrupted', pass: 'a run that completes' },
  },
  {
    ...base,
    id: 'harness/contract',
    defaultSeverity: 'error',
    description: "The surface's contract module or lock file could not be loaded.",
    rationale: 'Without its contract the contract checks cannot run; the message names the file and key path.',
    spec: 'design.md §4: Contract',
    examples: { fail: 'contract: { lock: "missing.json" }', pass: 'a lock written by `mcp-harness snapshot`' },
  },
];
