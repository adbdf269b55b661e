/** Bytes read from the start of an upload to recognise its type. */
export const DOCUMENT_SNIFF_BYTES = 4096;

/** The kinds of content the drive accepts, each recognised by its bytes (not its name). */
export type DocumentContentKind =
  'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'tiff' | 'dwg' | 'dxf' | 'ifc' | 'zip' | 'ole' | 'text';

/** The content kind each accepted extension must have, and the type it is served with. */
export const DRIVE_EXTENSIONS: Readonly<Record<string, { kind: DocumentContentKind; contentType: string }>> =
  {
    pdf: { kind: 'pdf', contentType: 'application/pdf' },
    png: { kind: 'png', contentType: 'image/png' },
    jpg: { kind: 'jpeg', contentType: 'image/jpeg' },
    jpeg: { kind: 'jpeg', contentType: 'image/jpeg' },
    gif: { kind: 'gif', contentType: 'image/gif' },
    webp: { kind: 'webp', contentType: 'image/webp' },
    tif: { kind: 'tiff', contentType: 'image/tiff' },
    tiff: { kind: 'tiff', contentType: 'image/tiff' },
    dwg: { kind: 'dwg', contentType: 'application/acad' },
    dxf: { kind: 'dxf', contentType: 'application/dxf' },
    ifc: { kind: 'ifc', contentType: 'application/x-step' },
    zip: { kind: 'zip', contentType: 'application/zip' },
    docx: {
      kind: 'zip',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    xlsx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    pptx: {
      kind: 'zip',
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    },
    doc: { kind: 'ole', contentType: 'application/msword' },
    xls: { kind: 'ole', contentType: 'application/vnd.ms-excel' },
    rvt: { kind: 'ole', contentType: 'application/octet-stream' },
    rfa: { kind: 'ole', contentType: 'application/octet-stream' },
    txt: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
    csv: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
  };

/** Whether the drive accepts files with this (lower-case) extension. */
export function isDriveExtension(extension: string): boolean {
  return Object.hasOwn(DRIVE_EXTENSIONS, extension);
}

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return bytes.every((b, i) => head[offset + i] === b);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function asText(head: Uint8Array): string | undefined {
  if (head.includes(0)) return undefined;
  try {
    // A multi-byte character cut at the end of the window is not an error.
    return new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return undefined;
  }
}

/** The content kind of the first bytes of a file (DOCUMENT_SNIFF_BYTES of them), or undefined. */
export function sniffDocumentKind(head: Uint8Array): DocumentContentKind | undefined {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(head, ascii('AC10'))) return 'dwg';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  const text = asText(head);
  if (text === undefined) return undefined;
  if (text.trimStart().startsWith('ISO-10303-21')) return 'ifc';
  if (/^\s*(?:999\s*\r?\n.*\r?\n\s*)?0\s*\r?\nSECTION/su.test(text)) return 'dxf';
  return 'text';
}

/**
 * Whether a file's first bytes agree with its extension: a `.pdf` must start as a PDF, an image as that image, a
 * text format must be UTF-8 text. Returns the type to serve it with, or undefined when they disagree.
 */
export function documentContentType(extension: string, head: Uint8Array): string | undefined {
  const expected = DRIVE_EXTENSIONS[extension];
  if (!expected) return undefined;
  const kind = sniffDocumentKind(head);
  if (kind === expected.kind) return expected.contentType;
  // A .txt or .csv that happens to look like DXF or IFC text is still text.
  if (expected.kind === 'text' && (kind === 'dxf' || kind === 'ifc')) return expected.contentType;
  return undefined;
}
