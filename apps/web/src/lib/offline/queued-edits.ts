import { resolveQueuedEdit, type LostChange } from '@obra/domain';
import type { Client } from 'urql';
import {
  IssueDetailDocument,
  SetIssueDisciplinesDocument,
  SetIssueStarringDocument,
  SetIssueUserTagsDocument,
} from '../../gql/generated.ts';
import { offlineDbAvailable, openOfflineDb, type ConflictReport } from './offline-db.ts';
import { outcomeOf, type SendOutcome } from './outbox-machine.ts';
import type { OutboxEntry } from './outbox.ts';
import { queryId } from './read-store.ts';

/**
 * Edits of an existing issue made offline (issue 34, docs/offline.md "Offline edits"): a discipline's status or
 * deadline, the star, the personal tags. Each is applied to the offline copy at once and queued in the outbox;
 * when sent, a discipline edit is first compared, field by field, with the issue as the server has it now
 * (resolveQueuedEdit): the fields someone else changed meanwhile keep the server's value and are reported.
 */

/** A discipline edit: fields `status:<id>` and `deadline:<id>`, as the copy had them and as the user set them. */
export interface QueuedDisciplines {
  kind: 'disciplines';
  projectId: number;
  issueId: number;
  base: Record<string, unknown>;
  mine: Record<string, unknown>;
  resolutionPhase?: number;
}

export interface QueuedStar {
  kind: 'star';
  projectId: number;
  issueId: number;
  starred: boolean;
}

export interface QueuedTags {
  kind: 'tags';
  projectId: number;
  issueId: number;
  tags: number[];
}

export type QueuedEdit = QueuedDisciplines | QueuedStar | QueuedTags;

export interface DisciplineRow {
  disciplineId: number;
  status: string;
  deadline?: string | null;
}

/** A discipline list as fields (`status:<id>`, `deadline:<id>`). */
export function disciplineFields(rows: readonly DisciplineRow[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const row of rows) {
    fields[`status:${row.disciplineId}`] = row.status;
    fields[`deadline:${row.disciplineId}`] = row.deadline ?? null;
  }
  return fields;
}

/** The queued discipline edit between the list shown and the list the user set: only the fields changed. */
export function disciplineEdit(
  projectId: number,
  issueId: number,
  before: readonly DisciplineRow[],
  after: readonly DisciplineRow[],
  resolutionPhase?: number,
): QueuedDisciplines {
  const base = disciplineFields(before);
  const next = disciplineFields(after);
  const mine: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) if (base[field] !== value) mine[field] = value;
  return {
    kind: 'disciplines',
    projectId,
    issueId,
    base,
    mine,
    ...(resolutionPhase !== undefined ? { resolutionPhase } : {}),
  };
}

/** The server's disciplines with the fields to send applied. */
export function applyDisciplineChanges(
  rows: readonly DisciplineRow[],
  changes: Readonly<Record<string, unknown>>,
): DisciplineRow[] {
  return rows.map((row) => {
    const status = changes[`status:${row.disciplineId}`];
    const deadline = changes[`deadline:${row.disciplineId}`];
    return {
      disciplineId: row.disciplineId,
      status: typeof status === 'string' ? status : row.status,
      deadline: deadline !== undefined ? (deadline as string | null) : (row.deadline ?? null),
    };
  });
}

/** The issue as the edit shows it at once: what the copy's answers of the issue become. */
export function applyEditToIssue<T extends Record<string, unknown>>(issue: T, edit: QueuedEdit): T {
  const personal = (issue['userPersonalData'] ?? {}) as Record<string, unknown>;
  switch (edit.kind) {
    case 'star':
      return { ...issue, userPersonalData: { ...personal, starred: edit.starred } };
    case 'tags':
      return { ...issue, userPersonalData: { ...personal, tags: edit.tags.map((tagId) => ({ tagId })) } };
    case 'disciplines': {
      const rows = (issue['disciplines'] ?? []) as DisciplineRow[];
      const applied = applyDisciplineChanges(rows, edit.mine);
      return {
        ...issue,
        disciplines: rows.map((row, i) => ({ ...row, ...applied[i] })),
      };
    }
  }
}

/**
 * Applies a queued edit to the user's copy: the issue's stored detail and its row in the list's stored pages, so
 * the screens, reloading from the copy, show it at once.
 */
