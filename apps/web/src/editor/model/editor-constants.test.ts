import { describe, expect, it } from 'vitest';
import * as C from './editor-constants';

describe('editor constants (spec editor §3.1, §4, §5.1, §9)', () => {
  it('pins the shape defaults', () => {
    expect(C.STROKE_WIDTH).toEqual({ rect: 5, circle: 4, line: 4, arrow: 4 });
    expect(C.CIRCLE_DEFAULT_RADIUS).toBe(40);
    expect([C.ARROW_POINTER_LENGTH, C.ARROW_POINTER_WIDTH]).toEqual([15, 15]);
    expect([C.TEXT_FONT_SIZE, C.TEXT_FONT_FAMILY]).toEqual([30, 'Calibri']);
    expect(C.HIGHLIGHT_OPACITY).toBe(0.5);
    expect(C.DEFAULT_STROKE).toBe('red');
    expect(C.STROKE_COLORS[0]).toBe(C.DEFAULT_STROKE);
  });

  it('pins zoom, wheel and throttle values', () => {
    expect([C.ZOOM_SLIDER_MIN, C.ZOOM_SLIDER_MAX]).toEqual([10, 100]);
    expect(C.ZOOM_FACTOR).toBe(1.1);
    expect(C.WHEEL_DELTA_DIVISOR).toBe(40);
    expect(C.ZOOM_THROTTLE_MS).toBe(16);
    expect(C.ZOOM_THROTTLE_MULTIPLIER).toBe(2);
    expect(C.ZOOM_MIN_RELATIVE_CHANGE).toBe(0.005);
  });

  it('pins touch timings and thresholds', () => {
    expect([C.TOUCH_START_DELAY_MS, C.TOUCH_END_DELAY_MS]).toEqual([200, 200]);
    expect(C.TOUCH_PAN_START_THRESHOLD_PX).toBe(10);
    expect(C.TOUCH_PAN_WHILE_ZOOMING_THRESHOLD_PX).toBe(5);
  });

  it('pins compare, layout and pin values', () => {
    expect(C.DIVIDER_MIN_GAP).toBe(100);
    expect(C.DIVIDER_START_FRACTIONS).toEqual([1 / 3, 2 / 3]);
    expect(C.RESIZE_DEBOUNCE_MS).toBe(100);
    expect(C.LINE_POSITION_SCAN_PX).toBe(1000);
    expect([C.NEW_PIN_ID, C.NEW_PIN_COLOR]).toEqual(['new', 'red']);
    expect(C.PIN_COLORS).toEqual(['blue', 'grey', 'red']);
    expect(C.TEXT_OVERLAY_Z_INDEX).toBe(9999);
  });
});
