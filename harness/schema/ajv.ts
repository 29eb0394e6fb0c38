/**
 * The ajv-backed SchemaService (interface in ./service.ts): dialect dispatch by `$schema`, a compile
 * cache keyed by the sha256 of (dialect, the schema's JSON text), the `$ref` policy (remote refs reported,
 * never fetched; unresolved local refs reported with the pointer of the `$ref`), the depth limit
 * (documents nested deeper than MAX_SCHEMA_DEPTH are a `compile-error`, checked before anything
 * hashes or walks them; `metaValidate` leaves them alone so that one finding reports them), the expansion budget (a
 * schema whose `$ref`s expand past MAX_EXPANDED_SUBSCHEMAS subschemas is a `compile-error`: ./expansion.ts), the stack
 * guard (a validator that overflows the call stack, at its compile-time warm-up or later, makes the schema a
 * `compile-error` and answers NOT_EVALUATED_ISSUE: ./stack-guard.ts), and meta-schema validation kept separate from compilation. Every method is total: bad input yields issues, never
 * an exception. ajv compiles a copy of each schema: OpenAPI's `nullable` stripped (./canonicalise.ts), and an empty
 * `enum`, which ajv refuses although JSON Schema allows it, replaced by an unsatisfiable equivalent (./empty-enum.ts),
 * its issues mapped back to the `enum`. An issue's `schemaPointer` is the absolute location of the failing keyword in
 * the document (./keyword-pointer.ts: ajv's `schemaPath` is relative to a recursive `$ref` target's own function), or
 * the root ('') for a `false` subschema whose place ajv's path does not settle. Spec: spec:2025-11-25/basic/index.mdx §JSON Schema Usage; SEP-2106.
 */
import { withoutNullableKeyword } from './canonicalise.ts';
import type { JsonSchema } from '../model/protocol.ts';
import { hash } from 'node:crypto';
import { isPlainJsonData } from '../json.ts';
import { dialectOf } from './dialects.ts';
import { depthIssue, isTooDeep } from './depth.ts';
import { withoutEmptyEnums } from './empty-enum.ts';
import { compileIsolated, createEngine, type AjvError, type Engine, type EngineValidate } from './engines.ts';
import { interpretable } from './interpret.ts';
import { precompiledMeta } from './meta.ts';
import { surelyMetaValid2020 } from './meta-fast.ts';
import { expansionIssue, isTooExpansive } from './expansion.ts';
import { findRefs, refIssues } from './refs.ts';
import { keywordPointer, schemaNodes, type SchemaNodes } from './keyword-pointer.ts';
import { NOT_EVALUATED_ISSUE, isStackOverflow, stackIssue } from './stack-guard.ts';
import type { CompileResult, Dialect, SchemaIssue, SchemaService, ValidationIssue } from './service.ts';

/**
 * ajv's `schemaPath` (a URI fragment, `#/properties/a%20b/type`) as the JSON pointer (RFC 6901) it names,
 * `/properties/a b/type`. ajv percent-encodes the names it appends (`encodeURIComponent` of the pointer-escaped name:
 * properties, patternProperties, dependentSchemas...) but keeps a `$ref`'s fragment as the schema wrote it, so the
 * path is decoded as RFC 6901 §6 reads a fragment: percent-decoding first; a segment that is not valid
 * percent-encoding (a `$ref` written with a bare `%`) stays as written. The `~0`/`~1` escapes are kept: the result is
 * a pointer in the document's own names, as the schema walker writes them (./walk.ts). Pure; never throws.
 */
export function schemaPathPointer(schemaPath: string): string {
  const fragment = schemaPath.replace(/^#/, '');
  if (!fragment.includes('%')) return fragment;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment.split('/').map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    }).join('/');
  }
}

/**
 * Turn ajv errors into value-free validation issues (no params, no instance data). `locate` names the keyword where
 * the document holds it, given the error and its `schemaPath` as a pointer (relative to the function that reported
 * it, see ./keyword-pointer.ts); without it, that relative pointer is the issue's `schemaPointer`.
 */
