import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOUCH_HOLD_MS, useLongPress } from './use-long-press.ts';

function Row({ onHold, onClick }: { onHold: () => void; onClick: (touch: boolean) => void }) {
  const press = useLongPress(onHold);
  return (
    <div data-testid="row" {...press.handlers} onClick={() => onClick(press.wasTouch())}>
      row
    </div>
  );
}

describe('touch hold (spec core §9: 400 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('selects after 400 ms of a still finger and swallows the click that follows', () => {
    const onHold = vi.fn();
    const onClick = vi.fn();
    render(<Row onHold={onHold} onClick={onClick} />);
    const row = screen.getByTestId('row');
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(TOUCH_HOLD_MS - 1));
    expect(onHold).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onHold).toHaveBeenCalledTimes(1);
    fireEvent.pointerUp(row, { pointerType: 'touch' });
    fireEvent.click(row);
    expect(onClick).not.toHaveBeenCalled();
    // The next tap is a tap again, and says it was a finger.
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerUp(row, { pointerType: 'touch' });
    fireEvent.click(row);
    expect(onClick).toHaveBeenCalledWith(true);
  });

  it('does nothing for a short tap, a finger that scrolls, or a mouse', () => {
    const onHold = vi.fn();
    const onClick = vi.fn();
    render(<Row onHold={onHold} onClick={onClick} />);
    const row = screen.getByTestId('row');
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.pointerUp(row, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(TOUCH_HOLD_MS));
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(row, { pointerType: 'touch', clientX: 10, clientY: 40 });
    act(() => vi.advanceTimersByTime(TOUCH_HOLD_MS));
    fireEvent.pointerDown(row, { pointerType: 'mouse', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(TOUCH_HOLD_MS));
    expect(onHold).not.toHaveBeenCalled();
    fireEvent.click(row);
    expect(onClick).toHaveBeenCalledWith(false);
  });
});
