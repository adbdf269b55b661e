import { describe, expect, it } from 'vitest';
import { DISCIPLINE_STATUSES, type IssueStatus } from '../enums/project-enums.ts';
import { AppError } from '../errors/app-error.ts';
import { decideIssueStatus, hasPendingDisciplines } from './issue-status-rules.ts';
import { disciplineStatusMap, type IssueViewer } from './issue-types.ts';
import { isPendingFor, pendingDisciplinesFor } from './pending.ts';
import { computeDeadlines, daysUntil, deadlineColor, isLate, DEADLINE_THRESHOLD_DAYS } from './deadlines.ts';
import { issueDraftProblems, issueFormProblems, validateIssueDraft } from './issue-validation.ts';

const statuses = disciplineStatusMap(DISCIPLINE_STATUSES);
const d = (disciplineId: number, status: string, deadline: string | null = null) => ({
  disciplineId,
  status,
  deadline,
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}

describe('issue status rules (core §4, editor §4.6)', () => {
  const base = { statuses, resolutionPhase: null, creationPhase: 5 };

  it('counts as pending the statuses that keep the issue active', () => {
    expect(hasPendingDisciplines([d(1, 'todo')], statuses)).toBe(true);
    expect(hasPendingDisciplines([d(1, 'validate')], statuses)).toBe(true);
    expect(hasPendingDisciplines([d(1, 'done'), d(2, 'follow')], statuses)).toBe(false);
    expect(hasPendingDisciplines([d(1, 'unknown-status')], statuses)).toBe(false);
  });

  it('resolves an active issue with no pending disciplines automatically, with a resolution phase', () => {
    const decision = decideIssueStatus({ ...base, currentStatus: 'active', disciplines: [d(1, 'done')] });
    expect(decision).toEqual({ status: 'resolved', resolutionPhase: 5, automatic: true });
    const kept = decideIssueStatus({
      ...base,
      resolutionPhase: 9,
      currentStatus: 'active',
      disciplines: [d(1, 'done')],
    });
    expect(kept.resolutionPhase).toBe(9);
  });

  it('reactivates a resolved or reproved issue whose disciplines are pending again', () => {
    for (const currentStatus of ['resolved', 'reproved'] as IssueStatus[]) {
      expect(decideIssueStatus({ ...base, currentStatus, disciplines: [d(1, 'todo')] })).toMatchObject({
        status: 'active',
        automatic: true,
      });
    }
  });

  it('keeps the status when the rules hold', () => {
    expect(
      decideIssueStatus({ ...base, currentStatus: 'active', disciplines: [d(1, 'doing')] }),
    ).toMatchObject({ status: 'active', automatic: false });
    expect(
      decideIssueStatus({ ...base, currentStatus: 'reproved', disciplines: [d(1, 'done')] }),
    ).toMatchObject({ status: 'reproved', automatic: false });
  });

  it('refuses a requested status that contradicts the disciplines', () => {
    expect(
      codeOf(() =>
        decideIssueStatus({
          ...base,
          currentStatus: 'active',
          requestedStatus: 'resolved',
          resolutionPhase: 3,
          disciplines: [d(1, 'todo')],
        }),
      ),
    ).toBe('DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE');
    expect(
      codeOf(() =>
        decideIssueStatus({
          ...base,
          currentStatus: 'active',
          requestedStatus: 'reproved',
          disciplines: [d(1, 'todo')],
        }),
      ),
    ).toBe('DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE');
    expect(
      codeOf(() =>
        decideIssueStatus({
          ...base,
          currentStatus: 'resolved',
          requestedStatus: 'active',
          disciplines: [d(1, 'done')],
        }),
      ),
    ).toBe('DISCIPLINE_STATUS_MUST_KEEP_ISSUE_NOT_ACTIVE');
  });

  it('needs a resolution phase to resolve on request, and some phase to resolve automatically', () => {
    expect(
      codeOf(() =>
        decideIssueStatus({
          ...base,
          currentStatus: 'reproved',
          requestedStatus: 'resolved',
          disciplines: [d(1, 'done')],
        }),
      ),
    ).toBe('MISSING_RESOLUTION_PHASE');
    expect(
      decideIssueStatus({
        ...base,
        currentStatus: 'reproved',
        requestedStatus: 'resolved',
        resolutionPhase: 10,
        disciplines: [d(1, 'done')],
      }),
    ).toEqual({ status: 'resolved', resolutionPhase: 10, automatic: false });
    expect(
      codeOf(() =>
        decideIssueStatus({
          ...base,
          creationPhase: null,
          currentStatus: 'active',
          disciplines: [d(1, 'done')],
        }),
      ),
    ).toBe('MISSING_RESOLUTION_PHASE');
  });

  it('allows reproving an issue without pending disciplines', () => {
    expect(
      decideIssueStatus({
        ...base,
        currentStatus: 'resolved',
        requestedStatus: 'reproved',
        disciplines: [d(1, 'done')],
      }),
    ).toMatchObject({
      status: 'reproved',
    });
  });
});

describe('pending flag per user (core §4)', () => {
  const collaborator: IssueViewer = { userId: 7, manageDisciplines: false, disciplineIds: [1], groupIds: [] };
  const manager: IssueViewer = { userId: 8, manageDisciplines: true, disciplineIds: [], groupIds: [] };

  it('is pending for a collaborator when one of their disciplines awaits a collaborator', () => {
    expect(isPendingFor([d(1, 'todo')], collaborator, statuses)).toBe(true);
    expect(isPendingFor([d(2, 'todo')], collaborator, statuses)).toBe(false);
    expect(isPendingFor([d(1, 'validate')], collaborator, statuses)).toBe(false);
    expect(isPendingFor([d(1, 'done')], collaborator, statuses)).toBe(false);
  });

  it('is pending for a manager when any discipline awaits a manager', () => {
    expect(isPendingFor([d(2, 'validate')], manager, statuses)).toBe(true);
    expect(isPendingFor([d(2, 'review')], manager, statuses)).toBe(true);
    expect(isPendingFor([d(2, 'todo')], manager, statuses)).toBe(false);
  });

  it('lists exactly the pending disciplines', () => {
    expect(
      pendingDisciplinesFor([d(1, 'todo'), d(1, 'doing'), d(3, 'todo')], collaborator, statuses).map(
        (x) => x.status,
      ),
    ).toEqual(['todo', 'doing']);
  });
});

describe('deadlines (core §4, §9)', () => {
  const today = '2026-03-01';

  it('colours more than 30 days muted, 1 to 30 warning, due or past danger', () => {
    expect(DEADLINE_THRESHOLD_DAYS).toBe(30);
    expect(deadlineColor('2026-04-01', today)).toBe('muted');
    expect(daysUntil('2026-03-31', today)).toBe(30);
    expect(deadlineColor('2026-03-31', today)).toBe('warning');
    expect(deadlineColor('2026-03-02', today)).toBe('warning');
    expect(deadlineColor('2026-03-01', today)).toBe('danger');
    expect(deadlineColor('2026-02-10', today)).toBe('danger');
  });

  it('counts as late only a deadline already past', () => {
    expect(isLate('2026-02-28', today)).toBe(true);
    expect(isLate('2026-03-01', today)).toBe(false);
    expect(isLate(null, today)).toBe(false);
  });

  it('computes the card deadline from alerting deadlines only', () => {
    const computed = computeDeadlines(
      {
        status: 'active',
        deadline: '2026-05-01',
        disciplines: [d(1, 'todo', '2026-03-10'), d(2, 'done', '2026-03-02')],
      },
      statuses,
      today,
    );
    expect(computed.cardDeadline).toEqual({ deadline: '2026-03-10', color: 'warning' });
    expect(computed.disciplinesDeadlines).toEqual([
      { disciplineId: 1, deadline: '2026-03-10', color: 'warning' },
    ]);
    const resolved = computeDeadlines(
      { status: 'resolved', deadline: '2026-01-01', disciplines: [d(1, 'done', '2026-01-01')] },
      statuses,
      today,
    );
    expect(resolved).toEqual({ cardDeadline: null, disciplinesDeadlines: [] });
    const issueOnly = computeDeadlines(
      { status: 'active', deadline: '2026-02-01', disciplines: [d(1, 'todo')] },
      statuses,
      today,
    );
    expect(issueOnly.cardDeadline).toEqual({ deadline: '2026-02-01', color: 'danger' });
  });
});

describe('issue creation rules (core §5)', () => {
  const draft = {
    title: 'Clash at grid B4',
    status: 'active',
    priority: 'high',
    visibility: 'public',
    projectId: 1,
    disciplineIds: [1, 2],
    hasPin: true,
  };

  it('accepts a complete draft', () => {
    expect(codeOf(() => validateIssueDraft(draft))).toBeUndefined();
  });

  it('requires title, status, priority, visibility and project', () => {
    for (const field of ['title', 'status', 'priority', 'visibility', 'projectId'] as const) {
      expect(codeOf(() => validateIssueDraft({ ...draft, [field]: null }))).toBe('REQUIRED_FIELD');
    }
    expect(codeOf(() => validateIssueDraft({ ...draft, title: '   ' }))).toBe('REQUIRED_FIELD');
  });

  it('requires at least one discipline, none repeated, and a location pin', () => {
    expect(codeOf(() => validateIssueDraft({ ...draft, disciplineIds: [] }))).toBe(
      'ISSUE_MUST_HAVE_DISCIPLINES',
    );
    expect(codeOf(() => validateIssueDraft({ ...draft, disciplineIds: [1, 2, 1] }))).toBe(
      'DUPLICATED_DISCIPLINES',
    );
    expect(codeOf(() => validateIssueDraft({ ...draft, hasPin: false }))).toBe('INSERT_PIN_LOCATION');
  });

  it('reports every problem by field at once, in the order the server throws them', () => {
    const broken = { ...draft, title: ' ', priority: null, disciplineIds: [3, 3], hasPin: false };
    expect(issueFormProblems(broken).map((p) => [p.field, p.code])).toEqual([
      ['title', 'REQUIRED_FIELD'],
      ['priority', 'REQUIRED_FIELD'],
      ['disciplines', 'DUPLICATED_DISCIPLINES'],
      ['pin', 'INSERT_PIN_LOCATION'],
    ]);
    expect(issueDraftProblems({ ...broken, projectId: null })[0]).toEqual({
      field: 'projectId',
      code: 'REQUIRED_FIELD',
    });
    expect(issueFormProblems({ ...draft, description: 'x'.repeat(100_000) })).toEqual([
      expect.objectContaining({ field: 'description', code: 'TEXT_TOO_LONG' }),
    ]);
    expect(issueDraftProblems(draft)).toEqual([]);
    // The server throws the missing fields together, then the first of the others.
    expect(() => validateIssueDraft(broken)).toThrow(
      expect.objectContaining({ code: 'REQUIRED_FIELD', details: { fields: ['title', 'priority'] } }),
    );
    expect(codeOf(() => validateIssueDraft({ ...broken, title: 'ok', priority: 'high' }))).toBe(
      'DUPLICATED_DISCIPLINES',
    );
  });
});
