import { describe, expect, it } from 'vitest';
import { citeSpec } from '../../harness/checks/cite.ts';
import { loadChecks } from '../../harness/checks/index.ts';

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

  it.each(['rule:contract/tool-set (design §7 diffToolSets)', 'design.md §8: exit code 2', 'harness rule: result size budget (design.md §6)', 'harness:scenarios (expect)'])('%s: internal, no citation', (spec) => {
    expect(citeSpec(spec)).toBeUndefined();
  });

  it('every check cites only public URLs (or nothing)', async () => {
    for (const check of await loadChecks()) {
      const cited = citeSpec(check.meta.spec);
      for (const url of cited?.split('; ') ?? []) expect(url, check.meta.id).toMatch(/^https:\/\/(modelcontextprotocol\.io\/specification\/|github\.com\/modelcontextprotocol\/modelcontextprotocol\/|json-schema\.org\/draft\/2020-12\/)/);
      if (check.meta.spec.includes('spec:')) expect(cited, check.meta.id).toBeDefined();
    }
  });
});
