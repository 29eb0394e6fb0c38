/**
 * A finding's `spec`: what a check's `meta.spec` cites, as public URLs a reader can open. The catalog
 * notation (`spec:<revision>/<page>.mdx §Section`, `schema/<revision>/schema.ts Name`, `JSON Schema
 * 2020-12 Core|Validation §N`) maps onto the MCP specification site, the specification repository's
 * schema files and json-schema.org; references to this project's own rules and documents (`rule:`,
 * `docs/`, `harness`, `tsdoc:`) are left out, since the check's docs link already covers them.
 */

const MCP_SITE = 'https://modelcontextprotocol.io/specification';
const MCP_SCHEMA = 'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema';
const JSON_SCHEMA = 'https://json-schema.org/draft/2020-12';

/** GitHub/Mintlify heading anchor: lower case, punctuation dropped, spaces to `-`. */
function anchor(section: string): string {
  return section.trim().toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ +/g, '-');
}

/** One `;`-separated part of a meta.spec as a public URL, or undefined for an internal reference. */
function citePart(part: string): string | undefined {
  const text = part.trim();
  const page = /^spec:(\d{4}-\d{2}-\d{2})\/([\w/.-]+?)\.mdx(?:\s+\u00a7([^,;(]+))?/.exec(text); // \u00a7: the section sign, escaped (the bundle must stay ASCII: scripts/bundle-cli.mjs)
  if (page) {
    const path = page[2].replace(/\/index$/, '').replace(/^index$/, '');
    return `${MCP_SITE}/${page[1]}${path ? `/${path}` : ''}${page[3] ? `#${anchor(page[3])}` : ''}`;
  }
  const schema = /^schema\/(\d{4}-\d{2}-\d{2})\/(schema\.(?:ts|json))/.exec(text);
  if (schema) return `${MCP_SCHEMA}/${schema[1]}/${schema[2]}`;
  if (/^schema\//.test(text)) return MCP_SCHEMA;
  const json = /^JSON Schema 2020-12 (Core|Validation)(?:\s+\u00a7(\d+(?:\.\d+)*))?/.exec(text);
  if (json) return `${JSON_SCHEMA}/json-schema-${json[1].toLowerCase()}${json[2] ? `#section-${json[2]}` : ''}`;
  return undefined;
}

/**
 * The public citations of a catalog `spec` string, joined with `; ` (duplicates removed), or
 * undefined when it cites only this project's own rules.
 */
export function citeSpec(spec: string | undefined): string | undefined {
  if (!spec) return undefined;
  const urls = [...new Set(spec.split(';').map(citePart).filter((u): u is string => u !== undefined))];
  return urls.length > 0 ? urls.join('; ') : undefined;
}
