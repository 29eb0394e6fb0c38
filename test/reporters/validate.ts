/**
 * Test helpers: validate JUnit XML against the Jenkins JUnit XSD (libxml2-wasm) and SARIF against
 * the official SARIF 2.1.0 JSON schema (ajv draft-07 + ajv-formats). Schemas: test/fixtures/reports/.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/reports/${name}`, import.meta.url));

/** Validate XML text against junit.xsd; returns the error messages (empty when valid). */
export function junitXsdErrors(xml: string): string[] {
  const xsdDoc = XmlDocument.fromString(readFileSync(fixture('junit.xsd'), 'utf8'));
  const validator = XsdValidator.fromDoc(xsdDoc);
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    const details = (error as { details?: { message: string }[] }).details;
    return details?.map((d) => d.message) ?? [String(error)];
  } finally {
    doc.dispose();
    validator.dispose();
    xsdDoc.dispose();
  }
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
let sarifValidate: ReturnType<Ajv['compile']> | undefined;

/** Validate a SARIF log object against sarif-schema-2.1.0.json; returns ajv errors (empty when valid). */
export function sarifSchemaErrors(log: unknown): string[] {
  if (!sarifValidate) {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    sarifValidate = ajv.compile(JSON.parse(readFileSync(fixture('sarif-schema-2.1.0.json'), 'utf8')));
  }
  return sarifValidate(log) ? [] : (sarifValidate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
