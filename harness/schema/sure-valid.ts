/**
 * A one-sided fast path in front of the interpreter (./interpret.ts, issue 12): `surelyValid` says `true`
 * only where @cfworker/json-schema's `validate` (the interpreter the schema service asks first) would say
 * valid, and `false` for "invalid, or not sure"; the caller then asks the interpreter as before, so every
 * "invalid" verdict, and every issue list, is still the interpreter's and ajv's. It runs on the interpreter's
 * own prepared copy and reference table (`interpretable`: inside the subset, every `$ref` a plain local
 * pointer, patterns rewritten to private formats) with the interpreter's semantics keyword by keyword:
 * `type` (an integer is a number `% 1 === 0`), `const`/`enum` (`===`, `deepCompareStrict` for objects and
 * arrays), `required` and `properties` (own properties), `additionalProperties`, `items` (a schema),
 * `minItems`/`maxItems`, `minLength`/`maxLength` (code points, `ucs2length`), `minimum`/`maximum`/
 * `exclusiveMinimum`/`exclusiveMaximum` (numbers), `minProperties`/`maxProperties`, `format` (the private
 * pattern formats only), `allOf`, `uniqueItems: false`, and `$ref` (in draft-07 its siblings are ignored, as the interpreter does).
 * A node with any other keyword the interpreter evaluates (`anyOf`, `oneOf`, `not`, `if`, `prefixItems`, an
 * `items` array, `contains`, `uniqueItems: true`, `multipleOf`, `propertyNames`, the dependencies, ...) is "not
 * sure"; a keyword the interpreter does not read asserts nothing (`title`, `$defs`, `default`, ...). The walk reads
 * a node's own keys, the interpreter every key through the prototype chain: a node whose prototype is neither
 * Object.prototype nor null, and any node while Object.prototype carries an interpreter keyword, is "not sure".
 *
 * Why: at 1,000 tools the interpreter's validations were ~110 ms of a run (the generated arguments' check
 * and result/structured-content), ~70 µs per instance: it reads ~45 keywords per node, builds a location
 * string per property and item and a result object per node. This walk reads only the node's own keys and
 * allocates nothing for a valid instance. test/schema/sure-valid.test.ts holds it to the interpreter over
 * the JSON-Schema-Test-Suite (never `true` where the interpreter says invalid) and the synthetic schemas.
 */
import { deepCompareStrict, format as interpreterFormats, ucs2length, type Schema, type SchemaDraft } from '@cfworker/json-schema';

/**
 * Keywords @cfworker/json-schema's `validate` evaluates (its destructuring of a schema node, 4.1), so that a node
 * holding one this module does not implement is "not sure". Every other member of a schema node asserts nothing to it.
 */
const INTERPRETER_KEYWORDS: ReadonlySet<string> = new Set([
  '$ref', '$recursiveRef', '$recursiveAnchor', 'type', 'const', 'enum', 'required', 'not', 'anyOf', 'allOf', 'oneOf',
  'if', 'then', 'else', 'format', 'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties',
  'minProperties', 'maxProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'dependencies',
  'prefixItems', 'items', 'additionalItems', 'unevaluatedItems', 'contains', 'minContains', 'maxContains', 'minItems',
  'maxItems', 'uniqueItems', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength',
  'maxLength', 'pattern', '__absolute_ref__', '__absolute_recursive_ref__',
]);

/** Keywords this module evaluates exactly as the interpreter does (the rest of INTERPRETER_KEYWORDS: not sure). */
const IMPLEMENTED: ReadonlySet<string> = new Set([
  '$ref', 'type', 'const', 'enum', 'required', 'allOf', 'format', 'properties', 'additionalProperties', 'minProperties',
  'maxProperties', 'items', 'minItems', 'maxItems', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'uniqueItems',
]);

/**
 * Deepest chain of nested evaluations (subschemas and `$ref` hops) before the answer is "not sure": a `$ref` cycle
 * that never descends into the instance ends here instead of overflowing the stack (the interpreter then throws,
 * and the caller asks ajv). Values are at most MAX_VALUE_DEPTH (256) levels deep (harness/run/depth-guard.ts).
 */
