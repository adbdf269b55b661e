import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, canInProject, COMMENT_VISIBILITIES, type CommentVisibility } from '@obra/domain';
import type { Db } from '../../../db/database.ts';
import {
  companies,
  issueComments,
  issueNotifications,
  issues,
  projectGroups,
  users,
} from '../../../db/schema/index.ts';
import { audienceOf, type ProjectAccess } from '../../projects/project-access.ts';
import { visibleCommentsWhere, visibleIssuesWhere } from '../issue-repository.ts';
import { allQueries } from '../../../db/all-queries.ts';

/** A stored comment row. */
export type CommentRow = typeof issueComments.$inferSelect;

/** A user as comments and history entries show them. */
export interface UserSummary {
  id: number;
  name: string | null;
  lastName: string | null;
  email: string;
  photo: string | null;
  company: { name: string; logo: string | null } | null;
}

/** A comment with what the API shows around it, for one caller. */
export interface CommentView {
  readonly row: CommentRow;
  readonly issueVisibility: string;
  readonly group: { id: number; name: string } | null;
  readonly users: ReadonlyMap<number, UserSummary>;
  readonly hasNotification: boolean;
  readonly canEdit: boolean;
  readonly canDelete: boolean;
  /** False for a deleted comment seen by someone other than its author: its message is withheld. */
  readonly showMessage: boolean;
}

/** Loads a comment the caller sees, with its issue; missing and hidden comments are both NOT_FOUND. */
export async function loadVisibleComment(
  db: Db,
  access: ProjectAccess,
  commentId: number,
  forUpdate = false,
): Promise<{ comment: CommentRow; issue: typeof issues.$inferSelect }> {
  const audience = audienceOf(access);
  const query = db
    .select({ comment: issueComments, issue: issues })
    .from(issueComments)
    .innerJoin(issues, eq(issues.id, issueComments.issueId))
    .where(and(eq(issueComments.id, commentId), visibleIssuesWhere(audience), visibleCommentsWhere(audience)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: issueComments }) : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Which comments a list serves (getIssues' commentsFilter; spec core §9: all four visibilities by default). */
export interface CommentsFilter {
  readonly visibilities: readonly CommentVisibility[];
  /** Whether deleted comments are served as tombstones. */
  readonly includeDeleted: boolean;
}

/** Every comment the caller sees. */
export const ALL_COMMENTS: CommentsFilter = { visibilities: COMMENT_VISIBILITIES, includeDeleted: true };

const commentsFilterSchema = z
  .object({
    visibilities: z.array(z.enum(COMMENT_VISIBILITIES)).optional(),
    includeDeleted: z.boolean().optional(),
  })
  .strict();

/** Parses getIssues' commentsFilter (JSON, or its text); anything else is BAD_USER_INPUT. */
export function parseCommentsFilter(raw: unknown): CommentsFilter {
  if (raw === undefined || raw === null) return ALL_COMMENTS;
  let value: unknown = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      throw new AppError('BAD_USER_INPUT', 'commentsFilter is not JSON', { field: 'commentsFilter' });
    }
  }
  const parsed = commentsFilterSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError('BAD_USER_INPUT', 'invalid commentsFilter', { field: 'commentsFilter' });
  return {
    visibilities: parsed.data.visibilities ?? COMMENT_VISIBILITIES,
    includeDeleted: parsed.data.includeDeleted ?? true,
  };
}

/** The comments the caller sees of issues they already see, through a list's filter, oldest first; one query. */
export async function loadCommentsOfIssues(
  db: Db,
  access: ProjectAccess,
  issueIds: readonly number[],
  filter: CommentsFilter,
): Promise<CommentRow[]> {
  if (issueIds.length === 0 || filter.visibilities.length === 0) return [];
  return db
    .select()
    .from(issueComments)
    .where(
      and(
        inArray(issueComments.issueId, [...issueIds]),
        visibleCommentsWhere(audienceOf(access)),
        inArray(issueComments.visibility, [...filter.visibilities]),
        filter.includeDeleted ? undefined : isNull(issueComments.deletedAt),
      ),
    )
    .orderBy(issueComments.createdAt, issueComments.id);
}

/** The comments of an issue the caller sees (the issue is already known visible), oldest first. */
export async function loadIssueComments(
  db: Db,
  access: ProjectAccess,
  issueId: number,
): Promise<CommentRow[]> {
  return db
    .select()
    .from(issueComments)
    .where(and(eq(issueComments.issueId, issueId), visibleCommentsWhere(audienceOf(access))))
    .orderBy(issueComments.createdAt, issueComments.id);
}

