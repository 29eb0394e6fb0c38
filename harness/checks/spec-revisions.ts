/**
 * Which specification revisions hold each rule the checks cite from a legacy revision (a `spec:<revision>/<page>.mdx
 * §Section` part of a check's `meta.spec`, its first section), so a finding of a session that negotiated revision R
 * links R's page (./cite.ts). Keyed by the site path and heading anchor as cite.ts builds them (`server/tools#tool-names`,
 * `basic` for basic/index.mdx, no `#` for a whole page). A revision is listed when
 * docs/specification/<revision>/<page>.mdx of modelcontextprotocol/modelcontextprotocol has the page and a heading
 * with that anchor (checked at commit b0f60ba5; the site serves those files at the same paths). A part citing
 * 2026-07-28 is not listed: those are the modern era's own rules and stay at 2026-07-28.
 * test/checks/cite.test.ts holds every legacy part a check cites to an entry that lists its cited revision.
 */
import type { KNOWN_PROTOCOL_VERSIONS } from '../model/protocol.ts';

/** A protocol revision whose pages the site publishes. */
export type SpecRevision = (typeof KNOWN_PROTOCOL_VERSIONS)[number];

const LEGACY: readonly SpecRevision[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const ALL: readonly SpecRevision[] = [...LEGACY, '2026-07-28'];

/** Rule (site path and anchor) -> the revisions whose page has it, oldest first. */
export const RULE_REVISIONS: Readonly<Record<string, readonly SpecRevision[]>> = {
  'basic#batching': ['2025-03-26'],
  'basic#json-schema-usage': ['2025-11-25', '2026-07-28'],
  'basic/lifecycle': LEGACY,
  'basic/lifecycle#capability-negotiation': LEGACY,
  'basic/lifecycle#initialization': LEGACY,
  'basic/lifecycle#operation': LEGACY,
  'basic/lifecycle#shutdown': LEGACY,
  'basic/lifecycle#timeouts': ['2025-03-26', '2025-06-18', '2025-11-25'],
  'basic/lifecycle#version-negotiation': LEGACY,
  'basic/transports#listening-for-messages-from-the-server': ['2025-03-26', '2025-06-18', '2025-11-25'],
  'basic/transports#protocol-version-header': ['2025-06-18', '2025-11-25'],
  'basic/transports#security-warning': LEGACY,
  'basic/transports#sending-messages-to-the-server': ['2025-03-26', '2025-06-18', '2025-11-25'],
  'basic/transports#session-management': ['2025-03-26', '2025-06-18', '2025-11-25'],
  'basic/transports#stdio': LEGACY,
  'basic/utilities/cancellation': LEGACY,
  'basic/utilities/ping#behavior-requirements': LEGACY,
  'client/roots#capabilities': ALL,
  'server/prompts#listing-prompts': ALL,
  'server/resources#listing-resources': ALL,
  'server/resources#resource-templates': ALL,
  'server/tools#capabilities': ALL,
  'server/tools#error-handling': ALL,
  'server/tools#output-schema': ['2025-06-18', '2025-11-25', '2026-07-28'],
  'server/tools#security-considerations': ALL,
  'server/tools#structured-content': ['2025-06-18', '2025-11-25', '2026-07-28'],
  'server/tools#tool': ALL,
  'server/tools#tool-names': ['2025-11-25', '2026-07-28'],
  'server/utilities/pagination': ALL,
};
