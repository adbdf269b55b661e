import type { ViewerDocument, ViewerRevision } from '../../features/viewer/viewer-api.ts';
import { RestError } from '../api-errors.ts';
import { offlineDbAvailable, openOfflineDb } from './offline-db.ts';

/**
 * Drawings kept offline (issue 34, docs/offline.md "Offline drawings"): for each document the user chose, the
 * viewer's open answer of its current revision and that revision's prepared page previews (WebP, one per page; an
 * image document's picture itself), in the user's database (store `drawings`). Offline, the viewer opens the
 * drawing from them; pdf.js is not used. Refreshed at the project's sync when a newer revision exists; dropped
 * with the project's copy, when the server refuses the document to the user, and at sign-out (the database goes).
 */

/** A page's picture as stored: its bytes and type, and its size in pixels. */
export interface StoredPicture {
  readonly type: string;
  readonly bytes: ArrayBuffer;
  readonly width: number;
  readonly height: number;
}

/** One page kept: its size in page units (PDF points; an image's pixels) and its picture. */
export interface StoredPage {
  readonly width: number;
  readonly height: number;
  readonly picture: StoredPicture;
}

export interface StoredDrawing {
  /** `<projectId>:<documentId>` (drawingId). */
  readonly id: string;
  readonly projectId: number;
  readonly documentId: number;
  readonly name: string;
  /** The open answer's document, its revisions cut to the one kept (addresses as given: expired offline). */
  readonly document: ViewerDocument;
  readonly revision: string;
  readonly fileId: number;
  readonly kind: 'pdf' | 'image';
  readonly pageCount: number;
  /** The pictures' bytes plus the answer's JSON, for the budget. */
  readonly bytes: number;
  /** When the kept revision was last confirmed the current one by the server. */
  readonly syncedAt: string;
}

/** A drawing with its pages (stored apart, store `drawingPages`, so that listing drawings reads no picture). */
export interface KeptDrawing extends StoredDrawing {
  readonly pages: readonly StoredPage[];
}

/** One stored page: `<drawingId>#<page number>`. */
export interface StoredDrawingPage extends StoredPage {
  readonly id: string;
  readonly drawingId: string;
  readonly page: number;
}

export function drawingId(projectId: number, documentId: number): string {
  return `${projectId}:${documentId}`;
}

/** Why a document cannot be kept: none of its revisions is shown, or its PDF is not prepared (no previews). */
export type NotKeepable = 'no-revision' | 'not-prepared' | 'not-a-drawing';

/**
 * The revision a document keeps offline: its current (newest) one, when the viewer can show it without the file:
 * an image, or a PDF whose every page has its prepared preview.
 */
export function keepableRevision(document: ViewerDocument): ViewerRevision | NotKeepable {
  const current = document.revisions[0];
  if (!current) return 'no-revision';
  if (current.kind === 'image') return current;
  if (current.kind !== 'pdf') return 'not-a-drawing';
  const pages = current.pages ?? [];
  if (pages.length === 0 || pages.some((page) => !page.preview)) return 'not-prepared';
  return current;
}

/** What a sync does with a kept drawing, given the server's current answer for it. */
export type RefreshPlan =
  | { readonly action: 'confirm' }
  | { readonly action: 'replace'; readonly revision: ViewerRevision }
  | { readonly action: 'keep-older'; readonly reason: NotKeepable };

/**
 * The same file: nothing to fetch, only the sync time. A newer revision the viewer can show offline: replaced. A
 * newer one not prepared yet (or no longer a drawing): the older copy stays, marked by its revision, until the
 * next sync finds the new one ready.
 */
export function refreshPlan(stored: Pick<StoredDrawing, 'fileId'>, current: ViewerDocument): RefreshPlan {
  const revision = keepableRevision(current);
  if (typeof revision === 'string') {
    if (current.revisions[0]?.fileId === stored.fileId) return { action: 'confirm' };
    return { action: 'keep-older', reason: revision };
  }
  return revision.fileId === stored.fileId ? { action: 'confirm' } : { action: 'replace', revision };
}

