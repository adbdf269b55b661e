import { describe, expect, it } from 'vitest';
import { rowLocation } from './list-display.ts';
import { listTakesKey } from './use-list-keyboard.ts';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  defaultPrevented: false,
  ...extra,
});

function element(html: string, selector: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  const found = host.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

describe('keys from anywhere reach the list (issue 21)', () => {
  it('takes the moves, Enter and x from the page body', () => {
    for (const k of ['ArrowDown', 'ArrowUp', 'j', 'k', 'Home', 'End', 'PageDown', 'PageUp', 'Enter', 'x'])
      expect(listTakesKey(key(k), null)).toBe(true);
    expect(listTakesKey(key('a'), null)).toBe(false);
    expect(listTakesKey(key('ArrowDown', { ctrlKey: true }), null)).toBe(false);
    expect(listTakesKey(key('ArrowDown', { defaultPrevented: true }), null)).toBe(false);
  });

  it('leaves fields, menus, tabs and dialogs their keys, and buttons their Enter', () => {
    const input = element('<input />', 'input');
    expect(listTakesKey(key('j'), input)).toBe(false);
    expect(listTakesKey(key('ArrowDown'), input)).toBe(false);
    const tab = element('<div role="tablist"><button role="tab">All</button></div>', '[role=tab]');
    expect(listTakesKey(key('ArrowDown'), tab)).toBe(false);
    const menuItem = element('<div role="menu"><button>Sort</button></div>', 'button');
    expect(listTakesKey(key('ArrowUp'), menuItem)).toBe(false);
    const button = element('<nav><a href="/x">Issues</a></nav>', 'a');
    expect(listTakesKey(key('Enter'), button)).toBe(false);
    expect(listTakesKey(key('x'), button)).toBe(false);
    expect(listTakesKey(key('ArrowDown'), button)).toBe(true);
    const text = element('<main><p>Issues</p></main>', 'p');
    expect(listTakesKey(key('Enter'), text)).toBe(true);
  });
});

describe('a row location', () => {
  const labels = new Map([
    [1, { abbreviation: 'TA', name: 'Torre A' }],
    [2, { abbreviation: 'TA.P1', name: 'Pavimento 1' }],
  ]);

  it('shows the first location and counts the others, naming them all', () => {
    expect(rowLocation([2, 1], labels)).toEqual({
      short: 'TA.P1 +1',
      full: 'TA.P1 · Pavimento 1, TA · Torre A',
    });
    expect(rowLocation([1], labels)).toEqual({ short: 'TA', full: 'TA · Torre A' });
  });

  it('shows nothing without a known location', () => {
    expect(rowLocation([], labels)).toBeNull();
    expect(rowLocation([99], labels)).toBeNull();
  });
});
