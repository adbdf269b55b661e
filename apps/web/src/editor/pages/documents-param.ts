import { z } from 'zod';
import { decodeBase64Utf8, encodeCompareDocumentsParam } from '@obra/domain';

/** A document of /tools/compare-documents: where its image is and what to call it. */
export const compareDocumentSchema = z.object({
  url: z
    .string()
    .min(1)
    .refine((url) => !/^\s*(javascript|vbscript|file):/i.test(url), 'unsafe url'),
  title: z.string().default(''),
});
export type CompareDocument = z.infer<typeof compareDocumentSchema>;

const documentsSchema = z.array(compareDocumentSchema);

export type DocumentsParamResult =
  | { readonly ok: true; readonly documents: readonly [CompareDocument, CompareDocument] }
  | { readonly ok: false; readonly reason: 'invalidParameter' | 'needTwo' };

/** Encodes documents as the `documents` query parameter: base64 of the UTF-8 JSON list. */
export function encodeDocumentsParam(documents: readonly CompareDocument[]): string {
  return encodeCompareDocumentsParam(documents);
}

/**
 * Reads `?documents=` (spec core §2): base64 (standard or URL-safe) of a JSON list of {url, title}.
 * The first two documents are compared.
 */
export function parseDocumentsParam(raw: string | null): DocumentsParamResult {
  if (!raw) return { ok: false, reason: 'needTwo' };
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Utf8(raw)) as unknown;
  } catch {
    return { ok: false, reason: 'invalidParameter' };
  }
  const parsed = documentsSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'invalidParameter' };
  const [first, second] = parsed.data;
  if (!first || !second) return { ok: false, reason: 'needTwo' };
  return { ok: true, documents: [first, second] };
}
