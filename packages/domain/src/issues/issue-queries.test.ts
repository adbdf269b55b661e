import { describe, expect, it } from 'vitest';
import { DISCIPLINE_STATUSES } from '../enums/project-enums.ts';
import { buildIssue } from './issue-test-builder.ts';
import { disciplineStatusMap, type IssueViewer } from './issue-types.ts';
import { DEFAULT_ISSUE_SORT, sortIssues } from './sort.ts';
import { matchesSearch, normalizeText, parseSearch } from './search.ts';
import { dateRangeBounds, issueFilterSchema, matchesFilter, type FilterContext } from './filters.ts';

const statuses = disciplineStatusMap(DISCIPLINE_STATUSES);
const viewer: IssueViewer = { userId: 7, manageDisciplines: false, disciplineIds: [1], groupIds: [3] };
const ctx: FilterContext = { viewer, statuses, today: '2026-03-01' };
const filter = (input: unknown) => issueFilterSchema.parse(input);

describe('default sort (core §9)', () => {
  it('follows the spec order of keys', () => {
    expect(DEFAULT_ISSUE_SORT.map((s) => s.key)).toEqual([
      'starred',
      'mentionNotifications',
      'notifications',
      'visibilityUpdatedAt',
      'priority',
      'status',
      'deadline',
      'createdAt',
      'title',
    ]);
  });

  it('puts starred first, then mentions, then the latest notification, then the newest published', () => {
    const issues = [
      buildIssue({ id: 1 }),
      buildIssue({ id: 2, starred: true }),
      buildIssue({ id: 3, notificationsSummary: { count: 1, mentions: 2, last: '2026-01-01T00:00:00Z' } }),
      buildIssue({ id: 4, notificationsSummary: { count: 1, mentions: 0, last: '2026-02-01T00:00:00Z' } }),
      buildIssue({ id: 5, visibilityUpdatedAt: '2026-02-20T00:00:00Z' }),
    ];
    expect(sortIssues(issues).map((i) => i.id)).toEqual([2, 3, 4, 5, 1]);
  });

  it('orders priority and status by their list order, unknown priority as low', () => {
    const same = { visibilityUpdatedAt: null };
    const issues = [
      buildIssue({ id: 1, ...same, priority: 'low' }),
      buildIssue({ id: 2, ...same, priority: 'urgent' }),
      buildIssue({ id: 3, ...same, priority: 'high' }),
      buildIssue({ id: 4, ...same, priority: 'medium', status: 'resolved' }),
      buildIssue({ id: 5, ...same, priority: 'medium', status: 'active' }),
    ];
    expect(sortIssues(issues).map((i) => i.id)).toEqual([3, 5, 4, 2, 1]);
  });

  it('puts the soonest deadline first, missing deadlines last, then newest, then title, then id', () => {
    const same = { visibilityUpdatedAt: null };
    const issues = [
      buildIssue({ id: 1, ...same }),
      buildIssue({ id: 2, ...same, deadline: '2026-05-01' }),
      buildIssue({ id: 3, ...same, deadline: '2026-04-01' }),
      buildIssue({ id: 4, ...same, createdAt: '2026-02-01T00:00:00Z' }),
      buildIssue({ id: 5, ...same, title: 'A first' }),
      buildIssue({ id: 6, ...same, title: 'A first' }),
    ];
    expect(sortIssues(issues).map((i) => i.id)).toEqual([3, 2, 4, 6, 5, 1]);
  });

  it('sorts by a chosen key and direction', () => {
    const issues = [
      buildIssue({ id: 1, title: 'beta' }),
      buildIssue({ id: 2, title: 'Alpha' }),
      buildIssue({ id: 3, title: 'gamma' }),
    ];
    expect(sortIssues(issues, [{ key: 'title', direction: 'desc' }]).map((i) => i.id)).toEqual([3, 1, 2]);
  });
});

describe('search (core §5)', () => {
  const issue = buildIssue({
    code: 'EST-042',
    title: 'Interferência da viga com o duto',
    description: 'Revisar a FUNDAÇÃO do bloco B',
    imageTitles: ['Foto do térreo'],
    documentReferences: [{ title: 'Planta baixa', rev: 'R03' }],
  });

  it('ignores accents and case', () => {
    expect(normalizeText('Fundação ÁGUA')).toBe('fundacao agua');
    expect(matchesSearch(issue, parseSearch('interferencia'))).toBe(true);
    expect(matchesSearch(issue, parseSearch('FUNDACAO'))).toBe(true);
  });

  it('needs every word, each in any field', () => {
    expect(matchesSearch(issue, parseSearch('viga terreo r03'))).toBe(true);
    expect(matchesSearch(issue, parseSearch('viga inexistente'))).toBe(false);
    expect(matchesSearch(issue, parseSearch('est-042 planta'))).toBe(true);
  });

  it('treats quoted text as an exact phrase', () => {
    expect(parseSearch('"da viga" duto')).toEqual({ phrases: ['da viga'], words: ['duto'] });
    expect(matchesSearch(issue, parseSearch('"viga com o duto"'))).toBe(true);
    expect(matchesSearch(issue, parseSearch('"duto com a viga"'))).toBe(false);
    expect(matchesSearch(issue, parseSearch('"Interferência da"'))).toBe(true);
  });

  it('reads an unclosed quote as words and an empty search as everything', () => {
    expect(parseSearch('"viga duto')).toEqual({ phrases: [], words: ['viga', 'duto'] });
    expect(matchesSearch(issue, parseSearch('  '))).toBe(true);
  });
});