const MAX_CHAIN = 1_000;

/** The interpreter's instance type of a value, or undefined for a value it refuses (it throws on them). */
function instanceTypeOf(value: unknown): 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object' | undefined {
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'array' : 'object';
    default:
      return undefined;
  }
}

const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** One `type` name as the interpreter reads it (an integer is a number with `% 1 === 0`). */
function typeNameMatches(name: unknown, instanceType: string, instance: unknown): boolean {
  return name === instanceType || (name === 'integer' && instanceType === 'number' && (instance as number) % 1 === 0 && instance === instance);
}

/** `type` as the interpreter reads it: a name or a list of names. */
function typeMatches(type: unknown, instanceType: string, instance: unknown): boolean {
  if (!Array.isArray(type)) return typeNameMatches(type, instanceType, instance);
  for (const name of type) if (typeNameMatches(name, instanceType, instance)) return true;
  return false;
}

/** `const` and `enum` members as the interpreter compares them. */
function equalsMember(instance: unknown, instanceType: string, member: unknown): boolean {
  return instanceType === 'object' || instanceType === 'array' ? deepCompareStrict(instance, member) : instance === member;
}

/**
 * True only when the interpreter (`validate(instance, schema, draft, lookup, true)` of @cfworker/json-schema) would
 * find `instance` valid against `schema`; false when it would not, or when this walk is not sure. Never throws on
 * JSON data; reads the schema and the instance, writes nothing, allocates nothing for a valid instance.
 * @param schema a node of the interpreter's prepared copy (`interpretable`), or a boolean schema
 * @param draft the interpreter's draft name ('2020-12', '2019-09' or '7')
 * @param lookup the interpreter's reference table (`$ref` string -> node)
 */
export function surelyValid(instance: unknown, schema: Schema | boolean, draft: SchemaDraft, lookup: Readonly<Record<string, Schema | boolean>>): boolean {
  // the interpreter reads keywords through the prototype chain (destructuring); this walk reads own keys: with a
  // keyword on Object.prototype (a polluted prototype, a reviewer's `Object.prototype.minimum = 10`) it is not sure
  for (const keyword of INTERPRETER_KEYWORDS) if (keyword in Object.prototype) return false;
  return sure(instance, schema, draft, lookup, 0);
}

