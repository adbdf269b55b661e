import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz, createdAt, updatedAt, uuidId, cascadeRef } from './columns.ts';
import { users } from './identity.ts';
import { projects } from './projects.ts';

/**
 * A BIM plugin session (issue 32 item 2, docs/plugins.md "Plugin sessions"): a desktop plugin, signed in with its
 * BCF OAuth token, opens the web app's model viewer as an overlay on some model revisions (`file_ids`, drive
 * revisions of IFC documents) at the plugin's BCF viewpoint (packages/domain BcfViewpoint, as issues store them).
 * Only `user_id` opens it; `version` grows at each viewpoint change (the open overlay follows it); the session
 * ends when the plugin deletes it or at `expires_at` (12 h after its last change).
 */
export const bimPluginSessions = pgTable(
  'bim_plugin_sessions',
  {
    id: uuidId(),
    projectId: cascadeRef('project_id', () => projects.id),
    userId: cascadeRef('user_id', () => users.id),
    /** The OAuth client (the plugin) that made it, when it came with an OAuth token. */
    clientId: text('client_id'),
    fileIds: integer('file_ids').array().notNull(),
    viewpoint: jsonb('viewpoint'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('bim_plugin_sessions_user_idx').on(t.userId, t.expiresAt)],
);