describe('filters (core §4, §5)', () => {
  const pendingMine = buildIssue({
    id: 1,
    disciplines: [{ disciplineId: 1, status: 'todo', deadline: '2026-02-01' }],
  });
  const pendingOther = buildIssue({
    id: 2,
    disciplines: [{ disciplineId: 2, status: 'todo', deadline: null }],
  });
  const toValidate = buildIssue({
    id: 3,
    disciplines: [{ disciplineId: 2, status: 'validate', deadline: null }],
  });
  const resolved = buildIssue({
    id: 4,
    status: 'resolved',
    disciplines: [{ disciplineId: 1, status: 'done', deadline: null }],
  });
  const noticed = buildIssue({
    id: 5,
    starred: true,
    notificationsSummary: { count: 2, mentions: 1, last: '2026-02-02T00:00:00Z' },
  });
  const onTime = buildIssue({
    id: 6,
    disciplines: [{ disciplineId: 1, status: 'doing', deadline: '2026-03-05' }],
  });
  const all = [pendingMine, pendingOther, toValidate, resolved, noticed, onTime];
  const ids = (input: unknown) => all.filter((i) => matchesFilter(i, filter(input), ctx)).map((i) => i.id);

  it('applies the standard filters', () => {
    expect(ids({ standard: 'pendencies' })).toEqual([1, 6]);
    expect(ids({ standard: 'latePendencies' })).toEqual([1]);
    expect(ids({ standard: 'notifications' })).toEqual([5]);
    expect(ids({ standard: 'newMentions' })).toEqual([5]);
    expect(ids({ standard: 'starred' })).toEqual([5]);
    expect(ids({ standard: 'validate' })).toEqual([3]);
    expect(ids({ standard: 'actives' })).toEqual([1, 2, 3, 5, 6]);
    expect(ids({})).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('restricts to ids and combines conditions with or by default, or with and', () => {
    expect(ids({ ids: [2, 4, 99] })).toEqual([2, 4]);
    const conditions = [
      { field: 'status', values: ['resolved'] },
      { field: 'discipline', values: [1] },
    ];
    expect(ids({ conditions })).toEqual([1, 4, 6]);
    expect(ids({ conditions, combination: 'and' })).toEqual([4]);
    expect(ids({ standard: 'actives', conditions, combination: 'or' })).toEqual([1, 6]);
  });

  it('matches discipline statuses and searches together with the other parts', () => {
    expect(ids({ conditions: [{ field: 'disciplineStatus', values: ['validate', 'done'] }] })).toEqual([
      3, 4,
    ]);
    const titled = buildIssue({ id: 9, title: 'Água na laje' });
    expect(matchesFilter(titled, filter({ search: 'agua' }), ctx)).toBe(true);
    expect(matchesFilter(titled, filter({ search: 'agua', standard: 'starred' }), ctx)).toBe(false);
  });

  it('makes date ranges inclusive, the end day lasting to 23:59:59.999 in the user time zone', () => {
    const { start, end } = dateRangeBounds('2026-01-10', '2026-01-10', 180);
    expect(new Date(start!).toISOString()).toBe('2026-01-10T03:00:00.000Z');
    expect(new Date(end!).toISOString()).toBe('2026-01-11T02:59:59.999Z');
    const late = buildIssue({ createdAt: '2026-01-10T23:59:59.999Z' });
    const next = buildIssue({ createdAt: '2026-01-11T00:00:00.000Z' });
    const range = filter({ conditions: [{ field: 'createdAt', from: '2026-01-10', to: '2026-01-10' }] });
    expect(matchesFilter(late, range, ctx)).toBe(true);
    expect(matchesFilter(next, range, ctx)).toBe(false);
    const withDeadline = buildIssue({ deadline: '2026-01-31' });
    expect(
      matchesFilter(withDeadline, filter({ conditions: [{ field: 'deadline', to: '2026-01-31' }] }), ctx),
    ).toBe(true);
  });

  it('rejects malformed filters', () => {
    expect(() => filter({ standard: 'mine' })).toThrow();
    expect(() => filter({ conditions: [{ field: 'status', values: [] }] })).toThrow();
    expect(() => filter({ conditions: [{ field: 'createdAt', from: '10/01/2026' }] })).toThrow();
    expect(() => filter({ unexpected: true })).toThrow();
  });
});
