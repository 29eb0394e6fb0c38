/**
 * harness/schema/meta-schemas.ts: the draft-07 and draft-06 meta-schemas meta-validation uses are ajv's bundled copies
 * (the documents json-schema.org publishes) with `enum`'s minItems: 1 and uniqueItems: true taken out, as JSON Schema
 * Validation draft-07 §6.1.2 and draft-06 §6.23 state it ("MUST be an array. This array SHOULD have at least one element.
 * Elements in the array SHOULD be unique."; json-schema-org/json-schema-spec#717), and nothing else changed; the engines
 * and the build-time validators use them, and ajv's own copies stay as ajv ships them.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../harness/schema/engines.ts';
import { draft06MetaSchema, draft07MetaSchema } from '../../harness/schema/meta-schemas.ts';
import { precompiledMeta } from '../../harness/schema/meta.ts';

const require = createRequire(import.meta.url);
const ajvCopy = (draft: '06' | '07') => require(`ajv/dist/refs/json-schema-draft-${draft}.json`) as { properties: Record<string, unknown> };

describe('the draft-07 and draft-06 meta-schemas', () => {
  it.each([
    ['07', draft07MetaSchema, { type: 'array', items: true }],
    ['06', draft06MetaSchema, { type: 'array' }],
  ] as const)('draft-%s: ajv\'s copy but for enum, which keeps its MUST (an array) and loses its SHOULDs', (draft, made, enumSchema) => {
    const ajv = ajvCopy(draft);
    expect(ajv.properties.enum).toMatchObject({ minItems: 1, uniqueItems: true }); // what ajv ships, unchanged by the harness
    const meta = made() as { properties: Record<string, unknown> };
    expect(meta.properties.enum).toEqual(enumSchema);
    expect({ ...meta, properties: { ...meta.properties, enum: ajv.properties.enum } }).toEqual(ajv);
    expect(made()).not.toBe(made());
  });

  const cases = [
    ['an empty enum', { type: 'object', properties: { mode: { type: 'string', enum: [] } } }, true],
    ['repeating members', { type: 'object', properties: { mode: { enum: ['a', 'a'] } } }, true],
    ['an enum that is not an array', { type: 'object', properties: { mode: { enum: 'a' } } }, false],
    ['type float', { type: 'object', properties: { mode: { type: 'float' } } }, false],
  ] as const;

  for (const uri of ['http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-06/schema#', 'http://json-schema.org/draft-07/schema', 'http://json-schema.org/draft-06/schema']) {
    it.each(cases)(`${uri}: %s -> valid %s, at run time and in the build-time validator`, (_, body, valid) => {
      const schema = { $schema: uri, ...body };
      const engine = createEngine('draft-07');
      expect(engine.validateSchema(schema)).toBe(valid);
      const precompiled = precompiledMeta('draft-07', schema);
      if (!precompiled) throw new Error('expected a build-time validator');
      expect(precompiled(schema)).toBe(valid);
    });
  }
});
