/**
 * The contract diff's classifier (harness/schema/contract-diff.ts): each change kind on an input and
 * on an output, both ways (OLD -> NEW and back), through the narrowing comparator; stable IDs;
 * value-free descriptions.
 */
import { describe, expect, it } from 'vitest';
import { CHANGE_IMPACT, breakingChanges, changeId, describeChange, diffContracts, type ChangeKind, type DiffTool } from '../../harness/schema/contract-diff.ts';

const obj = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({ type: 'object', properties, required, ...extra });
/** One tool whose inputSchema and outputSchema are both `schema`. */
const tool = (schema: Record<string, unknown>, more: Partial<DiffTool> = {}): DiffTool => ({ name: 't', inputSchema: schema, outputSchema: schema, ...more });
const kinds = (before: DiffTool[], after: DiffTool[]) => diffContracts(before, after).map((c) => `${c.direction} ${c.kind} ${c.impact} ${c.pointer}`);

// [name, OLD schema, NEW schema, kind OLD->NEW, kind NEW->OLD, pointer]
const CASES: [string, Record<string, unknown>, Record<string, unknown>, ChangeKind, ChangeKind, string][] = [
  ['a required entry', obj({ a: { type: 'string' } }), obj({ a: { type: 'string' } }, ['a']), 'required-added', 'required-removed', '/required'],
  ['a bound', obj({ a: { type: 'string', maxLength: 10 } }), obj({ a: { type: 'string', maxLength: 5 } }), 'bound-tightened', 'bound-loosened', '/properties/a/maxLength'],
  ['a bound present', obj({ a: { type: 'number' } }), obj({ a: { type: 'number', minimum: 1 } }), 'bound-added', 'bound-removed', '/properties/a/minimum'],
  ['an enum member', obj({ s: { enum: ['x', 'y'] } }), obj({ s: { enum: ['x'] } }), 'enum-member-removed', 'enum-member-added', '/properties/s/enum/1'],
  ['a closed object', obj({}), obj({}, [], { additionalProperties: false }), 'object-closed', 'object-opened', '/additionalProperties'],
  ['a constraint keyword', obj({ a: { type: 'string' } }), obj({ a: { type: 'string', pattern: '^a' } }), 'keyword-added', 'keyword-removed', '/properties/a/pattern'],
  ['a nested required entry', obj({ o: obj({ x: { type: 'string' } }) }), obj({ o: obj({ x: { type: 'string' } }, ['x']) }), 'required-added', 'required-removed', '/properties/o/required'],
  ['an array item bound', obj({ l: { type: 'array', items: { type: 'integer', maximum: 9 } } }), obj({ l: { type: 'array', items: { type: 'integer', maximum: 3 } } }), 'bound-tightened', 'bound-loosened', '/properties/l/items/maximum'],
];

