import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { issueComments, issues } from '../../db/schema/index.ts';
import { type ProjectAccess, audienceOf } from '../projects/project-access.ts';
import { visibleCommentsWhere, visibleIssuesWhere } from './issue-repository.ts';

/**
 * A mention record (spec core §3 'Project': mentions): who was mentioned in an issue (commentId null) or in one
 * of its comments. `_id` tells the two apart: `issue:<id>` or `comment:<id>`.
 */
export interface MentionRecord {
  readonly _id: string;
  readonly issueId: number;
  readonly commentId: number | null;
  readonly mentionedUsers: number[];
}

const hasMentions = (column: typeof issues.mentionedUserIds | typeof issueComments.mentionedUserIds) =>
  sql`jsonb_array_length(coalesce(${column}, '[]'::jsonb)) > 0`;

/**
 * The mentions of a project the caller may see: those of the issues they see, and those of the comments they
 * see on those issues (deleted comments say nothing any more). Two queries whatever the project size.
 */
export async function listProjectMentions(db: Db, access: ProjectAccess): Promise<MentionRecord[]> {
  const audience = audienceOf(access);
  const [inIssues, inComments] = await Promise.all([
    db
      .select({ issueId: issues.id, mentioned: issues.mentionedUserIds })
      .from(issues)
      .where(and(visibleIssuesWhere(audience), hasMentions(issues.mentionedUserIds)))
      .orderBy(issues.id),
    db
      .select({
        issueId: issueComments.issueId,
        commentId: issueComments.id,
        mentioned: issueComments.mentionedUserIds,
      })
      .from(issueComments)
      .innerJoin(issues, eq(issues.id, issueComments.issueId))
      .where(
        and(
          visibleIssuesWhere(audience),
          visibleCommentsWhere(audience),
          isNull(issueComments.deletedAt),
          hasMentions(issueComments.mentionedUserIds),
        ),
      )
      .orderBy(issueComments.id),
  ]);
  return [
    ...inIssues.map((r) => ({
      _id: `issue:${r.issueId}`,
      issueId: r.issueId,
      commentId: null,
      mentionedUsers: (r.mentioned as number[] | null) ?? [],
    })),
    ...inComments.map((r) => ({
      _id: `comment:${r.commentId}`,
      issueId: r.issueId,
      commentId: r.commentId,
      mentionedUsers: (r.mentioned as number[] | null) ?? [],
    })),
  ];
}

/** The issues the caller may reference in a text: id, code and title of those they see, newest code first. */
export function listMentionableIssues(
  db: Db,
  access: ProjectAccess,
): Promise<{ id: number; code: string; title: string }[]> {
  return db
    .select({ id: issues.id, code: issues.code, title: issues.title })
    .from(issues)
    .where(visibleIssuesWhere(audienceOf(access)))
    .orderBy(desc(issues.number));
}
