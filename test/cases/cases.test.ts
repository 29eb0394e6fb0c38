/**
 * Every real-world case whose expected finding belongs to the result, transport or era checks fires
 * that finding with its severity; the negative controls draw nothing at warning or above from them.
 */
import { describe, expect, it } from 'vitest';
import { runCheckOn } from '../helpers/check-tester.ts';
import type { Finding } from '../../harness/model/report.ts';
import { loadCases, observationOf, type CaseFile } from './case-data.ts';
import { RELEASE_CHECKS } from './release-checks.ts';

const cases = loadCases();
const runAll = (kase: CaseFile): Finding[] => Object.values(RELEASE_CHECKS).flatMap((check) => runCheckOn(check, observationOf(kase)));
const mine = cases.filter((kase) => kase.expected_finding.check !== null && kase.expected_finding.check in RELEASE_CHECKS);
const controls = cases.filter((kase) => kase.expected_finding.check === null);

describe('cases for the result, transport and era checks', () => {
  it('covers the cases this release owns', () => {
    expect(mine.map((kase) => kase.file.slice(0, 2))).toEqual(['01', '03', '05', '07', '20']);
    expect(controls.map((kase) => kase.file.slice(0, 2))).toEqual(['11', '16']);
  });

  for (const kase of mine) {
    it(`${kase.file}: ${kase.expected_finding.check} fires at ${kase.expected_finding.severity}`, () => {
      const findings = runAll(kase).filter((f) => f.check === kase.expected_finding.check);
      expect(findings.map((f) => f.severity)).toContain(kase.expected_finding.severity);
      for (const finding of findings) {
        if (kase.tool && finding.check.startsWith('result/')) expect(finding.message).toContain(kase.tool.name);
      }
    });
  }

  for (const kase of controls) {
    it(`${kase.file}: negative control stays below warning`, () => {
      const loud = runAll(kase).filter((f) => f.severity !== 'info');
      expect(loud.map((f) => `${f.check} ${f.messageId}`)).toEqual([]);
    });
  }
});

describe('case specifics', () => {
  const byNumber = (n: string): CaseFile => cases.find((kase) => kase.file.startsWith(n)) as CaseFile;
  const findingsOf = (n: string, check: string) => runCheckOn(RELEASE_CHECKS[check], observationOf(byNumber(n)));

  it('01: missing structuredContent at /structuredContent, only because isError is not true', () => {
    expect(findingsOf('01', 'result/structured-content').map((f) => [f.messageId, f.pointer])).toEqual([['missing', '/structuredContent']]);
    const asError = { ...byNumber('01'), result: { ...byNumber('01').result, isError: true } };
    expect(runCheckOn(RELEASE_CHECKS['result/structured-content'], observationOf(asError))).toEqual([]);
  });

  it('03: the type failure points at /structuredContent/price, names the keyword, not the value', () => {
    const findings = findingsOf('03', 'result/structured-content');
    expect(findings.map((f) => [f.messageId, f.pointer])).toEqual([['invalid', '/structuredContent/price']]);
    expect(findings[0].message).toContain("'type'");
    expect(findings[0].message).not.toContain('Widget');
  });

  it('05: the mirror warning names the missing keys and no values', () => {
    const [finding] = findingsOf('05', 'result/text-mirror');
    expect(finding.pointer).toBe('/content/0/text');
    expect(finding.message).toContain('summary, nextStep');
    expect(finding.message).not.toContain('Getting started');
  });

  it('07: no content array (error) and, also, no text block mirroring structuredContent (warning)', () => {
    expect(findingsOf('07', 'result/shape').map((f) => [f.messageId, f.pointer, f.severity])).toEqual([['contentMissing', '/result/content', 'error']]);
    expect(findingsOf('07', 'result/text-mirror').map((f) => [f.messageId, f.severity])).toEqual([['noTextBlock', 'warning']]);
  });

  it('20: the banner on line 1 is named by line number; the initialize response line is clean', () => {
    const findings = findingsOf('20', 'transport/stdout');
    expect(findings).toHaveLength(1);
    expect(findings[0].message).toContain('line 1');
    expect(findings[0].message).not.toContain('DevOps');
  });
});
