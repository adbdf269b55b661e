import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept before it starts the next one:
 * a fixed 300 % (up to four times the live heap: the factor V8 itself picks under load), instead of V8's own choice.
 *
 * V8 picks that factor from how fast JavaScript allocates: up to 4 under load, down to 1.1 when the process is idle
 * — or streaming an upload, whose 64 KB body chunks are external memory, not heap. After a full collection at such a
 * quiet time (V8's memory reducer runs one after a few idle seconds), the next limit is 1.1 × the live heap + 16 MB:
 * about 26 MB of headroom for Obra's ~100 MB heap, below the new space's 32 MB. V8 then starts an incremental
 * marking of the whole heap again after every scavenge, back to back, for as long as a body streams in, and every
 * one of those collections sets the same low limit again: 3–4 s of CPU per GB received instead of 0.5–1, for any
 * body, Obra's upload route or a bare `node:http` receiver in the same process alike (docs/benchmarks.md, issue 14).
 * With a fixed factor the headroom stays above the new space and an upload runs with scavenges only; 4 rather than 2
 * (which also does) because 2 doubled the full collections of a GraphQL load, where V8 picks 4 on its own.
 */
export const HEAP_GROWING_PERCENT = 300;

const GROWING_FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Sets V8's heap growing factor for the server process (called first by main.ts; the stream bench calls it for the
 * servers it measures), unless the command line already sets one: an operator's own choice wins
 * (`--heap-growing-percent=0` gives V8's own factor back). Returns whether
 * it set the flag. V8 reads the factor at every full collection, so setting it after start-up applies from the
 * next one on.
 */
export function applyServerHeapSettings(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => GROWING_FLAG.test(arg))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
