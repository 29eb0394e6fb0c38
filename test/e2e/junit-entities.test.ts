/**
 * JUnit XML against server text shaped like entity references (hostile review 27), through the real CLI: the fixture
 * test/fixtures/servers/faults/entity-split-names.mjs names its tools with the harness's E2E_LEAK_ENTITY (stolen from
 * /proc/<parent pid>/environ) whose middle character is spelled `&#NN;` or `&#xNN;`, with `&lt;b&gt;`, `&foo;` and
 * `&#0;`. xmlbuilder2 4.x escapes `&` only where no entity reference follows, so junit.xml held those references: an
 * XML reader decoded the stolen value whole (the env mask does not mask a value split by visible text, by design),
 * `&lt;b&gt;` to markup, and `&foo;` left the file not well-formed. junit.xml must parse, and read back (libxml2) every
 * name as the server wrote it: the secret never whole, in any report file or on the console. One more name is a SARIF
 * embedded link (`[fix](https://...)`, SARIF 2.1.0 §3.11.6): report.sarif's messages escape every bracket.
 * Linux only: the thief reads /proc/<parent pid>/environ.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlDocument } from 'libxml2-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { junitXsdErrors } from '../reporters/validate.ts';
import { cleanup, filesUnder, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SECRET = `e2e-entity-${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
let run: CliRun;

beforeAll(async () => {
  if (process.platform !== 'linux') return;
  run = await runCli(['run', '--reporter', 'console,json,markdown,junit,sarif,html', '--', process.execPath, join(SERVERS, 'faults/entity-split-names.mjs')], { env: { E2E_LEAK_ENTITY: SECRET } });
}, 120_000);

afterAll(() => cleanup(run));

describe.skipIf(process.platform !== 'linux')('junit.xml keeps entity-shaped server text as text', () => {
  it('the thief read the value: its names hold it spelled with a character reference', () => {
    const names = reportOf(run).surfaces[0]?.tools.map((t) => t.name) ?? [];
    const half = SECRET.length >> 1;
    expect(names).toContain(`${SECRET.slice(0, half)}&#${SECRET.charCodeAt(half)};${SECRET.slice(half + 1)}`);
  });

  it('junit.xml is well-formed and reads back every name as written; no entity reference but the five escapes', () => {
    const xml = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
    expect(junitXsdErrors(xml)).toEqual([]);
    expect(xml.match(/&[^;\s]*;?/g)?.filter((ref) => !['&amp;', '&lt;', '&gt;', '&quot;', '&apos;'].includes(ref)) ?? []).toEqual([]);
    const doc = XmlDocument.fromString(xml);
    try {
      const cases = doc.find('//testcase/@name').map((n) => n.content);
      for (const name of reportOf(run).surfaces[0]?.tools.map((t) => t.name) ?? []) expect(cases).toContain(name);
      expect(cases).not.toContain('markup_<b>');
    } finally {
      doc.dispose();
    }
  });

  it('report.sarif: no message holds an unescaped bracket, so no server name is an embedded link', () => {
    const log = JSON.parse(readFileSync(join(run.reportDir, 'report.sarif'), 'utf8')) as { runs: { results: { message: { text: string } }[] }[] };
    const texts = log.runs[0].results.map((r) => r.message.text);
    expect(texts.some((t) => t.includes('link_\\[fix\\](https://example.invalid/fix)'))).toBe(true);
    for (const text of texts) expect(text.replace(/\\./g, ''), text).not.toMatch(/[[\]]/);
  });

  it('the stolen value is never whole in a report file or on the console', () => {
    for (const file of filesUnder(run.reportDir)) expect(readFileSync(file, 'utf8').includes(SECRET), file).toBe(false);
    expect(run.stdout.includes(SECRET)).toBe(false);
    expect(run.stderr.includes(SECRET)).toBe(false);
  });
});
