import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isAppError } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import {
  issueComments,
  issueDisciplines,
  issueHistory,
  issueNotifications,
  issues,
  projects,
  users,
} from '../../db/schema/index.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadProjectAccess, type ProjectAccess, audienceOf } from '../projects/project-access.ts';
import { visibleCommentsWhere, visibleIssuesWhere } from '../issues/issue-repository.ts';

/** What an unread mark is about, as e-mails and the notification centre tell it. */
export type NotificationItemKind =
  'mention' | 'comment' | 'created' | 'status' | 'disciplines' | 'updated' | 'unread';

/** One unread mark the user may see now, with what is needed to tell it. */
export interface NotificationItem {
  id: number;
  projectId: number;
  projectName: string;
  issueId: number;
  issueCode: string;
  issueTitle: string;
  issueStatus: string;
  commentId: number | null;
  /** The comment's text (the visible comments only). */
  commentMessage: string | null;
  historyId: number | null;
  historyFields: Record<string, { old?: unknown; new?: unknown }> | null;
  isMention: boolean;
  kind: NotificationItemKind;
  /** Who made the change: the comment's author or the history entry's. */
  actorName: string | null;
  actorId: number | null;
  createdAt: Date;
}

/** The kind of a mark from what it points at. */
export function kindOf(row: {
  isMention: boolean;
  commentId: number | null;
  historyId: number | null;
  historyFields: unknown;
}): NotificationItemKind {
  if (row.isMention) return 'mention';
  if (row.commentId !== null) return 'comment';
  if (row.historyId === null) return 'unread';
  const fields = (row.historyFields ?? {}) as Record<string, unknown>;
  if ('created' in fields) return 'created';
  if ('status' in fields) return 'status';
  if ('disciplines' in fields) return 'disciplines';
  return 'updated';
}

/** The actor a background job acts as for one user (their own rights, nothing more). */
export function actorOfAccount(account: Actor['account']): Actor {
  return { account, via: 'session', sessionId: undefined };
}

/**
 * The user's access to a project now, or undefined when they no longer take part in it (or read no issues):
 * their marks there are then not told at all.
 */
export async function currentAccess(
  db: Db,
  actor: Actor,
  projectId: number,
): Promise<ProjectAccess | undefined> {
  try {
    const access = await loadProjectAccess(db, actor, projectId);
    audienceOf(access);
    return access;
  } catch (error) {
    if (isAppError(error)) return undefined;
    throw error;
  }
}

/**
 * The user's unread marks that they may see NOW, newest first: for each project the issue and comment visibility
 * rules of the issues module (visibleIssuesWhere, visibleCommentsWhere) are applied in SQL with the user's current
 * access, so a mark on an issue or comment whose visibility was narrowed after it was made is left out, and so are
 * deleted comments. `where` narrows the marks further (e.g. not yet e-mailed).
 */
export async function loadVisibleNotifications(
  db: Db,
  actor: Actor,
  options: { where?: SQL | undefined; limit?: number | undefined } = {},
): Promise<NotificationItem[]> {
  const userId = actor.account.id;
  const projectRows = await db
    .selectDistinct({ projectId: issueNotifications.projectId })
    .from(issueNotifications)
    .where(and(eq(issueNotifications.userId, userId), options.where));
  const author = alias(users, 'author');
  const items: NotificationItem[] = [];
  for (const { projectId } of projectRows) {
    const access = await currentAccess(db, actor, projectId);
    if (!access) continue;
    const audience = audienceOf(access);
    const rows = await db
      .select({
        id: issueNotifications.id,
        projectId: issueNotifications.projectId,
        projectName: projects.name,
        issueId: issues.id,
        issueCode: issues.code,
        issueTitle: issues.title,
        issueStatus: issues.status,
        commentId: issueNotifications.commentId,
        commentMessage: issueComments.message,
        historyId: issueNotifications.historyId,
        historyFields: issueHistory.fields,
        isMention: issueNotifications.isMention,
        createdAt: issueNotifications.createdAt,
        actorId: sql<number | null>`coalesce(${issueComments.createdByUserId}, ${issueHistory.userId})`,
        actorName: sql<
          string | null
        >`nullif(trim(coalesce(${author.name}, '') || ' ' || coalesce(${author.lastName}, '')), '')`,
      })
      .from(issueNotifications)
      .innerJoin(issues, eq(issues.id, issueNotifications.issueId))
      .innerJoin(projects, eq(projects.id, issueNotifications.projectId))
      .leftJoin(issueComments, eq(issueComments.id, issueNotifications.commentId))
      .leftJoin(issueHistory, eq(issueHistory.id, issueNotifications.historyId))
      .leftJoin(
        author,
        eq(author.id, sql`coalesce(${issueComments.createdByUserId}, ${issueHistory.userId})`),
      )
      .where(
        and(
          eq(issueNotifications.userId, userId),
          eq(issueNotifications.projectId, projectId),
          visibleIssuesWhere(audience),
          or(
            isNull(issueNotifications.commentId),
            and(isNull(issueComments.deletedAt), visibleCommentsWhere(audience)),
          ),
          options.where,
        ),
      )
      .orderBy(desc(issueNotifications.createdAt), desc(issueNotifications.id))
      .limit(options.limit ?? 1000);
    for (const r of rows) {
      const historyFields = (r.historyFields ?? null) as NotificationItem['historyFields'];
      items.push({
        ...r,
        createdAt: new Date(r.createdAt),
        historyFields,
        kind: kindOf({ ...r, historyFields }),
      });
    }
  }
  items.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  return options.limit ? items.slice(0, options.limit) : items;
}

/**
 * Whether a mark tells the user that an issue was newly given to one of their disciplines: the issue was created
 * with, or changed to have, a discipline of theirs (managers, who see every discipline, are not "assigned").
 */
export async function isNewlyAssigned(
  db: Db,
  access: ProjectAccess,
  item: NotificationItem,
): Promise<boolean> {
  if (item.kind !== 'created' && item.kind !== 'disciplines') return false;
  if (access.manageDisciplines || access.userDisciplines.length === 0) return false;
  const current = await db
    .select({ id: issueDisciplines.disciplineId })
    .from(issueDisciplines)
    .where(
      and(
        eq(issueDisciplines.issueId, item.issueId),
        inArray(issueDisciplines.disciplineId, access.userDisciplines),
      ),
    );
  if (current.length === 0) return false;
  if (item.kind === 'created') return true;
  const old = item.historyFields?.['disciplines']?.old;
  const before = Array.isArray(old)
    ? old.map((d) => (d as { disciplineId?: unknown }).disciplineId).filter((v) => typeof v === 'number')
    : [];
  return current.some((d) => !before.includes(d.id));
}
