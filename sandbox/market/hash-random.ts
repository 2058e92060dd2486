/**
 * Counter-based random numbers: `randomAt(seed, key, step)` is a pure function, so the price
 * of any instrument at any simulation step can be computed lazily, in any order, and comes
 * out the same for the same seed. A stateful PRNG would make the walk depend on which
 * instruments happened to be read first.
 */

/** 32-bit FNV-1a hash of a string, used to turn tickers into walk keys. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) determined only by its three inputs. */
export function randomAt(seed: number, key: number, step: number): number {
  const h = mix(mix(seed ^ 0x9e3779b9) ^ mix(key + 0x632be5ab) ^ Math.imul(step + 1, 0x85ebca6b));
  return h / 4294967296;
}

/** A small seeded PRNG (mulberry32) for one-off seeded choices such as the demo portfolio. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
