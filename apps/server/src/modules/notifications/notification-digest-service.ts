import {
  lastEndedPeriod,
  PENDING_SUMMARY_FREQUENCIES,
  type DigestFrequency,
  type DigestPeriod,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { toAccount } from '../identity/account.ts';
import { findUserById } from '../identity/user-repository.ts';
import { projectIdsOfCompany } from '../projects/project-company-repository.ts';
import type { Actor } from '../../auth/actor.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { getIssues } from '../issues/list/issue-query-service.ts';
import { actorOfAccount, currentAccess, loadVisibleNotifications } from './notification-items-repository.ts';
import { loadProjectOverrides, loadSettings } from './notification-settings-repository.ts';
import { renderDigestEmail, renderPendingSummaryEmail, type PendingProject } from './notification-emails.ts';
import { signUnsubscribe, type UnsubscribeSetting } from './unsubscribe-tokens.ts';
import {
  claimDigest,
  claimDigestEmails,
  deleteDigest,
  digestMarksWhere,
  pendingSummaryCandidates,
  setDigestItemCount,
  usersWithMarks,
} from './notification-delivery-repository.ts';

/** Marks older than this never go out by e-mail (a first digest after an upgrade is not a flood). */
const BACKLOG_MS = 8 * 24 * 60 * 60 * 1000;

/** The one-click unsubscribe address of a user's setting (served by notification-routes.ts). */
export function unsubscribeUrl(services: AppServices, userId: number, setting: UnsubscribeSetting): string {
  const token = signUnsubscribe(services.config.dataDir, { userId, setting });
  return `${services.config.publicUrl}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The marks a digest of the period takes: made before its end (within the backlog), not e-mailed yet, of its frequency. */
function digestMarks(period: DigestPeriod) {
  return digestMarksWhere(period, new Date(period.end.getTime() - BACKLOG_MS));
}

/** The user as the jobs act for them, or undefined when they cannot receive e-mail (unconfirmed, no company). */
export async function recipientOf(db: Db, userId: number): Promise<Actor | undefined> {
  const row = await findUserById(db, userId);
  if (!row) return undefined;
  const account = toAccount(row);
  if (!account.emailConfirmed || account.companyId === null || account.isAdmin) return undefined;
  return actorOfAccount(account);
}

/** Queues the e-mail in the transaction (transactional outbox: it exists only if the bookkeeping commits). */
export async function queueMail(services: AppServices, tx: Db, message: MailMessage): Promise<void> {
  await services.jobs.send(
    'mail.send',
    {
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    },
    { executor: transactionExecutor(tx) },
  );
}

/** What one run of a digest did. */
export interface DigestRunResult {
  sent: number;
  skipped: number;
}

/**
 * Sends one user's issue digest of a period, as ONE transaction: claim (user, issues, period) → the marks of the
 * period the user may see now → their e-mail deliveries → the mail job. A second run finds the claim and sends
 * nothing; a run killed before COMMIT leaves nothing, so the retry sends it; a quiet period (nothing visible)
 * sends nothing and leaves no claim. Returns whether an e-mail was queued.
 */
export async function sendIssueDigest(
  services: AppServices,
  userId: number,
  period: DigestPeriod,
): Promise<boolean> {
  return unitOfWork(services, async (tx) => {
    const actor = await recipientOf(tx, userId);
    if (!actor) return false;
    const digestId = await claimDigest(tx, userId, 'issues', period.key);
    if (digestId === undefined) return false;
    const items = await loadVisibleNotifications(tx, actor, { where: digestMarks(period) });
    if (items.length === 0) {
      await deleteDigest(tx, digestId);
      return false;
    }
    // Marks an immediate e-mail took meanwhile are not repeated.
    const ids = await claimDigestEmails(
      tx,
      items.map((i) => i.id),
      digestId,
    );
    const sent = items.filter((i) => ids.has(i.id));
    if (sent.length === 0) {
      await deleteDigest(tx, digestId);
      return false;
    }
    await setDigestItemCount(tx, digestId, sent.length);
    await queueMail(
      services,
      tx,
      renderDigestEmail({
        to: actor.account.email,
        localeId: actor.account.localeId,
        frequency: period.frequency,
        items: sent,
        links: {
          publicUrl: services.config.publicUrl,
          unsubscribeUrl: unsubscribeUrl(services, userId, 'issueEmails'),
        },
      }),
    );
    return true;
  });
}

/** Sends the issue digests of a period to everyone whose marks are due in it. */
export async function runIssueDigests(services: AppServices, period: DigestPeriod): Promise<DigestRunResult> {
  const { db } = services.database;
  const due = await usersWithMarks(db, digestMarks(period));
  const result: DigestRunResult = { sent: 0, skipped: 0 };
  for (const { userId } of due) {
    if (await sendIssueDigest(services, userId, period)) result.sent++;
    else result.skipped++;
  }
  return result;
}

/** Pending issues listed per project in the summary (the rest is counted). */
const PENDING_LINES = 20;

/** A user's pending and late pending issues per project of the given frequency, through the issue list's rules. */
async function pendingProjectsOf(
  services: AppServices,
  actor: Actor,
  frequency: DigestFrequency,
): Promise<PendingProject[]> {
  const { db } = services.database;
  const settings = await loadSettings(db, actor.account.id);
  const overrides = await loadProjectOverrides(db, actor.account.id);
  const memberships = await projectIdsOfCompany(db, actor.account.companyId ?? -1);
  const result: PendingProject[] = [];
  for (const { projectId } of memberships) {
    const effective =
      overrides.find((o) => o.projectId === projectId)?.pendingSummary ?? settings.pendingSummary;
    if (effective !== frequency) continue;
    const access = await currentAccess(db, actor, projectId);
    if (!access) continue;
    const pending = await getIssues(services, actor, {
      projectId,
      filter: { standard: 'pendencies' },
      first: 500,
    });
    if (pending.issues.length === 0) continue;
    const late = await getIssues(services, actor, {
      projectId,
      filter: { standard: 'latePendencies' },
      first: 500,
    });
    const lateIds = new Set(late.issues.map((v) => v.row.id));
    const lines = pending.issues.map((v) => ({
      issueId: v.row.id,
      code: v.row.code,
      title: v.row.title,
      deadline: v.row.deadline,
      late: lateIds.has(v.row.id),
    }));
    // Late first, then by deadline (those without one last).
    lines.sort(
      (a, b) =>
        Number(b.late) - Number(a.late) ||
        (a.deadline ?? '9999').localeCompare(b.deadline ?? '9999') ||
        a.code.localeCompare(b.code),
    );
    result.push({
      projectId,
      projectName: access.project.name,
      pending: lines.length,
      late: lateIds.size,
      issues: lines.slice(0, PENDING_LINES),
    });
  }
  return result.sort((a, b) => b.late - a.late || a.projectName.localeCompare(b.projectName));
}

/** Sends one user's pending-items summary of a period (same claim design as the digest). */
export async function sendPendingSummary(
  services: AppServices,
  userId: number,
  period: DigestPeriod,
): Promise<boolean> {
  const actor = await recipientOf(services.database.db, userId);
  if (!actor) return false;
  // Read before the transaction: the issue list service reads on its own connection.
  const projects = await pendingProjectsOf(services, actor, period.frequency);
  if (projects.length === 0) return false;
  return unitOfWork(services, async (tx) => {
    const digestId = await claimDigest(tx, userId, 'pending', period.key);
    if (digestId === undefined) return false;
    await setDigestItemCount(
      tx,
      digestId,
      projects.reduce((n, p) => n + p.pending, 0),
    );
    await queueMail(
      services,
      tx,
      renderPendingSummaryEmail({
        to: actor.account.email,
        localeId: actor.account.localeId,
        projects,
        links: {
          publicUrl: services.config.publicUrl,
          unsubscribeUrl: unsubscribeUrl(services, userId, 'pendingSummary'),
        },
      }),
    );
    return true;
  });
}

/** Sends the pending-items summaries of a period (daily or weekly) to the users of companies in projects. */
export async function runPendingSummaries(
  services: AppServices,
  period: DigestPeriod,
): Promise<DigestRunResult> {
  const { db } = services.database;
  const candidates = await pendingSummaryCandidates(db);
  const result: DigestRunResult = { sent: 0, skipped: 0 };
  for (const { userId } of candidates) {
    if (await sendPendingSummary(services, userId, period)) result.sent++;
    else result.skipped++;
  }
  return result;
}

/** The frequencies of the two kinds of digest. */
const ISSUE_FREQUENCIES: DigestFrequency[] = ['fifteenMinutes', 'hourly', 'daily', 'weekly'];
const PENDING_FREQUENCIES = PENDING_SUMMARY_FREQUENCIES.filter((f) => f !== 'off');

/**
 * The cron tick (every 15 minutes): queues one digest job per kind and frequency whose period has just ended, with
 * a singleton key per period so that ticks of several processes, or a retried tick, queue it once.
 */
export async function queueDueDigests(services: AppServices, now: Date): Promise<number> {
  let queued = 0;
  const jobs: { kind: 'issues' | 'pending'; period: DigestPeriod }[] = [
    ...ISSUE_FREQUENCIES.map((f) => ({ kind: 'issues' as const, period: lastEndedPeriod(f, now) })),
    ...PENDING_FREQUENCIES.map((f) => ({ kind: 'pending' as const, period: lastEndedPeriod(f, now) })),
  ];
  for (const job of jobs) {
    // Only the period that ended within the last tick: older ones were queued by earlier ticks.
    if (now.getTime() - job.period.end.getTime() >= 15 * 60 * 1000) continue;
    const id = await services.jobs.boss.send(
      'notifications.digest',
      { kind: job.kind, frequency: job.period.frequency, periodEnd: job.period.end.toISOString() },
      { singletonKey: `${job.kind}:${job.period.key}`, expireInSeconds: services.config.jobTimeoutSeconds },
    );
    if (id) queued++;
  }
  return queued;
}

/** The 'notifications.digest' job: the digests of one kind and period. */
export async function runDigestJob(
  services: AppServices,
  payload: { kind: 'issues' | 'pending'; frequency: string; periodEnd: string },
): Promise<DigestRunResult> {
  const frequency = payload.frequency as DigestFrequency;
  // The period that ends at periodEnd (periodEnd itself is the first instant after it).
  const period = lastEndedPeriod(frequency, new Date(payload.periodEnd));
  return payload.kind === 'issues'
    ? runIssueDigests(services, period)
    : runPendingSummaries(services, period);
}
