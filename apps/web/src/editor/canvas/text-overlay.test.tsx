import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pagePoint } from '../model/geometry';
import { createText } from '../model/shape-model';
import { TextOverlay } from './text-overlay';

const shape = createText('t1', pagePoint(100, 50), 'red', 'Digite aqui', 2);

function open(onDone = vi.fn()) {
  render(<TextOverlay shape={shape} viewpoint={{ x: 10, y: 20, scale: 2 }} onDone={onDone} />);
  act(() => {
    vi.runAllTimers();
  });
  return { area: screen.getByTestId('editor-text-overlay'), onDone };
}

describe('text overlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sits above everything at the text position, focused, in the on-screen font size', () => {
    const { area } = open();
    expect(area).toHaveFocus();
    expect(area).toHaveValue('Digite aqui');
    expect(area.style.zIndex).toBe('9999');
    expect(area.style.left).toBe('210px');
    expect(area.style.top).toBe('120px');
    expect(area.style.fontSize).toBe('30px');
  });

  it('closes and saves on Enter without Shift and on Escape; Shift+Enter keeps editing', () => {
    const { area, onDone } = open();
    fireEvent.keyDown(area, { key: 'Enter', shiftKey: true });
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.change(area, { target: { value: 'Clash' } });
    fireEvent.keyDown(area, { key: 'Enter' });
    expect(onDone).toHaveBeenCalledWith('Clash');
  });

  it('saves when it loses focus, including after Escape', () => {
    const { area, onDone } = open();
    fireEvent.keyDown(area, { key: 'Escape' });
    expect(onDone).toHaveBeenCalledWith('Digite aqui');
  });
});
