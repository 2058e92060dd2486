/**
 * A Map and a Set that keep at most `max` entries, forgetting the least recently written
 * first. The order context's caches (last row per order id, ids known or claimed) grow
 * with every order the account ever shows; a session left running for weeks must not grow
 * without end, and what falls out is old enough that the broker's book or the journal
 * still has it.
 */

/** A Map bounded to `max` entries; `set` refreshes an entry's place (least recently set goes first). */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    super();
    if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be >= 1');
  }

  override set(key: K, value: V): this {
    // Map is built by calling set() before `max` exists; nothing to bound then.
    if (this.max === undefined) return super.set(key, value);
    super.delete(key);
    super.set(key, value);
    while (this.size > this.max) {
      const oldest = this.keys().next();
      if (oldest.done) break;
      super.delete(oldest.value);
    }
    return this;
  }
}

/** A Set bounded to `max` values; `add` refreshes a value's place (least recently added goes first). */
export class BoundedSet<T> extends Set<T> {
  constructor(readonly max: number) {
    super();
    if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be >= 1');
  }

  override add(value: T): this {
    if (this.max === undefined) return super.add(value);
    super.delete(value);
    super.add(value);
    while (this.size > this.max) {
      const oldest = this.values().next();
      if (oldest.done) break;
      super.delete(oldest.value);
    }
    return this;
  }
}
