/**
 * Frame building per era. Modern (2026-07-28, spec basic/index §_meta): every request and notification carries
 * `params._meta` with the protocol version, client capabilities (`{}`) and client info. Legacy: params as given.
 */
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from '../model/protocol.ts';
import type { Era } from '../model/protocol.ts';
import { randomUUID } from 'node:crypto';
import { isObject } from './classify.ts';

/** What a frame is built for: the era, the version to put in the envelope, the client identity. */
export interface FrameContext {
  era: Era;
  protocolVersion: string;
  clientInfo: { name: string; version: string };
}

/** Per-request envelope switches (see ProbeRequest in model/wire.ts). */
export interface EnvelopeOptions {
  /** `false` sends params exactly as given on the modern era. Default true. */
  envelope?: boolean;
  /** Overrides only the version inside the envelope. */
  protocolVersion?: string;
}

/** The modern `_meta` envelope for `version`. */
export function envelopeMeta(version: string, clientInfo: FrameContext['clientInfo']): Record<string, unknown> {
  return {
    [PROTOCOL_VERSION_META_KEY]: version,
    [CLIENT_CAPABILITIES_META_KEY]: {},
    [CLIENT_INFO_META_KEY]: { ...clientInfo },
  };
}

/**
 * The params to send. Modern with envelope: `params` plus `_meta` = envelope, then the caller's own `_meta` keys,
 * then `opts.protocolVersion`. Otherwise `params` unchanged (undefined stays absent).
 */
export function buildParams(ctx: FrameContext, params: Record<string, unknown> | undefined, opts: EnvelopeOptions = {}): Record<string, unknown> | undefined {
  if (ctx.era !== 'modern' || opts.envelope === false) return params;
  const callerMeta = isObject(params?._meta) ? params._meta : {};
  const meta = { ...envelopeMeta(ctx.protocolVersion, ctx.clientInfo), ...callerMeta };
  if (opts.protocolVersion !== undefined) meta[PROTOCOL_VERSION_META_KEY] = opts.protocolVersion;
  return { ...params, _meta: meta };
}

/** A request frame; `params` omitted when undefined. */
export function requestFrame(id: number | string, method: string, params: Record<string, unknown> | undefined): Record<string, unknown> {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

/** A notification frame (no id); `params` omitted when undefined. */
export function notificationFrame(method: string, params: Record<string, unknown> | undefined): Record<string, unknown> {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

/** `notifications/cancelled` for `requestId` (spec basic/utilities/cancellation), enveloped on the modern era. */
export function cancelledFrame(ctx: FrameContext, requestId: number | string, reason: string): Record<string, unknown> {
  return notificationFrame('notifications/cancelled', buildParams(ctx, { requestId, reason }));
}

/**
 * Serialise a frame, writing the whole numbers at `floatPaths` (property names from `params` down) as
 * `N.0`: the same JSON number to a parser, spelled as a float on the wire. A path that does not end at a
 * finite whole number written without an exponent (below 1e21 in magnitude) is left as it is. Without paths: `JSON.stringify(frame)`. The frame is never
 * mutated: the objects along the paths are copied (spread: own enumerable keys in their order), the rest
 * is shared, so the line is the bytes `JSON.stringify` writes for a deep copy (a frame is a tree: the
 * harness builds every one from plain data) without copying the whole frame per probe.
 */
export function serialiseFrame(frame: Record<string, unknown>, floatPaths: readonly (readonly string[])[] = []): string {
  if (floatPaths.length === 0) return JSON.stringify(frame);
  const marks = new Map<string, string>();
  // per line, unguessable: a server-chosen string (a tool name) equal to a mark would otherwise take its place
  const nonce = randomUUID();
  const copies = new Set<object>();
  const copy = { ...frame };
  copies.add(copy);
  for (const [index, path] of floatPaths.entries()) {
    let node: unknown = ownChild(copy, 'params', copies);
    for (const key of path.slice(0, -1)) node = isObject(node) ? ownChild(node, key, copies) : undefined;
    const last = path[path.length - 1];
    if (!isObject(node) || last === undefined) continue;
    const value = node[last];
    // `String` writes 1e+21 and beyond with an exponent, where `.0` would make the line invalid JSON (a hostile review:
    // a bound of 2^70 became `1.1805916207174113e+21.0`, and the server's silence a transport/timeout)
    if (typeof value !== 'number' || !Number.isInteger(value) || !/^-?\d+$/.test(String(value))) continue;
    const mark = `\u0000mcp-harness-float-${nonce}-${index}\u0000`;
    marks.set(JSON.stringify(mark), `${String(value)}.0`);
    node[last] = mark;
  }
  let line = JSON.stringify(copy);
  for (const [mark, float] of marks) line = line.replace(mark, float);
  return line;
}

/**
 * `parent[key]`, replaced in `parent` by a shallow copy first when it is an object not copied yet
 * (`copies` holds the copies made for one line), so a mark written into it never reaches the caller's frame.
 */
function ownChild(parent: Record<string, unknown>, key: string, copies: Set<object>): unknown {
  const child = Object.hasOwn(parent, key) ? parent[key] : undefined; // never an inherited object (`__proto__`)
  if (!isObject(child) || copies.has(child)) return child;
  const copy = { ...child };
  copies.add(copy);
  parent[key] = copy;
  return copy;
}
