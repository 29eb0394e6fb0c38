/**
 * `$ref` policy (spec:2026-07-28/basic/index.mdx §$ref Resolution; SEP-2106): remote refs are never
 * fetched and are reported; local refs must resolve inside the document; recursive refs are valid
 * but reported separately so portability checks can note them. Linear in the document: every node's
 * base URI comes from its parent's, each distinct ref is resolved once.
 */
import type { SchemaIssue } from './service.ts';
import { resolvePointer } from './pointer.ts';
import { walkSchema } from './walk.ts';

const BASE = 'https://mcp-harness.invalid/schema.json';
const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'];
const ANCHOR_KEYWORDS = ['$anchor', '$dynamicAnchor'];

/** One `$ref` (or `$dynamicRef`/`$recursiveRef`) found in a schema. */
export interface RefSite {
  /** Pointer of the ref keyword itself, e.g. `/properties/x/$ref`. */
  pointer: string;
  /** Pointer of the schema object that holds the ref. */
  holder: string;
  keyword: string;
  ref: string;
  /** Where it resolves (document pointer), when it is local and resolves. */
  target?: string;
  kind: 'local' | 'remote' | 'unresolved';
}

/**
 * A fragment-only reference whose characters the URL parser copies unchanged (none in its fragment
 * percent-encode set, no `%` to normalise): `#`, `#/$defs/A`, `#/properties/a-b.c~1d`.
 */
const PLAIN_FRAGMENT = /^#[A-Za-z0-9_$.~/-]*$/;

/** Resolve a URI reference against an absolute base (WHATWG URL `href`); undefined when it is not a valid URI reference. Never throws. */
export function resolveUri(ref: string, base: string): string | undefined {
  // a plain fragment against the default base (no fragment of its own): that base with the fragment, as `new URL` gives it
  if (base === BASE && PLAIN_FRAGMENT.test(ref)) return `${base}${ref}`;
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

/** Percent-decode a URI fragment (RFC 6901 §6); returns it unchanged when malformed. */
function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The document index: base URI per subschema pointer, `$id` resources and anchors. */
interface DocumentIndex {
  /** Subschema pointer -> base URI in effect there, for the subschemas whose base is not BASE (absent: BASE). */
  bases: Map<string, string>;
  /** Absolute URI (without fragment) -> pointer of the resource. */
  resources: Map<string, string>;
  /** `uri#anchor` -> pointer. */
  anchors: Map<string, string>;
}

/** A ref keyword met while indexing, classified once the whole document is indexed. */
type PendingRef = { pointer: string; keyword: string; ref: string };

/**
 * Index `$id` resources and anchors in one walk, collecting the ref keywords met on the way; a node's
 * base is its parent's, changed by its own `$id`.
 */
function indexDocument(root: unknown, refs: PendingRef[]): DocumentIndex {
  const index: DocumentIndex = { bases: new Map(), resources: new Map([[BASE, '']]), anchors: new Map() };
  walkSchema(root, (visit) => {
    const node = visit.node;
    if (typeof node === 'boolean') return;
    // pointers are read only where a base, a resource, an anchor or a ref needs one (./walk.ts builds them then)
    let base = index.bases.size === 0 ? BASE : (visit.parent === undefined ? undefined : index.bases.get(visit.parent)) ?? BASE;
    if (typeof node.$id === 'string') {
      const pointer = visit.pointer;
      const [uriPart, fragment] = node.$id.split('#');
      const resolved = uriPart ? resolveUri(uriPart, base) : undefined;
      if (resolved) {
        base = resolved;
        index.resources.set(resolved, pointer);
      }
      if (fragment) index.anchors.set(`${base}#${fragment}`, pointer);
    }
    for (const key of ANCHOR_KEYWORDS) if (typeof node[key] === 'string') index.anchors.set(`${base}#${node[key] as string}`, visit.pointer);
    if (base !== BASE) index.bases.set(visit.pointer, base); // absent means BASE (most documents carry no $id: no entry per subschema)
    for (const keyword of REF_KEYWORDS) {
      const ref = node[keyword];
      if (typeof ref === 'string') refs.push({ pointer: visit.pointer, keyword, ref });
    }
  });
  return index;
}

/** Classify one ref string under a base: where it points (`target`) and its kind. */
function classify(root: unknown, index: DocumentIndex, ref: string, base: string): Pick<RefSite, 'kind' | 'target'> {
  const absolute = resolveUri(ref, base);
  if (absolute === undefined) return { kind: 'unresolved' };
  const [uri, fragment = ''] = absolute.split('#');
  const resourcePointer = index.resources.get(uri);
  if (resourcePointer === undefined) return { kind: 'remote' };
  const decoded = safeDecode(fragment);
  const target = decoded === '' || decoded.startsWith('/') ? resourcePointer + decoded : index.anchors.get(`${uri}#${decoded}`);
  return target !== undefined && resolvePointer(root, target).found ? { kind: 'local', target } : { kind: 'unresolved' };
}

/** findRefs results by document object (the compile path and schema/portability ask for the same listing schemas). */
const found = new WeakMap<object, readonly RefSite[]>();

/**
 * Classify every ref of `root` (each distinct ref/base pair resolved once), in document order. One
 * walk; the result is kept per document object (treat it as read-only). Never throws.
 */
export function findRefs(root: unknown): RefSite[] {
  const known = root !== null && typeof root === 'object' ? found.get(root) : undefined;
  if (known) return known as RefSite[];
  const pending: PendingRef[] = [];
  const index = indexDocument(root, pending);
  const resolved = new Map<string, Pick<RefSite, 'kind' | 'target'>>();
  const sites: RefSite[] = [];
  for (const { pointer, keyword, ref } of pending) {
    const base = index.bases.get(pointer) ?? BASE;
    const key = `${base}\u0000${ref}`;
    let where = resolved.get(key);
    if (!where) resolved.set(key, (where = classify(root, index, ref, base)));
    sites.push({ pointer: `${pointer}/${keyword}`, holder: pointer, keyword, ref, ...where });
  }
  if (root !== null && typeof root === 'object') found.set(root, sites);
  return sites;
}

/** Is `pointer` inside (or equal to) `ancestor`? */
export function isWithin(pointer: string, ancestor: string): boolean {
  return ancestor === '' || pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

export { recursiveRefs } from './ref-cycles.ts';

/** The ref problems of a schema as SchemaIssues, value-free (the ref string is part of the schema, not data). */
export function refIssues(sites: RefSite[]): { remote: SchemaIssue[]; unresolved: SchemaIssue[] } {
  const issue = (s: RefSite, what: string): SchemaIssue => ({ pointer: s.pointer, keyword: s.keyword, message: `${s.keyword} '${s.ref}' ${what}` });
  return {
    remote: sites.filter((s) => s.kind === 'remote').map((s) => issue(s, 'is remote and is never fetched')),
    unresolved: sites.filter((s) => s.kind === 'unresolved').map((s) => issue(s, 'does not resolve inside the schema document')),
  };
}
