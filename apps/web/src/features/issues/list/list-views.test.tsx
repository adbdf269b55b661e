import { useState, type ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DISCIPLINE_STATUSES, disciplineStatusMap, STANDARD_ISSUE_FILTERS } from '@obra/domain';
import { fakeSession, READY_USER, renderRoutes } from '../../../app/guards/guard-test-utils.tsx';
import { createI18n } from '../../../i18n/i18n.ts';
import { CompactMultiSelect } from './compact-multi-select.tsx';
import { FilterTabs } from './filter-tabs.tsx';
import type { FilterCounts } from './issue-list-engine.ts';
import type { RowActions } from './issue-list-row.tsx';
import type { IssueRow } from './issue-row.ts';
import { IssueListView } from './issue-list-view.tsx';
import { IssueTableView } from './issue-table-view.tsx';
import type { ListDisplay } from './list-display.ts';
import { rowLabels } from './row-labels.ts';

const SLOW = { timeout: 30_000 };

async function show(element: ReactElement) {
  await renderRoutes([{ path: '/', element }], '/', fakeSession({ status: 'ready', user: READY_USER }));
}

function row(id: number, overrides: Partial<IssueRow> = {}): IssueRow {
  return {
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
    deadline: '2026-03-20',
    groupId: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    createdByUserId: 1,
    visibilityUpdatedAt: '2026-01-01T10:00:00.000Z',
    disciplines: [{ disciplineId: 7, status: 'todo', deadline: null }],
    locals: [],
    labels: [],
    userPersonalData: { starred: false, tags: [] },
    notificationsSummary: { count: 0, mentions: 0, last: null },
    imageTitles: [],
    cover: null,
    ccodeDocumentsReferences: [],
    ...overrides,
  };
}

const i18n = await createI18n({ lng: 'en' });
await i18n.loadNamespaces(['issues', 'enums', 'everyday']);

const display: ListDisplay = {
  labels: rowLabels(i18n.t, 'en'),
  projectId: 4,
  statuses: disciplineStatusMap(DISCIPLINE_STATUSES),
  today: '2026-03-10',
  viewer: { userId: 1, manageDisciplines: false, disciplineIds: [7], groupIds: [] },
  disciplineLabels: new Map([[7, { abbreviation: 'EST', name: 'Estrutura' }]]),
  userNames: new Map([[1, 'Ana Silva']]),
  categoryKeys: new Map(),
  localLabels: new Map([
    [3, { abbreviation: 'TA.P1', name: 'Pavimento 1' }],
    [4, { abbreviation: 'TB', name: 'Torre B' }],
  ]),
};

function actions(): RowActions {
  return { open: vi.fn(), toggleSelected: vi.fn(), toggleStar: vi.fn(), copyLink: vi.fn(), focus: vi.fn() };
}

describe('issue table view', SLOW, () => {
  it('shows the chosen columns, 20 issues a page, and opens and selects issues', async () => {
    const rows = new Map(
      Array.from({ length: 45 }, (_, i) => [
        i + 1,
        row(i + 1, i === 0 ? { notificationsSummary: { count: 150, mentions: 2, last: null } } : {}),
      ]),
    );
    const act = actions();
    await show(
      <IssueTableView
        ids={[...rows.keys()]}
        rows={rows}
        display={display}
        columns={['code', 'title', 'deadline', 'notifications']}
        selected={new Set([2])}
        actions={act}
      />,
    );
    const table = await screen.findByTestId('issue-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Code', 'Title', 'Deadline', 'Unread', '']);
    const shown = within(table).getAllByTestId('issue-row');
    expect(shown).toHaveLength(20);
    const first = shown[0] as HTMLElement;
    expect(within(first).getByTestId('issue-notifications')).toHaveTextContent('99+');
    expect(within(first).getByTestId('issue-mentions')).toHaveTextContent('2');
    expect(within(first).getByTestId('issue-pending')).toBeInTheDocument();
    expect(within(first).getByTestId('deadline-badge')).toHaveAttribute('data-color', 'warning');
    expect(shown[1]).toHaveAttribute('aria-selected', 'true');

    const user = userEvent.setup();
    await user.click(within(first).getByTestId('issue-title'));
    expect(act.open).toHaveBeenCalledWith(1);
    await user.click(within(shown[2] as HTMLElement).getByTestId('issue-row-select'));
    expect(act.toggleSelected).toHaveBeenCalledWith(3);
    expect(act.open).toHaveBeenCalledTimes(1);

    const pagination = screen.getByTestId('issue-table-pagination');
    await user.click(within(pagination).getByRole('button', { name: 'Next page' }));
    expect(within(table).getAllByTestId('issue-row')[0]).toHaveAttribute('data-issue-id', '21');
    await user.click(within(pagination).getByRole('button', { name: '3' }));
    expect(within(table).getAllByTestId('issue-row')).toHaveLength(5);

    // Keyboard: arrows move within the page, x selects, Enter opens.
    table.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}x{Enter}');
    expect(act.toggleSelected).toHaveBeenLastCalledWith(42);
    expect(act.open).toHaveBeenLastCalledWith(42);
  });

  it('hides the pagination when everything fits on one page', async () => {
    const rows = new Map(Array.from({ length: 20 }, (_, i) => [i + 1, row(i + 1)]));
    await show(
      <IssueTableView
        ids={[...rows.keys()]}
        rows={rows}
        display={display}
        columns={['code', 'title']}
        selected={new Set()}
        actions={actions()}
      />,
    );
    expect(within(await screen.findByTestId('issue-table')).getAllByTestId('issue-row')).toHaveLength(20);
    expect(screen.queryByTestId('issue-table-pagination')).toBeNull();
  });
});