export function toValidationIssues(errors: AjvError[] | null | undefined, locate?: (error: AjvError, schemaPointer: string) => string): ValidationIssue[] {
  return (errors ?? []).map((e) => ({
    instancePointer: e.instancePath,
    schemaPointer: locate ? locate(e, schemaPathPointer(e.schemaPath)) : schemaPathPointer(e.schemaPath),
    keyword: e.keyword,
    message: e.message ?? `fails '${e.keyword}'`,
  }));
}

/** Turn ajv meta-schema errors into schema issues: one per pointer (the most specific, reported first). */
export function toSchemaIssues(errors: AjvError[] | null | undefined): SchemaIssue[] {
  const byPointer = new Map<string, SchemaIssue>();
  for (const e of errors ?? []) {
    if (!byPointer.has(e.instancePath)) byPointer.set(e.instancePath, { pointer: e.instancePath, keyword: e.keyword, message: e.message ?? `fails '${e.keyword}'` });
  }
  return [...byPointer.values()];
}

/** The message of a thrown value, without stack. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Schema service switches. */
export interface SchemaServiceOptions {
  /**
   * Validate schemas in the interpreter's subset without code generation (./interpret.ts): "valid"
   * comes from the interpreter, everything else from ajv compiled on first need. Default true; false
   * compiles every schema with ajv up front (the parity test and the benchmark compare both).
   */
  interpret?: boolean;
}

/** The issue returned if ajv refuses a schema the interpreter accepted (the parity test keeps this from happening). */
const LATE_COMPILE_ISSUE: ValidationIssue = { instancePointer: '', schemaPointer: '', keyword: 'compile', message: 'the schema does not compile' };

/**
 * Call a freshly compiled ajv validator (and the validators of the `$ref` targets it compiled apart) once, on null,
 * so that V8 compiles their code now: a function too large for V8's compiler overflows the stack on its first call
 * (./stack-guard.ts), and here that is a compile error. Any other throw is left to the validation it would disturb.
 * @throws RangeError when a validator overflows the call stack
 */
function warm(fn: EngineValidate): void {
  const refs = (fn as { schemaEnv?: { root?: { refs?: Record<string, unknown> } } }).schemaEnv?.root?.refs ?? {};
  const validators: unknown[] = [fn];
  for (const env of Object.values(refs)) if (env !== null && typeof env === 'object') validators.push((env as { validate?: unknown }).validate);
  for (const validate of validators) {
    if (typeof validate !== 'function') continue;
    try {
      validate(null);
    } catch (error) {
      if (isStackOverflow(error)) throw error;
    }
  }
}

/**
 * The pointers (in the document `nodes` maps) a relative schema path of `fn`'s errors may be read from: '' (its root),
 * each `$ref` target ajv compiled as a function of its own (`schemaEnv.root.refs`, as `warm` reads them), and each
 * object with a string `$id` (an embedded resource: an inlined `#/...` `$ref` inside it is named relative to it).
 * Never throws.
 */
function compiledBases(fn: EngineValidate, nodes: SchemaNodes): string[] {
  const refs = (fn as { schemaEnv?: { root?: { refs?: Record<string, unknown> } } }).schemaEnv?.root?.refs ?? {};
  const bases = [''];
  for (const env of Object.values(refs)) {
    const schema = env !== null && typeof env === 'object' ? (env as { schema?: unknown }).schema : undefined;
    const at = schema !== null && typeof schema === 'object' ? nodes.get(schema) : undefined;
    if (typeof at === 'string') bases.push(at);
  }
  for (const [node, at] of nodes) if (typeof at === 'string' && at !== '' && typeof (node as { $id?: unknown }).$id === 'string') bases.push(at);
  return bases;
}

/** The issue of a schema whose reading threw (a getter, a revoked Proxy of a contract module written in code). */
function unreadable(error: unknown): SchemaIssue {
  return { pointer: '', keyword: 'compile', message: `the schema could not be read: ${messageOf(error)}` };
}