export async function applyEditToCopy(userId: number, edit: QueuedEdit): Promise<void> {
  if (!offlineDbAvailable()) return;
  const db = await openOfflineDb(userId);
  const detailId = queryId('IssueDetail', { projectId: edit.projectId, issueId: edit.issueId });
  const detail = await db.get('queries', detailId);
  const issue = (detail?.data as { issue?: Record<string, unknown> } | undefined)?.issue;
  if (detail && issue) await db.put('queries', { ...detail, data: { issue: applyEditToIssue(issue, edit) } });
  for (const stored of await db.getAllFromIndex('queries', 'projectId', edit.projectId)) {
    if (stored.name !== 'IssuesListPage') continue;
    const page = (stored.data as { getIssues?: { issues: Record<string, unknown>[] } }).getIssues;
    if (!page?.issues.some((row) => row['id'] === edit.issueId)) continue;
    const issues = page.issues.map((row) => (row['id'] === edit.issueId ? applyEditToIssue(row, edit) : row));
    await db.put('queries', { ...stored, data: { getIssues: { ...page, issues } } });
  }
}

export async function saveConflict(userId: number, report: ConflictReport): Promise<void> {
  if (!offlineDbAvailable()) return;
  await (await openOfflineDb(userId)).add('conflicts', report);
}

export async function conflictsOf(userId: number, issueId: number): Promise<ConflictReport[]> {
  if (!offlineDbAvailable()) return [];
  return (await openOfflineDb(userId)).getAllFromIndex('conflicts', 'issueId', issueId);
}

export async function dismissConflict(userId: number, id: number): Promise<void> {
  await (await openOfflineDb(userId)).delete('conflicts', id);
}

function answer(response: {
  error?: { networkError?: unknown; graphQLErrors: { extensions: Record<string, unknown> }[] };
}) {
  return outcomeOf(
    response.error
      ? {
          networkError: response.error.networkError,
          code: response.error.graphQLErrors[0]?.extensions['code'],
        }
      : null,
  );
}

/** What sending a queued edit came to; `lost`: the fields the server's newer changes kept. */
export interface EditSent {
  outcome: SendOutcome;
  lost: LostChange[];
}

/** Sends a queued edit (its key is the outbox entry's; set-to-a-value writes are harmless to repeat). */
export async function sendQueuedEdit(
  client: Client,
  entry: OutboxEntry & { write: QueuedEdit },
): Promise<EditSent> {
  const edit = entry.write;
  const context = { requestPolicy: 'network-only' as const };
  if (edit.kind === 'star') {
    const response = await client
      .mutation(
        SetIssueStarringDocument,
        { projectId: edit.projectId, issueId: edit.issueId, starred: edit.starred },
        context,
      )
      .toPromise();
    return { outcome: answer(response), lost: [] };
  }
  if (edit.kind === 'tags') {
    const response = await client
      .mutation(
        SetIssueUserTagsDocument,
        { projectId: edit.projectId, issueId: edit.issueId, tags: edit.tags },
        context,
      )
      .toPromise();
    return { outcome: answer(response), lost: [] };
  }
  // The issue as the server has it now (never the copy: offlineSync marks it, and a copy's answer is no answer).
  const now = await client
    .query(
      IssueDetailDocument,
      { projectId: edit.projectId, issueId: edit.issueId },
      { ...context, offlineSync: true },
    )
    .toPromise();
  if (now.extensions?.['offlineCopy']) return { outcome: { kind: 'retry' }, lost: [] };
  const current = now.data?.issue;
  if (now.error || !current) {
    const outcome = answer(now);
    return { outcome: outcome.kind === 'sent' ? { kind: 'gone' } : outcome, lost: [] };
  }
  const resolved = resolveQueuedEdit(edit.base, edit.mine, {
    state: 'visible',
    fields: disciplineFields(current.disciplines),
  });
  if (resolved.kind !== 'send') return { outcome: { kind: 'gone' }, lost: [] };
  if (Object.keys(resolved.changes).length === 0) return { outcome: { kind: 'sent' }, lost: resolved.lost };
  const response = await client
    .mutation(
      SetIssueDisciplinesDocument,
      {
        projectId: edit.projectId,
        issueId: edit.issueId,
        disciplines: applyDisciplineChanges(current.disciplines, resolved.changes),
        ...(edit.resolutionPhase !== undefined ? { resolutionPhase: edit.resolutionPhase } : {}),
      },
      context,
    )
    .toPromise();
  return { outcome: answer(response), lost: resolved.lost };
}
