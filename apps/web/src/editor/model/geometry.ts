// Page coordinates are pixels of the drawing; screen coordinates are pixels of the canvas element.
// They are distinct types so a screen point can never be stored in a shape by mistake.

declare const pageBrand: unique symbol;
declare const screenBrand: unique symbol;

export type PagePoint = { readonly x: number; readonly y: number; readonly [pageBrand]: true };
export type ScreenPoint = { readonly x: number; readonly y: number; readonly [screenBrand]: true };

/** Where the page sits on screen: screen = page × scale + (x, y). */
export interface Viewpoint {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const IDENTITY_VIEWPOINT: Viewpoint = { x: 0, y: 0, scale: 1 };

export function pagePoint(x: number, y: number): PagePoint {
  return { x, y } as PagePoint;
}

export function screenPoint(x: number, y: number): ScreenPoint {
  return { x, y } as ScreenPoint;
}

export function screenToPage(viewpoint: Viewpoint, point: ScreenPoint): PagePoint {
  return pagePoint((point.x - viewpoint.x) / viewpoint.scale, (point.y - viewpoint.y) / viewpoint.scale);
}

export function pageToScreen(viewpoint: Viewpoint, point: PagePoint): ScreenPoint {
  return screenPoint(point.x * viewpoint.scale + viewpoint.x, point.y * viewpoint.scale + viewpoint.y);
}

export function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: ScreenPoint, b: ScreenPoint): ScreenPoint {
  return screenPoint((a.x + b.x) / 2, (a.y + b.y) / 2);
}

/** A box spanned by two corners in any order, so dragging up or left still gives a positive size. */
export function boxFromCorners(a: PagePoint, b: PagePoint): Box {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(b.x - a.x),
    height: Math.abs(b.y - a.y),
  };
}

/** Scales the page around a fixed screen point, which stays over the same page point. */
export function zoomAround(viewpoint: Viewpoint, anchor: ScreenPoint, scale: number): Viewpoint {
  const page = screenToPage(viewpoint, anchor);
  return { scale, x: anchor.x - page.x * scale, y: anchor.y - page.y * scale };
}

/** The viewpoint that shows the whole page centred in the view. */
export function fitViewpoint(page: Size, view: Size): Viewpoint {
  if (page.width <= 0 || page.height <= 0 || view.width <= 0 || view.height <= 0) return IDENTITY_VIEWPOINT;
  const scale = Math.min(view.width / page.width, view.height / page.height);
  return {
    scale,
    x: (view.width - page.width * scale) / 2,
    y: (view.height - page.height * scale) / 2,
  };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
