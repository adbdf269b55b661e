// Every number the spec fixes for the editor lives here so one test can pin them all (spec editor §3.1, §4, §5.1, §9).
// Those of the stored markup document (shape defaults, pin colours, schema version) are the domain's, shared with
// the server that validates markUp.
export {
  ARROW_POINTER_LENGTH,
  ARROW_POINTER_WIDTH,
  CIRCLE_DEFAULT_RADIUS,
  DEFAULT_STROKE,
  HIGHLIGHT_OPACITY,
  MARKUP_SCHEMA_VERSION,
  PIN_COLORS,
  STROKE_WIDTH,
  TEXT_FONT_FAMILY,
  TEXT_FONT_SIZE,
} from '@obra/domain';

/** Colours a user can pick in the toolbar; red first because it is the default. */
export const STROKE_COLORS = ['red', 'blue', 'green', 'orange', 'black'] as const;

/** The zoom slider's range and the zoom factor per slider step. */
export const ZOOM_SLIDER_MIN = 10;
export const ZOOM_SLIDER_MAX = 100;
export const ZOOM_FACTOR = 1.1;
/** Slider value that means scale 1 (100 %): the middle of the useful range of a drawing. */
export const ZOOM_SLIDER_UNIT = 50;
/** A wheel event's delta is divided by this to give zoom steps. */
export const WHEEL_DELTA_DIVISOR = 40;
/** Zoom requests are coalesced to one step per throttle window. */
export const ZOOM_THROTTLE_MS = 16;
/** Pinch changes are amplified by this so two-finger zoom keeps up with the fingers. */
export const ZOOM_THROTTLE_MULTIPLIER = 2;
/** A relative zoom change smaller than this is ignored. */
export const ZOOM_MIN_RELATIVE_CHANGE = 0.005;

/** Touch timings and thresholds (spec §4.3, §5.1). */
export const TOUCH_START_DELAY_MS = 200;
export const TOUCH_END_DELAY_MS = 200;
export const TOUCH_PAN_START_THRESHOLD_PX = 10;
export const TOUCH_PAN_WHILE_ZOOMING_THRESHOLD_PX = 5;

/** Compare mode's divider gap and start fractions are the domain's (packages/domain/src/viewer/dividers.ts). */
export { DIVIDER_MIN_GAP, DIVIDER_START_FRACTIONS } from '@obra/domain';

/** Container resizes are debounced. */
export const RESIZE_DEBOUNCE_MS = 100;
/** How far the align tool scans for a drawing line. */
export const LINE_POSITION_SCAN_PX = 1000;

/** The pin placed by the pin tool. */
export const NEW_PIN_ID = 'new';
export const NEW_PIN_COLOR = 'red';

/** The text overlay sits above everything else in the page. */
export const TEXT_OVERLAY_Z_INDEX = 9999;

/** Compare filters: luminance above this is treated as white paper, below the other as ink. */
export const WHITE_THRESHOLD = 235;
export const NEAR_BLACK_THRESHOLD = 80;

/** Query parameter that marks an image request as anonymous (spec §7). */
export const ANONYMOUS_IMAGE_PARAM = 'anonymous';

/** The export image is capped so that very large drawings still produce a usable data URL. */
export const EXPORT_MAX_WIDTH = 4096;
export const EXPORT_MAX_HEIGHT = 4096;