describe('issue list view', SLOW, () => {
  it('shows each issue with its indicators, tags, deadline, pending flag and counters, and acts on it', async () => {
    const rows = new Map<number, IssueRow>([
      [
        1,
        row(1, {
          title: 'Viga V12',
          notificationsSummary: { count: 120, mentions: 3, last: null },
          userPersonalData: { starred: true, tags: [] },
        }),
      ],
      [
        2,
        row(2, {
          title: 'Pilar P4',
          status: 'resolved',
          priority: 'urgent',
          visibility: 'MANAGEMENT',
          deadline: null,
          disciplines: [{ disciplineId: 7, status: 'done', deadline: null }],
        }),
      ],
      [
        3,
        row(3, {
          title: 'Laje L2',
          deadline: '2026-03-01',
          disciplines: [{ disciplineId: 7, status: 'doing', deadline: '2026-03-01' }],
        }),
      ],
    ]);
    // jsdom lays nothing out; the virtual scroller needs a size to show rows.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
    onTestFinished(() => {
      height.mockRestore();
      width.mockRestore();
    });
    const act = actions();
    function Harness() {
      const [active, setActive] = useState(-1);
      return (
        <IssueListView
          ids={[1, 2, 3]}
          rows={rows}
          display={display}
          selected={new Set([3])}
          activeIndex={active}
          setActiveIndex={setActive}
          actions={act}
        />
      );
    }
    await show(<Harness />);
    const list = await screen.findByTestId('issue-list');
    const [first, second, third] = within(list).getAllByTestId('issue-row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveAccessibleName('001 Viga V12');
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(within(first).getByTestId('issue-notifications')).toHaveTextContent('99+');
    expect(within(first).getByTestId('issue-mentions')).toHaveTextContent('3');
    expect(within(first).getByTestId('issue-pending')).toHaveAccessibleName('Pending for you');
    expect(within(first).getByTestId('issue-row-star')).toHaveAttribute('aria-pressed', 'true');
    expect(within(first).getByTestId('deadline-badge')).toHaveAttribute('data-color', 'warning');
    expect(within(first).getByTestId('issue-status')).toHaveAccessibleName('Active');
    expect(within(second).getByTestId('issue-status')).toHaveAttribute('data-value', 'resolved');
    expect(within(second).getByTestId('issue-priority')).toHaveAttribute('data-value', 'low');
    expect(within(second).getByTestId('issue-visibility')).toHaveAccessibleName('Coordination');
    expect(within(second).getByTestId('discipline-tag')).toHaveAttribute('data-state', 'done');
    expect(within(second).queryByTestId('deadline-badge')).toBeNull();
    expect(within(third).getByTestId('issue-late')).toBeInTheDocument();
    expect(within(third).getByTestId('discipline-tag')).toHaveAccessibleName('Estrutura: Doing (late)');
    expect(within(third).getByTestId('deadline-badge')).toHaveAttribute('data-color', 'danger');
    expect(third).toHaveAttribute('aria-selected', 'true');

    const user = userEvent.setup();
    await user.click(within(second).getByTestId('issue-title'));
    expect(act.open).toHaveBeenCalledWith(2);
    await user.click(within(first).getByTestId('issue-row-select'));
    expect(act.toggleSelected).toHaveBeenCalledWith(1);
    await user.click(within(first).getByTestId('issue-row-star'));
    expect(act.toggleStar).toHaveBeenCalledWith(rows.get(1));
    expect(act.open).toHaveBeenCalledTimes(1);
    list.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}x{Enter}');
    expect(list).toHaveAttribute('aria-activedescendant', 'issue-row-3');
    expect(act.toggleSelected).toHaveBeenLastCalledWith(3);
    expect(act.open).toHaveBeenLastCalledWith(3);
  });
});

