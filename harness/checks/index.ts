/**
 * The check registry: every check ID mapped to a lazy loader of its module (ESLint's lib/rules/index.js).
 * A check's ID equals its module path under harness/checks/ without `.ts`; a test holds that.
 */
import type { Check } from './define.ts';

type Loader = () => Promise<{ default: Check }>;

/** Check ID -> lazy loader, in catalog order (the order of docs/checks.md). */
export const checkLoaders: Readonly<Record<string, Loader>> = Object.freeze({
  'tools/set-diff': () => import('./tools/set-diff.ts'),
  'tools/advertised-shape': () => import('./tools/advertised-shape.ts'),
  'tools/advertised-metadata': () => import('./tools/advertised-metadata.ts'),
  'tools/input-narrowing': () => import('./tools/input-narrowing.ts'),
  'tools/name': () => import('./tools/name.ts'),
  'tools/listing': () => import('./tools/listing.ts'),
  'tools/annotations': () => import('./tools/annotations.ts'),
  'tools/description-injection': () => import('./tools/description-injection.ts'),
  'schema/dialect': () => import('./schema/dialect.ts'),
  'schema/compile': () => import('./schema/compile.ts'),
  'schema/portability': () => import('./schema/portability.ts'),
  'schema/regex': () => import('./schema/regex.ts'),
  'contract/every-tool-called': () => import('./contract/every-tool-called.ts'),
  'contract/version-lock': () => import('./contract/version-lock.ts'),
  'contract/watched-paths': () => import('./contract/watched-paths.ts'),
  'result/shape': () => import('./result/shape.ts'),
  'result/structured-content': () => import('./result/structured-content.ts'),
  'result/text-mirror': () => import('./result/text-mirror.ts'),
  'result/size': () => import('./result/size.ts'),
  'result/expectation': () => import('./result/expectation.ts'),
  'errors/classification': () => import('./errors/classification.ts'),
  'errors/input-enforcement': () => import('./errors/input-enforcement.ts'),
  'errors/echo': () => import('./errors/echo.ts'),
  'protocol/era': () => import('./protocol/era.ts'),
  'protocol/discover': () => import('./protocol/discover.ts'),
  'protocol/version-negotiation': () => import('./protocol/version-negotiation.ts'),
  'protocol/wire-schema': () => import('./protocol/wire-schema.ts'),
  'protocol/cancellation': () => import('./protocol/cancellation.ts'),
  'protocol/ping': () => import('./protocol/ping.ts'),
  'protocol/capability-lists': () => import('./protocol/capability-lists.ts'),
  'protocol/client-capabilities': () => import('./protocol/client-capabilities.ts'),
  'protocol/client-capability-use': () => import('./protocol/client-capability-use.ts'),
  'transport/stdout': () => import('./transport/stdout.ts'),
  'transport/timeout': () => import('./transport/timeout.ts'),
  'transport/exit': () => import('./transport/exit.ts'),
  'transport/shutdown': () => import('./transport/shutdown.ts'),
  'transport/http-origin': () => import('./transport/http-origin.ts'),
  'transport/http-session': () => import('./transport/http-session.ts'),
  'transport/http-protocol-version': () => import('./transport/http-protocol-version.ts'),
  'transport/http-status': () => import('./transport/http-status.ts'),
  'transport/http-sse': () => import('./transport/http-sse.ts'),
  'transport/http-host': () => import('./transport/http-host.ts'),
  'transport/http-get': () => import('./transport/http-get.ts'),
  'sdk/generation': () => import('./sdk/generation.ts'),
});

export { FRESH_PROCESS_PROBES, freshProcessCount } from './fresh-process.ts';

/** Every registered check ID, in catalog order. */
export const checkIds: readonly string[] = Object.keys(checkLoaders);

/**
 * Load checks by ID (all when `ids` is omitted), in catalog order.
 * @throws Error naming the unknown ID (with the known ones) when an ID is not registered.
 */
export async function loadChecks(ids: readonly string[] = checkIds): Promise<Check[]> {
  assertCheckIds(ids);
  const wanted = checkIds.filter((id) => ids.includes(id));
  return Promise.all(wanted.map(async (id) => (await checkLoaders[id]()).default));
}

/**
 * Check that every ID is registered, without loading any check module.
 * @throws Error naming the unknown ID (with the known ones) when an ID is not registered.
 */
export function assertCheckIds(ids: readonly string[]): void {
  const unknown = ids.filter((id) => !(id in checkLoaders));
  if (unknown.length > 0) {
    throw new Error(`unknown check ID ${unknown.map((u) => `'${u}'`).join(', ')}; known: ${checkIds.join(', ')}`);
  }
}
