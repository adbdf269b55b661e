import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

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

/** The keys the list answers to wherever the focus is (besides `/` and `?`, which have their own handlers). */
const LIST_KEYS = new Set([
  'ArrowDown',
  'ArrowUp',
  'j',
  'k',
  'Home',
  'End',
  'PageDown',
  'PageUp',
  'Enter',
  'x',
  'X',
]);

/** Where typing or the arrows already mean something else: fields, dialogs, menus, tabs, other lists. */
const OWN_KEYS_SELECTOR =
  'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="menu"], [role="tablist"], [role="listbox"], [role="combobox"], [role="slider"]';
/** Where Enter (and x) act on the element itself. */
const ACTIVATES_SELECTOR = 'button, a[href], summary, [role="button"], [role="link"], [role="checkbox"]';

/**
 * Whether a key pressed outside the list reaches the list (issue 21: the shortcuts work as soon as the list
 * shows, without tabbing into it first): not in a text field, dialog, menu or tab row, and Enter or x not on a
 * button or link, which they activate.
 */
export function listTakesKey(
  event: Pick<globalThis.KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'defaultPrevented'>,
  target: Element | null,
): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
  if (!LIST_KEYS.has(event.key)) return false;
  if (!target) return true;
  if (target.closest(OWN_KEYS_SELECTOR)) return false;
  const activates = event.key === 'Enter' || event.key === 'x' || event.key === 'X';
  return !(activates && target.closest(ACTIVATES_SELECTOR));
}

/**
 * The list's keys from anywhere on the page: a key the list takes moves the focus into the list (with a visible
 * focus ring) and acts there, as if the list had been focused first.
 */
export function useDocumentListKeys(
  scroller: RefObject<HTMLElement | null>,
  onKeyDown: (event: KeyboardEvent) => void,
): void {
  const handler = useRef(onKeyDown);
  handler.current = onKeyDown;
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const element = scroller.current;
      if (!element) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target && element.contains(target)) return;
      // A modal (the shortcuts help, a bulk dialog) owns the keyboard while it is open.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      if (!listTakesKey(event, target === document.body ? null : target)) return;
      element.dataset.keyboard = 'true';
      element.focus({ preventScroll: true });
      handler.current(event as unknown as KeyboardEvent);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [scroller]);
}
