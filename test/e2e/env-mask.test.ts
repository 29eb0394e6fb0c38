/**
 * The env mask through the real CLI against servers that steal the harness's environment (the hostile-server
 * review: B1, a secret spelled with JSON escapes other than `\u`; B2, a secret in the stderr tail split by characters
 * the tail's cleaning removes). One run of test/e2e/configs/env-leak.ts with every reporter and --show-values (so
 * evidence is written too), the secrets in the harness's environment only:
 * - leak arms: stdio-escapes (names, descriptions, a property key, error messages, a non-JSON-RPC line's head, in
 *   `\/`, `\"`, `\\`, `\u200b`, `\u001b` escapes and a raw U+200B), stdio-stderr (ANSI, C0, CR, bidi, U+200B splits
 *   and a JSON log line with escapes, in a boot failure's stderr tail), http-json / http-sse / http-modern (a
 *   configured header echoed in escapes in JSON and SSE bodies and in error bodies), http-type (echoed as the
 *   Content-Type): no value reaches a report file or the console in any spelling, and each arrives masked;
 *   stdio-sequences (the hostile review 5: tool names, a property key and descriptions holding a value split by an
 *   OSC, a charset designation, DCS, SOS, PM, APC, their 8-bit forms or a backspace overwrite, which a terminal runs
 *   to show the value whole): neither half of the value reaches a report file or the console;
 * - twins: stdio-plain (the same values spelled plainly, masked before this fix too: the theft works) and
 *   stdio-given (a value the surface was given, echoed with escapes: never masked).
 * Linux only: the thief reads /proc/<parent pid>/environ.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { SURFACES } from './configs/env-leak.ts';
import { cleanup, CONFIGS, filesUnder, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const RAND = `${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
/** Each stolen value ends with a part of its own that no spelling, cut or split of the fixture leaves out. */
const TAIL = { slash: `${RAND}a`, quote: `${RAND}b`, split: `${RAND}c`, token: `${RAND}e` };
const ENV = {
  E2E_LEAK_SLASH: `e2e/slash/${TAIL.slash}`,
  E2E_LEAK_QUOTE: `e2e"quote\\${TAIL.quote}`,
  E2E_LEAK_SPLIT: `e2e-split-${TAIL.split}`,
  E2E_LEAK_TOKEN: `tok/${TAIL.token}"q\\z`,
  E2E_LEAK_GIVEN: `e2e/given/${RAND}d`,
  E2E_LEAK_ESC: `e2e-esc-${RAND}-${RAND}f`,
};
/** Either half of E2E_LEAK_ESC: the fixture splits it in the middle by a sequence, so a leak holds both halves. */
const ESC_HALVES = [ENV.E2E_LEAK_ESC.slice(0, ENV.E2E_LEAK_ESC.length >> 1), ENV.E2E_LEAK_ESC.slice(ENV.E2E_LEAK_ESC.length >> 1)];

let run: CliRun;

beforeAll(async () => {
  if (process.platform !== 'linux') return;
  run = await runCli(['run', '--config', join(CONFIGS, 'env-leak.ts'), '--show-values', '--reporter', 'console,json,markdown,junit,sarif,html'], { env: ENV });
}, 180_000);

afterAll(() => cleanup(run));

const toolNames = (report: Report, surface: string) => report.surfaces.find((s) => s.name === surface)?.tools.map((t) => t.name) ?? [];

