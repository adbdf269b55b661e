/** One request of the load test. */
export interface Sample {
  op: string;
  ms: number;
  /** `ok`, or what went wrong: an HTTP status, a GraphQL error code, or a transport failure. */
  outcome: string;
}

/** The figures of one operation (or of all). */
export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

/** The value below which `q` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export function figuresOf(samples: readonly Sample[], seconds: number): Figures {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    perSecond: samples.length / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    errors: samples.filter((s) => s.outcome !== 'ok').length,
  };
}

/** A markdown table of the figures, all operations first. */
export function table(samples: readonly Sample[], seconds: number): string {
  const ops = [...new Set(samples.map((s) => s.op))].sort();
  const row = (name: string, f: Figures): string =>
    `| ${name} | ${f.requests} | ${f.perSecond.toFixed(1)} | ${f.p50.toFixed(0)} | ${f.p95.toFixed(0)} | ${f.p99.toFixed(0)} | ${f.max.toFixed(0)} | ${f.errors} |`;
  return [
    '| Operation | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |',
    '|---|---|---|---|---|---|---|---|',
    row('**all**', figuresOf(samples, seconds)),
    ...ops.map((op) =>
      row(
        op,
        figuresOf(
          samples.filter((s) => s.op === op),
          seconds,
        ),
      ),
    ),
  ].join('\n');
}

/** Errors grouped by what went wrong. */
export function errorSummary(samples: readonly Sample[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples)
    if (s.outcome !== 'ok') out[`${s.op}: ${s.outcome}`] = (out[`${s.op}: ${s.outcome}`] ?? 0) + 1;
  return out;
}
