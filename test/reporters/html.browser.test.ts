import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../harness/report/build.ts';
import { renderHtml } from '../../harness/reporters/html.ts';
import { safeText } from '../../harness/reporters/text.ts';
import { AWKWARD_MESSAGE, awkwardReport } from '../fixtures/reports/awkward.ts';
import { catalog, sampleInput } from '../fixtures/reports/sample.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const hasChromium = existsSync(CHROMIUM);

let browser: Browser;
let dir: string;

async function open(html: string, name: string): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const file = join(dir, name);
  await writeFile(file, html, 'utf8');
  const page = await browser.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(file).href);
  return { page, errors, requests };
}

const visibleRows = (page: Page) => page.locator('tr.finding:visible').count();

describe.skipIf(!hasChromium)(`html report in headless chromium (${CHROMIUM}; skipped when missing: install the chromium package)`, () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcp-harness-html-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows counts and findings, and the filter hides rows', async () => {
    const { page, errors, requests } = await open(renderHtml(buildReport(sampleInput()), { showValues: false, catalog }), 'sample.html');
    expect(await page.locator('[data-count="surfaces"] .n').textContent()).toBe('2');
    expect(await page.locator('[data-count="error"] .n').textContent()).toBe('2');
    expect(await page.locator('[data-count="warning"] .n').textContent()).toBe('1');
    expect(await page.locator('#surfaces tbody tr').count()).toBe(2);
    expect(await visibleRows(page)).toBe(4);
    expect(await page.locator('#shown-count').textContent()).toBe('4 of 4 findings shown');

    await page.fill('#filter-text', 'fetch.page');
    expect(await visibleRows(page)).toBe(1);
    expect(await page.locator('.check-group:visible h3').allTextContents()).toEqual(['tools/name']);

    // check IDs match too, though they only stand in the group headings, not in any row's text
    await page.fill('#filter-text', 'tools/set-diff');
    expect(await visibleRows(page)).toBe(1);
    await page.fill('#filter-text', 'protocol/era');
    expect(await visibleRows(page)).toBe(1);
    // case-insensitive, lower-cased in the page (the report holds no lower-cased copy of server text): message and pointer
    await page.fill('#filter-text', 'STRUCTUREDCONTENT ALTHOUGH');
    expect(await visibleRows(page)).toBe(1);
    await page.fill('#filter-text', '/STRUCTUREDCONTENT');
    expect(await visibleRows(page)).toBe(1);

    await page.fill('#filter-text', '');
    await page.locator('input.sev-toggle[value="error"]').uncheck();
    expect(await visibleRows(page)).toBe(2);
    await page.locator('input.sev-toggle[value="warning"]').uncheck();
    await page.locator('input.sev-toggle[value="info"]').uncheck();
    expect(await visibleRows(page)).toBe(0);
    expect(await page.locator('#shown-count').textContent()).toBe('0 of 4 findings shown');

    expect(errors).toEqual([]);
    expect(requests.every((u) => u.startsWith('file:'))).toBe(true);
    await page.close();
  });

  it('counts one finding in the singular', async () => {
    const { page, errors } = await open(renderHtml(buildReport(sampleInput({ findings: sampleInput().findings.slice(0, 1) })), { showValues: false, catalog }), 'one.html');
    expect(await page.locator('#shown-count').textContent()).toBe('1 of 1 finding shown');
    await page.locator('input.sev-toggle[value="error"]').uncheck();
    await page.locator('input.sev-toggle[value="warning"]').uncheck();
    await page.locator('input.sev-toggle[value="info"]').uncheck();
    expect(await page.locator('#shown-count').textContent()).toBe('0 of 1 finding shown');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps awkward messages intact: text shown as safeText, embedded JSON exact, the script still runs', async () => {
    const { page, errors } = await open(renderHtml(awkwardReport(), { showValues: false, catalog }), 'awkward.html');
    const cells = await page.locator('tr.finding td.message').allTextContents();
    expect(cells).toEqual([safeText(AWKWARD_MESSAGE), safeText(AWKWARD_MESSAGE)]);
    const embedded = await page.evaluate(() => JSON.parse(document.getElementById('report-data')?.textContent ?? 'null'));
    expect(embedded.findings[0].message).toBe(AWKWARD_MESSAGE);
    await page.fill('#filter-text', '</script>');
    expect(await visibleRows(page)).toBe(2);
    await page.fill('#filter-text', 'no such text');
    expect(await visibleRows(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
