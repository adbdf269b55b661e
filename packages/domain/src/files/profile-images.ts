import type { ErrorCode } from '../errors/error-codes.ts';

/** What a profile image is for: a project's image, a company's logo or a user's photo (spec core §3). */
export const PROFILE_IMAGE_KINDS = ['PROJECT_IMAGE', 'COMPANY_LOGO', 'USER_PHOTO'] as const;

/** A profile image kind. */
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

/** A size in pixels. */
export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The exact size of a stored profile image (editor §5.3): avatars (project image, user photo) are 200×200
 * squares; a company's horizontal logo has an aspect ratio of 4, 800×200.
 */
export const PROFILE_IMAGE_SIZES: Readonly<Record<ProfileImageKind, PixelSize>> = {
  PROJECT_IMAGE: { width: 200, height: 200 },
  COMPANY_LOGO: { width: 800, height: 200 },
  USER_PHOTO: { width: 200, height: 200 },
};

/** The largest image file accepted, in bytes (editor §5.3 and §9: 5 MB). */
export const MAX_IMAGE_FILE_BYTES = 5 * 1024 * 1024;

/** The image types Obra accepts: PNG, JPEG, GIF and WebP (the server decides by content). */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** True when a value names a profile image kind. */
export function isProfileImageKind(value: string): value is ProfileImageKind {
  return (PROFILE_IMAGE_KINDS as readonly string[]).includes(value);
}

/**
 * Screens a chosen file before it is sent (editor §5.1 "image files only", §5.3 "under 5MB"): SELECT_FILE for an
 * empty file, FILE_EXTENSION_NOT_ALLOWED for a type that is not an accepted image, FILE_SIZE_LIMIT_EXCEEDED past
 * 5 MB; undefined when it may go. The browser's type comes from the name; the server checks the content again.
 */
export function checkImageFile(file: {
  readonly size: number;
  readonly type: string;
}): ErrorCode | undefined {
  if (file.size === 0) return 'SELECT_FILE';
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return 'FILE_EXTENSION_NOT_ALLOWED';
  if (file.size > MAX_IMAGE_FILE_BYTES) return 'FILE_SIZE_LIMIT_EXCEEDED';
  return undefined;
}
