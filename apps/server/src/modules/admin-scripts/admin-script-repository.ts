import { and, desc, eq, getTableName, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  accessKeys,
  adminScriptRuns,
  aiConversations,
  federatedIdentities,
  projects,
  pushSubscriptions,
  smartFlowRules,
  userIntegrations,
  bimConversions,
  companies,
  driveBulkDownloads,
  driveFiles,
  federatedFlows,
  issueFiles,
  issues,
  projectCompanyInvites,
  refreshTokens,
  users,
  verificationCodes,
  type AdminScriptLogLine,
} from '../../db/schema/index.ts';
import { forgetCachedSessions } from '../identity/session-cache.ts';

/** A stored run of an admin script. */
export type AdminScriptRunRow = typeof adminScriptRuns.$inferSelect;

/** The most log lines a run keeps (the newest). */
export const ADMIN_SCRIPT_LOG_MAX = 500;

/** Records a requested run (the audit entry), queued. */
export async function insertScriptRun(
  tx: Db,
  values: {
    name: string;
    params: Record<string, unknown>;
    dryRun: boolean;
    source: 'web' | 'cli';
    requestedByUserId: number | null;
  },
): Promise<AdminScriptRunRow> {
  const [row] = await tx.insert(adminScriptRuns).values(values).returning();
  if (!row) throw new Error('admin script run not stored');
  return row;
}

export async function findScriptRun(db: Db, id: number): Promise<AdminScriptRunRow | undefined> {
  const [row] = await db.select().from(adminScriptRuns).where(eq(adminScriptRuns.id, id));
  return row;
}

/** The latest runs, newest first, with the name of who asked. */
export async function latestScriptRuns(db: Db, limit: number) {
  return db
    .select({ run: adminScriptRuns, email: users.email })
    .from(adminScriptRuns)
    .leftJoin(users, eq(users.id, adminScriptRuns.requestedByUserId))
    .orderBy(desc(adminScriptRuns.id))
    .limit(limit);
}

/** Changes a run's state, progress, summary or error. */
export async function updateScriptRun(
  db: Db,
  id: number,
  values: Partial<
    Pick<AdminScriptRunRow, 'state' | 'progress' | 'summary' | 'error' | 'startedAt' | 'finishedAt'>
  >,
): Promise<void> {
  await db.update(adminScriptRuns).set(values).where(eq(adminScriptRuns.id, id));
}

/** Appends lines to a run's log, keeping the newest ADMIN_SCRIPT_LOG_MAX. */
export async function appendScriptLog(
  db: Db,
  id: number,
  lines: readonly AdminScriptLogLine[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .update(adminScriptRuns)
    .set({
      log: sql`(select coalesce(jsonb_agg(e order by n), '[]'::jsonb) from (
        select e, n from jsonb_array_elements(${adminScriptRuns.log} || ${JSON.stringify(lines)}::jsonb)
          with ordinality as x(e, n)
        order by n desc limit ${ADMIN_SCRIPT_LOG_MAX}) kept)`,
    })
    .where(eq(adminScriptRuns.id, id));
}

// --- what the scripts read and change -------------------------------------------------------------------

const DAY_AGO = sql`now() - interval '1 day'`;

/** Expired sign-in credentials (kept a day past their expiry): counted per kind. */
export async function countExpiredCredentials(db: Db) {
  const count = async (table: typeof refreshTokens | typeof verificationCodes | typeof federatedFlows) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(lt(table.expiresAt, DAY_AGO));
    return row?.n ?? 0;
  };
  return {
    refreshTokens: await count(refreshTokens),
    verificationCodes: await count(verificationCodes),
    federatedFlows: await count(federatedFlows),
  };
}

/** Uploads that expired before being confirmed, and bulk downloads past their expiry: counted. */
export async function countExpiredUploads(db: Db, now: Date) {
  const [drive] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(driveFiles)
    .where(and(eq(driveFiles.uploadState, 'pending'), lt(driveFiles.expiresAt, now)));
  const [zips] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(driveBulkDownloads)
    .where(lt(driveBulkDownloads.expiresAt, now));
  const [images] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(issueFiles)
    .where(and(eq(issueFiles.status, 'pending'), lt(issueFiles.expiresAt, now)));
  return { driveUploads: drive?.n ?? 0, bulkDownloads: zips?.n ?? 0, issueUploads: images?.n ?? 0 };
}

/** The ids of a page of issues (all, or of a project), by id, after `afterId`. */
export async function issueIdPage(db: Db, projectId: number | null, afterId: number, limit: number) {
  return db
    .select({
      id: issues.id,
      code: issues.code,
      title: issues.title,
      description: issues.description,
      ccodeDocumentsReferences: issues.ccodeDocumentsReferences,
    })
    .from(issues)
    .where(
      and(sql`${issues.id} > ${afterId}`, projectId === null ? undefined : eq(issues.projectId, projectId)),
    )
    .orderBy(issues.id)
    .limit(limit);
}

