/**
 * The `junit` reporter (`junit.xml`), built with xmlbuilder2 and valid against the Jenkins JUnit
 * XSD (test/fixtures/reports/junit.xsd): `<testsuites>` with one `<testsuite>` per surface, one
 * `<testcase>` per check and tool (classname `surface.check`, name the tool or `(surface)`).
 * Error findings not accepted by a baseline are `<failure>` elements (type = check ID); warnings,
 * info and baselined findings are `<system-out>` lines (never invented elements like `<warning>`).
 * Text goes through `safeText` (forbidden XML characters become `\uXXXX`), attributes through `oneLine`, then both
 * through `ampersands`: xmlbuilder2 escapes `&` only where it does not start what looks like an entity reference
 * (`&name;`, `&#NNN;`), so server text holding one reached junit.xml as an entity.
 */
import { createRequire } from 'node:module';
import type * as XmlBuilder2 from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Finding, Report } from '../model/report.ts';
import { junitSuites, type JunitCase, type JunitSuite } from './junit-cases.ts';
import { oneLine, safeText } from './text.ts';
import type { FileReporter, ReporterContext } from './types.ts';

/**
 * `&` -> `&amp;` in a string about to be handed to xmlbuilder2 as text or an attribute value. Its serializer
 * (4.x, `nonEntityAmpersandRegex` /&(?![A-Za-z]+;|#\d+;)/) leaves an `&` that starts `&name;` or `&#NNN;` as it is,
 * so a server string `s3cr3t-Zq&#57;x` (a tool name, a message) was written as a character reference: every XML
 * reader decoded it to `s3cr3t-Zq9x`, a secret the env mask had not seen whole, `&lt;b&gt;` decoded to markup, and
 * `&foo;` or `&#0;` made the file not well-formed (hostile review 27). After this pass every `&` is followed by
 * `amp;`, which xmlbuilder2 keeps, and it still escapes `<`, `>` and `"` itself. Returns the escaped string.
 */
function ampersands(text: string): string {
  return text.replace(/&/g, '&amp;');
}

/** `safeText` then `ampersands`: element text for xmlbuilder2's `txt`. */
const xmlText = (text: string): string => ampersands(safeText(text));
/** `oneLine` then `ampersands`: an attribute value for xmlbuilder2's `ele`. */
const xmlAttr = (text: string): string => ampersands(oneLine(text));

function findingText(f: Finding): string {
  const mark = f.baselined ? ' (baselined)' : '';
  return `[${f.severity}${mark}] ${f.check}${f.pointer ? ` at ${f.pointer}` : ''}: ${f.message}`;
}

function failureMessage(failures: readonly Finding[]): string {
  const first = failures[0].message;
  return failures.length === 1 ? first : `${failures.length} error findings; first: ${first}`;
}

/**
 * xmlbuilder2 (a CommonJS package), loaded on the first JUnit render: a run that does not ask for
 * `junit` never pays its ~13 MB (the reporter registry imports every reporter module).
 */
let xml: typeof XmlBuilder2 | undefined;
function xmlbuilder2(): typeof XmlBuilder2 {
  xml ??= createRequire(import.meta.url)('xmlbuilder2') as typeof XmlBuilder2;
  return xml;
}

function addCase(suite: XMLBuilder, c: JunitCase): void {
  const el = suite.ele('testcase', { classname: xmlAttr(c.classname), name: xmlAttr(c.name) });
  if (c.skipped !== undefined) el.ele('skipped').txt(xmlText(c.skipped));
  if (c.failures.length > 0) {
    el.ele('failure', { type: xmlAttr(c.failures[0].check), message: xmlAttr(failureMessage(c.failures)) }).txt(xmlText(c.failures.map(findingText).join('\n')));
  }
  if (c.notes.length > 0) el.ele('system-out').txt(xmlText(c.notes.map(findingText).join('\n')));
}

function failedCount(s: JunitSuite): number {
  return s.cases.filter((c) => c.failures.length > 0).length;
}

function addSuite(root: XMLBuilder, s: JunitSuite, timestamp: string): void {
  const suite = root.ele('testsuite', {
    name: xmlAttr(s.name),
    tests: String(s.cases.length),
    failures: String(failedCount(s)),
    errors: '0',
    skipped: String(s.cases.filter((c) => c.skipped !== undefined).length),
    time: s.timeS.toFixed(3),
    timestamp: xmlAttr(timestamp),
  });
  if (s.properties.length > 0) {
    const props = suite.ele('properties');
    for (const p of s.properties) props.ele('property', { name: xmlAttr(p.name), value: xmlAttr(p.value) });
  }
  for (const c of s.cases) addCase(suite, c);
}

/** Render JUnit XML (UTF-8, pretty-printed, trailing newline). Pure. */
export function renderJunit(report: Report, ctx: ReporterContext): string {
  const suites = junitSuites(report, ctx);
  const root = xmlbuilder2().create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', {
    name: 'mcp-harness',
    tests: String(suites.reduce((n, s) => n + s.cases.length, 0)),
    failures: String(suites.reduce((n, s) => n + failedCount(s), 0)),
    errors: '0',
    time: (report.durationMs / 1000).toFixed(3),
  });
  for (const s of suites) addSuite(root, s, report.startedAt);
  return `${root.end({ prettyPrint: true })}\n`;
}

/** Registry entry: `junit.xml`, env `MCP_HARNESS_JUNIT_FILE`. */
export const junitReporter: FileReporter = {
  kind: 'file',
  name: 'junit',
  fileName: 'junit.xml',
  envVar: 'MCP_HARNESS_JUNIT_FILE',
  // the marker of its own output (the root element's name): an earlier run's file is removed only when it carries it (./stale.ts)
  ownsFile: (head) => /^<\?xml[^>]*\?>\s*<testsuites name="mcp-harness"/.test(head),
  render: renderJunit,
};
