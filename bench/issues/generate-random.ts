/** A small deterministic random source: the same seed gives the same project. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
}

/** mulberry32: fast, and good enough for picking realistic mixes. */
export function createRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T };
}