describe('issue list view: location, thumbnail and keys from anywhere (issue 21)', SLOW, () => {
  it('shows the location and the first image thumbnail, and takes the arrows, x and Enter from the page', async () => {
    const rows = new Map<number, IssueRow>([
      [1, row(1, { locals: [{ localId: 3 }, { localId: 4 }], cover: 'https://files.test/thumb-1.webp' })],
      [2, row(2)],
    ]);
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
    onTestFinished(() => {
      height.mockRestore();
      width.mockRestore();
    });
    const act = actions();
    function Harness() {
      const [active, setActive] = useState(-1);
      return (
        <>
          <button type="button">Elsewhere</button>
          <IssueListView
            ids={[1, 2]}
            rows={rows}
            display={display}
            selected={new Set()}
            activeIndex={active}
            setActiveIndex={setActive}
            actions={act}
          />
        </>
      );
    }
    await show(<Harness />);
    const list = await screen.findByTestId('issue-list');
    const [first, second] = within(list).getAllByTestId('issue-row') as [HTMLElement, HTMLElement];
    const location = within(first).getByTestId('issue-location');
    expect(location).toHaveTextContent('TA.P1 +1');
    expect(location).toHaveAccessibleName('Location: TA.P1 · Pavimento 1, TB · Torre B');
    const thumb = within(first).getByTestId('issue-thumbnail');
    expect(thumb).toHaveAttribute('src', 'https://files.test/thumb-1.webp');
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(thumb).toHaveAccessibleName('First image of 001');
    expect(within(second).queryByTestId('issue-thumbnail')).toBeNull();
    expect(within(second).queryByTestId('issue-location')).toBeNull();

    // Nothing focused (the page's body): the arrows move the list's current row and focus the list.
    const user = userEvent.setup();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(list).toHaveFocus();
    expect(list).toHaveAttribute('data-keyboard', 'true');
    expect(list).toHaveAttribute('aria-activedescendant', 'issue-row-2');
    // On a button, Enter presses the button, not the list's row; the arrows still reach the list.
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await user.keyboard('{Enter}');
    expect(act.open).not.toHaveBeenCalled();
    await user.keyboard('{ArrowUp}');
    expect(list).toHaveAttribute('aria-activedescendant', 'issue-row-1');
    await user.keyboard('x{Enter}');
    expect(act.toggleSelected).toHaveBeenLastCalledWith(1);
    expect(act.open).toHaveBeenLastCalledWith(1);
  });
});

describe('filter tabs and multi-select', SLOW, () => {
  it('shows every standard filter with its count, 99+ above 99', async () => {
    const counts = Object.fromEntries(STANDARD_ISSUE_FILTERS.map((f, i) => [f, i * 30])) as FilterCounts;
    const onChange = vi.fn();
    await show(<FilterTabs value="all" counts={counts} onChange={onChange} />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'My pending items0',
      'Late pending items30',
      'Notifications60',
      'New mentions90',
      'To validate99+',
      'Starred99+',
      'Active99+',
      'All99+',
      'Custom99+',
    ]);
    expect(screen.getByTestId('filter-count-all')).toHaveAttribute('data-count', '210');
    await userEvent.setup().click(screen.getByTestId('filter-tab-newMentions'));
    expect(onChange).toHaveBeenCalledWith('newMentions');
  });

  it('summarises the chosen names as two and then +N and toggles options', async () => {
    const onChange = vi.fn();
    const options = ['EST', 'HID', 'ELE', 'ARQ'].map((label, i) => ({ value: i + 1, label }));
    await show(
      <CompactMultiSelect label="Discipline" options={options} value={[1, 2, 4]} onChange={onChange} />,
    );
    expect(await screen.findByTestId('multi-select-summary')).toHaveTextContent('EST, HID +1');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('multi-select-toggle'));
    await user.click(await screen.findByRole('checkbox', { name: 'ELE' }));
    expect(onChange).toHaveBeenCalledWith([1, 2, 4, 3]);
    await user.click(screen.getByRole('checkbox', { name: 'HID' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 4]);
  });
});
