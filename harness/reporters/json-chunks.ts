/**
 * JSON text in chunks: what `JSON.stringify(value, null, 2)` writes, split so that no chunk holds more than one
 * member or item of the containers it splits. For a report file longer than V8's longest string (2^29 - 24 UTF-16
 * units, ~512 MiB), which one JSON.stringify cannot produce (hostile review 28: report.json and report.sarif lost).
 */

/**
 * `value` as `JSON.stringify(value, null, 2)` writes it, in chunks: objects and arrays `levels` deep are split (each
 * member or item rendered alone); below that, and for a value with `toJSON`, one JSON.stringify each. Joined, the
 * chunks are exactly JSON.stringify's text (undefined, function and symbol members left out, as items null). Pure.
 */
export function* jsonChunks(value: unknown, levels: number): Generator<string> {
  yield* chunksAt(value, 0, levels);
}

/** `value` as JSON.stringify writes it at nesting `depth`, split `levels` deep. */
function* chunksAt(value: unknown, depth: number, levels: number): Generator<string> {
  if (levels === 0 || value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    // JSON.stringify escapes every line break inside a string: each one in its output is structure, indented here
    yield (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${'  '.repeat(depth)}`);
    return;
  }
  const pad = `\n${'  '.repeat(depth + 1)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return void (yield '[]');
    for (let i = 0; i < value.length; i++) {
      yield `${i === 0 ? '[' : ','}${pad}`;
      const item: unknown = value[i];
      // as JSON.stringify: undefined, a function or a symbol in an array is null
      yield* chunksAt(item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item, depth + 1, levels - 1);
    }
    yield `\n${'  '.repeat(depth)}]`;
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => record[k] !== undefined && typeof record[k] !== 'function' && typeof record[k] !== 'symbol');
  if (keys.length === 0) return void (yield '{}');
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    yield `${i === 0 ? '{' : ','}${pad}${JSON.stringify(key)}: `;
    yield* chunksAt(record[key], depth + 1, levels - 1);
  }
  yield `\n${'  '.repeat(depth)}}`;
}

