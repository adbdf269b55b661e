/** A small seeded pseudo-random generator (mulberry32): the same seed replays the same fuzz run. */
export interface Random {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Some items, in random order, at most `max`. */
  some<T>(items: readonly T[], max: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(items.length)] as T;
  };
  return {
    seed,
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (p) => next() < p,
    pick,
    some: (items, max) => {
      const copy = [...items];
      const out: (typeof copy)[number][] = [];
      const count = int(Math.min(max, copy.length) + 1);
      for (let i = 0; i < count; i++) out.push(copy.splice(int(copy.length), 1)[0] as (typeof copy)[number]);
      return out;
    },
  };
}

/** The seed of this run: FUZZ_SEED when given (to replay a failure), else a fresh one. */
export function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given !== undefined && given !== '') {
    const parsed = Number(given);
    if (!Number.isInteger(parsed)) throw new Error(`FUZZ_SEED must be an integer, got ${given}`);
    return parsed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}

/** How many operations to send: FUZZ_RUNS when given (a longer run), else the bounded default of `npm test`. */
export function fuzzRuns(defaultRuns: number): number {
  const given = Number(process.env.FUZZ_RUNS ?? '');
  return Number.isInteger(given) && given > 0 ? given : defaultRuns;
}
