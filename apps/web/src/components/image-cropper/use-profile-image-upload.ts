import { useCallback, useState } from 'react';
import { useClient } from 'urql';
import type { ProfileImageKind } from '@obra/domain';
import { imageArgument, type ImageChoice } from './upload-profile-image.ts';

/**
 * Turns an image field's choice into the owner's argument when its form is saved: uploads a new crop (with
 * `uploading` true meanwhile), answers null to remove and undefined to keep. Failures are thrown for the form's
 * own error display (FormError or the error toast, both from the errors namespace).
 */
export function useProfileImageUpload(kind: ProfileImageKind): {
  uploading: boolean;
  resolve: (choice: ImageChoice) => Promise<string | null | undefined>;
} {
  const client = useClient();
  const [uploading, setUploading] = useState(false);
  const resolve = useCallback(
    async (choice: ImageChoice) => {
      if (choice.state !== 'new') return imageArgument(client, kind, choice);
      setUploading(true);
      try {
        return await imageArgument(client, kind, choice);
      } finally {
        setUploading(false);
      }
    },
    [client, kind],
  );
  return { uploading, resolve };
}

/** The owner's input with the image argument added only when it changes (left out, the server keeps the image). */
export function withImage<T extends object, K extends string>(
  input: T,
  key: K,
  image: string | null | undefined,
): T & Partial<Record<K, string | null>> {
  if (image === undefined) return input;
  return { ...input, [key]: image } as T & Partial<Record<K, string | null>>;
}
