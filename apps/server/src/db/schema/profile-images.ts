import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tstz, createdAt, identityId } from './columns.ts';
import { userRef } from './identity.ts';

/**
 * Uploads of project images, company logos and user photos (issue 4, editor §5.3). A row is written when the
 * signed upload URL is handed out (`pending` until expiresAt); confirming re-encodes the upload to the kind's exact
 * size, stores it under `storageKey` (served publicly at `url`), deletes the raw upload and turns the row `ready`.
 * The owner's column (projects.image, companies.logo, users.photo) holds `url`; rows nothing points at are removed
 * with their objects by the files.cleanup job.
 */
export const profileImages = pgTable(
  'profile_images',
  {
    id: identityId(),
    /** The id clients use (createProfileImageUpload → confirmProfileImageUpload). */
    guid: uuid('guid').notNull().defaultRandom(),
    /** PROJECT_IMAGE, COMPANY_LOGO or USER_PHOTO: decides the output size and which column may use it. */
    kind: text('kind').notNull(),
    /** Only its uploader may confirm and use an upload (null once that account is gone). */
    createdByUserId: userRef('created_by_user_id'),
    status: text('status').notNull().default('pending'),
    /** Where the client PUTs the raw bytes; deleted once the image is re-encoded. */
    uploadKey: text('upload_key').notNull(),
    /** The re-encoded image (set when ready). */
    storageKey: text('storage_key'),
    /** The path the owner's column stores and browsers GET (set when ready). */
    url: text('url'),
    size: integer('size'),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
    /** Until when a pending upload may still arrive and be confirmed. */
    expiresAt: tstz('expires_at').notNull(),
    readyAt: tstz('ready_at'),
  },
  (t) => [
    uniqueIndex('profile_images_guid_key').on(t.guid),
    uniqueIndex('profile_images_url_key').on(t.url),
    index('profile_images_cleanup_idx').on(t.status, t.expiresAt),
  ],
);
