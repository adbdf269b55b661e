import { sheetReference, type SheetReference } from '@obra/domain';
import { emptyIssueForm, type IssueFormValues } from '../issues/edit/issue-form-model.ts';
import { imageFromFile } from '../issues/edit/form-images-model.ts';
import type { PinPlacement } from './document-viewer-model.ts';

/** The longest side of the sheet picture an issue raised on a sheet keeps as its image. */
export const SNAPSHOT_MAX_SIDE = 1600;

/** The page as a PNG no larger than SNAPSHOT_MAX_SIDE, with the pin's point in its pixels. */
export async function sheetSnapshot(
  placement: PinPlacement,
): Promise<{ blob: Blob; width: number; height: number; x: number; y: number }> {
  const source = placement.pageBitmap.canvas;
  const ratio = Math.min(1, SNAPSHOT_MAX_SIDE / Math.max(source.width, source.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(source.width * ratio));
  canvas.height = Math.max(1, Math.round(source.height * ratio));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('snapshot failed'))), 'image/png'),
  );
  return {
    blob,
    width: canvas.width,
    height: canvas.height,
    x: placement.position.x * canvas.width,
    y: placement.position.y * canvas.height,
  };
}

/**
 * The create form of an issue raised at a point of a sheet: the sheet's picture as its image with the location
 * pin on it, and the document reference (document, revision, page, position) it keeps.
 */
export async function sheetIssueDraft(
  placement: PinPlacement,
  defaultStatus: string,
): Promise<{ initial: IssueFormValues; reference: SheetReference; imageUrl: string }> {
  const snapshot = await sheetSnapshot(placement);
  const title = `${placement.document.name} ${placement.revision.revisionName} p${placement.page}`;
  const file = new File([snapshot.blob], `${title}.png`, { type: 'image/png' });
  const imageUrl = URL.createObjectURL(file);
  const image = { ...imageFromFile(file, imageUrl), title };
  const empty = emptyIssueForm(defaultStatus);
  return {
    initial: { ...empty, images: [image], pin: { x: snapshot.x, y: snapshot.y, imageKey: image.key } },
    reference: sheetReference({
      documentId: placement.document.id,
      documentName: placement.document.name,
      revision: placement.revision.revisionName,
      page: placement.page,
      position: placement.position,
    }),
    imageUrl,
  };
}
