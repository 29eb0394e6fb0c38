/**
 * snapshotConfig: a config module's default export read once, into plain data, before anything resolves it. A config
 * is code: a getter, or a Proxy trap, can throw while zod or the resolver reads it, and that error used to reach the
 * user bare ("mcp-harness: boom"), without the file or the key (README: a config error names the file and key).
 * Reading every key here, once, turns such a throw into a ConfigError at its key path, and leaves the resolver a
 * value whose plain parts can no longer run code.
 */
import { ConfigError, formatKeyPath } from './errors.ts';

/** Levels of plain objects and arrays copied (a real config is a few deep); deeper parts are kept as they are. */
const MAX_COPY_DEPTH = 256;

/** Whether `value` is a plain object (prototype Object.prototype or null) or an array: the parts that are copied. */
function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of `value` whose plain objects and arrays are new plain objects and arrays holding the values their own
 * string keys read (an array's enumerable ones; an object's non-enumerable keys stay non-enumerable) (getters run once, here); anything else (functions, class instances, zod schemas,
 * primitives), and whatever lies deeper than MAX_COPY_DEPTH levels, is kept as it is. Shared and cyclic parts stay shared
 * and cyclic.
 * @param display the config file as displayed, for the error
 * @throws ConfigError naming the file and the key path (`surfaces[0].command`; the file itself for the root) where
 *   reading threw: a getter, a Proxy trap, a prototype lookup
 */
export function snapshotConfig(value: unknown, display: string): unknown {
  const copies = new Map<object, unknown>();
  const path: PropertyKey[] = [];
  const fail = (error: unknown): never => {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfigError(display, [{ path: formatKeyPath(path), message: `Reading this value threw: ${why}` }]);
  };
  const copy = (from: unknown): unknown => {
    if (from === null || typeof from !== 'object') return from;
    const seen = copies.get(from);
    if (seen !== undefined) return seen;
    let plain: boolean;
    let keys: string[];
    try {
      plain = isPlain(from);
      // an object's own non-enumerable keys too (a lazy getter defined with defineProperty): property reads see them
      keys = !plain ? [] : Array.isArray(from) ? Object.keys(from) : Object.getOwnPropertyNames(from);
    } catch (error) {
      return fail(error);
    }
    // deeper than any config is: left as it is (a recursive copy of 20,000 levels overflowed the stack; the
    // resolver's own checks then judge it as they did before the snapshot)
    if (!plain || path.length >= MAX_COPY_DEPTH) return from;
    const out: Record<string, unknown> | unknown[] = Array.isArray(from) ? [] : {};
    copies.set(from, out);
    for (const key of keys) {
      path.push(Array.isArray(out) && /^(0|[1-9]\d*)$/.test(key) ? Number(key) : key);
      let member: unknown;
      let enumerable: boolean;
      try {
        enumerable = Array.isArray(from) || Object.prototype.propertyIsEnumerable.call(from, key);
        member = (from as Record<string, unknown>)[key];
      } catch (error) {
        return fail(error);
      }
      const copied = copy(member);
      // defineProperty, not assignment: a `__proto__` key stays a key; on an array an index extends its length; a
      // non-enumerable key stays non-enumerable (checks of unknown keys see only enumerable ones)
      Object.defineProperty(out, key, { value: copied, enumerable, writable: true, configurable: true });
      path.pop();
    }
    return out;
  };
  return copy(value);
}
