import { describe, expect, it } from 'vitest';
import { readWithProgress, type DownloadProgress } from './bim-api.ts';
import { ModelLoadStore, openingFraction } from './bim-load-progress.tsx';

/** A response whose body arrives in the given chunks. */
function streamed(chunks: number[][], length?: number): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  });
  return new Response(body, length === undefined ? {} : { headers: { 'content-length': String(length) } });
}

describe('a model download read as it streams in', () => {
  it('reports each chunk against the announced length and answers the whole bytes', async () => {
    const seen: DownloadProgress[] = [];
    const bytes = await readWithProgress(streamed([[1, 2, 3], [4, 5], [6]], 6), (p) => seen.push(p));
    expect([...bytes]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen).toEqual([
      { received: 0, total: 6 },
      { received: 3, total: 6 },
      { received: 5, total: 6 },
      { received: 6, total: 6 },
      { received: 6, total: 6 },
    ]);
  });

  it('grows its buffer when the length is unknown, and ends with the size read', async () => {
    const big = Array.from({ length: 700_000 }, (_, i) => i % 251);
    const seen: DownloadProgress[] = [];
    const bytes = await readWithProgress(streamed([big, big.slice(0, 600_000)]), (p) => seen.push(p));
    expect(bytes.byteLength).toBe(1_300_000);
    expect(bytes[699_999]).toBe(699_999 % 251);
    expect(bytes[1_299_999]).toBe(599_999 % 251);
    expect(seen[1]).toEqual({ received: 700_000, total: null });
    expect(seen.at(-1)).toEqual({ received: 1_300_000, total: 1_300_000 });
  });
});

describe('the viewer’s loading panel state', () => {
  it('goes waiting, downloading (a step per percent), opening, shown, one model after another', () => {
    const store = new ModelLoadStore();
    let redraws = 0;
    store.subscribe(() => redraws++);
    store.reset([
      { fileId: 1, label: 'ARQ' },
      { fileId: 2, label: 'EST' },
    ]);
    expect(store.get().map((l) => l.stage)).toEqual(['waiting', 'waiting']);
    store.update(1, { stage: 'downloading' });
    redraws = 0;
    for (let received = 0; received <= 10_000; received += 10)
      store.downloaded(1, { received, total: 10_000 });
    // A thousand chunks, about a hundred redraws.
    expect(redraws).toBeGreaterThan(90);
    expect(redraws).toBeLessThan(110);
    expect(store.get()[0]).toMatchObject({ stage: 'downloading', received: 10_000, total: 10_000 });
    store.update(1, { stage: 'opening', opening: openingFraction('parsing', 0.5) });
    expect(store.get()[0]?.opening).toBeCloseTo(0.5);
    store.update(1, { stage: 'shown' });
    expect(store.get().map((l) => l.stage)).toEqual(['shown', 'waiting']);
  });

  it('reads the fragments worker’s stages as one fraction', () => {
    expect(openingFraction('decompressing', 0)).toBe(0);
    expect(openingFraction('generating', 1)).toBe(1);
    expect(openingFraction('done', 0)).toBe(1);
    expect(openingFraction('unknown', 0.7)).toBe(0);
  });
});
