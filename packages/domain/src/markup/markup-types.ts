/**
 * The editor's markup document (spec editor §3.1–§3.2, docs/editor.md): its shapes, pin and viewpoint, the
 * defaults a legacy document is migrated with, and its schema version. Shared by the web editor, which draws
 * it, and the server, which validates the `markUp` it stores.
 */

/** Stroke widths per shape family (spec §3.1). */
export const STROKE_WIDTH = { rect: 5, circle: 4, line: 4, arrow: 4 } as const;
/** Default circle radius before the pointer moves. */
export const CIRCLE_DEFAULT_RADIUS = 40;
/** Arrow head size. */
export const ARROW_POINTER_LENGTH = 15;
export const ARROW_POINTER_WIDTH = 15;
/** Text defaults: 30 px Calibri on screen, scaled inverse to the zoom at creation. */
export const TEXT_FONT_SIZE = 30;
export const TEXT_FONT_FAMILY = 'Calibri';
/** A highlight is a rectangle drawn at half opacity. */
export const HIGHLIGHT_OPACITY = 0.5;
/** The editor's default stroke colour. */
export const DEFAULT_STROKE = 'red';
/** The colours of a pin. */
export const PIN_COLORS = ['blue', 'grey', 'red'] as const;
/** The markup JSON schema version written by the editor. */
export const MARKUP_SCHEMA_VERSION = 2;

export interface ShapeStyle {
  readonly stroke: string;
  /** null means not filled. */
  readonly fill: string | null;
  readonly strokeWidth: number;
  readonly opacity: number;
}

export interface ShapeBase {
  readonly id: string;
  readonly name: string;
  /** Position in page coordinates. */
  readonly x: number;
  readonly y: number;
  readonly rotation: number;
  readonly scaleX: number;
  readonly scaleY: number;
  readonly style: ShapeStyle;
}

export interface RectShape extends ShapeBase {
  readonly kind: 'rect';
  readonly width: number;
  readonly height: number;
  /** A highlight is a rectangle at half opacity (spec §3.1). */
  readonly highlight: boolean;
}

export interface CircleShape extends ShapeBase {
  readonly kind: 'circle';
  readonly radius: number;
}

export interface LineShape extends ShapeBase {
  readonly kind: 'line';
  /** Flat [x0, y0, x1, y1, …] relative to the shape position. */
  readonly points: readonly number[];
}

export interface ArrowShape extends ShapeBase {
  readonly kind: 'arrow';
  readonly points: readonly number[];
  readonly pointerLength: number;
  readonly pointerWidth: number;
}

export interface TextShape extends ShapeBase {
  readonly kind: 'text';
  readonly text: string;
  readonly fontSize: number;
  readonly fontFamily: string;
}

export type Shape = RectShape | CircleShape | LineShape | ArrowShape | TextShape;
export type ShapeKind = Shape['kind'];

export type PinColor = (typeof PIN_COLORS)[number];

/** The pin saved with a markup (spec §3.2). */
export interface MarkupPin {
  readonly x: number;
  readonly y: number;
  readonly color: PinColor;
}

/** A pin shown on the drawing; the original position lets a host put a dragged pin back. */
export interface Pin extends MarkupPin {
  readonly id: string;
  readonly originalPosition: { readonly x: number; readonly y: number };
}

/** The view the markup was saved with, including the size of the view it was seen in. */
export interface MarkupViewpoint {
  readonly width: number;
  readonly height: number;
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

/** The markup state: shape lists by family, an optional pin and the viewpoint (spec §3.2). */
export interface MarkupState {
  readonly rects: readonly RectShape[];
  readonly circles: readonly CircleShape[];
  readonly lines: readonly LineShape[];
  readonly arrows: readonly ArrowShape[];
  readonly texts: readonly TextShape[];
  readonly pin: MarkupPin | null;
  readonly viewpoint: MarkupViewpoint | null;
}

export const EMPTY_MARKUP: MarkupState = {
  rects: [],
  circles: [],
  lines: [],
  arrows: [],
  texts: [],
  pin: null,
  viewpoint: null,
};
