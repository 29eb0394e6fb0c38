/**
 * `$ref` policy (spec:2026-07-28/basic/index.mdx §$ref Resolution; SEP-2106): remote refs are never
 * fetched and are reported; local refs must resolve inside the document; recursive refs are valid
 * but reported separately so portability checks can note them.
 */
import type { SchemaIssue } from './service.ts';
import { joinPointer, resolvePointer } from './pointer.ts';
import { walkSchema } from './walk.ts';

const BASE = 'https://mcp-harness.invalid/schema.json';

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

/** Resolve a URI against a base; undefined when it is not a valid URI reference. */
function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

/** Index `$id` resources and anchors: absolute URI (without fragment) -> pointer; `uri#anchor` -> pointer. */
function indexDocument(root: unknown): { bases: Map<string, string>; resources: Map<string, string>; anchors: Map<string, string> } {
  const bases = new Map<string, string>([['', BASE]]);
  const resources = new Map<string, string>([[BASE, '']]);
  const anchors = new Map<string, string>();
  walkSchema(root, ({ node, pointer }) => {
    if (typeof node === 'boolean') return;
    const parent = [...bases.keys()].filter((p) => p === '' || pointer === p || pointer.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0] ?? '';
    let base = bases.get(parent) ?? BASE;
    if (typeof node.$id === 'string') {
      const [uriPart, fragment] = node.$id.split('#');
      const resolved = uriPart ? resolveUri(uriPart, base) : undefined;
      if (resolved) {
        base = resolved;
        resources.set(resolved, pointer);
        bases.set(pointer, resolved);
      }
      if (fragment) anchors.set(`${base}#${fragment}`, pointer);
    }
    for (const key of ['$anchor', '$dynamicAnchor']) if (typeof node[key] === 'string') anchors.set(`${base}#${node[key] as string}`, pointer);
    if (!bases.has(pointer)) bases.set(pointer, base);
  });
  return { bases, resources, anchors };
}

/** Classify every ref of `root`. Never throws. */
export function findRefs(root: unknown): RefSite[] {
  const { bases, resources, anchors } = indexDocument(root);
  const sites: RefSite[] = [];
  walkSchema(root, ({ node, pointer }) => {
    if (typeof node === 'boolean') return;
    for (const keyword of ['$ref', '$dynamicRef', '$recursiveRef']) {
      const ref = node[keyword];
      if (typeof ref !== 'string') continue;
      const site = { pointer: joinPointer(pointer, keyword), holder: pointer, keyword, ref };
      const absolute = resolveUri(ref, bases.get(pointer) ?? BASE);
      const [uri, fragment = ''] = (absolute ?? '').split('#');
      const resourcePointer = absolute === undefined ? undefined : resources.get(uri);
      if (resourcePointer === undefined) {
        sites.push({ ...site, kind: absolute === undefined ? 'unresolved' : 'remote' });
        continue;
      }
      const decoded = safeDecode(fragment);
      const target = decoded === '' || decoded.startsWith('/') ? resourcePointer + decoded : anchors.get(`${uri}#${decoded}`);
      const found = target !== undefined && resolvePointer(root, target).found;
      sites.push(found ? { ...site, kind: 'local', target } : { ...site, kind: 'unresolved' });
    }
  });
  return sites;
}

/** Percent-decode a URI fragment (RFC 6901 §6); returns it unchanged when malformed. */
function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** Is `pointer` inside (or equal to) `ancestor`? */
export function isWithin(pointer: string, ancestor: string): boolean {
  return ancestor === '' || pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

/** Local refs that take part in a cycle (the schema is recursive). Valid JSON Schema; reported as a note. */
export function recursiveRefs(sites: RefSite[]): RefSite[] {
  const local = sites.filter((s) => s.kind === 'local' && s.target !== undefined);
  const next = (s: RefSite): RefSite[] => local.filter((o) => isWithin(o.holder, s.target as string));
  return local.filter((start) => {
    const seen = new Set<RefSite>();
    const stack = next(start);
    while (stack.length > 0) {
      const cur = stack.pop() as RefSite;
      if (cur === start) return true;
      if (seen.has(cur)) continue;
      seen.add(cur);
      stack.push(...next(cur));
    }
    return false;
  });
}

/** The ref problems of a schema as SchemaIssues, value-free (the ref string is part of the schema, not data). */
export function refIssues(sites: RefSite[]): { remote: SchemaIssue[]; unresolved: SchemaIssue[] } {
  const issue = (s: RefSite, what: string): SchemaIssue => ({ pointer: s.pointer, keyword: s.keyword, message: `${s.keyword} '${s.ref}' ${what}` });
  return {
    remote: sites.filter((s) => s.kind === 'remote').map((s) => issue(s, 'is remote and is never fetched')),
    unresolved: sites.filter((s) => s.kind === 'unresolved').map((s) => issue(s, 'does not resolve inside the schema document')),
  };
}
