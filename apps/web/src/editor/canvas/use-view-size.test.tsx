import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useViewSize } from './use-view-size';

let notify: () => void = () => undefined;
let width = 800;

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const size = useViewSize(ref);
  return (
    <div ref={ref} data-testid="probe">
      {size ? `${size.width}x${size.height}` : 'none'}
    </div>
  );
}

describe('view size', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => new DOMRect(0, 0, width, 600),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('measures at once, then debounces resizes by 100 ms', () => {
    render(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('800x600');
    width = 1000;
    act(() => {
      notify();
      vi.advanceTimersByTime(60);
      notify();
      vi.advanceTimersByTime(99);
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('800x600');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('1000x600');
  });
});
