/**
 * One harness run in its own process, so that its peak RSS is its own:
 *   node --import tsx bench/harness-once.ts SURFACE [--checks core|all] [--call-concurrency N] [--broken PCT]
 * SURFACE is `synthetic` or a surface name of mcp-harness.config.ts. Prints one JSON line (OnceResult)
 * on stdout; exits 2 with a message on stderr for a bad argument or an unknown surface.
 */
import { parseArgs } from 'node:util';
import type { ResolvedConfig } from '../harness/config/index.ts';
import type { Era } from '../harness/model/protocol.ts';
import { timeHarness } from './measure.ts';
import { SYNTHETIC, coreCheckIds, onlySurface, realConfig, syntheticConfig } from './surfaces.ts';

/** What one isolated run prints. `maxRssMB` is `process.resourceUsage().maxRSS` (KiB) / 1024. */
export interface OnceResult {
  surface: string;
  checks: 'core' | 'all';
  wallMs: number;
  maxRssMB: number;
  tools: number;
  calls: number;
  /** Requests the checks planned (probes), beyond the calls. */
  probes: number;
  /** The negotiated era, when the surface booted. */
  era?: Era;
  findings: number;
  /** True when the surface could not be booted or a check crashed. */
  failed: boolean;
}

async function configFor(surface: string, callConcurrency?: number, brokenPercent?: number): Promise<ResolvedConfig> {
  if (surface === SYNTHETIC) return syntheticConfig({ callConcurrency, brokenPercent });
  const config = await realConfig();
  const found = config.surfaces.find((s) => s.name === surface);
  if (!found) throw new Error(`unknown surface '${surface}'; known: ${SYNTHETIC}, ${config.surfaces.map((s) => s.name).join(', ')}`);
  return onlySurface(config, callConcurrency ? { ...found, callConcurrency } : found);
}

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { checks: { type: 'string', default: 'all' }, 'call-concurrency': { type: 'string' }, broken: { type: 'string' } },
  });
  const surface = positionals[0];
  if (!surface || (values.checks !== 'core' && values.checks !== 'all')) throw new Error('usage: harness-once.ts SURFACE [--checks core|all] [--call-concurrency N] [--broken PCT]');
  const config = await configFor(surface, positive('call-concurrency', values['call-concurrency']) || undefined, positive('broken', values.broken));
  const { wallMs, result } = await timeHarness(config, values.checks === 'core' ? await coreCheckIds() : undefined);
  const obs = result.observations[0];
  const out: OnceResult = {
    surface,
    checks: values.checks,
    wallMs,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    tools: obs?.listing?.tools.length ?? 0,
    calls: obs?.calls.length ?? 0,
    probes: obs?.probes.length ?? 0,
    era: obs?.negotiation?.era,
    findings: result.report.findings.length,
    failed: result.harnessFailed || obs?.bootError !== undefined,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`harness-once: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
