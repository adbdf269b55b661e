import { z } from 'zod';
import { AppError } from '@obra/domain';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { deleteExpiredCredentials } from '../identity/expired-credentials-repository.ts';
import { resetFailedCopies, failedCopyCount } from '../projects/project-copy-repository.ts';
import { cleanupIssueFiles } from '../issues/images/issue-file-cleanup.ts';
import { cleanupProfileImages } from '../profile-images/profile-image-claims.ts';
import { cleanupDrive } from '../drive/drive-bulk-download-service.ts';
import { ccodeSearchTerms, refreshIssueSearchText, searchTextOf } from '../issues/issue-repository.ts';
import { queueBimConversion } from '../bim/bim-conversion-service.ts';
import { queuePdfPreparation } from '../drive/drive-pdf-service.ts';
import { remindProjectInvite } from '../projects/project-company-service.ts';
import { exportProjectData } from './project-data-export.ts';
import type { AdminScript, AdminScriptParam } from './admin-script-contract.ts';
import {
  bimConversionsIn,
  countExpiredCredentials,
  countExpiredUploads,
  countIssues,
  issueIdPage,
  pdfFilesIn,
  pendingInvites,
  anonymizeUser,
  projectsWithLowCounter,
  repairIssueCounter,
  userToAnonymize,
} from './admin-script-repository.ts';

const projectScope = z.object({ projectId: z.number().int().positive().optional() }).strict();
const PROJECT_PARAM: AdminScriptParam = { name: 'projectId', type: 'integer', required: false };

/** Issues whose search text one step of the rebuild writes. */
const SEARCH_BATCH = 200;

function script<P>(definition: AdminScript<P>): AdminScript<Record<string, unknown>> {
  return definition as unknown as AdminScript<Record<string, unknown>>;
}

/**
 * The scripts of the admin area (/admin/scripts) and of `npm run admin -- script` (docs/admin.md), in the order
 * the page lists them. Each runs as the 'admin.script' job with a run row: its audit entry, progress and log.
 */
