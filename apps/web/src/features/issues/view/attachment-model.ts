/** How an attachment is previewed (editor §3.3): image, gif, media or other. */
export type AttachmentType = 'image' | 'gif' | 'media' | 'other';

/** An attachment of an issue or comment as the carousel shows it (editor §3.3). */
export interface Attachment {
  readonly key: string;
  readonly title: string | null;
  /** The file itself. */
  readonly original: string;
  /** The image with its markup drawn on, when it has one. */
  readonly markedUp?: string | null;
  readonly index: number;
  /** Set when the file's kind is known otherwise than by its name. */
  readonly type?: AttachmentType;
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png']);
const MEDIA_EXTENSIONS = new Set(['mp4', 'ogg', 'oga', 'ogv', 'mp3', 'wav']);
const AUDIO_EXTENSIONS = new Set(['oga', 'mp3', 'wav']);
// Files a browser cannot preview in an <img>; they get "preview unavailable" with a link.
const OTHER_EXTENSIONS = new Set([
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'csv',
  'txt',
  'zip',
  'rar',
  '7z',
  'dwg',
  'dxf',
  'ifc',
  'rvt',
  'nwd',
  'bcf',
  'bcfzip',
  'avi',
  'mov',
  'mkv',
  'wmv',
  'flac',
]);

/** The extension of a file name or URL (lower case, without query or fragment); '' when it has none. */
export function extensionOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  const last = path.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/**
 * The attachment type by extension (editor §3.3): jpg, jpeg and png are image, gif is gif; mp4, ogg, oga, ogv,
 * mp3 and wav are media; known document and archive extensions are other; anything else defaults to image
 * (an image that then fails to load shows "preview unavailable", like other).
 */
export function attachmentTypeOf(nameOrUrl: string): AttachmentType {
  const ext = extensionOf(nameOrUrl);
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (ext === 'gif') return 'gif';
  if (MEDIA_EXTENSIONS.has(ext)) return 'media';
  if (OTHER_EXTENSIONS.has(ext)) return 'other';
  return 'image';
}

/** Whether a media file plays as sound (an <audio> element) rather than video. */
export function isAudio(nameOrUrl: string): boolean {
  return AUDIO_EXTENSIONS.has(extensionOf(nameOrUrl));
}

/** The type of an attachment: its own when given, else from its title's or file's extension. */
export function typeOfAttachment(attachment: Attachment): AttachmentType {
  if (attachment.type) return attachment.type;
  const fromTitle = attachment.title ? extensionOf(attachment.title) : '';
  return attachmentTypeOf(fromTitle ? (attachment.title ?? '') : attachment.original);
}

/** The next index of a carousel of `count` items: after the last comes the first (editor §4.5). */
export function nextIndex(current: number, count: number): number {
  if (count <= 0) return 0;
  return (((current + 1) % count) + count) % count;
}

/** The previous index: before the first comes the last (editor §4.5). */
export function previousIndex(current: number, count: number): number {
  if (count <= 0) return 0;
  return (((current - 1) % count) + count) % count;
}

/** Attachments in their `index` order (ties keep their order). */
export function orderedAttachments(items: readonly Attachment[]): Attachment[] {
  return [...items].sort((a, b) => a.index - b.index);
}