/** Create a schema service with its own engines and caches (one per run). */
export function createSchemaService(options: SchemaServiceOptions = {}): SchemaService {
  const interpret = options.interpret ?? true;
  /** Compile results by schema object: a listing's schema is compiled by several checks (no hashing for a repeat). */
  const byObject = new WeakMap<object, CompileResult>();
  const engines = new Map<Dialect, Engine>();
  const compiled = new Map<string, CompileResult>();
  const metaCache = new Map<string, SchemaIssue[]>();
  let compiles = 0;
  let hits = 0;
  let interpreted = 0;
  const engine = (d: Dialect): Engine => {
    let e = engines.get(d);
    if (!e) engines.set(d, (e = createEngine(d, {}, true)));
    return e;
  };

  /**
   * The cache key of (dialect, schema), shared by the compile cache and the meta-validation cache: the compile
   * path meta-validates the schema it compiles, and both keyed it by the same hash. Kept per schema object.
   * The sha256 of the dialect and the schema's JSON text (JSON.stringify: native, one flat string), so equal
   * documents written in the same key order share an entry; a key-order variant compiles again (one listing's
   * generator writes one order). The sorted-key hash it replaced allocated ~28 KB per schema (56 MB and ~40 ms at
   * 1,000 tools, issue 12). A document that is not plain JSON data (a BigInt, a cycle, a Date, a boxed primitive, an
   * undefined or function member: no listing holds one, a contract package might) gets a key of its own: compiled (or
   * refused) once per object, never shared, never a throw.
   */
  const keyByObject = new WeakMap<object, string>();
  let unkeyed = 0;
  const keyOf = (dialect: Dialect, schema: JsonSchema): string => {
    // only for plain JSON data is equal text an equal schema (a Date's toJSON, a boxed string, a dropped undefined or
    // function member would make two different schemas one key: a reviewer's `{const: new Date(0)}`)
    if (!isPlainJsonData(schema)) return `unkeyed:${++unkeyed}`;
    return hash('sha256', `${dialect}\u0000${JSON.stringify(schema)}`, 'hex');
  };
  const cacheKey = (dialect: Dialect, schema: JsonSchema): string => {
    if (typeof schema !== 'object' || schema === null) return keyOf(dialect, schema);
    let key = keyByObject.get(schema);
    if (key === undefined) keyByObject.set(schema, (key = keyOf(dialect, schema)));
    return key;
  };

  /**
   * `isTooDeep` by schema object: the compile path and metaValidate each ask it of the same listing schema
   * (a walk of the whole document each). Schemas are never mutated after listing (the caches above assume it too).
   */
  const depthByObject = new WeakMap<object, boolean>();
  const tooDeep = (schema: JsonSchema): boolean => {
    if (typeof schema !== 'object' || schema === null) return false;
    let deep = depthByObject.get(schema);
    if (deep === undefined) depthByObject.set(schema, (deep = isTooDeep(schema)));
    return deep;
  };

  /** metaValidate results by schema object (the compile path and schema/dialect ask for the same listing schemas; no second hash). */
  const metaByObject = new WeakMap<object, SchemaIssue[]>();
  const metaValidate = (schema: JsonSchema): SchemaIssue[] => {
    const known = typeof schema === 'object' && schema !== null ? metaByObject.get(schema) : undefined;
    if (known) return known;
    let issues: SchemaIssue[];
    try {
      issues = metaValidateKeyed(schema);
    } catch (error) {
      issues = [unreadable(error)]; // see `compile`
    }
    if (typeof schema === 'object' && schema !== null) metaByObject.set(schema, issues);
    return issues;
  };

  const metaValidateKeyed = (schema: JsonSchema): SchemaIssue[] => {
    const info = dialectOf(schema);
    if (!info.dialect) return [{ pointer: '/$schema', keyword: '$schema', message: 'declares an unsupported dialect' }];
    if (tooDeep(schema)) return [];
    // the common subset the 2020-12 meta-schema surely accepts: ajv's answer ([]) without running its validator or hashing
    if (info.dialect === '2020-12' && surelyMetaValid2020(schema)) return [];
    const key = cacheKey(info.dialect, schema);
    const cached = metaCache.get(key);
    if (cached) return cached;
    let issues: SchemaIssue[];
    try {
      const meta = precompiledMeta(info.dialect, schema);
      if (typeof schema === 'boolean') issues = []; // ajv's validateSchema: a boolean schema is valid
      else if (meta) issues = meta(schema) ? [] : toSchemaIssues(meta.errors);
      else {
        const e = engine(info.dialect);
        issues = e.validateSchema(schema) === true ? [] : toSchemaIssues(e.errors);
      }
    } catch (error) {
      issues = [{ pointer: '', keyword: '$schema', message: `meta-schema validation failed: ${messageOf(error)}` }];
    }
    metaCache.set(key, issues);
    return issues;
  };

  const compileFresh = (schema: JsonSchema, dialect: Dialect): CompileResult => {
    if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) {
      return { ok: false, dialect, reason: 'invalid-schema', issues: [{ pointer: '', keyword: 'type', message: 'a schema must be an object or a boolean' }] };
    }
    const refs = refIssues(findRefs(schema));
    if (refs.remote.length > 0) return { ok: false, dialect, reason: 'remote-ref', issues: refs.remote };
    if (refs.unresolved.length > 0) return { ok: false, dialect, reason: 'unresolved-ref', issues: refs.unresolved };
    // past the expansion budget nothing generates or validates against it (./expansion.ts): exponential in its $refs
    if (isTooExpansive(schema)) return { ok: false, dialect, reason: 'compile-error', issues: [expansionIssue()] };
    const stripped = withoutNullableKeyword(schema);
    const valid = interpret && metaValidate(schema).length === 0 ? interpretable(stripped, dialect) : null;
    if (valid) {
      interpreted++;
      return guarded(dialect, lazyAjv(valid, stripped, dialect));
    }
    try {
      return guarded(dialect, ajvValidate(stripped, dialect, true));
    } catch (error) {
      if (isStackOverflow(error)) return { ok: false, dialect, reason: 'compile-error', issues: [stackIssue()] };
      const meta = metaValidate(schema);
      if (meta.length > 0) return { ok: false, dialect, reason: 'invalid-schema', issues: meta };
      return { ok: false, dialect, reason: 'compile-error', issues: [{ pointer: '', keyword: 'compile', message: messageOf(error) }] };
    }
  };

  /**
   * ajv's validate of `stripped` (already without `nullable`): compiled from its ajv copy (./empty-enum.ts), whose
   * issues at a rewritten keyword are given back as the document's `enum`.
   * @throws whatever ajv's `compile` throws (see `compileIsolated`)
   */
  const ajvValidate = (stripped: JsonSchema, dialect: Dialect, warmUp = false): ((instance: unknown) => ValidationIssue[]) => {
    const copy = withoutEmptyEnums(stripped);
    const fn: EngineValidate = compileIsolated(engine(dialect), copy.schema);
    if (warmUp) warm(fn);
    // ajv names a keyword relative to the function that reported it (a recursive `$ref` target starts again at `#`);
    // each issue is named where the document holds it (./keyword-pointer.ts), through a map of the compiled copy's
    // nodes (its pointers are the document's: ./canonicalise.ts and ./empty-enum.ts only delete or add keywords, and
    // `copy.restore` maps the added ones back), built on the first invalid instance
    let nodes: SchemaNodes | undefined;
    let bases: string[] | undefined;
    const falseSchemas = new Map<string, string>(); // a `false` subschema's relative pointer, located once per validator
    const locate = (error: AjvError, schemaPointer: string): string => {
      nodes ??= schemaNodes(copy.schema);
      const known = nodes;
      if (error.parentSchema === false) {
        let located = falseSchemas.get(schemaPointer);
        if (located === undefined) falseSchemas.set(schemaPointer, (located = keywordPointer({ schemaPointer, parentSchema: false }, copy.schema, known, () => (bases ??= compiledBases(fn, known)))));
        return located;
      }
      return keywordPointer({ schemaPointer, parentSchema: error.parentSchema }, copy.schema, known, () => []);
    };
    return (instance) => (fn(instance) ? [] : toValidationIssues(fn.errors, locate).map(copy.restore));
  };

  /**
   * A compiled validate behind the stack guard (./stack-guard.ts): a stack overflow while validating answers
   * NOT_EVALUATED_ISSUE. What follows from it (every later call answered so, `compile` giving the schema's
   * `stackIssue()`) is the scope's (`scoped`): one surface's validations never change another's verdicts.
   */
  const guarded = (dialect: Dialect, validate: (instance: unknown) => ValidationIssue[]): CompileResult => ({
    ok: true,
    dialect,
    validate: (instance) => {
      try {
        return validate(instance);
      } catch (error) {
        if (!isStackOverflow(error)) throw error;
        return [NOT_EVALUATED_ISSUE];
      }
    },
  });

  /** A validate that answers "valid" from the interpreter and asks ajv (compiled on first need) for the issues. */
  const lazyAjv = (valid: (instance: unknown) => boolean | undefined, stripped: JsonSchema, dialect: Dialect) => {
    let fn: ((instance: unknown) => ValidationIssue[]) | null | undefined;
    return (instance: unknown): ValidationIssue[] => {
      if (valid(instance) === true) return [];
      if (fn === undefined) {
        try {
          fn = ajvValidate(stripped, dialect);
        } catch (error) {
          if (isStackOverflow(error)) throw error; // the stack guard's (`guarded`)
          fn = null;
        }
      }
      if (fn === null) return [LATE_COMPILE_ISSUE];
      return fn(instance);
    };
  };

  const compileCached = (schema: JsonSchema): CompileResult => {
    const known = typeof schema === 'object' && schema !== null ? byObject.get(schema) : undefined;
    if (known) {
      hits++;
      return known;
    }
    let result: CompileResult;
    try {
      result = compileKeyed(schema);
    } catch (error) {
      // only a schema written in code gets here (a getter that throws, a revoked Proxy: no JSON text holds one);
      // compile never throws, so it is a compile error naming what the read threw
      result = { ok: false, reason: 'compile-error', issues: [unreadable(error)] };
    }
    if (typeof schema === 'object' && schema !== null) byObject.set(schema, result);
    return result;
  };

  const compileKeyed = (schema: JsonSchema): CompileResult => {
    const info = dialectOf(schema);
    if (!info.dialect) return { ok: false, reason: 'unknown-dialect', issues: [{ pointer: '/$schema', keyword: '$schema', message: 'declares an unsupported dialect' }] };
    if (tooDeep(schema)) return { ok: false, dialect: info.dialect, reason: 'compile-error', issues: [depthIssue()] };
    const key = cacheKey(info.dialect, schema);
    const cached = compiled.get(key);
    if (cached) {
      hits++;
      return cached;
    }
    compiles++;
    const result = compileFresh(schema, info.dialect);
    compiled.set(key, result);
    return result;
  };

  return scoped({ dialectOf, compile: compileCached, metaValidate, stats: () => ({ compiles, hits, interpreted }) });
}

