import { describe, expect, it, vi } from 'vitest';
import { importWithReload } from './lazy-import.ts';

function fakeWindow(href: string, onLine = true) {
  const store = new Map<string, string>();
  const reload = vi.fn();
  const win = {
    navigator: { onLine },
    location: { href, reload },
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  } as unknown as Window;
  return { win, reload };
}

describe('importWithReload', () => {
  it('returns the module when the chunk loads', async () => {
    const { win, reload } = fakeWindow('http://x/a');
    await expect(importWithReload(async () => ({ ok: 1 }), win)).resolves.toEqual({ ok: 1 });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once for a missing chunk, then lets a second failure through', async () => {
    const { win, reload } = fakeWindow('http://x/a');
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    void importWithReload(failing, win);
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);
    await expect(importWithReload(failing, win)).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads offline: the missing chunk is an error for the caller, and the next try online may reload', async () => {
    const { win, reload } = fakeWindow('http://x/a', false);
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(importWithReload(failing, win)).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(reload).not.toHaveBeenCalled();
    (win.navigator as { onLine: boolean }).onLine = true;
    void importWithReload(failing, win);
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
