// Timing helpers: samples are taken interleaved (A, B, C, A, B, C, ...) so that the load of a shared machine
// hits every measure alike, and ratios are taken between medians of the same run.

/** The median and 95th percentile of some samples, in the samples' unit. */
export interface Summary {
  p50: number;
  p95: number;
  n: number;
}

/** Median and p95 (nearest rank) of the samples. */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

/** Milliseconds one call takes, with its value. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/** A measure: a call timed from outside, or one that reports its own milliseconds (a client in a worker). */
export type Measure = (() => Promise<unknown>) | { readonly selfTimed: () => Promise<number> };

async function sample(m: Measure): Promise<number> {
  return typeof m === 'function' ? (await timed(m)).ms : m.selfTimed();
}

/** Runs every measure `repeats` times, interleaved, after one untimed warm-up round; returns the samples by name. */
export async function interleave(
  repeats: number,
  measures: Readonly<Record<string, Measure>>,
): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = {};
  for (const m of Object.values(measures)) await sample(m);
  for (let i = 0; i < repeats; i += 1)
    for (const [name, m] of Object.entries(measures)) (samples[name] ??= []).push(await sample(m));
  return samples;
}

/** `p50 / p95 ms` for a table cell. */
export function cell(s: Summary): string {
  return `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}`;
}
