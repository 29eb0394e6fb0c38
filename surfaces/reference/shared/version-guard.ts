/**
 * A per-request protocol-version guard for `serveStdio` (SDK 2.x), as a transport wrapper.
 *
 * Why: SDK 2.4's `serveStdio` checks `_meta["io.modelcontextprotocol/protocolVersion"]` only on the
 * opening message; once the connection is pinned to the modern era, a later request naming a version
 * the server does not serve is served normally (a known SDK gap). The 2026-07-28 spec decides every
 * request on its own and requires UnsupportedProtocolVersionError for it
 * (spec:2026-07-28/basic/versioning.mdx; spec:2026-07-28/basic/index.mdx §Statelessness, §_meta):
 * `{ code: -32022, message, data: { supported: string[], requested: string } }`.
 *
 * What it does: it answers such requests itself (through the SDK's `UnsupportedProtocolVersionError`)
 * and does not forward them. Everything else passes through untouched, so the SDK keeps doing the
 * rest: the opening `server/discover`, envelope validation (-32602 for a missing or malformed
 * envelope, including a non-string version), the legacy `initialize` path, and every notification.
 * The guard acts only once the connection is pinned to the modern era (the SDK itself answers -32022
 * for the opening message and during a `server/discover` probe); it stays passive for good on a
 * connection that opened in the legacy era.
 */
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  PROTOCOL_VERSION_META_KEY,
  UnsupportedProtocolVersionError,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';

/** The protocol revisions the reference SDK 2.x surfaces serve on the modern era. */
export const SERVED_MODERN_VERSIONS: readonly string[] = ['2026-07-28'];

/** The version a request's `_meta` envelope claims: a string, `undefined` when absent or not a string. */
export function claimedVersion(request: JSONRPCRequest): string | undefined {
  const meta = (request.params as { _meta?: unknown } | undefined)?._meta;
  if (meta === null || typeof meta !== 'object') return undefined;
  const version = (meta as Record<string, unknown>)[PROTOCOL_VERSION_META_KEY];
  return typeof version === 'string' ? version : undefined;
}

/** Where the connection stands, as serveStdio's opening rules decide it. */
type Phase = 'opening' | 'modern' | 'legacy';

/**
 * The phase after `message`: before the era is pinned, any request or notification without an
 * envelope claim (including a claimless `initialize`, also after a `server/discover` probe) pins the
 * legacy era; a request other than `server/discover` claiming a served version pins the modern era.
 * Pinned phases never change (serveStdio rejects a later `initialize` on a modern connection itself).
 */
function nextPhase(phase: Phase, message: JSONRPCMessage, supported: readonly string[]): Phase {
  if (phase !== 'opening') return phase;
  if (isJSONRPCNotification(message)) return hasClaim(message) ? phase : 'legacy';
  if (!isJSONRPCRequest(message)) return phase;
  const claim = claimedVersion(message);
  const served = claim !== undefined && supported.includes(claim);
  if (!hasClaim(message) || (message.method === 'initialize' && !served)) return 'legacy';
  return served && message.method !== 'server/discover' ? 'modern' : phase;
}

/** Whether the params carry the protocol-version key of the modern envelope at all (any value). */
function hasClaim(message: JSONRPCRequest | JSONRPCNotification): boolean {
  const meta = (message.params as { _meta?: unknown } | undefined)?._meta;
  return meta !== null && typeof meta === 'object' && PROTOCOL_VERSION_META_KEY in meta;
}

/**
 * Wraps the wire transport handed to `serveStdio({ transport })`: requests whose envelope names a
 * version outside `supported` get -32022 `{ supported, requested }` from the guard; all other
 * messages, sends, closes and errors pass straight through to/from `inner`.
 */
export class VersionGuardTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private phase: Phase = 'opening';

  /** `inner`: the real wire (e.g. `new StdioServerTransport()`); `supported`: the served modern versions. */
  constructor(
    private readonly inner: Transport,
    private readonly supported: readonly string[] = SERVED_MODERN_VERSIONS,
  ) {}

  /** Installs the pass-through callbacks on `inner`, then starts it. */
  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.receive(message, extra);
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    await this.inner.start();
  }

  /** Pass-through to `inner.send` (responses and notifications of the SDK). */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  /** Pass-through to `inner.close`. */
  close(): Promise<void> {
    return this.inner.close();
  }

  /** Pass-through to `inner.setProtocolVersion`, when it has one. */
  setProtocolVersion = (version: string): void => this.inner.setProtocolVersion?.(version);

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    this.phase = nextPhase(this.phase, message, this.supported);
    const requested = this.phase === 'modern' && isJSONRPCRequest(message) ? claimedVersion(message) : undefined;
    if (requested === undefined || this.supported.includes(requested)) return this.onmessage?.(message, extra);
    void this.reject(message as JSONRPCRequest, requested);
  }

  private async reject(request: JSONRPCRequest, requested: string): Promise<void> {
    const error = new UnsupportedProtocolVersionError({ supported: [...this.supported], requested });
    const data = { supported: [...this.supported], requested };
    try {
      await this.inner.send({ jsonrpc: '2.0', id: request.id, error: { code: error.code, message: error.message, data } });
    } catch (cause) {
      this.onerror?.(cause instanceof Error ? cause : new Error(String(cause)));
    }
  }
}
