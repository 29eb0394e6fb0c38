/**
 * The two SDK gaps the reference surfaces close in their own code, proven over real stdio:
 * - SDK 2.x serveStdio serves a later request naming an unsupported protocol version; the
 *   VersionGuardTransport answers -32022 { supported, requested } (spec:2026-07-28/basic/versioning.mdx).
 * - SDK 1.x McpServer answers an unknown tool with an isError result; the legacy surface answers
 *   JSON-RPC -32602 (spec:2025-11-25/server/tools.mdx §Error Handling).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVELOPE, startSurface, type Driver } from './driver.ts';

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const withVersion = (version: unknown, params: Record<string, unknown> = {}) => ({ ...params, _meta: { ...ENVELOPE, [VERSION_KEY]: version } });

describe.each(['modern', 'narrowed'])('reference surface %s: per-request protocol version (modern era)', (surface) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await startSurface(surface, 'modern');
    expect((await driver.request('tools/list')).result).toBeDefined();
  });
  afterAll(async () => {
    expect(await driver.close()).toBe(0);
  });

  it('answers a later request naming an unsupported version with -32022 and data.supported/requested', async () => {
    const frame = await driver.requestRaw('tools/list', withVersion('1900-01-01'));
    expect(frame.result).toBeUndefined();
    expect(frame.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: '1900-01-01' } });
  });

  it('rejects a known legacy revision on a tools/call too, without running the tool', async () => {
    const frame = await driver.requestRaw('tools/call', withVersion('2025-11-25', { name: 'list_targets', arguments: {} }));
    expect(frame.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: '2025-11-25' } });
  });

  it('leaves envelope validation to the SDK: no _meta or a non-string version is -32602', async () => {
    expect((await driver.requestRaw('tools/list', {})).error?.code).toBe(-32602);
    expect((await driver.requestRaw('tools/list', withVersion(20260728))).error?.code).toBe(-32602);
  });

  it('passes notifications through and keeps serving the supported version', async () => {
    driver.notify('notifications/cancelled', withVersion('1900-01-01', { requestId: 999 }));
    const frame = await driver.request('tools/list');
    expect(frame.error).toBeUndefined();
    expect(Array.isArray(frame.result?.tools)).toBe(true);
    expect(driver.strayLines).toEqual([]);
  });
});

describe('reference surface modern opened with initialize (serveStdio legacy path)', () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await startSurface('modern', 'legacy');
  });
  afterAll(async () => {
    expect(await driver.close()).toBe(0);
  });

  it('serves the legacy era untouched by the guard', async () => {
    expect(Array.isArray((await driver.request('tools/list')).result?.tools)).toBe(true);
    const call = await driver.request('tools/call', { name: 'list_targets', arguments: {} });
    expect(call.error).toBeUndefined();
    expect(call.result?.isError).not.toBe(true);
  });
});

describe('reference surface legacy: unknown tool', () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await startSurface('legacy', 'legacy');
  });
  afterAll(async () => {
    expect(await driver.close()).toBe(0);
  });

  it('answers tools/call of an unregistered tool with JSON-RPC -32602, not an isError result', async () => {
    const frame = await driver.request('tools/call', { name: 'no_such_tool', arguments: {} });
    expect(frame.result).toBeUndefined();
    expect(frame.error?.code).toBe(-32602);
  });

  it('still lets the SDK answer invalid arguments of a registered tool with an isError result', async () => {
    const frame = await driver.request('tools/call', { name: 'get_status', arguments: {} });
    expect(frame.error).toBeUndefined();
    expect(frame.result?.isError).toBe(true);
  });

  it('still serves registered tools', async () => {
    const frame = await driver.request('tools/call', { name: 'list_targets', arguments: {} });
    expect(frame.error).toBeUndefined();
    expect(frame.result?.isError).not.toBe(true);
  });
});
