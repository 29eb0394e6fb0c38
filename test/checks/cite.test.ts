import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { citeSpec } from '../../harness/checks/cite.ts';
import { RULE_REVISIONS } from '../../harness/checks/spec-revisions.ts';
import { loadChecks } from '../../harness/checks/index.ts';
import { loadCatalog } from '../../harness/cli/catalog.ts';
import { DIFF_CATALOG } from '../../harness/cli/diff.ts';
import { KNOWN_PROTOCOL_VERSIONS } from '../../harness/model/protocol.ts';

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

  // a sweep of published servers: findings of sessions that negotiated 2024-11-05 cited the 2025-11-25 pages
  const SITE = 'https://modelcontextprotocol.io/specification';
  it.each([
    ['a rule every legacy revision holds links the negotiated one', 'spec:2025-11-25/basic/lifecycle.mdx \u00a7Shutdown', '2024-11-05', `${SITE}/2024-11-05/basic/lifecycle#shutdown`],
    ['the same at 2025-06-18', 'spec:2025-11-25/server/tools.mdx \u00a7Error Handling', '2025-06-18', `${SITE}/2025-06-18/server/tools#error-handling`],
    ['a 2026-07-28 session links its own tools page', 'spec:2025-11-25/server/tools.mdx \u00a7Tool Names', '2026-07-28', `${SITE}/2026-07-28/server/tools#tool-names`],
    ['a rule newer than the session keeps its revision and says so', 'spec:2025-11-25/server/tools.mdx \u00a7Tool Names', '2024-11-05', `${SITE}/2025-11-25/server/tools#tool-names (a 2025-11-25 rule: the session negotiated 2024-11-05)`],
    ['a section added in 2025-03-26', 'spec:2025-11-25/basic/lifecycle.mdx \u00a7Timeouts', '2024-11-05', `${SITE}/2025-11-25/basic/lifecycle#timeouts (a 2025-11-25 rule: the session negotiated 2024-11-05)`],
    ['... which 2025-03-26 holds', 'spec:2025-11-25/basic/lifecycle.mdx \u00a7Timeouts', '2025-03-26', `${SITE}/2025-03-26/basic/lifecycle#timeouts`],
    ['a legacy page 2026-07-28 does not have stays, without a note (it is older)', 'spec:2025-11-25/basic/lifecycle.mdx \u00a7Shutdown', '2026-07-28', `${SITE}/2025-11-25/basic/lifecycle#shutdown`],
    ['a rule only an older revision holds stays there, without a note', 'spec:2025-03-26/basic/index.mdx \u00a7Batching', '2025-11-25', `${SITE}/2025-03-26/basic#batching`],
    ['a modern rule in a legacy session keeps 2026-07-28 and says so', 'spec:2026-07-28/basic/versioning.mdx', '2025-11-25', `${SITE}/2026-07-28/basic/versioning (a 2026-07-28 rule: the session negotiated 2025-11-25)`],
    ['two citations that meet at the negotiated revision are one', 'spec:2025-11-25/basic/transports.mdx \u00a7Security Warning; spec:2025-06-18/basic/transports.mdx \u00a7Security Warning', '2025-03-26', `${SITE}/2025-03-26/basic/transports#security-warning`],
    ['the negotiated revision itself: unchanged', 'spec:2025-11-25/server/tools.mdx \u00a7Tool Names', '2025-11-25', `${SITE}/2025-11-25/server/tools#tool-names`],
    ['a revision the harness does not know: unchanged', 'spec:2025-11-25/server/tools.mdx \u00a7Tool Names', '2099-01-01', `${SITE}/2025-11-25/server/tools#tool-names`],
    ['no session revision: unchanged', 'spec:2025-11-25/basic/lifecycle.mdx \u00a7Shutdown', undefined, `${SITE}/2025-11-25/basic/lifecycle#shutdown`],
  ])('%s', (_name, spec, negotiated, cited) => {
    expect(citeSpec(spec, negotiated)).toBe(cited);
  });

  it('every page a check cites from a legacy revision has an entry in RULE_REVISIONS that lists the cited revision', async () => {
    let parts = 0;
    for (const check of await loadChecks()) {
      for (const part of check.meta.spec.split(';')) {
        const m = /^spec:(\d{4}-\d{2}-\d{2})\/([\w/.-]+?)\.mdx(?:\s+\u00a7([^,;(]+))?/.exec(part.trim());
        if (!m || m[1] === '2026-07-28') continue;
        // the rule key as cite.ts builds it: the URL path after the revision, with its anchor
        const url = citeSpec(part) as string;
        const rule = url.slice(url.indexOf(m[1]) + m[1].length + 1);
        expect(RULE_REVISIONS[rule], `${check.meta.id}: ${rule}`).toContain(m[1]);
        parts += 1;
      }
    }
    expect(parts).toBeGreaterThan(20);
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

  // docs/checks.md printed "design §7" and "design.md §N": a document the repository does not hold (and a review
  // found a missing file, a heading prefix and a second § passing the first version of this test)
  // review: the note of a newer rule held a '; ', the separator of the citations, so splitting a finding's `spec` into
  // its citations gave a fragment that is no URL ('the session negotiated 2024-11-05)')
  it('whatever revision the session negotiated, every citation of every check is one URL, with at most its note', async () => {
    const NOTE = / \(a \d{4}-\d{2}-\d{2} rule[^;]*\)$/;
    let notes = 0;
    for (const check of await loadChecks()) {
      for (const negotiated of [undefined, ...KNOWN_PROTOCOL_VERSIONS]) {
        for (const citation of citeSpec(check.meta.spec, negotiated)?.split('; ') ?? []) {
          if (NOTE.test(citation)) notes += 1;
          expect(citation.replace(NOTE, ''), `${check.meta.id} at ${negotiated}`).toMatch(/^https:\/\/[^\s;()]+$/);
        }
      }
    }
    expect(notes).toBeGreaterThan(0);
  });

  it("every catalog entry's own-document references, in every text it shows, name a file of the repository and whole headings of it, never the design notes", async () => {
    const root = new URL('../../', import.meta.url);
    const headingsOf = (file: string) => readFileSync(new URL(file, root), 'utf8').split('\n').filter((l) => /^#+ /.test(l)).map((l) => l.replace(/^#+ /, '').trim());
    let references = 0;
    for (const meta of [...(await loadCatalog()), ...DIFF_CATALOG]) {
      const texts = [meta.spec ?? '', meta.description ?? '', meta.rationale ?? '', ...Object.values(meta.messages ?? {}), ...Object.values(meta.fixes ?? {}), meta.examples?.fail ?? '', meta.examples?.pass ?? ''];
      for (const text of texts) {
        expect(text, meta.id).not.toMatch(/\bdesign(?:\.md)? \u00a7|style\.md/);
        for (const [, file, sections] of text.matchAll(/\b((?:docs\/[\w-]+|README)\.md)((?: \u00a7[^;,()\u00a7]+(?:, \u00a7[^;,()\u00a7]+)*)?)/g)) {
          expect(existsSync(new URL(file, root)), `${meta.id}: ${file} does not exist`).toBe(true);
          const headings = headingsOf(file);
          for (const [, section] of sections.matchAll(/\u00a7([^;,()\u00a7]+)/g)) {
            // a whole heading, or the title of one before its colon ("Reading many findings: one entry per behaviour...")
            const named = section.trim();
            expect(headings.some((h) => h === named || h.startsWith(`${named}:`)), `${meta.id}: ${file} \u00a7${named}`).toBe(true);
            references += 1;
          }
        }
      }
    }
    expect(references).toBeGreaterThan(10);
  });

  it('the reference test fails on a missing file, a heading prefix and a bad second heading', () => {
    const root = new URL('../../', import.meta.url);
    const pattern = /\b((?:docs\/[\w-]+|README)\.md)((?: \u00a7[^;,()\u00a7]+(?:, \u00a7[^;,()\u00a7]+)*)?)/g;
    const refs = (text: string) => [...text.matchAll(pattern)].map(([, file, sections]) => [file, [...sections.matchAll(/\u00a7([^;,()\u00a7]+)/g)].map((m) => m[1].trim())]);
    expect(refs('(docs/nonexistent.md)')).toEqual([['docs/nonexistent.md', []]]);
    expect(existsSync(new URL('docs/nonexistent.md', root))).toBe(false);
    expect(refs('(docs/config.md §Surf)')).toEqual([['docs/config.md', ['Surf']]]);
    expect(refs('(docs/config.md §Surface keys, §Bogus heading)')).toEqual([['docs/config.md', ['Surface keys', 'Bogus heading']]]);
    expect(refs('(docs/config.md §Surface keys, limits.maxResultBytes)')).toEqual([['docs/config.md', ['Surface keys']]]);
  });
});
