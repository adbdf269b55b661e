import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { issues, users, viewerMarkups } from '../../db/schema/index.ts';
import { visibleIssuesWhere } from '../issues/issue-repository.ts';
import { type IssueAudience } from '../projects/project-access.ts';
import { ownRows } from '../../db/own-rows-sql.ts';

/**
 * Who reads markups: their own private ones are theirs; `issues` is the audience whose visible issues' shared
 * markups they also see, or null for a caller who reads no issues.
 */
export interface MarkupReader {
  userId: number;
  issues: IssueAudience | null;
}

/** Which markups: one, or those of a document. */
export type MarkupFilter = { id: number } | { projectId: number; documentId: number };

/**
 * Which markups of a document a caller sees, in SQL: their own private ones, and those shared with an issue
 * the caller sees (the issue visibility rules); a caller who reads no issues sees their private ones only. So a
 * markup of someone else's that is private, or shared with an issue hidden from the caller, never leaves the DB.
 */
function visibleMarkupsWhere(reader: MarkupReader): SQL {
  const own = and(eq(viewerMarkups.userId, reader.userId), isNull(viewerMarkups.issueId));
  if (!reader.issues) return own ?? sql`false`;
  const shared = sql`${viewerMarkups.issueId} in (select ${issues.id} from ${issues} where ${visibleIssuesWhere(
    reader.issues,
  )})`;
  return or(own, shared) ?? sql`false`;
}

function filterWhere(filter: MarkupFilter): SQL | undefined {
  return 'id' in filter
    ? eq(viewerMarkups.id, filter.id)
    : and(eq(viewerMarkups.projectId, filter.projectId), eq(viewerMarkups.documentId, filter.documentId));
}

/** The markups the reader sees, newest first, with their issue and author. */
export function visibleMarkupRows(db: Db, reader: MarkupReader, filter: MarkupFilter) {
  return db
    .select({
      id: viewerMarkups.id,
      documentId: viewerMarkups.documentId,
      revision: viewerMarkups.revision,
      page: viewerMarkups.page,
      scale: viewerMarkups.scale,
      markUp: viewerMarkups.markUp,
      issueId: viewerMarkups.issueId,
      issueCode: issues.code,
      issueTitle: issues.title,
      userId: viewerMarkups.userId,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      updatedAt: viewerMarkups.updatedAt,
    })
    .from(viewerMarkups)
    .innerJoin(users, eq(users.id, viewerMarkups.userId))
    .leftJoin(issues, eq(issues.id, viewerMarkups.issueId))
    .where(and(visibleMarkupsWhere(reader), filterWhere(filter)))
    .orderBy(desc(viewerMarkups.updatedAt), desc(viewerMarkups.id));
}

/** True when the audience sees the issue. */
export async function seesIssue(db: Db, audience: IssueAudience, issueId: number): Promise<boolean> {
  const [issue] = await db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.id, issueId), visibleIssuesWhere(audience)));
  return issue !== undefined;
}

/** How many markups the user keeps on the document. */
export async function countUserMarkups(db: Db, documentId: number, userId: number): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(viewerMarkups)
    .where(and(eq(viewerMarkups.documentId, documentId), eq(viewerMarkups.userId, userId)));
  return count?.n ?? 0;
}

/** Stores a new markup; its id. */
export async function insertMarkup(db: Db, values: typeof viewerMarkups.$inferInsert): Promise<number> {
  const [row] = await db.insert(viewerMarkups).values(values).returning({ id: viewerMarkups.id });
  return row!.id;
}

/** The user's own markup on the document, or undefined. */
export async function findOwnMarkup(
  db: Db,
  target: { projectId: number; documentId: number; markupId: number },
  userId: number,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: viewerMarkups.id })
    .from(viewerMarkups)
    .where(
      and(
        eq(viewerMarkups.id, target.markupId),
        eq(viewerMarkups.documentId, target.documentId),
        ownRows(viewerMarkups, { projectId: target.projectId, userId }),
      ),
    );
  return row;
}

/** The sheet a markup is drawn on. */
export async function markupSheet(
  db: Db,
  id: number,
): Promise<{ revision: string; page: number } | undefined> {
  const [stored] = await db
    .select({ revision: viewerMarkups.revision, page: viewerMarkups.page })
    .from(viewerMarkups)
    .where(eq(viewerMarkups.id, id));
  return stored;
}

/** Replaces the user's markup's drawing, issue and scale. */
export async function updateOwnMarkup(
  db: Db,
  id: number,
  userId: number,
  values: { markUp: unknown; issueId: number | null; scale: number },
): Promise<void> {
  await db
    .update(viewerMarkups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(viewerMarkups.id, id), eq(viewerMarkups.userId, userId)));
}

/** Removes the user's markup. */
export async function deleteOwnMarkup(db: Db, id: number, userId: number): Promise<void> {
  await db.delete(viewerMarkups).where(and(eq(viewerMarkups.id, id), eq(viewerMarkups.userId, userId)));
}
