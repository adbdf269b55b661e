import type { IssueImageFieldsFragment } from '../../../gql/generated.ts';
import type { Attachment } from './attachment-model.ts';

/** Issue or comment images as carousel attachments (the picture with its markup when it has one). */
export function imageAttachments(images: readonly IssueImageFieldsFragment[]): Attachment[] {
  return images.map((image) => ({
    key: String(image.id),
    title: image.title || null,
    original: image.original,
    markedUp: image.markedUp,
    index: image.index,
  }));
}
