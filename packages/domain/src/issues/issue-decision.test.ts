import { describe, expect, it } from 'vitest';
import { DISCIPLINE_STATUSES } from '../enums/project-enums.ts';
import { isAppError } from '../errors/app-error.ts';
import type { IssueEditor } from './issue-policy.ts';
import {
  changesOf,
  decideIssueUpdate,
  issueUpdateWrite,
  type IssueDisciplineFacts,
  type IssueFieldsInput,
  type IssueRowFacts,
  type StoredIssueFacts,
} from './issue-decision.ts';

/**
 * The decide step of updateIssue (issue 29: load → decide → store) is a function of what was loaded and the
 * input: these cases run it with no database, no server and no clock but the one they pass. It lives in the domain
 * package, which lint keeps free of I/O (eslint.config.js, "domain is pure").
 */

function editorOf(
  role: 'coordinator' | 'collaborator',
  userId: number,
  userDisciplines: number[],
): IssueEditor {
  return { userId, role, userDisciplines };
}

const row: IssueRowFacts = {
  id: 7,
  title: 'Beam clash',
  description: null,
  status: 'active',
  priority: 'medium',
  visibility: 'public',
  categoryId: null,
  creationPhase: null,
  resolutionPhase: null,
  deadline: null,
  groupId: null,
  pin: { x: 10, y: 20, imageId: 1 },
  viewpoints: null,
  bimPins: null,
  createdByUserId: 1,
  documentsReferences: [],
  ccodeDocumentsReferences: [],
  aiAssistantLogs: null,
};

const disciplineRow = (disciplineId: number, status: string): IssueDisciplineFacts => ({
  disciplineId,
  status,
  deadline: null,
  doneAt: null,
});

function stored(overrides: Partial<StoredIssueFacts> = {}): StoredIssueFacts {
  return {
    row,
    disciplines: [disciplineRow(11, 'todo'), disciplineRow(12, 'todo')],
    links: {},
    references: {
      disciplineIds: new Set([11, 12]),
      localsKnown: true,
      labelsKnown: true,
      groupKnown: true,
      activeStatuses: new Set(DISCIPLINE_STATUSES.map((s) => s.key)),
    },
    ...overrides,
  };
}

function decide(editor: IssueEditor, input: IssueFieldsInput, loaded = stored()) {
  return decideIssueUpdate(editor, loaded, input);
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe('decideIssueUpdate', () => {
  const coordinator = editorOf('coordinator', 2, []);

  it('answers the changed columns and children for the history, in the order the history keeps', () => {
    const plan = decide(
      coordinator,
      {
        title: '  Beam clash at grid C ',
        labels: [5, 4, 5],
        disciplines: [
          { disciplineId: 11, status: 'todo' },
          { disciplineId: 12, status: 'doing' },
        ],
      },
      stored({ links: { labels: [4] } }),
    );
    expect(plan.columns.title).toBe('Beam clash at grid C');
    expect(plan.labels).toEqual([4, 5]);
    expect(plan.childChanges).toEqual({
      disciplines: {
        old: [
          { disciplineId: 11, status: 'todo', deadline: null },
          { disciplineId: 12, status: 'todo', deadline: null },
        ],
        new: [
          { disciplineId: 11, status: 'todo', deadline: null },
          { disciplineId: 12, status: 'doing', deadline: null },
        ],
      },
      labels: { old: [4], new: [4, 5] },
    });
    expect(plan.columnChanges).toEqual({ title: { old: 'Beam clash', new: 'Beam clash at grid C' } });
    const images = { old: [], new: [{ id: 1 }] };
    expect(Object.keys(changesOf(plan, images))).toEqual(['disciplines', 'labels', 'images', 'title']);
  });

  it('sees the same pin sent back, in another key order and with float noise, as no change', () => {
    const plan = decide(coordinator, { pin: { imageId: 1, y: 20.0000001, x: 10 } });
    expect(plan.columnChanges).toEqual({});
    expect(changesOf(plan, undefined)).toEqual({});
  });

  it('stamps an edit, a status change and a visibility change each with its own columns', () => {
    const now = new Date('2026-11-30T08:00:00Z');
    const resolved = decide(
      coordinator,
      { status: 'resolved', resolutionPhase: 4 },
      stored({
        disciplines: [disciplineRow(11, 'done')],
        references: {
          disciplineIds: new Set([11]),
          localsKnown: true,
          labelsKnown: true,
          groupKnown: true,
          activePhases: new Set([4]),
        },
      }),
    );
    const write = issueUpdateWrite(resolved, changesOf(resolved, undefined), 2, now);
    expect(write.columns).toMatchObject({ status: 'resolved', statusUpdatedAt: now, editedAt: now });
    const hidden = decide(coordinator, { visibility: 'project_management' });
    const hiding = issueUpdateWrite(hidden, changesOf(hidden, undefined), 2, now);
    expect(hiding.columns).toMatchObject({ visibility: 'project_management', toProjectManagementAt: now });
    expect(hiding.columns).not.toHaveProperty('editedAt');
  });

  it('lets a collaborator move only their own discipline, to a status collaborators may set, and nothing else', () => {
    const designer = editorOf('collaborator', 9, [12]);
    const own = decide(designer, {
      disciplines: [
        { disciplineId: 11, status: 'todo' },
        { disciplineId: 12, status: 'doing' },
      ],
    });
    expect(own.disciplines?.map((d) => [d.disciplineId, d.status])).toEqual([
      [11, 'todo'],
      [12, 'doing'],
    ]);
    const other = {
      disciplines: [
        { disciplineId: 11, status: 'doing' },
        { disciplineId: 12, status: 'todo' },
      ],
    };
    expect(codeOf(() => decide(designer, other))).toBe('FORBIDDEN');
    expect(codeOf(() => decide(designer, { title: 'Mine now' }))).toBe('FORBIDDEN');
    expect(codeOf(() => decide(editorOf('collaborator', 10, []), { title: 'x' }))).toBe('FORBIDDEN');
  });

  it('refuses what the loaded facts say the project does not have, after the scope and the fields', () => {
    const unknownLabel = stored({ references: { ...stored().references, labelsKnown: false } });
    expect(codeOf(() => decide(coordinator, { labels: [99] }, unknownLabel))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => decide(coordinator, { title: '' }, unknownLabel))).toBe('REQUIRED_FIELD');
    const noGroup = stored({ references: { ...stored().references, groupKnown: false } });
    expect(codeOf(() => decide(coordinator, { groupId: 5 }, noGroup))).toBe('PROJECT_GROUP_NOT_FOUND');
    expect(codeOf(() => decide(coordinator, { visibility: 'group' }))).toBe('REQUIRED_FIELD');
    expect(codeOf(() => decide(coordinator, { pin: null }))).toBe('INSERT_PIN_LOCATION');
  });
});
