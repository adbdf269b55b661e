import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFileBrowser, type FilesPage } from './use-file-browser.ts';

type Row = { id: number };
const ids = (files: readonly Row[] | null) => files?.map((f) => f.id) ?? null;

/** A list of `count` rows served `size` at a time; each call is recorded as `key:page`. */
function server(count: number, size: number, calls: string[], key: string) {
  return (page: number): Promise<FilesPage<Row>> => {
    calls.push(`${key}:${page}`);
    const files = Array.from({ length: count }, (_, i) => ({ id: i + 1 })).slice(
      (page - 1) * size,
      page * size,
    );
    return Promise.resolve({ files, total: count });
  };
}

describe('useFileBrowser', () => {
  it('appends page after page until the total is listed, then stops', async () => {
    const calls: string[] = [];
    const { result } = renderHook(() => useFileBrowser('a', server(5, 2, calls, 'a')));
    await waitFor(() => expect(ids(result.current.state.files)).toEqual([1, 2, 3, 4, 5]));
    expect(result.current.state.total).toBe(5);
    expect(result.current.state.failed).toBe(false);
    expect(calls).toEqual(['a:1', 'a:2', 'a:3']);
  });

  it('starts over on a new view and never mixes in the answers of the previous one', async () => {
    const calls: string[] = [];
    let release: (() => void) | undefined;
    const slow = (page: number): Promise<FilesPage<Row>> =>
      new Promise((resolve) => {
        calls.push(`old:${page}`);
        release = () => resolve({ files: [{ id: 100 }, { id: 101 }], total: 4 });
      });
    const { result, rerender } = renderHook(({ key, load }) => useFileBrowser(key, load), {
      initialProps: { key: 'old', load: slow },
    });
    rerender({ key: 'new', load: server(3, 10, calls, 'new') });
    await waitFor(() => expect(ids(result.current.state.files)).toEqual([1, 2, 3]));
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ids(result.current.state.files)).toEqual([1, 2, 3]);
    expect(calls).toEqual(['old:1', 'new:1']);
  });

  it('loads the view again on a reload, and a chosen row that left the list is no longer chosen', async () => {
    const calls: string[] = [];
    let count = 3;
    const { result } = renderHook(() => useFileBrowser('v', (page) => server(count, 10, calls, 'v')(page)));
    await waitFor(() => expect(ids(result.current.state.files)).toEqual([1, 2, 3]));
    act(() => result.current.dispatch({ type: 'toggle', id: 3 }));
    act(() => result.current.dispatch({ type: 'toggle', id: 1 }));
    expect(result.current.chosen).toEqual([1, 3]);
    count = 2;
    act(() => result.current.reload());
    await waitFor(() => expect(ids(result.current.state.files)).toEqual([1, 2]));
    expect(result.current.chosen).toEqual([1]);
    expect(calls).toEqual(['v:1', 'v:1']);
  });

  it('reports a failed page, and forgets the failure when it loads again', async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useFileBrowser<Row>('x', () =>
        fail ? Promise.reject(new Error('offline')) : Promise.resolve({ files: [{ id: 9 }], total: 1 }),
      ),
    );
    await waitFor(() => expect(result.current.state.failed).toBe(true));
    expect(result.current.state.files).toBeNull();
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(ids(result.current.state.files)).toEqual([9]));
    expect(result.current.state.failed).toBe(false);
  });
});
