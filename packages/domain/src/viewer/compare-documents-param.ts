import { z } from 'zod';

/**
 * The `documents` query parameter of /tools/compare-documents (spec core §2): base64 (standard or URL-safe) of
 * the UTF-8 JSON list of the documents to compare. Obra reads two kinds of entries:
 * - a drive document: `{ projectId, documentId, revision?, page?, title? }` (access is checked for each by the
 *   server; without a revision the newest the user sees is opened);
 * - an image by address: `{ url, title? }` (what the editor compared before the drive existed).
 */

/** The most documents one comparison takes. */
export const MAX_COMPARED_DOCUMENTS = 10;

const driveEntry = z.object({
  projectId: z.coerce.number().int().positive(),
  documentId: z.coerce.number().int().positive(),
  revision: z.string().min(1).max(100).optional(),
  page: z.number().int().positive().optional(),
  title: z.string().max(300).optional(),
});

/** An inline image the compare tool accepts: a raster picture as base64 (never a document, script or SVG). */
const INLINE_IMAGE = /^data:image\/(png|jpeg|webp|gif|bmp|avif);base64,[A-Za-z0-9+/]+=*$/;
/** The longest inline image of a compare link, in characters (about 1.5 MB of picture). */
export const MAX_INLINE_IMAGE_CHARS = 2_000_000;

const urlEntry = z.object({
  url: z
    .string()
    .min(1)
    .max(MAX_INLINE_IMAGE_CHARS)
    .refine(
      (url) =>
        /^\s*data:/i.test(url)
          ? INLINE_IMAGE.test(url)
          : url.length <= 4000 && !/^\s*(javascript|vbscript|file):/i.test(url),
      'unsafe url',
    ),
  title: z.string().max(300).default(''),
});

/** A drive document of the comparison. */
export type CompareDriveEntry = z.infer<typeof driveEntry> & { readonly kind: 'drive' };
/** An image by address. */
export type CompareUrlEntry = z.infer<typeof urlEntry> & { readonly kind: 'url' };
/** One entry of the parameter. */
export type CompareEntry = CompareDriveEntry | CompareUrlEntry;

/** The parameter read, or why not. */
export type CompareDocumentsParam =
  | { readonly ok: true; readonly entries: readonly CompareEntry[] }
  | { readonly ok: false; readonly reason: 'missing' | 'invalidParameter' | 'tooMany' };

/** Decodes base64 (standard or URL-safe, padding optional) of UTF-8 text; throws on bad input. */
export function decodeBase64Utf8(value: string): string {
  const normalised = value.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  const padded = normalised + '='.repeat((4 - (normalised.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** Encodes a list as the parameter (standard base64 of its UTF-8 JSON). */
export function encodeCompareDocumentsParam(entries: readonly unknown[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(entries));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Reads the parameter: every entry must be one of the two kinds, 1 to 10 of them. */
export function parseCompareDocumentsParam(raw: string | null | undefined): CompareDocumentsParam {
  if (!raw || raw.trim() === '') return { ok: false, reason: 'missing' };
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Utf8(raw)) as unknown;
  } catch {
    return { ok: false, reason: 'invalidParameter' };
  }
  if (!Array.isArray(json) || json.length === 0) return { ok: false, reason: 'invalidParameter' };
  if (json.length > MAX_COMPARED_DOCUMENTS) return { ok: false, reason: 'tooMany' };
  const entries: CompareEntry[] = [];
  for (const item of json) {
    const isDrive = typeof item === 'object' && item !== null && 'documentId' in item;
    if (isDrive) {
      const parsed = driveEntry.safeParse(item);
      if (!parsed.success) return { ok: false, reason: 'invalidParameter' };
      entries.push({ ...parsed.data, kind: 'drive' });
    } else {
      const parsed = urlEntry.safeParse(item);
      if (!parsed.success) return { ok: false, reason: 'invalidParameter' };
      entries.push({ ...parsed.data, kind: 'url' });
    }
  }
  return { ok: true, entries };
}
