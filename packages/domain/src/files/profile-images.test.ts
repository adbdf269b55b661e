import { describe, expect, it } from 'vitest';
import {
  checkImageFile,
  isProfileImageKind,
  MAX_IMAGE_FILE_BYTES,
  PROFILE_IMAGE_SIZES,
} from './profile-images.ts';

describe('profile images (editor §5.1, §5.3)', () => {
  it('makes avatars 200×200 squares and the company logo 800×200 (aspect 4)', () => {
    expect(PROFILE_IMAGE_SIZES.USER_PHOTO).toEqual({ width: 200, height: 200 });
    expect(PROFILE_IMAGE_SIZES.PROJECT_IMAGE).toEqual({ width: 200, height: 200 });
    const logo = PROFILE_IMAGE_SIZES.COMPANY_LOGO;
    expect([logo.width, logo.height, logo.width / logo.height]).toEqual([800, 200, 4]);
  });

  it('accepts images up to 5 MB and refuses other types, empty files and larger ones', () => {
    expect(checkImageFile({ size: 10, type: 'image/png' })).toBeUndefined();
    expect(checkImageFile({ size: MAX_IMAGE_FILE_BYTES, type: 'IMAGE/JPEG' })).toBeUndefined();
    expect(checkImageFile({ size: 10, type: 'image/webp' })).toBeUndefined();
    expect(checkImageFile({ size: 10, type: 'image/gif' })).toBeUndefined();
    expect(checkImageFile({ size: 10, type: 'application/pdf' })).toBe('FILE_EXTENSION_NOT_ALLOWED');
    expect(checkImageFile({ size: 10, type: 'image/svg+xml' })).toBe('FILE_EXTENSION_NOT_ALLOWED');
    expect(checkImageFile({ size: 10, type: '' })).toBe('FILE_EXTENSION_NOT_ALLOWED');
    expect(checkImageFile({ size: 0, type: 'image/png' })).toBe('SELECT_FILE');
    expect(checkImageFile({ size: MAX_IMAGE_FILE_BYTES + 1, type: 'image/png' })).toBe(
      'FILE_SIZE_LIMIT_EXCEEDED',
    );
  });

  it('knows its kinds', () => {
    expect(['PROJECT_IMAGE', 'COMPANY_LOGO', 'USER_PHOTO', 'OTHER'].map(isProfileImageKind)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
