/**
 * The `_meta` keys the harness inlines (harness/model/protocol.ts, to keep the SDK out of start-up)
 * equal the constants the SDK exports.
 */
import * as sdk from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import * as protocol from '../../harness/model/protocol.ts';

describe('inlined _meta keys', () => {
  it.each(['PROTOCOL_VERSION_META_KEY', 'CLIENT_CAPABILITIES_META_KEY', 'CLIENT_INFO_META_KEY', 'SERVER_INFO_META_KEY'] as const)('%s equals the SDK export', (key) => {
    expect(typeof sdk[key]).toBe('string');
    expect(protocol[key]).toBe(sdk[key]);
  });
});
