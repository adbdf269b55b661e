import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz, createdAt, uuidId, cascadeRef } from './columns.ts';
import { users } from './identity.ts';
import { projects } from './projects.ts';

/**
 * An issue export prepared in the background (issue 33, docs/workspace.md "Downloads"): the list as Excel, CSV
 * or the PDF report, written by the exports.prepare job into the file store and listed in Downloads. `params`
 * holds what the request named (filter, ids, language, separator, report options); `format` is xlsx, csv,
 * disciplinesCsv or reportPdf; `status` processing, completed or error (`errorCode` from the catalogue).
 */
export const issueExportJobs = pgTable(
  'issue_export_jobs',
  {
    id: uuidId(),
    projectId: cascadeRef('project_id', () => projects.id),
    userId: cascadeRef('user_id', () => users.id),
    format: text('format').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('processing'),
    errorCode: text('error_code'),
    fileName: text('file_name'),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    index('issue_export_jobs_user_idx').on(t.userId, t.createdAt),
    index('issue_export_jobs_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * "Your download is ready" (issue 33): one row per finished preparation (a bulk zip, an issue export, a BCF
 * export), written when it ends. The web app that receives the live notice marks it seen; the
 * downloads.readyMail job e-mails the person a little later only when it is still unseen (they left).
 */
export const downloadNotices = pgTable(
  'download_notices',
  {
    userId: cascadeRef('user_id', () => users.id),
    downloadId: text('download_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    projectName: text('project_name').notNull(),
    fileName: text('file_name'),
    readyAt: tstz('ready_at').notNull().defaultNow(),
    seenAt: tstz('seen_at'),
    mailedAt: tstz('mailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.downloadId] }),
    index('download_notices_ready_idx').on(t.readyAt),
  ],
);
