import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz, createdAt, updatedAt, uuidId, cascadeRef, setNullRef } from './columns.ts';
import { companies, userRef, users } from './identity.ts';
import { projects } from './projects.ts';
import { driveFiles } from './drive.ts';

/**
 * The partner document platform a company works with (docs/integrations.md): chosen by its administrator (or a
 * platform administrator in the admin area). `platform` is `webdav` or `aps`; `base_url` the server's address.
 */
export const companyIntegrations = pgTable('company_integrations', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  platform: text('platform').notNull(),
  baseUrl: text('base_url').notNull(),
  updatedByUserId: userRef('updated_by_user_id'),
  updatedAt: updatedAt(),
});

/**
 * A user's own account on the partner platform (spec core §3 "Document platform user integration"). The
 * credentials (a WebDAV password, or OAuth tokens) are sealed with AES-256-GCM: `secret` is `iv.tag.ciphertext`
 * (base64url) under the key named by `key_id`, so keys can rotate (docs/integrations.md).
 */
export const userIntegrations = pgTable(
  'user_integrations',
  {
    userId: cascadeRef('user_id', () => users.id),
    platform: text('platform').notNull(),
    baseUrl: text('base_url').notNull(),
    email: text('email').notNull(),
    accountName: text('account_name').notNull(),
    keyId: text('key_id').notNull(),
    secret: text('secret').notNull(),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);

/**
 * The link of an Obra project to a project of the partner platform (spec core §3 "Project integration"): made
 * once by a coordinator, never edited nor removed (editor §6). A partner project links to one Obra project.
 */
export const projectIntegrations = pgTable(
  'project_integrations',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    baseUrl: text('base_url').notNull(),
    autodocCustomerId: text('autodoc_customer_id').notNull(),
    autodocProjectId: text('autodoc_project_id').notNull(),
    autodocProjectName: text('autodoc_project_name').notNull(),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_integrations_partner_idx').on(
      t.platform,
      t.baseUrl,
      t.autodocCustomerId,
      t.autodocProjectId,
    ),
  ],
);

/**
 * A version of the partner platform being brought into the project (POST …/aps-files, docs/integrations.md
 * "Bringing files in"): the pending drive revision is made when it is asked for, and the integrations.transfer job
 * streams the bytes into it and confirms it, counting `done` of `total` bytes. `status` is transferring, completed
 * or error (`error_code` from the catalogue; the pending revision is then gone). `kind` is drive or bim. Kept
 * a week for the person's list of transfers.
 */
export const integrationTransfers = pgTable(
  'integration_transfers',
  {
    id: uuidId(),
    projectId: cascadeRef('project_id', () => projects.id),
    userId: cascadeRef('user_id', () => users.id),
    driveFileId: setNullRef('drive_file_id', () => driveFiles.id),
    partnerFolderId: text('partner_folder_id').notNull(),
    partnerFileId: text('partner_file_id').notNull(),
    partnerVersionId: text('partner_version_id'),
    fileName: text('file_name').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('transferring'),
    errorCode: text('error_code'),
    done: bigint('done', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [index('integration_transfers_user_idx').on(t.userId, t.projectId, t.createdAt)],
);
