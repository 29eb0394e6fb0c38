import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { citeSpec } from '../../harness/checks/cite.ts';
import { loadChecks } from '../../harness/checks/index.ts';
import { loadCatalog } from '../../harness/cli/catalog.ts';
import { DIFF_CATALOG } from '../../harness/cli/diff.ts';

describe('citeSpec: a finding cites the MCP or JSON Schema specification, never an internal document', () => {
  it.each([
    ['spec:2025-11-25/server/tools.mdx §Tool Names', 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names'],
    ['spec:2025-11-25/basic/index.mdx §JSON Schema Usage', 'https://modelcontextprotocol.io/specification/2025-11-25/basic#json-schema-usage'],
    ['spec:2026-07-28/server/discover.mdx; schema/2026-07-28/schema.ts DiscoverResult', 'https://modelcontextprotocol.io/specification/2026-07-28/server/discover; https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts'],
    ['JSON Schema 2020-12 Core §6.4 (Regular Expressions); Validation §6.3.3', 'https://json-schema.org/draft/2020-12/json-schema-core#section-6.4'],
    ['spec:2025-11-25/server/tools.mdx §Error Handling, §Security Considerations', 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling'],
  ])('%s', (spec, cited) => {
    expect(citeSpec(spec)).toBe(cited);
  });

  it.each(['rule:contract/tool-set (docs/config.md §Contract modules)', 'harness rule: exit code 2 (docs/ci.md §Exit codes)', 'harness rule: result size budget (docs/config.md §Surface keys, limits.maxResultBytes)', 'harness:scenarios (expect)'])('%s: internal, no citation', (spec) => {
    expect(citeSpec(spec)).toBeUndefined();
  });

  it('every check cites only public URLs (or nothing)', async () => {
    for (const check of await loadChecks()) {
      const cited = citeSpec(check.meta.spec);
      for (const url of cited?.split('; ') ?? []) expect(url, check.meta.id).toMatch(/^https:\/\/(modelcontextprotocol\.io\/specification\/|github\.com\/modelcontextprotocol\/modelcontextprotocol\/|json-schema\.org\/draft\/2020-12\/)/);
      if (check.meta.spec.includes('spec:')) expect(cited, check.meta.id).toBeDefined();
    }
  });

  // docs/checks.md printed "design §7" and "design.md §N": a document the repository does not hold
  it("every catalog entry's own-document references name a file of the repository and one of its headings, never the design notes", async () => {
    const root = new URL('../../', import.meta.url);
    let references = 0;
    for (const meta of [...(await loadCatalog()), ...DIFF_CATALOG]) {
      const spec = meta.spec ?? '';
      expect(spec, meta.id).not.toMatch(/\bdesign\b|style\.md/);
      for (const [, file, section] of spec.matchAll(/((?:docs\/[\w-]+|README)\.md) \u00a7([^;,()]+)/g)) {
        const headings = readFileSync(new URL(file, root), 'utf8').split('\n').filter((l) => /^#+ /.test(l)).map((l) => l.replace(/^#+ /, ''));
        expect(headings.some((h) => h.startsWith(section.trim())), `${meta.id}: ${file} §${section.trim()}`).toBe(true);
        references += 1;
      }
    }
    expect(references).toBeGreaterThan(10);
  });
});