function sure(instance: unknown, schema: unknown, draft: SchemaDraft, lookup: Readonly<Record<string, Schema | boolean>>, chain: number): boolean {
  if (schema === true) return true;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || chain > MAX_CHAIN) return false;
  const prototype = Object.getPrototypeOf(schema) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false; // inherited keywords: see surelyValid
  const instanceType = instanceTypeOf(instance);
  if (instanceType === undefined) return false;
  const node = schema as Record<string, unknown>;
  const next = chain + 1;
  if (node.$ref !== undefined) {
    // the interpreter looks `$ref` up as it is (no __absolute_ref__ in a prepared copy: `interpretable` refuses them)
    const target = typeof node.$ref === 'string' ? lookup[node.$ref] : undefined;
    if (target === undefined || !sure(instance, target, draft, lookup, next)) return false;
    if (draft === '7' || draft === '4') return true; // it returns after `$ref` there: siblings are not evaluated
  }
  for (const key in node) {
    if (!hasOwn(node, key) || !INTERPRETER_KEYWORDS.has(key)) continue;
    if (!IMPLEMENTED.has(key)) return false;
    const value = node[key];
    if (value === undefined) continue; // the interpreter skips an absent (undefined) keyword
    switch (key) {
      case '$ref':
        break; // above
      case 'type':
        if (!typeMatches(value, instanceType, instance)) return false;
        break;
      case 'const':
        if (!equalsMember(instance, instanceType, value)) return false;
        break;
      case 'enum': {
        if (!Array.isArray(value)) return false;
        let found = false;
        for (const member of value) if (equalsMember(instance, instanceType, member)) { found = true; break; }
        if (!found) return false;
        break;
      }
      case 'allOf':
        if (!Array.isArray(value)) return false;
        for (const sub of value) if (!sure(instance, sub, draft, lookup, next)) return false;
        break;
      case 'format':
        if (instanceType === 'string' && !formatHolds(value, instance as string)) return false;
        break;
      case 'required':
        if (instanceType !== 'object') break;
        if (!Array.isArray(value)) return false;
        for (const name of value) if (typeof name !== 'string' || !hasOwn(instance as object, name)) return false;
        break;
      case 'properties':
        if (instanceType === 'object' && !propertiesHold(instance as Record<string, unknown>, value, draft, lookup, next)) return false;
        break;
      case 'additionalProperties':
        if (instanceType === 'object' && !additionalHold(instance as Record<string, unknown>, node.properties, value, draft, lookup, next)) return false;
        break;
      case 'uniqueItems':
        if (value !== false) return false; // `true`: not sure
        break;
      case 'minProperties':
      case 'maxProperties': {
        if (instanceType !== 'object') break;
        if (typeof value !== 'number') return false;
        const count = Object.keys(instance as object).length;
        if (key === 'minProperties' ? count < value : count > value) return false;
        break;
      }
      case 'items':
        if (instanceType !== 'array') break;
        if (Array.isArray(value)) return false; // a tuple: not sure
        for (const item of instance as unknown[]) if (!sure(item, value, draft, lookup, next)) return false;
        break;
      case 'minItems':
      case 'maxItems':
        if (instanceType !== 'array') break;
        if (typeof value !== 'number') return false;
        if (key === 'minItems' ? (instance as unknown[]).length < value : (instance as unknown[]).length > value) return false;
        break;
      case 'minLength':
      case 'maxLength': {
        if (instanceType !== 'string') break;
        if (typeof value !== 'number') return false;
        const length = ucs2length(instance as string);
        if (key === 'minLength' ? length < value : length > value) return false;
        break;
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        if (instanceType !== 'number') break;
        if (typeof value !== 'number') return false; // draft-04's boolean exclusive bounds: not sure
        if (!boundHolds(key, instance as number, value)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** A numeric bound as the interpreter applies it after draft-04. */
function boundHolds(key: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum', instance: number, bound: number): boolean {
  switch (key) {
    case 'minimum':
      return !(instance < bound);
    case 'maximum':
      return !(instance > bound);
    case 'exclusiveMinimum':
      return !(instance <= bound);
    default:
      return !(instance >= bound);
  }
}

/** `format` on a string as the interpreter applies it: a known format's check, an unknown format asserts nothing. */
function formatHolds(name: unknown, instance: string): boolean {
  if (typeof name !== 'string') return false;
  const check = (interpreterFormats as Record<string, ((value: string) => boolean) | undefined>)[name];
  return !check || check(instance);
}

/** `properties`: each of its own members the instance has as an own property. */
function propertiesHold(instance: Record<string, unknown>, properties: unknown, draft: SchemaDraft, lookup: Readonly<Record<string, Schema | boolean>>, next: number): boolean {
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return false;
  for (const key in properties) {
    if (!hasOwn(properties, key)) continue;
    if (hasOwn(instance, key) && !sure(instance[key], (properties as Record<string, unknown>)[key], draft, lookup, next)) return false;
  }
  return true;
}

/**
 * `additionalProperties`: every enumerable property of the instance that `properties` does not cover (the
 * interpreter's `for...in` and its own-member test of `properties`; no `patternProperties` in the subset).
 */
function additionalHold(instance: Record<string, unknown>, properties: unknown, additional: unknown, draft: SchemaDraft, lookup: Readonly<Record<string, Schema | boolean>>, next: number): boolean {
  if (additional === true) return true;
  const declared = properties !== null && typeof properties === 'object' && !Array.isArray(properties) ? (properties as object) : undefined;
  if (properties !== undefined && declared === undefined) return false;
  for (const key in instance) {
    if (declared !== undefined && hasOwn(declared, key) && hasOwn(instance, key)) continue; // covered by `properties`
    if (!sure(instance[key], additional, draft, lookup, next)) return false;
  }
  return true;
}