export const ADMIN_SCRIPT_CATALOGUE: readonly AdminScript[] = [
  script({
    name: 'projects.retryFailedCopies',
    params: [],
    schema: z.object({}).strict(),
    async run({ services, dryRun, log }) {
      if (dryRun) {
        const failed = await failedCopyCount(services.database.db);
        log(`${failed} failed project copies would be queued again`);
        return { failed };
      }
      // Each copy is set pending and its job queued together: a crash in between leaves nothing half-done.
      const retried = await unitOfWork(services, async (tx) => {
        const failed = await resetFailedCopies(tx);
        for (const copy of failed)
          await services.jobs.send(
            'project.duplicate',
            { copyId: copy.id },
            { executor: transactionExecutor(tx) },
          );
        return failed.length;
      });
      log(`${retried} failed project copies queued again`);
      return { retried };
    },
  }),
  script({
    name: 'identity.purgeExpiredCredentials',
    params: [],
    schema: z.object({}).strict(),
    async run({ services, dryRun, log }) {
      const counts = await countExpiredCredentials(services.database.db);
      log(
        `${dryRun ? 'would delete' : 'deleting'}: ${counts.refreshTokens} refresh tokens, ` +
          `${counts.verificationCodes} verification codes, ${counts.federatedFlows} sign-in flows`,
      );
      if (!dryRun) await unitOfWork(services, (tx) => deleteExpiredCredentials(tx));
      return counts;
    },
  }),
  script({
    name: 'uploads.purgeExpired',
    params: [],
    schema: z.object({}).strict(),
    async run({ services, dryRun, log }) {
      const counts = await countExpiredUploads(services.database.db, new Date());
      log(
        `${dryRun ? 'would remove' : 'removing'}: ${counts.driveUploads} unconfirmed drive uploads, ` +
          `${counts.bulkDownloads} expired bulk downloads, ${counts.issueUploads} unconfirmed issue images`,
      );
      if (dryRun) return counts;
      const removed =
        (await cleanupDrive(services)) +
        (await cleanupIssueFiles(services)) +
        (await cleanupProfileImages(services));
      log(`${removed} stored objects removed`);
      return { ...counts, objectsRemoved: removed };
    },
  }),
  script({
    name: 'issues.rebuildSearchText',
    params: [PROJECT_PARAM],
    schema: projectScope,
    async run({ services, params, dryRun, log, progress }) {
      const { db } = services.database;
      const projectId = params.projectId ?? null;
      const total = await countIssues(db, projectId);
      log(`${total} issues${projectId === null ? '' : ` of project ${projectId}`}`);
      if (dryRun) return { issues: total };
      let done = 0;
      let after = 0;
      for (;;) {
        const page = await issueIdPage(db, projectId, after, SEARCH_BATCH);
        if (page.length === 0) break;
        await unitOfWork(services, async (tx) => {
          for (const issue of page)
            await refreshIssueSearchText(
              tx,
              issue.id,
              searchTextOf({
                code: issue.code,
                title: issue.title,
                description: issue.description,
                extra: ccodeSearchTerms(issue.ccodeDocumentsReferences),
              }),
            );
        });
        done += page.length;
        after = page[page.length - 1]?.id ?? after;
        progress(done, total);
      }
      log(`${done} issues' search text written again`);
      return { issues: done };
    },
  }),
  script({
    name: 'bim.rerunConversions',
    params: [PROJECT_PARAM, { name: 'all', type: 'boolean', required: false }],
    schema: projectScope.extend({ all: z.boolean().optional() }).strict(),
    async run({ services, params, dryRun, log, progress }) {
      const states = params.all ? ['failed', 'success', 'queued', 'processing'] : ['failed'];
      const models = await bimConversionsIn(services.database.db, states, params.projectId ?? null);
      log(
        `${models.length} model conversions (${states.join(', ')}) ${dryRun ? 'would be' : 'are'} queued again`,
      );
      if (dryRun) return { models: models.length };
      let done = 0;
      for (const model of models) {
        await unitOfWork(services, (tx) =>
          queueBimConversion(services, tx, { id: model.id, projectId: model.projectId }),
        );
        progress(++done, models.length);
      }
      return { models: done };
    },
  }),
  script({
    name: 'drive.rerunPdfPreparations',
    params: [PROJECT_PARAM, { name: 'all', type: 'boolean', required: false }],
    schema: projectScope.extend({ all: z.boolean().optional() }).strict(),
    async run({ services, params, dryRun, log, progress }) {
      const states = params.all ? ['failed', 'success', 'queued', 'processing'] : ['failed'];
      const files = await pdfFilesIn(services.database.db, states, params.projectId ?? null);
      log(
        `${files.length} PDF preparations (${states.join(', ')}) ${dryRun ? 'would be' : 'are'} queued again`,
      );
      if (dryRun) return { documents: files.length };
      let done = 0;
      for (const file of files) {
        await unitOfWork(services, (tx) => queuePdfPreparation(services, tx, { id: file.id }));
        progress(++done, files.length);
      }
      return { documents: done };
    },
  }),
  script({
    name: 'invitations.resendPending',
    params: [PROJECT_PARAM],
    schema: projectScope,
    async run({ services, params, dryRun, log, progress }) {
      const invites = await pendingInvites(services.database.db, params.projectId ?? null);
      log(`${invites.length} pending project invitations`);
      if (dryRun) return { invitations: invites.length };
      let mails = 0;
      let done = 0;
      for (const { invite, companyName } of invites) {
        mails += await unitOfWork(services, (tx) => remindProjectInvite(services, tx, invite, companyName));
        log(`invitation ${invite.id} (project ${invite.projectId}) sent again to ${companyName}`);
        progress(++done, invites.length);
      }
      return { invitations: invites.length, emails: mails };
    },
  }),
  script({
    name: 'issues.repairCounters',
    params: [PROJECT_PARAM],
    schema: projectScope,
    async run({ services, params, dryRun, log, progress }) {
      const behind = await projectsWithLowCounter(services.database.db, params.projectId ?? null);
      for (const p of behind)
        log(`project ${p.id}: next issue number ${p.next}, highest issue number ${p.highest}`);
      log(
        `${behind.length} projects whose issue counter ${dryRun ? 'would be' : 'is'} set above their last issue`,
      );
      if (dryRun) return { projects: behind.length };
      let done = 0;
      for (const p of behind) {
        await unitOfWork(services, (tx) => repairIssueCounter(tx, p.id));
        progress(++done, behind.length);
      }
      return { projects: done };
    },
  }),
  script({
    name: 'users.anonymize',
    params: [{ name: 'userId', type: 'integer', required: true }],
    schema: z.object({ userId: z.number().int().positive() }).strict(),
    async run({ services, params, dryRun, log }) {
      const user = await userToAnonymize(services.database.db, params.userId);
      if (!user) throw new AppError('NOT_FOUND', 'no such user', { field: 'userId' });
      // Only a person who has left: removed from their company, not a platform admin, owning no company.
      if (user.companyId !== null || user.isAdmin || user.ownsCompany) {
        log(`user ${user.id} is still a member of a company or an administrator: remove them first`);
        throw new AppError('FORBIDDEN', 'the user has not been removed', { field: 'userId' });
      }
      if (user.email.endsWith('@anonymized.invalid')) {
        log(`user ${user.id} was anonymized before`);
        return { anonymized: 0 };
      }
      log(
        `${dryRun ? 'would erase' : 'erasing'} the profile, address, password, sessions, keys, device subscriptions, ` +
          `AI conversations and smart flow rules of user ${user.id}; their issues, comments and files stay, by "Deleted user"`,
      );
      if (dryRun) return { anonymized: 0 };
      const removed = await unitOfWork(services, (tx) => anonymizeUser(tx, user.id));
      log(
        `removed: ${Object.entries(removed)
          .map(([table, n]) => `${n} ${table}`)
          .join(', ')}`,
      );
      return { anonymized: 1, ...removed };
    },
  }),
  script({
    name: 'projects.exportData',
    params: [{ name: 'projectId', type: 'integer', required: true }],
    schema: z.object({ projectId: z.number().int().positive() }).strict(),
    async run(context) {
      return exportProjectData(context);
    },
  }),
];

/** A script by name. */
export function findAdminScript(name: string): AdminScript | undefined {
  return ADMIN_SCRIPT_CATALOGUE.find((s) => s.name === name);
}
