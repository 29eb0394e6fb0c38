/**
 * The channel's table of in-flight requests by JSON-RPC id (rpc-channel.ts): the part of `Map` it uses, in
 * two arrays that stay put, so a request's bookkeeping dies young.
 *
 * Why not a `Map` (issue 12, memory): the channel adds and deletes one id per request (~20,000 at 1,000
 * tools) while a handful are in flight. A long-lived `Map` under that churn rehashes every few requests, and
 * V8 allocates each new hash table in the old generation and leaves the replaced one there, still pointing
 * at the entries it held. Until the next full collection the young-generation collector treats those
 * pointers as live, so every request's entry, its promise and what that promise settled with were copied
 * into the old generation and stayed there as garbage (~4 MB of the 1,000-tool run's peak). Here a deleted
 * slot is overwritten at once, and arrays replaced on growth are cleared first: nothing dead points at a
 * request's objects.
 *
 * Keys are numbers and strings compared with `===` (1 and "1" are two ids; -0 and 0 one, as in a `Map`).
 * Open addressing with linear probing, at most half full, backward-shift deletion (no tombstones).
 */
export class IdTable<V> {
  private keys: (number | string | undefined)[];
  private vals: (V | undefined)[];
  private mask: number;
  private count = 0;

  /** @param capacity initial slots, a power of two (grows by doubling). */
  constructor(capacity = 16) {
    this.keys = new Array<number | string | undefined>(capacity).fill(undefined);
    this.vals = new Array<V | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
  }

  /** Entries in the table. */
  get size(): number {
    return this.count;
  }

  /** The value of `key`, or undefined. */
  get(key: number | string): V | undefined {
    const i = this.slot(key);
    return this.keys[i] === undefined ? undefined : this.vals[i];
  }

  /** Add or replace the value of `key`. */
  set(key: number | string, value: V): this {
    let i = this.slot(key);
    if (this.keys[i] === undefined) {
      if ((this.count + 1) * 2 > this.keys.length) {
        this.grow();
        i = this.slot(key);
      }
      this.keys[i] = key;
      this.count += 1;
    }
    this.vals[i] = value;
    return this;
  }

  /** Remove `key`; true when it was there. */
  delete(key: number | string): boolean {
    const { keys, vals, mask } = this;
    let i = this.slot(key);
    if (keys[i] === undefined) return false;
    // backward shift: an entry after the gap whose home slot is not cyclically in (gap, itself] moves into it
    for (let j = (i + 1) & mask; keys[j] !== undefined; j = (j + 1) & mask) {
      const home = hashOf(keys[j] as number | string) & mask;
      const stays = i <= j ? i < home && home <= j : i < home || home <= j;
      if (stays) continue;
      keys[i] = keys[j];
      vals[i] = vals[j];
      i = j;
    }
    keys[i] = undefined;
    vals[i] = undefined;
    this.count -= 1;
    return true;
  }

  /** The values, in no particular order (a copy: the table may change while it is read). */
  values(): V[] {
    const out: V[] = [];
    for (let i = 0; i < this.keys.length; i += 1) if (this.keys[i] !== undefined) out.push(this.vals[i] as V);
    return out;
  }

  /** Remove every entry. */
  clear(): void {
    this.keys.fill(undefined);
    this.vals.fill(undefined);
    this.count = 0;
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  private slot(key: number | string): number {
    const { keys, mask } = this;
    let i = hashOf(key) & mask;
    while (keys[i] !== undefined && keys[i] !== key) i = (i + 1) & mask;
    return i;
  }

  /** Double the capacity; the replaced arrays are cleared, so nothing dead points at a value (see the module's docblock). */
  private grow(): void {
    const { keys, vals } = this;
    this.keys = new Array<number | string | undefined>(keys.length * 2).fill(undefined);
    this.vals = new Array<V | undefined>(keys.length * 2).fill(undefined);
    this.mask = keys.length * 2 - 1;
    for (let i = 0; i < keys.length; i += 1) {
      const key = keys[i];
      if (key === undefined) continue;
      const j = this.slot(key);
      this.keys[j] = key;
      this.vals[j] = vals[i];
    }
    keys.fill(undefined);
    vals.fill(undefined);
  }
}

/** A key's hash: a number's int32 truncation (sequential ids fill consecutive slots), a string's FNV-1a. */
function hashOf(key: number | string): number {
  if (typeof key === 'number') return key | 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h;
}
