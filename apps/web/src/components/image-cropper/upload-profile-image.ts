import type { Client } from 'urql';
import type { ProfileImageKind } from '@obra/domain';
import { ConfirmProfileImageUploadDocument, CreateProfileImageUploadDocument } from '../../gql/generated.ts';
import { uploadRefusal } from '../../lib/api-errors.ts';

/** What an image field holds until its form is saved. */
export type ImageChoice =
  | { readonly state: 'keep' }
  | { readonly state: 'remove' }
  | { readonly state: 'new'; readonly blob: Blob; readonly url: string };

/** An image field left as it was. */
export const KEEP_IMAGE: ImageChoice = { state: 'keep' };

/**
 * Uploads a cropped image (createProfileImageUpload, PUT to the signed address, confirmProfileImageUpload) and
 * returns the URL the owner's mutation takes. The server re-encodes it to the kind's exact size.
 */
export async function uploadProfileImage(
  client: Client,
  kind: ProfileImageKind,
  blob: Blob,
): Promise<string> {
  const extension = blob.type === 'image/jpeg' ? 'jpg' : (blob.type.split('/')[1] ?? 'png');
  const asked = await client
    .mutation(CreateProfileImageUploadDocument, { kind, filename: `${kind.toLowerCase()}.${extension}` })
    .toPromise();
  if (asked.error) throw asked.error;
  const target = asked.data?.createProfileImageUpload;
  if (!target) throw new Error('UNEXPECTED');
  const response = await fetch(target.url, { method: target.method || 'PUT', body: blob });
  if (!response.ok) throw await uploadRefusal(response);
  const confirmed = await client
    .mutation(ConfirmProfileImageUploadDocument, { fileId: target.fileId })
    .toPromise();
  if (confirmed.error) throw confirmed.error;
  const url = confirmed.data?.confirmProfileImageUpload.url;
  if (!url) throw new Error('UNEXPECTED');
  return url;
}

/**
 * The value of the owner's image argument for a choice: undefined (left out: unchanged), null (removed) or the
 * URL of the freshly uploaded image.
 */
export async function imageArgument(
  client: Client,
  kind: ProfileImageKind,
  choice: ImageChoice,
): Promise<string | null | undefined> {
  if (choice.state === 'keep') return undefined;
  if (choice.state === 'remove') return null;
  return uploadProfileImage(client, kind, choice.blob);
}
