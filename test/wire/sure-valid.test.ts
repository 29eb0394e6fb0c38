/**
 * harness/wire/sure-valid.ts: `surelyValidWire` says "valid" only where the revision's build-time validator
 * (harness/wire/generated/<revision>.cjs, what `validateWire` runs) accepts the value, on every bundled revision and
 * every definition it models; and it does say so for the frames it exists for (text-block tool results, result and
 * error envelopes), so the fast path is really taken. Corpus: those frames, every member of each replaced by a value
 * of the wrong kind or removed (at any depth), and values whose members come through a prototype.
 */
import { describe, expect, it } from 'vitest';
import { WIRE_REVISIONS, type WireRevision } from '../../harness/wire/revision.ts';
import { envelopeNames } from '../../harness/wire/schemas.ts';
import { surelyValidWire } from '../../harness/wire/sure-valid.ts';
import { generatedFor, validateWire } from '../../harness/wire/validate.ts';
import { mutants } from '../helpers/mutants.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const MODELED = ['JSONRPCResponse', 'JSONRPCResultResponse', 'JSONRPCError', 'JSONRPCErrorResponse', 'Result', 'CallToolResult'];

/** Tool results and envelopes of the shapes the fast path models, and near them. */
const RESULTS: unknown[] = [
  { content: [{ type: 'text', text: 'ok' }] },
  { content: [{ type: 'text', text: 'ok' }], isError: true },
  { content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 }, isError: false },
  { content: [], structuredContent: {}, resultType: 'complete' },
  { content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], resultType: 'complete' },
  { content: [{ type: 'text', text: 'a', annotations: { priority: 2 } }] },
  { content: [{ type: 'text', text: 'a', _meta: 'x' }] },
  { content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }] },
  { content: [{ type: 'text', text: 'a' }], _meta: { progressToken: 1 }, resultType: 'complete' },
  { content: [{ type: 'text', text: 'a' }], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 1 } }, resultType: 'complete' },
  { content: [{ type: 'text', text: 'a' }], structuredContent: [1], extra: { anything: true } },
  { tools: [], nextCursor: 'c' },
  { resultType: 'complete', _meta: {} },
  {},
];
const ERRORS: unknown[] = [
  { code: -32602, message: 'Invalid params' },
  { code: -32000, message: 'boom', data: { detail: [1, null] } },
  { code: 1.5, message: 'x' },
];
const SEEDS: unknown[] = [
  ...RESULTS,
  ...RESULTS.map((result, i) => ({ jsonrpc: '2.0', id: i % 2 === 0 ? i : `r${i}`, result })),
  ...ERRORS.map((error, i) => ({ jsonrpc: '2.0', id: i, error })),
  { jsonrpc: '2.0', error: { code: -32700, message: 'parse' } },
  { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse' } },
  { jsonrpc: '2.0', id: 1, result: { content: [] }, error: { code: 1, message: 'both' } },
  { jsonrpc: '1.0', id: 1, result: {} },
  null,
  'x',
  [],
];

/** Wrong-kind values for a member. */
const WRONG: unknown[] = [null, -1, 0, 1.5, 1e300, '', 'x', [1], [], {}, true, false];

/** The same value with every object's members moved onto its prototype (read through it, as ajv reads them). */
function inherited(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inherited);
  if (!isObj(value)) return value;
  const members = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inherited(v)]));
  return Object.create(members) as unknown;
}

const CORPUS: unknown[] = [...SEEDS, ...SEEDS.flatMap((seed) => mutants(seed, WRONG)), ...SEEDS.map(inherited), ...SEEDS.map((s) => (isObj(s) ? Object.assign(Object.create(null), s) : s))];

describe('surelyValidWire: never valid where the generated validator says invalid', () => {
  it('the corpus is large and holds both arms', () => {
    expect(CORPUS.length).toBeGreaterThan(2500);
  });

  for (const revision of WIRE_REVISIONS) {
    it(`${revision}: on every definition it models`, () => {
      const generated = generatedFor(revision);
      const wrong: string[] = [];
      let sure = 0;
      let refused = 0;
      for (const definition of MODELED) {
        const validate = generated[definition];
        if (!validate) {
          // a definition the revision does not have: never "valid" (validateWire throws for it)
          for (const value of CORPUS) if (surelyValidWire(revision, definition, value)) wrong.push(`${definition} (not in ${revision})`);
          continue;
        }
        for (const value of CORPUS) {
          if (!surelyValidWire(revision, definition, value)) continue;
          sure++;
          if (!validate(value)) {
            refused++;
            wrong.push(`${definition} ${JSON.stringify(value)?.slice(0, 200)}: ${JSON.stringify(validate.errors)?.slice(0, 200)}`);
          }
        }
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(refused).toBe(0);
      expect(sure).toBeGreaterThan(100); // the fast path is taken, not only refused
    });
  }
});

describe('surelyValidWire: the frames it exists for', () => {
  const call = { content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 } };
  const rejection = { content: [{ type: 'text', text: 'Invalid arguments: limit must be <= 10' }], isError: true };

  it('takes a text-block tool result and its envelope on every revision', () => {
    for (const revision of WIRE_REVISIONS) {
      const modern = revision === '2026-07-28';
      const result = modern ? { ...call, resultType: 'complete' } : call;
      const names = envelopeNames(revision);
      expect(surelyValidWire(revision, 'CallToolResult', result)).toBe(true);
      expect(surelyValidWire(revision, 'CallToolResult', modern ? { ...rejection, resultType: 'complete' } : rejection)).toBe(true);
      expect(surelyValidWire(revision, names.result, { jsonrpc: '2.0', id: 7, result })).toBe(true);
      expect(surelyValidWire(revision, names.error, { jsonrpc: '2.0', id: 'a', error: { code: -32602, message: 'Invalid params' } })).toBe(true);
    }
  });

  it('is not sure of what it does not model: other blocks, annotations, _meta, a missing 2026-07-28 resultType, an unknown definition', () => {
    expect(surelyValidWire('2025-11-25', 'CallToolResult', { content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }] })).toBe(false);
    expect(surelyValidWire('2025-11-25', 'CallToolResult', { content: [{ type: 'text', text: 'a', annotations: {} }] })).toBe(false);
    expect(surelyValidWire('2025-11-25', 'CallToolResult', { ...call, _meta: {} })).toBe(false);
    expect(surelyValidWire('2026-07-28', 'CallToolResult', call)).toBe(false);
    expect(surelyValidWire('2025-11-25', 'ListToolsResult', { tools: [] })).toBe(false);
    // the other era's envelope names: validateWire throws for them, the fast path never answers for it
    expect(surelyValidWire('2025-11-25', 'JSONRPCResponse', { jsonrpc: '2.0', id: 1, result: {} })).toBe(false);
    expect(surelyValidWire('2025-06-18', 'JSONRPCResultResponse', { jsonrpc: '2.0', id: 1, result: {} })).toBe(false);
  });

  it('leaves validateWire as it was: the same issues with the fast path as the generated validator alone gives', () => {
    for (const revision of WIRE_REVISIONS) {
      for (const definition of MODELED) {
        const validate = generatedFor(revision)[definition];
        if (!validate) continue;
        for (const value of CORPUS.slice(0, 400)) {
          const issues = validateWire(revision, definition, value);
          expect(issues.length === 0, `${revision} ${definition} ${JSON.stringify(value)?.slice(0, 120)}`).toBe(validate(value));
        }
      }
    }
  });
});
