import sharp from 'sharp';

/** The image types issue and comment images may be (by content, not by name). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** An image type Obra accepts. */
export type ImageType = (typeof IMAGE_TYPES)[number];

/** File name extensions an image upload may carry (the content decides; the name only screens early). */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'jfif', 'gif', 'webp']);

/** Bytes enough to recognise every accepted type. */
export const SNIFF_BYTES = 16;

/** The longest side of a thumbnail, in pixels; smaller images keep their size. */
export const THUMBNAIL_MAX_SIDE = 320;

/** Refuse decompression bombs: a 5 MB file may not unpack into more pixels than this. */
const MAX_INPUT_PIXELS = 60_000_000;

/** The type of an image by its magic bytes (PNG, JPEG, GIF, WebP), or undefined for anything else. */
export function sniffImageType(head: Uint8Array): ImageType | undefined {
  const starts = (bytes: readonly number[], offset = 0): boolean =>
    bytes.every((b, i) => head[offset + i] === b);
  const ascii = (text: string, offset = 0): boolean =>
    starts(
      [...text].map((c) => c.charCodeAt(0)),
      offset,
    );
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii('GIF87a') || ascii('GIF89a')) return 'image/gif';
  if (ascii('RIFF') && ascii('WEBP', 8)) return 'image/webp';
  return undefined;
}

/** What a decoded image is, and its thumbnail. */
export interface ImageFacts {
  readonly width: number;
  readonly height: number;
  readonly thumbnail: {
    readonly data: Buffer;
    readonly width: number;
    readonly height: number;
    readonly contentType: 'image/webp';
  };
}

/**
 * Decodes an image (which proves it is one, beyond its magic bytes) and makes its thumbnail: upright per its
 * EXIF orientation, scaled down to fit THUMBNAIL_MAX_SIDE keeping the aspect ratio (editor §9), WebP (keeps
 * transparency, small). Throws when the bytes do not decode.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageFacts> {
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  const meta = await source.metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  const { data, info } = await source
    .rotate()
    .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return {
    width,
    height,
    thumbnail: { data, width: info.width, height: info.height, contentType: 'image/webp' },
  };
}

/** An image re-encoded to an exact size. */
export interface RenderedImage {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  readonly contentType: 'image/webp';
}

/**
 * Re-encodes an image to exactly `width`×`height` (profile images, editor §5.3): upright per its EXIF orientation,
 * scaled to cover the size and centred (a client that already cropped to the aspect loses nothing), as WebP (keeps
 * a logo's transparency). Nothing of the original survives but its pixels: no metadata, no trailing bytes, the
 * first frame of an animation. Throws when the bytes do not decode.
 */
export async function renderExactImage(
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<RenderedImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
    .webp({ quality: 88 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, contentType: 'image/webp' };
}
