/** An image in the create/edit form: one the issue has (id), or a file the user just chose (file). */
export interface FormImage {
  readonly key: string;
  /** The stored image's id; null for a new one. */
  readonly id: number | null;
  readonly title: string;
  /** What the form shows: the stored picture, or a local object URL of the chosen file. */
  readonly url: string;
  readonly file: File | null;
  /** The markup drawn on it (editor markUp JSON): the stored one, or the one drawn in this form. */
  readonly markUp: unknown;
  /** The picture with the markup drawn in this form (PNG), to upload as its markedUp; null when unchanged. */
  readonly markedUp: Blob | null;
}

/** The image with the markup drawn in the form: the document and its rendered picture. */
export function withMarkup(image: FormImage, markUp: unknown, markedUp: Blob): FormImage {
  return { ...image, markUp, markedUp };
}

let imageCounter = 0;

/** A form image of a file the user chose (shown from a local URL until it is uploaded). */
export function imageFromFile(file: File, url: string): FormImage {
  imageCounter += 1;
  return {
    key: `new-${imageCounter}`,
    id: null,
    title: file.name.replace(/\.[^.]+$/, ''),
    url,
    file,
    markUp: null,
    markedUp: null,
  };
}

/** A form image of a stored image. */
export function imageFromStored(image: {
  id: number;
  title: string;
  original: string;
  markedUp?: string | null;
  markUp?: unknown;
}): FormImage {
  return {
    key: `img-${image.id}`,
    id: image.id,
    title: image.title,
    url: image.original,
    file: null,
    markUp: image.markUp ?? null,
    markedUp: null,
  };
}

/** The images with one moved by `delta` places (order is the images' index). */
export function moveImage(images: readonly FormImage[], key: string, delta: number): FormImage[] {
  const from = images.findIndex((i) => i.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= images.length) return [...images];
  const next = [...images];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Image files only (editor §5.1: image upload accepts image files only) under the size limit (5 MB, editor §9). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a chosen file is refused, as an error code of the catalogue; null when it is accepted. */
export function imageFileProblem(file: {
  type: string;
  size: number;
}): 'FILE_EXTENSION_NOT_ALLOWED' | 'FILE_SIZE_LIMIT_EXCEEDED' | null {
  if (!/^image\/(png|jpe?g|gif|webp)$/.test(file.type)) return 'FILE_EXTENSION_NOT_ALLOWED';
  if (file.size > MAX_IMAGE_BYTES) return 'FILE_SIZE_LIMIT_EXCEEDED';
  return null;
}

/** One entry of the `images` list sent with the issue (IssueImageInput). */
export interface ImageInput {
  id?: number;
  index: number;
  title: string;
  original?: string;
  /** The upload of the picture with the markup drawn in the form. */
  markedUp?: string;
  markUp?: unknown;
}

/** The key under which the upload of an image's rendered markup is found. */
export const markedUpKey = (image: Pick<FormImage, 'key'>) => `${image.key}:markedUp`;

/**
 * Uploads what the form made: the files chosen (images without a stored id) and the pictures of markup drawn in
 * the form. Their file ids by image key (markedUpKey for the renders).
 */
export async function uploadFormImages(
  images: readonly FormImage[],
  upload: (file: File) => Promise<string>,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const image of images) {
    if (image.id === null && image.file) ids.set(image.key, await upload(image.file));
    if (image.markedUp) {
      const name = `${image.title.trim() || 'image'}-markup.png`;
      ids.set(markedUpKey(image), await upload(new File([image.markedUp], name, { type: 'image/png' })));
    }
  }
  return ids;
}

/**
 * The `images` list sent with the issue: kept images by id, new ones by the fileId of their upload, in the
 * form's order. The list replaces the images, so one left out is removed.
 */
export function imagesInput(
  images: readonly FormImage[],
  uploaded: ReadonlyMap<string, string>,
): ImageInput[] {
  return images.map((image, index) => {
    const title = image.title.trim();
    // Markup drawn in the form goes with its rendered picture (the server makes the thumbnail from it).
    const markedUp = image.markedUp ? uploaded.get(markedUpKey(image)) : undefined;
    if (image.markedUp && !markedUp) throw new Error(`the markup of ${image.key} was not uploaded`);
    const markup = markedUp ? { markedUp, markUp: image.markUp } : {};
    if (image.id !== null) return { id: image.id, index, title, ...markup };
    const fileId = uploaded.get(image.key);
    if (!fileId) throw new Error(`image ${image.key} was not uploaded`);
    return { index, title, original: fileId, ...markup };
  });
}
