import { describe, expect, it } from 'vitest';
import { createText } from '../model/shape-model';
import { pagePoint } from '../model/geometry';
import { renderBudget, textBitmap, textLevel } from './text-bitmap-cache';

describe('text bitmaps', () => {
  it('re-renders a text only when the zoom crosses a power of two', () => {
    expect(textLevel(0.3)).toBe(0.5);
    expect(textLevel(0.5)).toBe(0.5);
    expect(textLevel(0.51)).toBe(1);
    expect(textLevel(3)).toBe(4);
  });

  it('renders nothing once the draw has spent its budget and asks for a later frame instead', () => {
    const budget = renderBudget(0);
    const text = createText('t-budget', pagePoint(0, 0), 'red', 'not rendered yet', 1);
    // No bitmap of this text exists at any level, so the caller draws it live this time.
    expect(textBitmap(text, 1, 20, budget)).toBeNull();
    expect(budget.deferred).toBe(true);
  });
});
