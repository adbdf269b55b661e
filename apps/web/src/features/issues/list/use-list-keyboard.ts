import { useCallback, type KeyboardEvent } from 'react';

/** What the keyboard acts on: a list of `count` rows with a current one. */
export interface ListKeyboardTarget {
  count: number;
  activeIndex: number;
  setActiveIndex(index: number): void;
  open(index: number): void;
  toggle(index: number): void;
  /** Rows per page, for Page Up / Page Down. */
  pageSize: number;
}

/** The next current row for a key, or null when the key does not move it. */
export function nextActiveIndex(key: string, active: number, count: number, pageSize: number): number | null {
  if (count === 0) return null;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (key) {
    case 'ArrowDown':
    case 'j':
      return clamp(active < 0 ? 0 : active + 1);
    case 'ArrowUp':
    case 'k':
      return clamp(active < 0 ? 0 : active - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return clamp(active + pageSize);
    case 'PageUp':
      return clamp(active - pageSize);
    default:
      return null;
  }
}

/** Arrows (and j/k, Home, End, Page keys) move, Enter opens, x selects the current row. */
export function useListKeyboard(target: ListKeyboardTarget) {
  const { count, activeIndex, setActiveIndex, open, toggle, pageSize } = target;
  return useCallback(
    (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const next = nextActiveIndex(event.key, activeIndex, count, pageSize);
      if (next !== null) {
        event.preventDefault();
        setActiveIndex(next);
        return;
      }
      if (activeIndex < 0 || activeIndex >= count) return;
      if (event.key === 'Enter') {
        event.preventDefault();
        open(activeIndex);
      } else if (event.key === 'x' || event.key === 'X') {
        event.preventDefault();
        toggle(activeIndex);
      }
    },
    [count, activeIndex, setActiveIndex, open, toggle, pageSize],
  );
}
