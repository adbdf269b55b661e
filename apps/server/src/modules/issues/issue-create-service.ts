import {
  AppError,
  checkDocumentReferences,
  checkEnums,
  checkReferenceFacts,
  decideIssueStatus,
  DISCIPLINE_STATUS_RULES,
  disciplineRowsFor,
  hasPin,
  validateIssueDraft,
  visibilityStamps,
  type HistoryChanges,
  type IssueFieldsInput,
} from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadForWrite, type ProjectAccess } from '../projects/project-access.ts';
import {
  ccodeSearchTerms,
  insertIssueChildren,
  insertIssueRow,
  loadReferenceFacts,
  refreshIssueSearchText,
  searchTextOf,
  takeIssueNumber,
  type IssueRow,
} from './issue-repository.ts';
import type { ConfirmedIssueFile } from './images/issue-file-service.ts';
import { prepareImageFiles, replaceImages } from './images/issue-image-service.ts';
import { recordIssueChange } from './issue-activity.ts';
import { checkIdempotencyKey, priorResult, withIdempotencyKey } from './idempotency.ts';

/** createIssue's input: the issue fields and the project (and, from createIssue, an idempotency key). */
export type CreateIssueInput = IssueFieldsInput & { projectId: number; idempotencyKey?: string | null };

/** Codes are the sequential number, zero-padded so that they sort and read alike (001, 002 … 1000). */
export function issueCode(number: number): string {
  return String(number).padStart(3, '0');
}

/**
 * Creates an issue (spec core §7): authorize (issue.create, active project) → check the draft and what it
 * points at → decide the initial status → store the issue, its children, its number and a history entry in
 * one transaction. The initial status follows the status rules as if the issue had been active and the
 * creator asked for the given status. With an idempotency key the caller used before (an offline client's
 * retry), the first call's issue is answered and nothing is written (docs/offline.md).
 */
export async function createIssue(
  services: AppServices,
  actor: Actor,
  input: CreateIssueInput,
): Promise<{ id: number; projectId: number }> {
  const { db } = services.database;
  const userId = actor.account.id;
  const key = checkIdempotencyKey(input.idempotencyKey);
  const access = await loadForWrite(db, actor, input.projectId, 'issue.create');
  const prior = await priorResult(db, userId, key, 'issue', input.projectId);
  if (prior) return { id: prior.issueId, projectId: prior.projectId };
  const files = await prepareImageFiles(services, access, input.images);
  return unitOfWork(services, (tx) =>
    withIdempotencyKey(
      tx,
      userId,
      key,
      'issue',
      input.projectId,
      async () => {
        const row = await applyIssueCreate(tx, { access, files }, input);
        return {
          value: { id: row.id, projectId: row.projectId },
          result: { projectId: row.projectId, issueId: row.id },
        };
      },
      (result) => Promise.resolve({ id: result.issueId, projectId: result.projectId }),
    ),
  );
}

/**
 * Creates one issue inside the caller's transaction (createIssue, copyProjectIssues): check the draft and what
 * it points at, decide the status, store the row, its children and the creation history entry (with
 * `historyExtra` merged into its fields, e.g. where a copy came from). Image files come checked and confirmed
 * (`files`, from prepareImageFiles).
 */
export async function applyIssueCreate(
  tx: Db,
  context: {
    access: ProjectAccess;
    files?: ReadonlyMap<string, ConfirmedIssueFile>;
  },
  input: CreateIssueInput,
  historyExtra: HistoryChanges = {},
): Promise<IssueRow> {
  const { access } = context;
  const disciplines = input.disciplines ?? [];
  validateIssueDraft({
    ...input,
    disciplineIds: disciplines.map((d) => d.disciplineId),
    hasPin: hasPin(input.pin, input.bimPins),
  });
  const enums = checkEnums(input);
  checkDocumentReferences(input);
  checkReferenceFacts(await loadReferenceFacts(tx, input.projectId, input), input);
  if (enums.visibility === 'group' && input.groupId == null)
    throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: ['groupId'] });
  const decision = decideIssueStatus({
    currentStatus: 'active',
    requestedStatus: enums.status,
    disciplines: disciplines.map((d) => ({
      disciplineId: d.disciplineId,
      status: d.status,
      deadline: d.deadline ?? null,
    })),
    statuses: DISCIPLINE_STATUS_RULES,
    resolutionPhase: input.resolutionPhase ?? null,
    creationPhase: input.creationPhase ?? null,
  });
  const userId = access.actor.account.id;
  const now = new Date();
  const visibility = enums.visibility ?? 'creator';
  const number = await takeIssueNumber(tx, input.projectId);
  const code = issueCode(number);
  const title = (input.title ?? '').trim();
  const searchText = searchTextOf({
    code,
    title,
    description: input.description ?? null,
    extra: ccodeSearchTerms(input.ccodeDocumentsReferences),
  });
  const row = await insertIssueRow(tx, {
    projectId: input.projectId,
    number,
    code,
    title,
    description: input.description ?? null,
    status: decision.status,
    priority: enums.priority ?? 'low',
    visibility,
    categoryId: input.category ?? null,
    creationPhase: input.creationPhase ?? null,
    resolutionPhase: decision.resolutionPhase,
    deadline: input.deadline ?? null,
    groupId: input.groupId ?? null,
    pin: input.pin ?? null,
    viewpoints: input.viewpoints ?? null,
    bimPins: input.bimPins ?? null,
    documentsReferences: input.documentsReferences ?? [],
    ccodeDocumentsReferences: input.ccodeDocumentsReferences ?? [],
    aiAssistantLogs: input.aiAssistantLogs ?? null,
    createdAt: now,
    createdByUserId: userId,
    statusUpdatedAt: now,
    statusUpdatedByUserId: userId,
    searchText,
    ...visibilityStamps(visibility, userId, now),
  });
  await insertIssueChildren(tx, row.id, {
    disciplines: disciplineRowsFor(row.id, disciplines, new Map(), now),
    localIds: input.locals ?? [],
    labelIds: input.labels ?? [],
  });
  const images = input.images?.length
    ? await replaceImages(
        tx,
        { projectId: row.projectId, issueId: row.id, commentId: null, userId },
        input.images,
        context.files ?? new Map(),
      )
    : undefined;
  if (images) await refreshIssueSearchText(tx, row.id, searchText);
  await recordIssueChange(tx, {
    issue: row,
    userId,
    action: 'created',
    fields: {
      created: { old: null, new: { code, title, status: row.status, visibility } },
      ...(images ? { images: { old: null, new: images.new } } : {}),
      ...historyExtra,
    },
    mentionedUsers: input.mentionedUsers,
  });
  return row;
}
