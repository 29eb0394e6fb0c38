/**
 * Mutants of a JSON value for differential tests of validators (test/wire/precompiled.test.ts,
 * test/wire/sure-valid.test.ts): each member, at any depth, replaced by each of `wrong` or removed.
 */

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const REMOVED = Symbol('removed');

/**
 * Every value that differs from `seed` in one member (an array item or an object member, at any depth): that member
 * replaced by each value of `wrong`, or removed. The seed itself is not included; the seed is never mutated.
 */
export function mutants(seed: unknown, wrong: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  const visit = (node: unknown, replace: (v: unknown) => unknown): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        const set = (v: unknown) => replace(v === REMOVED ? node.filter((_, j) => j !== i) : node.map((x, j) => (j === i ? v : x)));
        for (const w of [...wrong, REMOVED]) out.push(set(w));
        visit(item, set);
      });
      return;
    }
    if (!isObj(node)) return;
    for (const key of Object.keys(node)) {
      const set = (v: unknown) => {
        if (v !== REMOVED) return replace({ ...node, [key]: v });
        const { [key]: _gone, ...rest } = node;
        return replace(rest);
      };
      for (const w of [...wrong, REMOVED]) out.push(set(w));
      visit(node[key], set);
    }
  };
  visit(seed, (v) => v);
  return out;
}
