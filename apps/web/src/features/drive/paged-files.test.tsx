import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileThumb, usePagedFiles, useRowSelection, type FilesPage } from './paged-files.tsx';

/** A list of `count` ids served `size` at a time; each call is recorded as `key:page`. */
function server(count: number, size: number, calls: string[], key: string) {
  return (page: number): Promise<FilesPage<number>> => {
    calls.push(`${key}:${page}`);
    const files = Array.from({ length: count }, (_, i) => i + 1).slice((page - 1) * size, page * size);
    return Promise.resolve({ files, total: count });
  };
}

describe('usePagedFiles', () => {
  it('appends page after page until the total is listed, then stops', async () => {
    const calls: string[] = [];
    const { result } = renderHook(() => usePagedFiles('a', server(5, 2, calls, 'a')));
    await waitFor(() => expect(result.current.files).toEqual([1, 2, 3, 4, 5]));
    expect(result.current.total).toBe(5);
    expect(result.current.failed).toBe(false);
    expect(calls).toEqual(['a:1', 'a:2', 'a:3']);
  });

  it('starts over on a new key and never mixes in the answers of the previous view', async () => {
    const calls: string[] = [];
    let release: (() => void) | undefined;
    const slow = (page: number): Promise<FilesPage<number>> =>
      new Promise((resolve) => {
        calls.push(`old:${page}`);
        release = () => resolve({ files: [100, 101], total: 4 });
      });
    const { result, rerender } = renderHook(({ key, load }) => usePagedFiles(key, load), {
      initialProps: { key: 'old', load: slow },
    });
    rerender({ key: 'new', load: server(3, 10, calls, 'new') });
    await waitFor(() => expect(result.current.files).toEqual([1, 2, 3]));
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.files).toEqual([1, 2, 3]);
    expect(calls).toEqual(['old:1', 'new:1']);
  });

  it('reports a failed page', async () => {
    const { result } = renderHook(() => usePagedFiles('x', () => Promise.reject(new Error('offline'))));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.files).toBeNull();
  });
});

describe('FileThumb', () => {
  it('shows the thumbnail when there is one, else an icon', () => {
    const { rerender, container } = render(
      <FileThumb file={{ thumbnailUrl: '/t.webp', extension: 'png' }} testId="thumb" />,
    );
    expect(screen.getByTestId('thumb').getAttribute('src')).toBe('/t.webp');
    rerender(<FileThumb file={{ thumbnailUrl: null, extension: 'pdf' }} testId="thumb" />);
    expect(screen.queryByTestId('thumb')).toBeNull();
    expect(container.querySelector('[aria-hidden] svg')).not.toBeNull();
  });
});

describe('useRowSelection', () => {
  it('toggles rows, selects all and none, and keeps only rows still listed, in list order', () => {
    const { result, rerender } = renderHook(({ ids }) => useRowSelection(ids), {
      initialProps: { ids: [3, 1, 2] },
    });
    act(() => result.current.toggle(2));
    act(() => result.current.toggle(3));
    expect(result.current.chosen).toEqual([3, 2]);
    expect(result.current.allChosen).toBe(false);
    act(() => result.current.toggle(2));
    expect(result.current.chosen).toEqual([3]);
    act(() => result.current.toggleAll());
    expect(result.current.chosen).toEqual([3, 1, 2]);
    expect(result.current.allChosen).toBe(true);
    rerender({ ids: [1, 4] });
    expect(result.current.chosen).toEqual([1]);
    expect(result.current.allChosen).toBe(false);
    act(() => result.current.toggleAll());
    expect(result.current.chosen).toEqual([1, 4]);
    act(() => result.current.toggleAll());
    expect(result.current.chosen).toEqual([]);
  });
});