/** Whether a copy of `added` bytes fits the budget, the copy it replaces (`replaced` bytes) being freed. */
export function fitsBudget(used: number, replaced: number, added: number, budget: number): boolean {
  return used - replaced + added <= budget;
}

/** The server refusing a document to the user: its copy goes (docs/viewer.md "Access"). */
export const DRAWING_REFUSED_CODES: ReadonlySet<string> = new Set([
  'DOCUMENTS_NOT_FOUND',
  'DOCUMENT_ACCESS_DENIED',
  'PROJECT_NOT_FOUND',
  'NOT_FOUND',
  'FORBIDDEN',
]);

/** Fetches a revision's pictures: the page previews of a PDF, or an image's file (one page). */
export async function fetchPages(
  revision: ViewerRevision,
  fetcher: typeof fetch = fetch,
): Promise<StoredPage[]> {
  const picture = async (url: string, width: number, height: number): Promise<StoredPicture> => {
    const response = await fetcher(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    return { type: blob.type || 'application/octet-stream', bytes: await blob.arrayBuffer(), width, height };
  };
  if (revision.kind === 'image') {
    const response = await fetcher(revision.url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const size = await imageSize(blob);
    return [
      {
        width: size.width,
        height: size.height,
        picture: { type: blob.type, bytes: await blob.arrayBuffer(), ...size },
      },
    ];
  }
  const pages: StoredPage[] = [];
  for (const page of revision.pages ?? []) {
    if (!page.preview) throw new Error('page without preview');
    pages.push({
      width: page.width,
      height: page.height,
      picture: await picture(page.preview.url, page.preview.width, page.preview.height),
    });
  }
  return pages;
}

async function imageSize(blob: Blob): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(blob);
  try {
    return { width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/** A drawing record for a document's revision and its fetched pages. */
export function makeDrawing(
  projectId: number,
  document: ViewerDocument,
  revision: ViewerRevision,
  pages: readonly StoredPage[],
  syncedAt: string,
): KeptDrawing {
  const kept: ViewerDocument = { ...document, revisions: [revision] };
  const bytes =
    pages.reduce((sum, page) => sum + page.picture.bytes.byteLength, 0) + JSON.stringify(kept).length;
  if (revision.kind !== 'pdf' && revision.kind !== 'image') throw new Error('not a drawing');
  return {
    id: drawingId(projectId, document.id),
    projectId,
    documentId: document.id,
    name: document.name,
    document: kept,
    revision: revision.revisionName,
    fileId: revision.fileId,
    kind: revision.kind,
    pageCount: pages.length,
    pages,
    bytes,
    syncedAt,
  };
}

/** Where drawings are kept: the user's database in the app, a map in tests. */
export interface DrawingStore {
  list(projectId: number): Promise<StoredDrawing[]>;
  /** Keeps a drawing with its pages (replacing any kept before), or only its record when `pages` is absent. */
  put(drawing: StoredDrawing | KeptDrawing): Promise<void>;
  remove(id: string): Promise<void>;
  /** Bytes the whole offline copy takes (every project's answers, thumbnails and drawings). */
  usedBytes(): Promise<number>;
}

export type RefreshOutcome = 'synced' | 'offline';

export interface RefreshReport {
  readonly outcome: RefreshOutcome;
  readonly confirmed: number[];
  readonly replaced: number[];
  readonly dropped: number[];
  /** Newer revisions not kept: past the budget, or not prepared yet. */
  readonly keptOlder: number[];
}

/**
 * Refreshes a project's kept drawings from the server: each is opened again (one call per document, as the call
 * is refused as a whole when one is refused); refused → dropped; a newer revision → its pages replace the kept
 * ones when they fit the budget (the older ones freed), otherwise the older copy stays; no answer → stops.
 */
export async function refreshDrawings(
  store: DrawingStore,
  projectId: number,
  open: (documentId: number) => Promise<ViewerDocument | undefined>,
  budgetBytes: number,
  fetcher: typeof fetch = fetch,
  now: () => string = () => new Date().toISOString(),
): Promise<RefreshReport> {
  const report = {
    outcome: 'synced' as RefreshOutcome,
    confirmed: [] as number[],
    replaced: [] as number[],
    dropped: [] as number[],
    keptOlder: [] as number[],
  };
  for (const stored of await store.list(projectId)) {
    let current: ViewerDocument | undefined;
    try {
      current = await open(stored.documentId);
    } catch (error) {
      if (error instanceof RestError && DRAWING_REFUSED_CODES.has(error.code)) {
        await store.remove(stored.id);
        report.dropped.push(stored.documentId);
        continue;
      }
      if (error instanceof RestError) continue;
      return { ...report, outcome: 'offline' };
    }
    if (!current) {
      await store.remove(stored.id);
      report.dropped.push(stored.documentId);
      continue;
    }
    const plan = refreshPlan(stored, current);
    if (plan.action === 'confirm') {
      await store.put({ ...stored, name: current.name, syncedAt: now() });
      report.confirmed.push(stored.documentId);
      continue;
    }
    if (plan.action === 'keep-older') {
      report.keptOlder.push(stored.documentId);
      continue;
    }
    let pages: StoredPage[];
    try {
      pages = await fetchPages(plan.revision, fetcher);
    } catch {
      return { ...report, outcome: 'offline' };
    }
    const next = makeDrawing(projectId, current, plan.revision, pages, now());
    if (!fitsBudget(await store.usedBytes(), stored.bytes, next.bytes, budgetBytes)) {
      report.keptOlder.push(stored.documentId);
      continue;
    }
    await store.put(next);
    report.replaced.push(stored.documentId);
  }
  return report;
}

/** Why keeping a drawing did not happen. */
export type KeepOutcome = 'kept' | 'over-budget' | NotKeepable;

/** Keeps a document's current revision offline when the viewer can show it so and it fits the budget. */
export async function keepDrawingIn(
  store: DrawingStore,
  projectId: number,
  document: ViewerDocument,
  budgetBytes: number,
  fetcher: typeof fetch = fetch,
  now: () => string = () => new Date().toISOString(),
): Promise<KeepOutcome> {
  const revision = keepableRevision(document);
  if (typeof revision === 'string') return revision;
  const pages = await fetchPages(revision, fetcher);
  const drawing = makeDrawing(projectId, document, revision, pages, now());
  const before = (await store.list(projectId)).find((d) => d.id === drawing.id);
  if (!fitsBudget(await store.usedBytes(), before?.bytes ?? 0, drawing.bytes, budgetBytes))
    return 'over-budget';
  await store.put(drawing);
  return 'kept';
}

/** The user's database as a drawing store; `usedBytes` is the whole copy's size (read-store's projects). */
export function drawingDb(userId: number, usedBytes: () => Promise<number>): DrawingStore {
  return {
    list: async (projectId) =>
      (await openOfflineDb(userId)).getAllFromIndex('drawings', 'projectId', projectId),
    put: async (drawing) => {
      const db = await openOfflineDb(userId);
      const tx = db.transaction(['drawings', 'drawingPages'], 'readwrite');
      const { pages, ...record } = drawing as Partial<KeptDrawing> & StoredDrawing;
      if (pages) {
        const store = tx.objectStore('drawingPages');
        for (const key of await store.index('drawingId').getAllKeys(drawing.id)) await store.delete(key);
        for (const [index, page] of pages.entries())
          await store.put({
            ...page,
            id: `${drawing.id}#${index + 1}`,
            drawingId: drawing.id,
            page: index + 1,
          });
      }
      await tx.objectStore('drawings').put(record);
      await tx.done;
    },
    remove: (id) => dropDrawingById(userId, id),
    usedBytes,
  };
}

async function dropDrawingById(userId: number, id: string): Promise<void> {
  const db = await openOfflineDb(userId);
  const tx = db.transaction(['drawings', 'drawingPages'], 'readwrite');
  const pages = tx.objectStore('drawingPages');
  for (const key of await pages.index('drawingId').getAllKeys(id)) await pages.delete(key);
  await tx.objectStore('drawings').delete(id);
  await tx.done;
}

/** The kept drawing of a document (its record only), if any. */
export async function findDrawing(
  userId: number,
  projectId: number,
  documentId: number,
): Promise<StoredDrawing | undefined> {
  if (!offlineDbAvailable()) return undefined;
  return (await openOfflineDb(userId)).get('drawings', drawingId(projectId, documentId));
}

/** The kept drawing of a document with its pages, if it is whole. */
export async function readDrawing(
  userId: number,
  projectId: number,
  documentId: number,
): Promise<KeptDrawing | undefined> {
  if (!offlineDbAvailable()) return undefined;
  const db = await openOfflineDb(userId);
  const id = drawingId(projectId, documentId);
  const drawing = await db.get('drawings', id);
  if (!drawing) return undefined;
  const pages = (await db.getAllFromIndex('drawingPages', 'drawingId', id)).sort((a, b) => a.page - b.page);
  if (pages.length !== drawing.pageCount) return undefined;
  return { ...drawing, pages: pages.map(({ width, height, picture }) => ({ width, height, picture })) };
}

export async function dropDrawing(userId: number, projectId: number, documentId: number): Promise<void> {
  await dropDrawingById(userId, drawingId(projectId, documentId));
}

/** Drops every drawing of a project (its copy removed). */
export async function dropProjectDrawings(userId: number, projectId: number): Promise<void> {
  const db = await openOfflineDb(userId);
  for (const id of await db.getAllKeysFromIndex('drawings', 'projectId', projectId))
    await dropDrawingById(userId, id);
}

/** The kept drawings without their pictures (the profile's list). */
export interface DrawingSummary {
  readonly projectId: number;
  readonly documentId: number;
  readonly name: string;
  readonly revision: string;
  readonly bytes: number;
  readonly syncedAt: string;
}

export async function listDrawings(userId: number): Promise<DrawingSummary[]> {
  if (!offlineDbAvailable()) return [];
  const db = await openOfflineDb(userId);
  const found: DrawingSummary[] = [];
  let cursor = await db.transaction('drawings').store.openCursor();
  while (cursor) {
    const { projectId, documentId, name, revision, bytes, syncedAt } = cursor.value;
    found.push({ projectId, documentId, name, revision, bytes, syncedAt });
    cursor = await cursor.continue();
  }
  return found;
}

/** The address a kept PDF's revision gets offline: the viewer shows its stored previews and never asks pdf.js. */
export const OFFLINE_SHEET_URL = 'obra-offline:sheet';

/**
 * The viewer's document for a kept drawing, opened from the device: its pictures as object addresses (freed by
 * `release`), a PDF's file address replaced by OFFLINE_SHEET_URL.
 */
export function offlineDocument(drawing: KeptDrawing): { document: ViewerDocument; release: () => void } {
  const urls = drawing.pages.map((page) =>
    URL.createObjectURL(new Blob([page.picture.bytes], { type: page.picture.type })),
  );
  const release = () => urls.forEach((url) => URL.revokeObjectURL(url));
  const [kept] = drawing.document.revisions;
  if (!kept) return { document: { ...drawing.document, revisions: [] }, release };
  const revision: ViewerRevision =
    drawing.kind === 'image'
      ? { ...kept, url: urls[0] ?? '', pages: null }
      : {
          ...kept,
          url: OFFLINE_SHEET_URL,
          pages: drawing.pages.map((page, index) => ({
            width: page.width,
            height: page.height,
            preview: { url: urls[index] ?? '', width: page.picture.width, height: page.picture.height },
          })),
        };
  return { document: { ...drawing.document, revisions: [revision] }, release };
}
