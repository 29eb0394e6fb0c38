/**
 * The synthetic surface's tools, generated deterministically (plain Node, no dependencies, so the
 * synthetic server runs with bare `node`). Tool `i` gets its own distinct input and output schema:
 * nested objects, arrays of objects, enums, `$defs` + local `$ref`, numeric and length bounds. Every
 * tool is read-only (`annotations.readOnlyHint: true`) so the harness generates arguments for it.
 *
 * Types: ./tools.d.mts.
 */

/** How many tools the synthetic surface serves by default. */
export const SYNTHETIC_TOOL_COUNT = 1000;
/** Tools per `tools/list` page. */
export const SYNTHETIC_PAGE_SIZE = 100;

const KINDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

/** Tool name of index `i` (`synthetic_0000` ... `synthetic_0999`). */
export function toolName(i) {
  return `synthetic_${String(i).padStart(4, '0')}`;
}

/** The inputSchema of tool `i` (2020-12, no `$schema`). Distinct per `i` (enum members and bounds vary). */
export function inputSchema(i) {
  return {
    type: 'object',
    $defs: {
      Range: {
        type: 'object',
        properties: { min: { type: 'integer', minimum: 0, maximum: 100 + i }, max: { type: 'integer', minimum: 0, maximum: 1000 + i } },
        required: ['min', 'max'],
        additionalProperties: false,
      },
      Tag: { type: 'string', enum: [`t${i}a`, `t${i}b`, `t${i}c`] },
    },
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 32 + (i % 64), description: `Search text for tool ${i}` },
      mode: { type: 'string', enum: ['fast', 'full', `mode${i % 7}`] },
      limit: { type: 'integer', minimum: 1, maximum: 10 + (i % 90) },
      range: { $ref: '#/$defs/Range' },
      filters: {
        type: 'array',
        minItems: 1,
        maxItems: 8,
        items: {
          type: 'object',
          properties: {
            field: { type: 'string', enum: ['name', 'size', `f${i % 13}`] },
            tag: { $ref: '#/$defs/Tag' },
            values: { type: 'array', items: { type: 'number', minimum: 0, maximum: i + 1 }, minItems: 1, maxItems: 4 },
          },
          required: ['field', 'tag', 'values'],
          additionalProperties: false,
        },
      },
      options: {
        type: 'object',
        properties: {
          verbose: { type: 'boolean' },
          depth: { type: 'integer', minimum: 0, maximum: 1 + (i % 5) },
          sort: { type: 'object', properties: { by: { type: 'string', enum: ['score', 'id'] }, descending: { type: 'boolean' } }, required: ['by'] },
        },
        additionalProperties: false,
      },
    },
    required: ['query', 'mode', 'range', 'filters'],
    additionalProperties: false,
  };
}

/** The outputSchema of tool `i` (2020-12): a root object with a `$defs` item type, arrays and enums. */
export function outputSchema(i) {
  return {
    type: 'object',
    $defs: {
      Item: {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: '^it-[0-9]+$' },
          score: { type: 'number', minimum: 0, maximum: 1 },
          kind: { type: 'string', enum: [...KINDS, `k${i}`] },
          tags: { type: 'array', items: { type: 'string', maxLength: 16 }, maxItems: 5 },
        },
        required: ['id', 'score', 'kind'],
        additionalProperties: false,
      },
    },
    properties: {
      tool: { type: 'string', const: toolName(i) },
      total: { type: 'integer', minimum: 0, maximum: 20 + i },
      items: { type: 'array', items: { $ref: '#/$defs/Item' }, maxItems: 20 },
      page: {
        type: 'object',
        properties: { index: { type: 'integer', minimum: 0 }, hasMore: { type: 'boolean' } },
        required: ['index', 'hasMore'],
        additionalProperties: false,
      },
      status: { type: 'string', enum: ['ok', 'partial', `s${i % 11}`] },
    },
    required: ['tool', 'total', 'items', 'page', 'status'],
    additionalProperties: false,
  };
}

/** The Tool object of index `i` as `tools/list` advertises it. */
export function syntheticTool(i) {
  return {
    name: toolName(i),
    title: `Synthetic tool ${i}`,
    description: `Synthetic benchmark tool number ${i}; answers instantly.`,
    inputSchema: inputSchema(i),
    outputSchema: outputSchema(i),
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
}

/** Every synthetic tool, in index order. */
export function syntheticTools(count = SYNTHETIC_TOOL_COUNT) {
  return Array.from({ length: count }, (_, i) => syntheticTool(i));
}

/**
 * The structuredContent tool `i` answers with: valid for `outputSchema(i)`, or (`broken`) invalid
 * (an item's `score` above its maximum and `status` missing).
 */
export function structuredResult(i, broken = false) {
  const items = [0, 1, 2].map((k) => ({ id: `it-${i * 3 + k}`, score: broken && k === 0 ? 7 : k / 4, kind: KINDS[(i + k) % KINDS.length], tags: [`x${k}`] }));
  const result = { tool: toolName(i), total: items.length, items, page: { index: 0, hasMore: false }, status: 'ok' };
  if (broken) delete result.status;
  return result;
}

/** Arguments valid for `inputSchema(i)` (every property, nested ones included). */
export function sampleArguments(i) {
  return {
    query: `q${i}`,
    mode: 'full',
    limit: 1 + (i % 10),
    range: { min: 0, max: i },
    filters: [{ field: 'name', tag: `t${i}b`, values: [0, 1] }],
    options: { verbose: true, depth: 1, sort: { by: 'score', descending: false } },
  };
}

/** Is tool `i` among the `brokenPercent` % whose results are broken? (`i % 100 < brokenPercent`) */
export function isBroken(i, brokenPercent) {
  return i % 100 < brokenPercent;
}