describe('diffContracts: each kind on inputs and outputs, both ways', () => {
  it.each(CASES)('%s', (_name, before, after, there, back, pointer) => {
    const [inThere, outThere] = CHANGE_IMPACT[there];
    const [inBack, outBack] = CHANGE_IMPACT[back];
    expect(kinds([tool(before)], [tool(after)])).toEqual([`input ${there} ${inThere} /inputSchema${pointer}`, `output ${there} ${outThere} /outputSchema${pointer}`]);
    expect(kinds([tool(after)], [tool(before)])).toEqual([`input ${back} ${inBack} /inputSchema${pointer}`, `output ${back} ${outBack} /outputSchema${pointer}`]);
    // a narrowing breaks callers of an input and nobody reading an output; a widening the reverse
    expect(inThere).not.toBe(outThere);
  });

  it('a type changed breaks both directions; a property added breaks nobody; a property removed breaks both', () => {
    expect(kinds([tool(obj({ a: { type: 'string' } }))], [tool(obj({ a: { type: 'number' } }))])).toEqual([
      'input keyword-changed breaking /inputSchema/properties/a/type',
      'output keyword-changed breaking /outputSchema/properties/a/type',
    ]);
    const one = tool(obj({ a: { type: 'string' } }));
    const two = tool(obj({ a: { type: 'string' }, b: { type: 'string' } }));
    expect(kinds([one], [two])).toEqual(['input property-added compatible /inputSchema/properties/b', 'output property-added compatible /outputSchema/properties/b']);
    expect(kinds([two], [one])).toEqual(['input property-removed breaking /inputSchema/properties/b', 'output property-removed breaking /outputSchema/properties/b']);
  });

  it('annotation keywords and tool metadata are compatible changes', () => {
    const before = tool(obj({ a: { type: 'string' } }), { description: 'one', annotations: { readOnlyHint: true }, _meta: { category: 'a' } });
    const after = tool(obj({ a: { type: 'string', description: 'the a' } }), { description: 'two', annotations: { readOnlyHint: false }, _meta: { category: 'b' } });
    expect(kinds([before], [after])).toEqual([
      'tool metadata-changed compatible /_meta/category',
      'tool metadata-changed compatible /annotations/readOnlyHint',
      'tool metadata-changed compatible /description',
      'input annotation-changed compatible /inputSchema/properties/a/description',
      'output annotation-changed compatible /outputSchema/properties/a/description',
    ]);
  });

  it('tools and output schemas added or removed', () => {
    const a: DiffTool = { name: 'a', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } };
    const aBare: DiffTool = { name: 'a', inputSchema: { type: 'object' } };
    const b: DiffTool = { name: 'b', inputSchema: { type: 'object' } };
    expect(kinds([a], [aBare, b])).toEqual(['output schema-removed breaking /outputSchema', 'tool tool-added compatible ']);
    expect(kinds([aBare, b], [a])).toEqual(['output schema-added compatible /outputSchema', 'tool tool-removed breaking ']);
    expect(breakingChanges(diffContracts([aBare, b], [a])).map((c) => c.kind)).toEqual(['tool-removed']);
  });

  it('spelling is not a change: the canonical form compares meaning (nullable spellings, $schema, definitions)', () => {
    const draft = { $schema: 'http://json-schema.org/draft-07/schema#', ...obj({ n: { anyOf: [{ type: 'string' }, { type: 'null' }] } }) };
    const modern = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...obj({ n: { type: ['string', 'null'] } }) };
    expect(diffContracts([tool(draft)], [tool(modern)])).toEqual([]);
  });

  it('IDs are stable: independent of the tools order, unique, equal to changeId', () => {
    const old = [tool(obj({ a: { type: 'string' } })), { name: 'z', inputSchema: { type: 'object' } }];
    const next = [{ name: 'y', inputSchema: { type: 'object' } }, tool(obj({ a: { type: 'string' }, b: { type: 'number' } }, ['a', 'b']))];
    const one = diffContracts(old, next);
    const two = diffContracts([...old].reverse(), [...next].reverse());
    expect(two).toEqual(one);
    expect(new Set(one.map((c) => c.id)).size).toBe(one.length);
    for (const c of one) expect(c.id).toBe(changeId(c));
    expect(changeId({ tool: 't', direction: 'input', pointer: '/inputSchema/required', kind: 'required-added', property: 'a' })).not.toBe(
      changeId({ tool: 't', direction: 'input', pointer: '/inputSchema/required', kind: 'required-added', property: 'b' }),
    );
  });

  it('descriptions are value-free: tool, kind, keyword, property and pointer only', () => {
    const before = tool(obj({ s: { enum: ['secret-a', 'secret-b'] }, n: { type: 'number', maximum: 12345 } }));
    const after = tool(obj({ s: { enum: ['secret-a'] }, n: { type: 'number', maximum: 99 } }));
    const text = diffContracts([before], [after]).map(describeChange).join('\n');
    expect(text).toContain('t: input enum member removed at /inputSchema/properties/s/enum/1 (breaks callers)');
    expect(text).toContain('t: output bound tightened (maximum) at /outputSchema/properties/n/maximum (compatible)');
    for (const value of ['secret', '12345', '99']) expect(text).not.toContain(value);
  });

  it('a huge tool or property name is cut to the server-text budget in the description, kept whole in the change (review D7)', () => {
    const [long, name] = ['p'.repeat(100_000), 'n'.repeat(50_000)];
    const [c] = diffContracts([tool(obj({}), { name })], [tool(obj({ [long]: { type: 'string' } }, [long]), { name })]).filter((x) => x.kind === 'required-added');
    expect(c.property).toBe(long);
    const text = describeChange(c);
    expect(text.length).toBeLessThan(1_000);
    expect(text).toContain('… (50000 characters): input required added');
    // the twin: ordinary names are whole
    const [short] = diffContracts([tool(obj({}))], [tool(obj({ p: { type: 'string' } }, ['p']))]).filter((x) => x.kind === 'required-added');
    expect(describeChange(short)).toBe('t: input required added p at /inputSchema/required (breaks callers)');
  });
});
