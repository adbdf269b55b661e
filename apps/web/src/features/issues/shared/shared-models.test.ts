import { describe, expect, it } from 'vitest';
import { DISCIPLINE_STATUSES, disciplineStatusMap } from '@obra/domain';
import { aggregateDisciplineStatus, disciplineTagState } from './discipline-tag-state.ts';
import { priorityLook, statusLook, visibilityLook } from './indicator-model.ts';
import { issueListPath, issueNeighbours, type IssueListSnapshot } from './issue-list-context.ts';
import { projectStatusMap } from './project-status-map.ts';

describe('indicator looks (editor §3.6)', () => {
  it('shows the statuses with the icons active, yes and delete', () => {
    expect(statusLook('active')).toMatchObject({ status: 'active', icon: 'active' });
    expect(statusLook('resolved')).toMatchObject({ status: 'resolved', icon: 'yes' });
    expect(statusLook('reproved')).toMatchObject({ status: 'reproved', icon: 'delete' });
    expect(statusLook('archived')).toEqual({ status: null, icon: null, color: 'gray' });
  });

  it('shows high, medium and low, and anything else as low', () => {
    expect(priorityLook('high').priority).toBe('high');
    expect(priorityLook('medium').priority).toBe('medium');
    expect(priorityLook('low').priority).toBe('low');
    expect(priorityLook('urgent')).toEqual(priorityLook('low'));
    expect(priorityLook('')).toEqual(priorityLook('low'));
  });

  it('recognises management, MANAGEMENT and PUBLIC, treats anything else as a draft, and hints semi-public', () => {
    expect(visibilityLook('project_management').visibility).toBe('project_management');
    expect(visibilityLook('management').visibility).toBe('project_management');
    expect(visibilityLook('MANAGEMENT').visibility).toBe('project_management');
    expect(visibilityLook('PUBLIC').visibility).toBe('public');
    expect(visibilityLook('group').visibility).toBe('group');
    expect(visibilityLook('creator').visibility).toBe('creator');
    expect(visibilityLook('secret').visibility).toBe('creator');
    expect(visibilityLook('semi_public')).toMatchObject({ visibility: 'semi_public', hasHint: true });
    expect(visibilityLook('public').hasHint).toBe(false);
  });
});

describe('discipline tag states', () => {
  const statuses = disciplineStatusMap(DISCIPLINE_STATUSES);
  const today = '2026-03-10';
  const tag = (status: string, deadline: string | null = null) =>
    disciplineTagState({ status, deadline }, statuses, today);

  it('maps statuses to the tag states of editor §3.6', () => {
    expect(tag('varies')).toBe('varies');
    expect(tag('participate')).toBe('participate');
    expect(tag('follow')).toBe('follow');
    expect(tag('aware')).toBe('follow');
    expect(tag('todo')).toBe('active');
    expect(tag('doing', '2026-03-10')).toBe('active');
    expect(tag('doing', '2026-03-09')).toBe('late');
    expect(tag('review')).toBe('almostDone');
    expect(tag('validate', '2026-01-01')).toBe('late');
    expect(tag('done', '2026-01-01')).toBe('done');
    expect(tag('validated')).toBe('done');
    expect(tag('unknown-status')).toBe('follow');
  });

  it('follows the project settings over the defaults', () => {
    const project = projectStatusMap([
      {
        name: 'review',
        statusGroup: 'pending',
        responsibility: 'collaborator',
        deadline: true,
        keepIssueActive: true,
        deadlineAlert: false,
        allowCollaboratorUpdateTo: true,
        allowDisable: true,
        active: true,
      },
    ]);
    expect(disciplineTagState({ status: 'review', deadline: '2026-01-01' }, project, today)).toBe('active');
    expect(project.get('todo')?.responsibility).toBe('collaborator');
  });

  it('aggregates mixed statuses as varies', () => {
    expect(aggregateDisciplineStatus([])).toBeNull();
    expect(aggregateDisciplineStatus(['todo', 'todo'])).toBe('todo');
    expect(aggregateDisciplineStatus(['todo', 'done'])).toBe('varies');
  });
});

describe('issue list context (previous / next)', () => {
  const snapshot: IssueListSnapshot = {
    projectId: 4,
    issueIds: [30, 10, 20],
    filter: { standard: 'pendencies', search: 'laje', combination: 'or', conditions: [], sort: [] },
    search: '?filter=pendencies&q=laje',
  };

  it('gives the neighbours in the list order, none at the ends or for another project', () => {
    expect(issueNeighbours(snapshot, 4, 10)).toEqual({ previousId: 30, nextId: 20, index: 1, total: 3 });
    expect(issueNeighbours(snapshot, 4, 30)).toMatchObject({ previousId: null, nextId: 10 });
    expect(issueNeighbours(snapshot, 4, 20)).toMatchObject({ previousId: 10, nextId: null });
    expect(issueNeighbours(snapshot, 4, 99)).toMatchObject({ index: -1, previousId: null, nextId: null });
    expect(issueNeighbours(snapshot, 5, 10)).toMatchObject({ index: -1, total: 0 });
  });

  it('goes back to the list with its filter', () => {
    expect(issueListPath(4, snapshot)).toBe('/workspace/project/4/issues?filter=pendencies&q=laje');
    expect(issueListPath(5, snapshot)).toBe('/workspace/project/5/issues');
  });
});