/** The caches and engines of a schema service, shared by its scopes. */
type ServiceCore = Omit<SchemaService, 'scope'>;

/**
 * A scope of `core` (SchemaService.scope): the core's caches, and its own record of the validators that overflowed the
 * call stack. Once one answers NOT_EVALUATED_ISSUE in this scope, it answers so on every later call here (no second
 * overflow's cost) and `compile` gives its schema as a `compile-error` with `stackIssue()` (schema/compile reports
 * it); another scope (surface) still validates with it, so its verdicts never depend on which surface ran first.
 */
function scoped(core: ServiceCore): SchemaService {
  const views = new WeakMap<CompileResult, CompileResult>();
  const view = (result: CompileResult): CompileResult => {
    if (!result.ok) return result;
    let known = views.get(result);
    if (known !== undefined) return known;
    let refusal: CompileResult | undefined;
    const validate = (instance: unknown): ValidationIssue[] => {
      if (refusal !== undefined) return [NOT_EVALUATED_ISSUE];
      const issues = result.validate(instance);
      if (issues.length === 1 && issues[0] === NOT_EVALUATED_ISSUE) {
        refusal = { ok: false, dialect: result.dialect, reason: 'compile-error', issues: [stackIssue()] };
        views.set(result, refusal);
      }
      return issues;
    };
    known = { ok: true, dialect: result.dialect, validate };
    views.set(result, known);
    return known;
  };
  return {
    dialectOf: core.dialectOf,
    metaValidate: core.metaValidate,
    stats: core.stats,
    compile: (schema) => view(core.compile(schema)),
    scope: () => scoped(core),
  };
}
