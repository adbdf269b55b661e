import { fireEvent, screen as dom, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, type Client } from 'urql';
import { fromValue } from 'wonka';
import { describe, expect, it, vi } from 'vitest';
import { renderIssueUi } from '../../view/issue-test-utils.tsx';
import { DEFAULT_LIST_FILTER, sortLedBy } from '../list-url-state.ts';
import { SavedViewsMenu } from './saved-views-menu.tsx';
import {
  showsView,
  toSavedFilter,
  viewState,
  type ListViewState,
  type SavedViewData,
} from './saved-views-model.ts';

const SLOW = { timeout: 30_000 };

const late: ListViewState = {
  filter: {
    ...DEFAULT_LIST_FILTER,
    standard: 'latePendencies',
    search: 'viga',
    sort: sortLedBy({ key: 'deadline', direction: 'asc' }),
  },
  columns: ['code', 'title', 'deadline'],
  viewMode: 'table',
};

function stored(
  id: number,
  name: string,
  state: ListViewState,
  extra: Partial<SavedViewData> = {},
): SavedViewData {
  return {
    id,
    name,
    filter: toSavedFilter(state.filter),
    columns: [...state.columns],
    viewMode: state.viewMode,
    shared: false,
    own: true,
    ownerName: 'Ana Souza',
    ...extra,
  };
}

describe('saved views model', () => {
  it('round-trips a list state through the stored form', () => {
    const view = stored(1, 'Late', late);
    expect(viewState(view)).toEqual(late);
    expect(showsView(late, view)).toBe(true);
    expect(showsView({ ...late, filter: { ...late.filter, search: 'duto' } }, view)).toBe(false);
    expect(showsView({ ...late, columns: ['code'] }, view)).toBe(false);
    // In the list display the columns do not matter.
    const listView = stored(2, 'L', { ...late, viewMode: 'list' });
    expect(showsView({ ...late, viewMode: 'list', columns: ['code'] }, listView)).toBe(true);
  });

  it('drops what it does not know in a stored view', () => {
    const odd = viewState({
      ...stored(1, 'x', late),
      filter: { standard: 'nope', conditions: [{ field: 'zzz', values: [1] }], sort: { key: 'zzz' } },
      columns: ['secret'],
      viewMode: 'grid',
    });
    expect(odd.filter).toEqual(DEFAULT_LIST_FILTER);
    expect(odd.viewMode).toBe('list');
    expect(odd.columns).toEqual(['code', 'title']);
  });
});

function client(views: SavedViewData[]) {
  const executeQuery = vi.fn(() =>
    fromValue({ data: { savedViews: views.map((v) => ({ __typename: 'SavedView', ...v })) } }),
  );
  const executeMutation = vi.fn(() =>
    fromValue({ data: { createSavedView: { __typename: 'SavedView', ...stored(9, 'New', late) } } }),
  );
  return { executeQuery, executeMutation, client: { executeQuery, executeMutation } as unknown as Client };
}

const sent = (mock: ReturnType<typeof vi.fn>) =>
  (mock.mock.calls as unknown[][]).map((c) => (c[0] as { variables: Record<string, unknown> }).variables);

describe('SavedViewsMenu', () => {
  it(
    'names the view the list shows, applies another one, and saves the current list as a shared view',
    SLOW,
    async () => {
      const mine = stored(1, 'Late beams', late);
      const theirs = stored(
        2,
        'Coordination',
        { ...late, viewMode: 'list', filter: DEFAULT_LIST_FILTER },
        {
          own: false,
          shared: true,
        },
      );
      const { executeMutation, client: urql } = client([mine, theirs]);
      const onApply = vi.fn();
      await renderIssueUi(
        <Provider value={urql}>
          <SavedViewsMenu projectId={4} current={late} canShare readOnly={false} onApply={onApply} />
        </Provider>,
      );
      const user = userEvent.setup();
      const button = await dom.findByRole('button', { name: 'Saved views (now: Late beams)' });
      await user.click(button);
      expect(await dom.findByText('Shared with the project')).toBeInTheDocument();
      expect(dom.getByText('by Ana Souza')).toBeInTheDocument();
      await user.click(dom.getByText('Coordination'));
      expect(onApply).toHaveBeenCalledWith(viewState(theirs));

      await user.click(button);
      // The menu's closing transition leaves it hidden to jsdom: click the item directly.
      fireEvent.click(await dom.findByRole('menuitem', { name: 'Save as a new view…', hidden: true }));
      await user.type(await dom.findByRole('textbox', { name: 'Name' }), 'Mine too');
      await user.click(dom.getByRole('checkbox', { name: /Share with the project/ }));
      await user.click(dom.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(executeMutation).toHaveBeenCalled());
      expect(sent(executeMutation)[0]).toEqual({
        projectId: 4,
        input: {
          name: 'Mine too',
          filter: toSavedFilter(late.filter),
          columns: late.columns,
          viewMode: 'table',
          shared: true,
        },
      });
    },
  );

  it('names the new view once saved, even when an older view holds the same list', SLOW, async () => {
    const views = [stored(1, 'Late beams', late)];
    const executeQuery = vi.fn(() =>
      fromValue({ data: { savedViews: views.map((v) => ({ __typename: 'SavedView', ...v })) } }),
    );
    const executeMutation = vi.fn(() => {
      const created = stored(9, 'Same list', late);
      views.push(created);
      return fromValue({ data: { createSavedView: { __typename: 'SavedView', ...created } } });
    });
    const urql = { executeQuery, executeMutation } as unknown as Client;
    await renderIssueUi(
      <Provider value={urql}>
        <SavedViewsMenu projectId={4} current={late} canShare={false} readOnly={false} onApply={vi.fn()} />
      </Provider>,
    );
    const user = userEvent.setup();
    await user.click(await dom.findByRole('button', { name: 'Saved views (now: Late beams)' }));
    fireEvent.click(await dom.findByRole('menuitem', { name: 'Save as a new view…', hidden: true }));
    await user.type(await dom.findByRole('textbox', { name: 'Name' }), 'Same list');
    await user.click(dom.getByRole('button', { name: 'Save' }));
    expect(await dom.findByRole('button', { name: 'Saved views (now: Same list)' })).toBeInTheDocument();
  });

  it('offers no saving to a read-only (demo) account and no sharing to collaborators', SLOW, async () => {
    const { client: urql } = client([stored(1, 'Late beams', late)]);
    const { unmount } = await renderIssueUi(
      <Provider value={urql}>
        <SavedViewsMenu projectId={4} current={late} canShare={false} readOnly onApply={vi.fn()} />
      </Provider>,
    );
    const user = userEvent.setup();
    await user.click(await dom.findByRole('button', { name: /Saved views/ }));
    expect(await dom.findByText('Late beams')).toBeInTheDocument();
    expect(dom.queryByRole('menuitem', { name: 'Save as a new view…' })).toBeNull();
    expect(dom.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    unmount();
    await renderIssueUi(
      <Provider value={urql}>
        <SavedViewsMenu projectId={4} current={late} canShare={false} readOnly={false} onApply={vi.fn()} />
      </Provider>,
    );
    await user.click(await dom.findByRole('button', { name: /Saved views/ }));
    expect(await dom.findByRole('menuitem', { name: 'Rename…' })).toBeInTheDocument();
    expect(dom.queryByRole('menuitem', { name: 'Share with the project' })).toBeNull();
  });
});
