/**
 * protocol/discover: on the modern era, `server/discover` answers a valid DiscoverResult:
 * `resultType`, `supportedVersions` (strings, including the negotiated version), `capabilities`
 * object, `ttlMs` integer >= 0, `cacheScope` public|private. Identity belongs under
 * `_meta["io.modelcontextprotocol/serverInfo"]`: discover.mdx §DiscoverResult "Servers **SHOULD** include
 * this field", and schema.ts ResultMetaObject "Servers SHOULD include this field on every response". A
 * top-level `serverInfo` breaks no MUST: `Result` declares `[key: string]: unknown` (DiscoverResult extends it
 * through CacheableResult), so it is an extra member clients ignore. `topLevelServerInfo` is therefore a
 * warning when the `_meta` copy is missing (the SHOULD unmet: the identity sits where no client reads it) and
 * a note when the `_meta` copy is there too (a harmless leftover of the legacy InitializeResult). A server that
 * refused `initialize` with -32022 naming only 2026-07-28 is modern: a server/discover it answered with an
 * error or died on is reported here (`missing`); one it never answered in time is transport/timeout's.
 * Legacy: silent.
 * Spec: spec:2026-07-28/server/discover.mdx; schema/2026-07-28/schema.ts DiscoverResult; SEP-2575 (PR #3002).
 */
import { isJsonObject as isObject } from '../../json.ts';
import { defineCheck, type FindingDescriptor } from '../define.ts';

type Report = (finding: FindingDescriptor) => void;

/** Where a 2026-07-28 result names the server (schema.ts ResultMetaObject). */
const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

function checkFields(result: Record<string, unknown>, negotiated: string, report: Report): void {
  const bad = (field: string, expectation: string) => report({ messageId: 'field', pointer: `/${field}`, data: { field, expectation } });
  if (typeof result.resultType !== 'string') bad('resultType', 'a string (required on every 2026-07-28 result)');
  const versions = result.supportedVersions;
  if (!Array.isArray(versions) || !versions.every((v) => typeof v === 'string')) bad('supportedVersions', 'an array of protocol version strings');
  else if (!versions.includes(negotiated)) report({ messageId: 'negotiatedMissing', pointer: '/supportedVersions', data: { version: negotiated } });
  if (!isObject(result.capabilities)) bad('capabilities', 'an object (ServerCapabilities)');
  if (typeof result.ttlMs !== 'number' || !Number.isInteger(result.ttlMs) || result.ttlMs < 0) bad('ttlMs', 'an integer >= 0 (ms)');
  if (result.cacheScope !== 'public' && result.cacheScope !== 'private') bad('cacheScope', '"public" or "private"');
  if ('serverInfo' in result) {
    const meta = result._meta;
    if (isObject(meta) && META_SERVER_INFO in meta) report({ messageId: 'topLevelServerInfoExtra', pointer: '/serverInfo', severity: 'info' });
    else report({ messageId: 'topLevelServerInfo', pointer: '/serverInfo', severity: 'warning' });
  }
}

/** A modern server (by its -32022 on initialize) whose server/discover got an error or killed it. */
function reportMissing(probe: { outcome: string; errorCode?: number } | undefined, report: Report): void {
  if (probe?.outcome === 'other-error') {
    const answer = probe.errorCode === undefined ? 'an error answer' : `JSON-RPC error ${probe.errorCode}`;
    report({ messageId: 'missing', data: { answer } });
  } else if (probe?.outcome === 'exit') report({ messageId: 'missing', data: { answer: 'the process exiting' } });
}

export default defineCheck({
  meta: {
    id: 'protocol/discover',
    defaultSeverity: 'error',
    description: 'Modern era: server/discover answers a valid DiscoverResult.',
    rationale: 'Clients pick the version and cache policy from DiscoverResult; the SDK client silently falls back to the legacy era when it fails validation.',
    spec: 'spec:2026-07-28/server/discover.mdx; schema/2026-07-28/schema.ts DiscoverResult',
    messages: {
      notObject: 'The server/discover result must be an object (DiscoverResult).',
      missing: 'server/discover drew {{answer}}, yet the server is modern (initialize was refused with -32022 naming only 2026-07-28): a 2026-07-28 server must answer server/discover with a DiscoverResult.',
      field: 'DiscoverResult field {{field}} must be {{expectation}}.',
      negotiatedMissing: 'DiscoverResult supportedVersions does not list the negotiated version {{version}}.',
      topLevelServerInfo: 'DiscoverResult names the server in a top-level serverInfo and not under _meta["io.modelcontextprotocol/serverInfo"], where servers should include it (clients ignore the top-level field).',
      topLevelServerInfoExtra: 'DiscoverResult has a top-level serverInfo besides _meta["io.modelcontextprotocol/serverInfo"]: an extra member clients ignore, harmless.',
    },
    examples: {
      fail: '{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{},"serverInfo":{"name":"s","version":"1"}}',
      pass: '{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}}}',
    },
  },
  check({ observation }, report) {
    const n = observation.negotiation;
    if (n?.era !== 'modern') return;
    if (n.discover === undefined) return reportMissing(n.probe, report);
    if (!isObject(n.discover)) return report({ messageId: 'notObject', pointer: '' });
    checkFields(n.discover, n.protocolVersion, report);
  },
});
