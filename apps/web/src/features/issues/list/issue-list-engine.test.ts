import { describe, expect, it } from 'vitest';
import {
  DISCIPLINE_STATUSES,
  disciplineStatusMap,
  ISSUE_SORT_KEYS,
  issueFilterSchema,
  matchesFilter,
  sortIssues,
  STANDARD_ISSUE_FILTERS,
  type IssueFacts,
  type IssueFilterCondition,
  type IssueViewer,
} from '@obra/domain';
import type { IssueListFilterState } from '../shared/issue-list-context.ts';
import { hybridEngineClient, inlineEngineClient } from './engine-client.ts';
import { IssueListEngine, type EngineQuery } from './issue-list-engine.ts';
import { toIssueFacts, type IssueRow } from './issue-row.ts';
import { sortLedBy } from './list-url-state.ts';

const statuses = disciplineStatusMap(DISCIPLINE_STATUSES);
const TODAY = '2026-03-10';

/** A deterministic PRNG, so the same varied project is built every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TITLES = [
  'Infiltração na laje',
  'Viga interfere com duto',
  'Laje do térreo sem cota',
  'Pilar P4',
  'pilar p10',
  'Fachada',
];

function project(count: number, seed = 7): IssueFacts[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const day = () =>
    `2026-0${1 + Math.floor(rnd() * 6)}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
  return Array.from({ length: count }, (_, i) => {
    const mentions = rnd() < 0.1 ? 1 + Math.floor(rnd() * 3) : 0;
    const notified = mentions > 0 || rnd() < 0.2;
    return {
      id: i + 1,
      code: String(i + 1).padStart(3, '0'),
      title: `${pick(TITLES)} ${i % 7}`,
      description: rnd() < 0.5 ? 'Verificar a revisão R3 do térreo' : null,
      status: pick(['active', 'active', 'resolved', 'reproved', 'weird']),
      priority: pick(['high', 'medium', 'low', 'urgent']),
      visibility: pick(['public', 'semi_public', 'group', 'creator']),
      category: rnd() < 0.5 ? pick([1, 3, 11]) : null,
      creationPhase: pick([1, 5, null]),
      resolutionPhase: null,
      deadline: rnd() < 0.5 ? day() : null,
      createdAt: `${day()}T${String(Math.floor(rnd() * 24)).padStart(2, '0')}:00:00.000Z`,
      createdByUserId: pick([1, 2, 3]),
      visibilityUpdatedAt: rnd() < 0.8 ? `${day()}T10:00:00.000Z` : null,
      groupId: rnd() < 0.3 ? 9 : null,
      disciplines: [10, 20, 30]
        .filter(() => rnd() < 0.6)
        .map((disciplineId) => ({
          disciplineId,
          status: pick(['todo', 'doing', 'review', 'validate', 'done', 'follow']),
          deadline: rnd() < 0.5 ? day() : null,
        })),
      localIds: rnd() < 0.5 ? [pick([100, 101])] : [],
      labelIds: rnd() < 0.3 ? [200] : [],
      tagIds: rnd() < 0.2 ? [300] : [],
      starred: rnd() < 0.15,
      notificationsSummary: {
        count: notified ? 1 + mentions : 0,
        mentions,
        last: notified ? `${day()}T08:00:00.000Z` : null,
      },
      imageTitles: [],
      cover: null,
      documentReferences: [],
    };
  });
}

const collaborator: IssueViewer = { userId: 2, manageDisciplines: false, disciplineIds: [10], groupIds: [] };
const manager: IssueViewer = { userId: 1, manageDisciplines: true, disciplineIds: [], groupIds: [9] };

function state(patch: Partial<IssueListFilterState> = {}): IssueListFilterState {
  return { standard: 'all', search: '', combination: 'or', conditions: [], sort: [], ...patch };
}

function query(filter: IssueListFilterState, viewer = collaborator): EngineQuery {
  return { filter, viewer, statuses: [...statuses.entries()], today: TODAY, timezoneOffset: 180 };
}

/** What the server would answer for a filter: the domain's rules over every issue, in the domain's order. */
function expected(issues: IssueFacts[], filter: IssueListFilterState, viewer = collaborator): number[] {
  const parsed = issueFilterSchema.parse({
    standard: filter.standard,
    search: filter.search.trim().length >= 2 ? filter.search : undefined,
    combination: filter.combination,
    conditions: filter.standard === 'custom' ? filter.conditions : [],
    timezoneOffset: 180,
  });
  const ctx = { viewer, statuses, today: TODAY };
  return sortIssues(
    issues.filter((i) => matchesFilter(i, parsed, ctx)),
    filter.sort,
  ).map((i) => i.id);
}

