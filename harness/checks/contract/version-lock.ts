/**
 * contract/version-lock: `serverInfo.version` agrees with the version the surface declares (its
 * package manifest, `options.declaredVersion`), and a contract change (the canonical schema hash of
 * the advertised tools against a lock's `schemaHash`) comes with a server version change the caller
 * can see. Rule: contract (design §7 checkVersionLock).
 */
import { defineCheck } from '../define.ts';
import { hashToolSchemas, versionLockProblems } from '../../invariants.ts';

const MESSAGE_ID: Record<string, string> = {
  'no-server-version': 'noServerVersion',
  'declared-mismatch': 'declaredMismatch',
  'unversioned-change': 'unversionedChange',
};

export default defineCheck({
  meta: {
    id: 'contract/version-lock',
    defaultSeverity: 'error',
    description: 'serverInfo.version equals the declared version, and schema changes since the lock come with a version change.',
    rationale: 'Callers pin and cache by server version; a tool contract that changes under the same version breaks them without warning.',
    spec: 'rule:contract/version-lock (design §7 checkVersionLock); schema.ts Implementation.version',
    messages: {
      noServerVersion: 'The server reports no serverInfo.version, but the surface declares a version.',
      declaredMismatch: 'serverInfo.version differs from the version the surface declares (its package manifest).',
      sourceMismatch: 'serverInfo.version differs from the version {{source}} declares.',
      sourceMissing: '{{source}} declares no version to agree with serverInfo.version.',
      unversionedChange: 'The tool schemas changed since the lock {{lock}} (schema hash differs) while serverInfo.version did not; bump the version or re-record the lock.',
    },
    examples: {
      fail: 'manifest version 1.2.0; serverInfo.version 1.1.0',
      pass: 'manifest version 1.2.0; serverInfo.version 1.2.0',
    },
  },
  check({ observation }, report) {
    const contract = observation.contract;
    const lock = contract?.kind === 'lock' ? { serverVersion: contract.serverInfo?.version, schemaHash: contract.schemaHash } : undefined;
    const tools = observation.listing?.tools;
    const serverVersion = observation.negotiation?.serverInfo?.version;
    const sources = observation.options.declaredVersions;
    if (sources && serverVersion !== undefined) {
      // several declared sources: each that differs is named (one finding per source)
      for (const { source, version } of sources) {
        if (version === undefined) report({ messageId: 'sourceMissing', pointer: '/serverInfo/version', data: { source } });
        else if (version !== serverVersion) report({ messageId: 'sourceMismatch', pointer: '/serverInfo/version', data: { source } });
      }
    }
    const problems = versionLockProblems({
      serverVersion,
      declaredVersion: sources && serverVersion !== undefined ? undefined : observation.options.declaredVersion,
      lock,
      schemaHash: tools ? hashToolSchemas(tools) : undefined,
    });
    for (const p of problems) report({ messageId: MESSAGE_ID[p.kind], pointer: p.pointer, data: { lock: contract?.source ?? '' } });
  },
});