export async function countIssues(db: Db, projectId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(issues)
    .where(projectId === null ? undefined : eq(issues.projectId, projectId));
  return row?.n ?? 0;
}

/** Model conversions in these states (of a project, or all). */
export async function bimConversionsIn(db: Db, states: readonly string[], projectId: number | null) {
  return db
    .select({ id: bimConversions.fileId, projectId: bimConversions.projectId, state: bimConversions.state })
    .from(bimConversions)
    .where(
      and(
        inArray(bimConversions.state, [...states]),
        projectId === null ? undefined : eq(bimConversions.projectId, projectId),
      ),
    )
    .orderBy(bimConversions.fileId);
}

/** Confirmed PDF revisions whose preparation is in these states (of a project, or all). */
export async function pdfFilesIn(db: Db, states: readonly string[], projectId: number | null) {
  return db
    .select({ id: driveFiles.id, projectId: driveFiles.projectId, state: driveFiles.processingState })
    .from(driveFiles)
    .where(
      and(
        eq(driveFiles.contentType, 'application/pdf'),
        eq(driveFiles.uploadState, 'confirmed'),
        inArray(driveFiles.processingState, [...states]),
        projectId === null ? undefined : eq(driveFiles.projectId, projectId),
      ),
    )
    .orderBy(driveFiles.id);
}

/** Pending project invitations (of a project, or all). */
export async function pendingInvites(db: Db, projectId: number | null) {
  const where: SQL | undefined = and(
    eq(projectCompanyInvites.status, 'pending'),
    projectId === null ? undefined : eq(projectCompanyInvites.projectId, projectId),
  );
  return db
    .select({ invite: projectCompanyInvites, companyName: companies.name })
    .from(projectCompanyInvites)
    .innerJoin(companies, eq(companies.id, projectCompanyInvites.companyId))
    .where(where)
    .orderBy(projectCompanyInvites.id);
}

/** Projects whose issue number counter is not above their highest issue number (a counter to repair). */
export async function projectsWithLowCounter(
  db: Db,
  projectId: number | null,
): Promise<{ id: number; next: number; highest: number }[]> {
  const rows = await db
    .select({
      id: projects.id,
      next: projects.nextIssueNumber,
      highest: sql<number>`coalesce(max(${issues.number}), 0)::int`,
    })
    .from(projects)
    .leftJoin(issues, eq(issues.projectId, projects.id))
    .where(projectId === null ? undefined : eq(projects.id, projectId))
    .groupBy(projects.id)
    .having(sql`${projects.nextIssueNumber} <= coalesce(max(${issues.number}), 0)`)
    .orderBy(projects.id);
  return rows;
}

/** Sets the project's counter just above its highest issue number (never lowers it). */
export async function repairIssueCounter(tx: Db, projectId: number): Promise<void> {
  await tx
    .update(projects)
    .set({
      nextIssueNumber: sql`greatest(${projects.nextIssueNumber}, (select coalesce(max(${issues.number}), 0) + 1 from ${issues} where ${issues.projectId} = ${projectId}))`,
    })
    .where(eq(projects.id, projectId));
}

/** A user as the anonymization sees them: whether they are still someone (a company, a platform admin). */
export async function userToAnonymize(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      companyId: users.companyId,
      isAdmin: users.isAdmin,
      ownsCompany: sql<boolean>`exists (select 1 from ${companies} where ${companies.ownerUserId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Erases a person's personal data and every way back in, keeping what they did (issues, comments, history, files)
 * under an anonymous name: the profile (name, phone, LinkedIn, photo, language), the address, the password, the
 * sessions, sign-in codes, federated links, access keys, push subscriptions, partner-platform links, AI
 * conversations and smart flow rules. Answers what was removed.
 */
export async function anonymizeUser(tx: Db, userId: number): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const table of [
    verificationCodes,
    refreshTokens,
    federatedIdentities,
    accessKeys,
    pushSubscriptions,
    userIntegrations,
    aiConversations,
    smartFlowRules,
  ]) {
    const rows = await tx.delete(table).where(eq(table.userId, userId)).returning({ userId: table.userId });
    removed[getTableName(table)] = rows.length;
  }
  await tx
    .update(users)
    .set({
      email: `deleted-user-${userId}@anonymized.invalid`,
      passwordHash: null,
      name: 'Deleted',
      lastName: 'user',
      firstPhone: null,
      linkedin: null,
      photo: null,
      localeId: null,
      hasAiAssistant: false,
      companyRole: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  forgetCachedSessions(userId);
  return removed;
}
