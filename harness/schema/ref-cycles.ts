/**
 * Recursive `$ref`s: which local refs take part in a cycle. Valid JSON Schema (spec:2026-07-28/basic
 * §$ref Resolution), reported as a portability note. Linear-ish: a graph over the distinct ref
 * targets (an edge from target A to target B when a ref to B sits inside A), strongly connected
 * components found once (Tarjan, iterative), then each ref checked against its holder's ancestors.
 */
import type { RefSite } from './refs.ts';

/** The pointer and every ancestor pointer of it, root ('') first: '/a/b' -> ['', '/a', '/a/b']. */
function ancestorsOf(pointer: string): string[] {
  const out = [''];
  for (let i = 1; i < pointer.length; i++) if (pointer[i] === '/') out.push(pointer.slice(0, i));
  if (pointer !== '') out.push(pointer);
  return out;
}

/** Strongly connected components of a directed graph (iterative Tarjan): node -> component number. */
export function components(nodes: Iterable<string>, edges: Map<string, string[]>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const open: string[] = [];
  let counter = 0;
  let count = 0;
  const enter = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    open.push(node);
  };
  for (const start of nodes) {
    if (index.has(start)) continue;
    enter(start);
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const out = edges.get(frame.node) ?? [];
      if (frame.next < out.length) {
        const to = out[frame.next++];
        if (!index.has(to)) {
          enter(to);
          work.push({ node: to, next: 0 });
        } else if (!component.has(to)) low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      let member: string;
      do {
        member = open.pop() as string;
        component.set(member, count);
      } while (member !== frame.node);
      count++;
    }
  }
  return component;
}

/** Local refs that take part in a cycle (the schema is recursive). Input order is kept. */
export function recursiveRefs(sites: RefSite[]): RefSite[] {
  const local = sites.filter((s): s is RefSite & { target: string } => s.kind === 'local' && s.target !== undefined);
  const targets = new Set(local.map((s) => s.target));
  const holderTargets = new Map<RefSite, string[]>();
  const edges = new Map<string, string[]>();
  for (const site of local) {
    const enclosing = ancestorsOf(site.holder).filter((a) => targets.has(a));
    holderTargets.set(site, enclosing);
    for (const a of enclosing) {
      const list = edges.get(a) ?? [];
      if (list.length === 0) edges.set(a, list);
      list.push(site.target);
    }
  }
  const component = components(targets, edges);
  return local.filter((s) => (holderTargets.get(s) ?? []).some((a) => component.get(a) === component.get(s.target)));
}
