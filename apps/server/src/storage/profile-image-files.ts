/** Where browsers GET profile images (project images, company logos, user photos). */
export const PROFILE_IMAGE_PATH = '/profile-images/';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The file name of a profile image under PROFILE_IMAGE_PATH. */
export const PROFILE_IMAGE_NAME = new RegExp(`^${UUID}\\.webp$`);
const URL_PATTERN = new RegExp(`^${PROFILE_IMAGE_PATH}${UUID}\\.webp$`);

/** The storage key of a re-encoded profile image. */
export function profileImageKey(guid: string): string {
  return `profile-images/${guid}.webp`;
}

/** The path the owner's column stores and browsers load: same-origin, stable, never rewritten. */
export function profileImageUrl(guid: string): string {
  return `${PROFILE_IMAGE_PATH}${guid}.webp`;
}

/** True when a value has the shape of a profile image URL. */
export function isProfileImageUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}