describe('IssueListEngine', () => {
  const issues = project(400);
  const engine = new IssueListEngine();
  engine.upsert(issues);

  it('gives every standard tab the count the domain filter (the server rule) gives, for both kinds of user', () => {
    for (const viewer of [collaborator, manager]) {
      const result = engine.query(query(state(), viewer));
      for (const standard of STANDARD_ISSUE_FILTERS) {
        expect(
          result.counts[standard],
          `${standard} for ${viewer.manageDisciplines ? 'manager' : 'collaborator'}`,
        ).toBe(expected(issues, state({ standard }), viewer).length);
      }
      // The data exercises every tab (none is trivially empty).
      for (const standard of STANDARD_ISSUE_FILTERS)
        expect(result.counts[standard], standard).toBeGreaterThan(0);
      expect(result.counts.all).toBe(400);
      expect(result.total).toBe(400);
    }
  });

  it('shows the issues of the chosen tab in the default order, ties broken by id', () => {
    for (const standard of STANDARD_ISSUE_FILTERS) {
      expect(engine.query(query(state({ standard }))).ids).toEqual(expected(issues, state({ standard })));
    }
  });

  it('sorts by every sort key of editor §3.6 in both directions, then by the default order', () => {
    for (const key of ISSUE_SORT_KEYS) {
      for (const direction of ['asc', 'desc'] as const) {
        const filter = state({ sort: sortLedBy({ key, direction }) });
        expect(engine.query(query(filter)).ids, `${key} ${direction}`).toEqual(expected(issues, filter));
      }
    }
  });

  it('searches accent- and case-insensitively, with quoted phrases exact, and counts after the search', () => {
    for (const search of [
      'infiltracao',
      'PILAR',
      '"laje do terreo"',
      '"terreo laje"',
      'revisao r3 pilar',
      'x',
    ]) {
      const result = engine.query(query(state({ search })));
      expect(result.ids, search).toEqual(expected(issues, state({ search })));
      expect(result.counts.all, search).toBe(expected(issues, state({ search })).length);
    }
    expect(engine.query(query(state({ search: 'infiltracao' }))).ids.length).toBeGreaterThan(0);
    expect(engine.query(query(state({ search: '"laje do terreo"' }))).ids.length).toBeGreaterThan(0);
    expect(engine.query(query(state({ search: '"terreo laje"' }))).ids).toEqual([]);
    // One character does not filter (at least 2, editor §9).
    expect(engine.query(query(state({ search: 'x' }))).ids).toHaveLength(400);
  });

  it('finds a loaded row by an image title and by a code-document reference (spec core §5)', () => {
    const row = (id: number, patch: Partial<IssueRow>): IssueRow => ({
      id,
      code: String(id).padStart(3, '0'),
      title: `Issue ${id}`,
      description: null,
      status: 'active',
      priority: 'high',
      visibility: 'public',
      category: null,
      creationPhase: null,
      resolutionPhase: null,
      deadline: null,
      groupId: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      createdByUserId: 1,
      visibilityUpdatedAt: null,
      disciplines: [],
      locals: [],
      labels: [],
      userPersonalData: { starred: false, tags: [] },
      notificationsSummary: { count: 0, mentions: 0, last: null },
      imageTitles: [],
      cover: null,
      ccodeDocumentsReferences: [],
      ...patch,
    });
    const loaded = new IssueListEngine();
    loaded.upsert(
      [
        row(1, { imageTitles: ['Forro quebrado no sótão'] }),
        row(2, { ccodeDocumentsReferences: [{ title: 'NBR 9050 Acessibilidade', rev: 'REV-03' }] }),
        row(3, {}),
      ].map(toIssueFacts),
    );
    const ids = (search: string) => loaded.query(query(state({ search }), manager)).ids;
    expect(ids('SOTAO forro')).toEqual([1]);
    expect(ids('"forro quebrado"')).toEqual([1]);
    expect(ids('nbr acessibilidade')).toEqual([2]);
    expect(ids('rev-03')).toEqual([2]);
  });

  it('applies custom conditions with or (the default) and with and, only on the custom tab', () => {
    const conditions: IssueFilterCondition[] = [
      { field: 'priority', values: ['high'] },
      { field: 'discipline', values: [20] },
      { field: 'deadline', from: '2026-02-01', to: '2026-03-31' },
    ];
    for (const combination of ['or', 'and'] as const) {
      const filter = state({ standard: 'custom', conditions, combination });
      const result = engine.query(query(filter));
      expect(result.ids, combination).toEqual(expected(issues, filter));
      expect(result.counts.custom).toBe(result.ids.length);
      // The other tabs ignore the conditions.
      expect(result.counts.all).toBe(400);
    }
    const or = engine.query(query(state({ standard: 'custom', conditions }))).ids.length;
    const and = engine.query(query(state({ standard: 'custom', conditions, combination: 'and' }))).ids.length;
    expect(and).toBeLessThan(or);
  });

  it('merges pages as they arrive into the same order as loading everything at once', () => {
    const paged = new IssueListEngine();
    const sort = sortLedBy({ key: 'title', direction: 'asc' });
    paged.upsert(issues.slice(0, 100));
    expect(paged.query(query(state({ sort }))).ids).toHaveLength(100);
    for (let start = 100; start < 400; start += 100) paged.upsert(issues.slice(start, start + 100));
    expect(paged.query(query(state({ sort }))).ids).toEqual(engine.query(query(state({ sort }))).ids);
  });

  it('takes live changes: a changed issue moves to its new place, a removed one leaves', () => {
    const live = new IssueListEngine();
    live.upsert(issues);
    const before = live.query(query(state()));
    const last = before.ids.at(-1) ?? 0;
    const changed = {
      ...(issues.find((i) => i.id === last) as IssueFacts),
      starred: true,
      notificationsSummary: { count: 2, mentions: 2, last: '2026-03-09T08:00:00.000Z' },
    };
    live.upsert([changed]);
    const updated = issues.map((i) => (i.id === last ? changed : i));
    expect(live.query(query(state())).ids).toEqual(expected(updated, state()));
    expect(live.query(query(state({ standard: 'newMentions' }))).ids).toContain(last);
    live.remove([last, 1]);
    const after = live.query(query(state()));
    expect(after.ids).not.toContain(last);
    expect(after.ids).not.toContain(1);
    expect(after.total).toBe(398);
  });
});

describe('hybridEngineClient', () => {
  it('answers the same before and after moving its issues into the worker', async () => {
    const issues = project(300, 11);
    const reference = new IssueListEngine();
    let workers = 0;
    const client = hybridEngineClient(() => {
      workers += 1;
      return inlineEngineClient();
    }, 100);
    for (let start = 0; start < 300; start += 60) {
      client.upsert(issues.slice(start, start + 60));
      reference.upsert(issues.slice(start, start + 60));
      expect(workers).toBe(start + 60 > 100 ? 1 : 0);
      const filter = state({
        standard: 'pendencies',
        sort: sortLedBy({ key: 'priority', direction: 'asc' }),
      });
      expect((await client.query(query(filter))).ids).toEqual(reference.query(query(filter)).ids);
    }
    client.remove([1, 2, 3]);
    reference.remove([1, 2, 3]);
    expect(await client.query(query(state()))).toEqual(reference.query(query(state())));
    client.reset();
    expect((await client.query(query(state()))).total).toBe(0);
  });
});
