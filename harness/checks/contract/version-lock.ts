/**
 * contract/version-lock: `serverInfo.version` agrees with the version the surface declares (its
 * package manifest, `options.declaredVersion`), a contract change (the canonical schema hash of
 * the advertised tools against a lock's `schemaHash`) comes with a server version change the caller
 * can see, and a BREAKING change against the lock (classified as `mcp-harness diff` does,
 * harness/schema/contract-diff.ts) comes with a change of the version's major part (semver; npm's
 * caret for 0.x: the minor part). A mismatch names both versions (serverInfo.version and the declared one):
 * version strings are metadata the report shows anyway (a surface's serverInfo), bounded like every
 * server text in a message (checks/define.ts formatMessage) and masked like it. Rule: contract (harness/invariants.ts `versionLockProblems`; docs/config.md §Surface keys, `declaredVersion`).
 */
import { defineCheck } from '../define.ts';
import { hashToolSchemas, versionLockProblems, type VersionLockProblem } from '../../invariants.ts';
import { breakingChanges, describeChange, diffContracts } from '../../schema/contract-diff.ts';
import { advertisedForContract, comparedContract } from '../util/contract.ts';

/**
 * The part of a semver version that callers pin with a caret range (`^1.2.3` admits 1.x, `^0.2.3`
 * admits 0.2.x, `^0.0.3` only itself): `"1"`, `"0.2"`, `"0.0.3"`. Undefined for a version that does not
 * start with `MAJOR.MINOR.PATCH` (an optional leading `v` allowed), which is not judged.
 */
export function compatibleRange(version: string | undefined): string | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version ?? '');
  if (!m) return undefined;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return major > 0 ? `${major}` : minor > 0 ? `0.${minor}` : `0.0.${patch}`;
}

export default defineCheck({
  meta: {
    id: 'contract/version-lock',
    defaultSeverity: 'error',
    description: 'serverInfo.version equals the declared version, schema changes since the lock come with a version change, and breaking ones with a change of its major part.',
    rationale: 'Callers pin and cache by server version; a tool contract that changes under the same version breaks them without warning.',
    spec: 'rule:contract/version-lock (docs/config.md §Surface keys, declaredVersion; docs/diff.md §contract/version-lock); schema.ts Implementation.version',
    messages: {
      noServerVersion: 'The server reports no serverInfo.version, but the surface declares a version.',
      declaredMismatch: 'serverInfo.version "{{reported}}" differs from "{{declared}}", the version the surface declares (declaredVersion: a literal, its manifest or a module constant).',
      // the source leads: findings of one surface that share this key are numbered (their ids) in message order, so
      // the order must follow the sources, not the versions (a version bump would otherwise swap two findings' ids)
      sourceMismatch: '{{source}} declares version "{{declared}}", which differs from serverInfo.version "{{reported}}".',
      sourceMissing: '{{source}} declares no version to agree with serverInfo.version.',
      unversionedChange: 'The tool schemas changed since the lock {{lock}} (schema hash differs) while serverInfo.version did not; bump the version or re-record the lock.',
      breakingUnderMajor: 'A breaking change since the lock {{lock}} ({{change}}) while the major part of serverInfo.version did not change; callers pinned to this major version break without a signal: bump the major version or make the change compatible (see mcp-harness diff).',
    } satisfies Record<VersionLockProblem['messageId'] | 'sourceMismatch' | 'sourceMissing' | 'breakingUnderMajor', string>,
    examples: {
      fail: 'manifest version 1.2.0; serverInfo.version 1.1.0',
      pass: 'manifest version 1.2.0; serverInfo.version 1.2.0',
    },
  },
  check({ observation }, report) {
    const contract = comparedContract(observation);
    const lock = contract?.kind === 'lock' ? { source: contract.source, serverVersion: contract.serverInfo?.version, schemaHash: contract.schemaHash } : undefined;
    const tools = advertisedForContract(observation);
    const serverVersion = observation.negotiation?.serverInfo?.version;
    const sources = observation.options.declaredVersions;
    if (sources && serverVersion !== undefined) {
      // several declared sources: each that differs is named (one finding per source)
      for (const { source, version } of sources) {
        if (version === undefined) report({ messageId: 'sourceMissing', pointer: '/serverInfo/version', data: { source } });
        else if (version !== serverVersion) report({ messageId: 'sourceMismatch', pointer: '/serverInfo/version', data: { source, reported: serverVersion, declared: version } });
      }
    }
    const problems = versionLockProblems({
      serverVersion,
      declaredVersion: sources && serverVersion !== undefined ? undefined : observation.options.declaredVersion,
      lock,
      // hashed only when a lock records a hash to compare with (canonicalising every schema is a per-tool cost)
      schemaHash: tools && lock?.schemaHash !== undefined ? hashToolSchemas(tools) : undefined,
    });
    for (const problem of problems) report(problem);
    // a breaking change under a new version of the same major part (the same version is unversionedChange's)
    const before = contract?.kind === 'lock' ? contract.serverInfo?.version : undefined;
    const range = compatibleRange(before);
    if (tools && contract?.kind === 'lock' && before !== serverVersion && range !== undefined && range === compatibleRange(serverVersion)) {
      for (const change of breakingChanges(diffContracts(contract.tools, tools))) {
        report({ messageId: 'breakingUnderMajor', tool: change.tool, ...(change.pointer ? { pointer: change.pointer } : {}), data: { lock: contract.source, change: describeChange(change) } });
      }
    }
  },
});
