/**
 * A finding's `spec`: what a check's `meta.spec` cites, as public URLs a reader can open. The catalog
 * notation (`spec:<revision>/<page>.mdx §Section`, `schema/<revision>/schema.ts Name`, `JSON Schema
 * 2020-12 Core|Validation §N`) maps onto the MCP specification site, the specification repository's
 * schema files and json-schema.org; references to this project's own rules and documents (`rule:`,
 * `docs/`, `harness`, `tsdoc:`) are left out, since the check's docs link already covers them.
 * Given the revision the session negotiated, a page cited from a legacy revision links that revision's page when
 * its rule is there (./spec-revisions.ts); otherwise the cited revision's page stays, and when that revision is
 * newer than the negotiated one the citation says so (`... (a 2025-11-25 rule: the session negotiated 2024-11-05)`).
 */
import { KNOWN_PROTOCOL_VERSIONS } from '../model/protocol.ts';
import { RULE_REVISIONS } from './spec-revisions.ts';

const MCP_SITE = 'https://modelcontextprotocol.io/specification';
const MCP_SCHEMA = 'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema';
const JSON_SCHEMA = 'https://json-schema.org/draft/2020-12';

/** GitHub/Mintlify heading anchor: lower case, punctuation dropped, spaces to `-`. */
function anchor(section: string): string {
  return section.trim().toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ +/g, '-');
}

/**
 * The revision whose page to link for a rule cited from `cited` in a session that negotiated `negotiated`, and the
 * note to add: the negotiated revision when its page holds the rule (RULE_REVISIONS), else the cited one, with a note
 * when that is newer than the negotiated one. An unknown or absent negotiated revision changes nothing.
 */
function revisionFor(rule: string, cited: string, negotiated: string | undefined): { revision: string; note: string } {
  if (negotiated === undefined || negotiated === cited || !(KNOWN_PROTOCOL_VERSIONS as readonly string[]).includes(negotiated)) return { revision: cited, note: '' };
  const holders: readonly string[] | undefined = RULE_REVISIONS[rule];
  if (holders?.includes(cited) && holders.includes(negotiated)) return { revision: negotiated, note: '' };
  // revisions are dates (YYYY-MM-DD): they order as strings; the note holds no ';' (citeSpec's separator)
  return { revision: cited, note: cited > negotiated ? ` (a ${cited} rule: the session negotiated ${negotiated})` : '' };
}

/** One `;`-separated part of a meta.spec as a public URL, or undefined for an internal reference (`negotiated`: see citeSpec). */
function citePart(part: string, negotiated: string | undefined): string | undefined {
  const text = part.trim();
  const page = /^spec:(\d{4}-\d{2}-\d{2})\/([\w/.-]+?)\.mdx(?:\s+\u00a7([^,;(]+))?/.exec(text); // \u00a7: the section sign, escaped (the bundle must stay ASCII: scripts/bundle-cli.mjs)
  if (page) {
    const path = page[2].replace(/\/index$/, '').replace(/^index$/, '');
    const section = page[3] ? `#${anchor(page[3])}` : '';
    const { revision, note } = revisionFor(`${path}${section}`, page[1], negotiated);
    return `${MCP_SITE}/${revision}${path ? `/${path}` : ''}${section}${note}`;
  }
  const schema = /^schema\/(\d{4}-\d{2}-\d{2})\/(schema\.(?:ts|json))/.exec(text);
  if (schema) return `${MCP_SCHEMA}/${schema[1]}/${schema[2]}`;
  if (/^schema\//.test(text)) return MCP_SCHEMA;
  const json = /^JSON Schema 2020-12 (Core|Validation)(?:\s+\u00a7(\d+(?:\.\d+)*))?/.exec(text);
  if (json) return `${JSON_SCHEMA}/json-schema-${json[1].toLowerCase()}${json[2] ? `#section-${json[2]}` : ''}`;
  return undefined;
}

/**
 * The public citations of a catalog `spec` string, joined with `; ` (duplicates removed; a citation itself holds no `;`, so splitting on `; ` gives each), or
 * undefined when it cites only this project's own rules. `negotiated`: the protocol revision the
 * session negotiated (`protocolVersion`), when known: spec pages then link that revision where it
 * holds the rule (see the module comment); a revision the harness does not know changes nothing.
 */
export function citeSpec(spec: string | undefined, negotiated?: string): string | undefined {
  if (!spec) return undefined;
  const urls = [...new Set(spec.split(';').map((part) => citePart(part, negotiated)).filter((u): u is string => u !== undefined))];
  return urls.length > 0 ? urls.join('; ') : undefined;
}
