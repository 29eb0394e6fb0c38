/**
 * Preparing a configured surface for a session, the one way every command that boots a configured
 * surface does it (`run`, and `diff` with a surface name): its temp dir (`setup.tempDir`), sandbox,
 * loopback port (`${port}`), placeholders, `setup.copy` steps, then the session setup
 * (./session-setup.ts), run as the isolated user when `isolate` asks (then the temp dir, like the sandbox, is made
 * where that user can search, ./sandbox-base.ts, and handed to it once the copies are in). Everything it created is
 * removed when the callback settles.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instantiateSurface } from '../config/placeholders.ts';
import type { ResolvedSurface } from '../config/types.ts';
import { isHttpSpec, type ConnectSpec, type SessionOptions } from '../session/index.ts';
import { handToIsolated, isolatedSandboxBase, isolateSpec } from './isolate.ts';
import { freeLoopbackPort } from './port.ts';
import { createSandbox, removeSandbox, type Sandbox } from './sandbox.ts';
import { sessionSetup } from './session-setup.ts';

/** A surface ready to boot: placeholders filled, files copied, and what to connect with. */
export interface PreparedSurface {
  /** The surface with `${tempDir}`/`${port}` placeholders filled. */
  surface: ResolvedSurface;
  sandbox?: Sandbox;
  spec: ConnectSpec;
  session: SessionOptions;
}

/**
 * Prepare `configured`, call `use` with it, and remove its temp dir and sandbox afterwards (also when
 * `use` throws). @throws what preparing throws (a failed copy, a sandbox that cannot be made, an isolated sandbox with
 * no directory its user can reach: SandboxBaseUnavailable, also for an isolated `setup.tempDir`) or `use` throws.
 */
export async function withPreparedSurface<T>(configured: ResolvedSurface, use: (prepared: PreparedSurface) => Promise<T>): Promise<T> {
  // an isolated server must be able to search every directory above its sandbox and temp dir (a private TMPDIR is
  // passed over); chosen before anything is created, so a refusal leaves nothing behind
  const base = configured.isolate && (configured.sandbox || configured.setup.tempDir) ? isolatedSandboxBase() : undefined;
  const tempDir = configured.setup.tempDir ? await mkdtemp(join(base ?? tmpdir(), `mcp-harness-${configured.name}-`)) : undefined;
  let sandbox: Sandbox | undefined;
  try {
    if (configured.sandbox) sandbox = await createSandbox(configured.name, base);
    const port = usesPort(configured) ? await freeLoopbackPort() : undefined;
    const surface = instantiateSurface(configured, { tempDir, ...(port === undefined ? {} : { port }) });
    for (const step of surface.setup.copy) await cp(step.from, step.to, { recursive: true });
    // the temp dir (mode 0700, root's) and what was copied into it go to the isolated user once filled, the dir last
    if (tempDir && configured.isolate) await handToIsolated(tempDir);
    const setup = await isolated(sessionSetup(surface, { sandbox }), surface, sandbox);
    return await use({ surface, ...(sandbox ? { sandbox } : {}), ...setup });
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
    if (sandbox) await removeSandbox(sandbox);
  }
}

/** The session setup run as the isolated user when the surface asks for `isolate` (harness/run/isolate.ts); for HTTP, its server. */
async function isolated<T extends { spec: ConnectSpec }>(setup: T, surface: ResolvedSurface, sandbox?: Sandbox): Promise<T> {
  if (!surface.isolate) return setup;
  const { spec } = setup;
  if (!isHttpSpec(spec)) return { ...setup, spec: await isolateSpec(spec, sandbox) };
  return spec.server ? { ...setup, spec: { ...spec, server: { ...spec.server, spawn: await isolateSpec(spec.server.spawn, sandbox) } } } : setup;
}

/** Whether the surface names `${port}` anywhere (url, args, cwd, env.set). */
function usesPort(surface: ResolvedSurface): boolean {
  return [surface.url ?? '', ...surface.args, surface.cwd, ...Object.values(surface.env.set)].some((v) => v.includes('${port}'));
}
