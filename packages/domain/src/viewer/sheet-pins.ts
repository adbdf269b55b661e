/**
 * Issues pinned on drawings (spec core §3 documentsReferences and pins, issue 15). An issue created from the
 * viewer keeps one document reference: the drive document, the revision it was placed on, the page and the pin's
 * position as fractions of the page (0–1 from the top-left corner), so the pin stays at the same place on any
 * render size and on a newer revision of another size.
 */

/** A pin's position on a page, as fractions of the page's width and height. */
export interface SheetPosition {
  readonly x: number;
  readonly y: number;
}

/** The document reference the viewer writes on an issue (a documentsReferences entry). */
export interface SheetReference {
  readonly source: 'drive';
  readonly documentId: string;
  readonly documentName: string;
  /** The revision name the pin was placed on. */
  readonly revision: string;
  /** 1-based page number. */
  readonly page: number;
  readonly pin: SheetPosition;
}

/** A pin of an issue on a document, as the server lists them for the viewer. */
export interface DocumentPin {
  readonly issueId: number;
  readonly code: string;
  readonly title: string;
  readonly status: string;
  readonly revision: string;
  readonly page: number;
  readonly x: number;
  readonly y: number;
}

/** A pin as shown on the sheet being viewed. */
export interface ShownPin extends DocumentPin {
  /** The pin was placed on an older revision than the one shown (carried over, same position). */
  readonly revisionChanged: boolean;
}

/** Whether a value is a position within the page. */
export function isSheetPosition(value: unknown): value is SheetPosition {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y } = value as Record<string, unknown>;
  return typeof x === 'number' && typeof y === 'number' && x >= 0 && x <= 1 && y >= 0 && y <= 1;
}

/** The reference an issue created at a point of a sheet keeps. */
export function sheetReference(input: {
  documentId: number;
  documentName: string;
  revision: string;
  page: number;
  position: SheetPosition;
}): SheetReference {
  return {
    source: 'drive',
    documentId: String(input.documentId),
    documentName: input.documentName,
    revision: input.revision,
    page: input.page,
    pin: { x: clampUnit(input.position.x), y: clampUnit(input.position.y) },
  };
}

function clampUnit(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * Reads a stored documentsReferences entry as a pin of a document, or null when it is not a sheet pin (another
 * source, another document, no page or position).
 */
export function referencePin(
  reference: unknown,
  documentId: number,
): Omit<DocumentPin, 'issueId' | 'code' | 'title' | 'status'> | null {
  if (typeof reference !== 'object' || reference === null) return null;
  const r = reference as Record<string, unknown>;
  const { documentId: id, revision, page, pin } = r;
  if (String(id) !== String(documentId)) return null;
  if (typeof revision !== 'string') return null;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) return null;
  if (!isSheetPosition(pin)) return null;
  return { revision, page, x: pin.x, y: pin.y };
}

/**
 * The pins to show on one page of one revision (carry-over rule): a pin shows on the revision it was placed on,
 * and on every newer revision at the same position, marked `revisionChanged`; not on older revisions (the issue
 * was raised on a later drawing), nor when its revision is no longer known (deleted, or hidden from this user):
 * then it shows on the newest revision only, marked changed, so the issue stays reachable from the sheet.
 *
 * `revisionsOldestFirst` lists the revision names of the document from the oldest to the newest (case-insensitive
 * like the drive's revision names).
 */
export function pinsForRevision(
  pins: readonly DocumentPin[],
  revisionsOldestFirst: readonly string[],
  shown: { readonly revision: string; readonly page: number },
): ShownPin[] {
  return forRevision(pins, revisionsOldestFirst, shown);
}

/** Anything placed on one page of one revision of a sheet: a pin, a markup. */
export interface OnSheet {
  readonly revision: string;
  readonly page: number;
}

/**
 * The carry-over rule of pinsForRevision for anything placed on a sheet (pins, markups): shown on its own
 * revision, and on newer ones marked `revisionChanged`; a revision no longer known shows on the newest only.
 */
export function forRevision<T extends OnSheet>(
  items: readonly T[],
  revisionsOldestFirst: readonly string[],
  shown: { readonly revision: string; readonly page: number },
): (T & { readonly revisionChanged: boolean })[] {
  const order = revisionsOldestFirst.map((r) => r.toLowerCase());
  const shownIndex = order.indexOf(shown.revision.toLowerCase());
  if (shownIndex < 0) return [];
  const newest = order.length - 1;
  const result: (T & { readonly revisionChanged: boolean })[] = [];
  for (const item of items) {
    if (item.page !== shown.page) continue;
    const placed = order.indexOf(item.revision.toLowerCase());
    if (placed < 0) {
      if (shownIndex === newest) result.push({ ...item, revisionChanged: true });
      continue;
    }
    if (placed > shownIndex) continue;
    result.push({ ...item, revisionChanged: placed !== shownIndex });
  }
  return result;
}