/** Users with their company, by id, in one query. */
export async function loadUserSummaries(
  db: Db,
  ids: Iterable<number | null | undefined>,
): Promise<Map<number, UserSummary>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ user: users, companyName: companies.name, companyLogo: companies.logo })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.id, wanted));
  return new Map(
    rows.map((r) => [
      r.user.id,
      {
        id: r.user.id,
        name: r.user.name,
        lastName: r.user.lastName,
        email: r.user.email,
        photo: r.user.photo,
        company: r.companyName === null ? null : { name: r.companyName, logo: r.companyLogo },
      },
    ]),
  );
}

/** Who may edit a comment: its author. Who may delete it: its author, or whoever may delete any issue. */
export function commentPermissions(
  access: ProjectAccess,
  row: CommentRow,
): { canEdit: boolean; canDelete: boolean } {
  if (row.deletedAt) return { canEdit: false, canDelete: false };
  const author = row.createdByUserId === access.actor.account.id;
  return { canEdit: author, canDelete: author || canInProject(access.policyActor, 'issue.deleteAny') };
}

/**
 * Builds the views of comments already known visible to the caller, with a fixed number of queries (users,
 * groups, the caller's unread marks) whatever their number.
 */
export async function loadCommentViews(
  db: Db,
  access: ProjectAccess,
  issueVisibility: ReadonlyMap<number, string>,
  rows: readonly CommentRow[],
): Promise<CommentView[]> {
  if (rows.length === 0) return [];
  const userId = access.actor.account.id;
  const groupIds = [...new Set(rows.map((r) => r.groupId).filter((id): id is number => id !== null))];
  const [people, groups, marks] = await allQueries(db, [
    () =>
      loadUserSummaries(
        db,
        rows.flatMap((r) => [
          r.createdByUserId,
          r.editedByUserId,
          r.visibilityUpdatedByUserId,
          r.deletedByUserId,
        ]),
      ),
    async () =>
      groupIds.length > 0
        ? await db
            .select({ id: projectGroups.id, name: projectGroups.name })
            .from(projectGroups)
            .where(inArray(projectGroups.id, groupIds))
        : [],
    () =>
      db
        .select({ commentId: issueNotifications.commentId })
        .from(issueNotifications)
        .where(
          and(
            eq(issueNotifications.userId, userId),
            inArray(
              issueNotifications.commentId,
              rows.map((r) => r.id),
            ),
          ),
        ),
  ]);
  const groupBy = new Map(groups.map((g) => [g.id, g]));
  const marked = new Set(marks.map((m) => m.commentId));
  return rows.map((row) => ({
    row,
    issueVisibility: issueVisibility.get(row.issueId) ?? 'creator',
    group: row.groupId === null ? null : (groupBy.get(row.groupId) ?? null),
    users: people,
    hasNotification: marked.has(row.id),
    ...commentPermissions(access, row),
    showMessage: row.deletedAt === null || row.createdByUserId === userId,
  }));
}

/** Stores a new comment row. */
export async function insertCommentRow(
  tx: Db,
  values: typeof issueComments.$inferInsert,
): Promise<CommentRow> {
  const [row] = await tx.insert(issueComments).values(values).returning();
  if (!row) throw new Error('comment not stored');
  return row;
}

/** Changes a comment row; answers it as stored. */
export async function updateCommentRow(
  tx: Db,
  commentId: number,
  values: Partial<typeof issueComments.$inferInsert>,
): Promise<CommentRow> {
  const [row] = await tx.update(issueComments).set(values).where(eq(issueComments.id, commentId)).returning();
  if (!row) throw new Error('comment not updated');
  return row;
}

/** The users who have an unread mark on a comment. */
export async function commentMarkUserIds(db: Db, commentId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: issueNotifications.userId })
    .from(issueNotifications)
    .where(eq(issueNotifications.commentId, commentId));
  return rows.map((r) => r.userId);
}

/** Removes the unread marks on a comment (of these users only, when given); answers whose marks went. */
export async function deleteCommentMarks(
  tx: Db,
  commentId: number,
  userIds?: readonly number[],
): Promise<number[]> {
  const rows = await tx
    .delete(issueNotifications)
    .where(
      and(
        eq(issueNotifications.commentId, commentId),
        userIds ? inArray(issueNotifications.userId, [...userIds]) : undefined,
      ),
    )
    .returning({ userId: issueNotifications.userId });
  return rows.map((r) => r.userId);
}