describe.skipIf(process.platform !== 'linux')("the env mask against servers that steal the harness's environment", () => {
  it('runs every surface', () => {
    expect(reportOf(run).surfaces.map((s) => s.name).sort(), run.stderr).toEqual([...SURFACES].sort());
  });

  it('no stolen value reaches a report file or the console, in any spelling, cut or split', () => {
    const files = filesUnder(run.reportDir);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const [name, tail] of Object.entries(TAIL)) {
      for (const file of files) expect(readFileSync(file, 'utf8').includes(tail), `${name} in ${file}`).toBe(false);
      expect(run.stdout.includes(tail), `${name} in stdout`).toBe(false);
      expect(run.stderr.includes(tail), `${name} in stderr`).toBe(false);
    }
  });

  it('stdio, values split by escape and control sequences (review 5): no half of the value in a report file or the console, the names masked', () => {
    const files = filesUnder(run.reportDir);
    for (const half of ESC_HALVES) {
      for (const file of files) expect(readFileSync(file, 'utf8').includes(half), `${half} in ${file}`).toBe(false);
      expect(run.stdout.includes(half), 'stdout').toBe(false);
      expect(run.stderr.includes(half), 'stderr').toBe(false);
    }
    const names = toolNames(reportOf(run), 'stdio-sequences');
    // twelve tools, each named the masked value (the report keeps one of same-named tools)
    expect([...new Set(names)]).toEqual(['[masked:E2E_LEAK_ESC]']);
  });

  it('stdio, values spelled with JSON escapes (B1): tool names, a property key, the head of a non-JSON-RPC line arrive masked', () => {
    const report = reportOf(run);
    expect(toolNames(report, 'stdio-escapes').sort()).toEqual(['keyed', 'quote-[masked:E2E_LEAK_QUOTE]', 'slash-[masked:E2E_LEAK_SLASH]', 'zw-[masked:E2E_LEAK_SPLIT]']);
    expect(findingsOf(report, 'stdio-escapes', 'schema/portability').map((f) => f.pointer)).toContain('/inputSchema/properties/p-[masked:E2E_LEAK_SLASH]');
    const [head] = findingsOf(report, 'stdio-escapes', 'transport/stdout').filter((f) => f.messageId === 'nonJsonRpc');
    expect(head?.evidence).toBe('{"log":"[masked:E2E_LEAK_SLASH]"}');
  });

  it('stdio, the plain twin: the same values spelled plainly arrive masked (the thief does read them)', () => {
    expect(toolNames(reportOf(run), 'stdio-plain').sort()).toEqual(['keyed', 'slash-[masked:E2E_LEAK_SLASH]', 'zw-[masked:E2E_LEAK_SPLIT]']);
  });

  it('stdio, the given twin: a value the surface was given is never masked, escapes or not', () => {
    expect(toolNames(reportOf(run), 'stdio-given')).toEqual([`given-${ENV.E2E_LEAK_GIVEN}`]);
  });

  it("stderr tail (B2): values split by ANSI, controls, CR, bidi and U+200B, and in a JSON log line's escapes, shown masked", () => {
    const [finding] = findingsOf(reportOf(run), 'stdio-stderr', 'transport/exit');
    const lines = finding?.stderr ?? [];
    for (const line of ['plain: [masked:E2E_LEAK_SPLIT]', 'ansi: [masked:E2E_LEAK_SPLIT]', 'ctrl: [masked:E2E_LEAK_SLASH]', 'cr: [masked:E2E_LEAK_SPLIT]', 'bidi: [masked:E2E_LEAK_SPLIT]', 'zw: [masked:E2E_LEAK_SPLIT]']) {
      expect(lines, line).toContain(line);
    }
    expect(lines).toContain('{"level":"error","key":"[masked:E2E_LEAK_SLASH]","pw":"[masked:E2E_LEAK_QUOTE]"}');
  });

  it('HTTP: a configured header echoed in escapes, in JSON and SSE bodies, arrives masked; echoed as the Content-Type, it is quoted masked', () => {
    const report = reportOf(run);
    for (const surface of ['http-json', 'http-sse']) expect(toolNames(report, surface), surface).toContain('k-[masked:E2E_LEAK_TOKEN]');
    const [type] = findingsOf(report, 'http-type', 'transport/http-status').filter((f) => f.messageId === 'requestContentType');
    expect(type?.message).toContain('Content-Type text/x-[masked:E2E_LEAK_TOKEN]');
  });
});
