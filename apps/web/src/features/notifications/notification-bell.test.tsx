import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { NotificationBell } from './notification-bell.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function item(id: number, issueId: number, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'UserNotification',
    id,
    projectId: 3,
    projectName: 'Torre A',
    issueId,
    issueCode: `TA-${issueId}`,
    issueTitle: `Issue ${issueId}`,
    commentId: null,
    kind: 'comment',
    isMention: false,
    actorName: 'Olga Coordenadora',
    excerpt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The bell in a header, with an issue route to open. */
async function renderBell(graphql: Record<string, unknown>) {
  const calls = stubAuthFetch({}, graphql);
  // Every GraphQL operation by name, queries included (urql sends them as GET, the name in the address).
  const names: string[] = [];
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = (init?.body ? JSON.parse(String(init.body)) : null) as { operationName?: string } | null;
    if (url.pathname === '/graphql')
      names.push(url.searchParams.get('operationName') ?? body?.operationName ?? '');
    return stubbed(input, init);
  });
  await renderRoutes(
    [
      { path: '/w', element: <NotificationBell /> },
      { path: '/workspace/project/:projectId/issues/:issueId', element: <p>issue page</p> },
      { path: '/workspace/user/notifications', element: <p>settings page</p> },
    ],
    '/w',
    fakeSession({ status: 'ready', user: READY_USER }),
  );
  const operations = (name: string) =>
    calls
      .filter((c) => c.path === '/graphql')
      .map((c) => (c.body as { operationName?: string; variables?: unknown } | null) ?? {})
      .filter((b) => b.operationName === name);
  const count = (name: string) => names.filter((n) => n === name).length;
  return { calls, operations, count };
}

const list = (items: unknown[]) => ({ data: { userNotifications: items } });

describe('NotificationBell', SLOW, () => {
  it('counts the unread notifications and lists them, mentions marked, with the way to the settings', async () => {
    await renderBell({
      UserNotifications: list([
        item(1, 10, { kind: 'mention', isMention: true, commentId: 5, excerpt: 'Pode verificar?' }),
        item(2, 11, { kind: 'created', actorName: null }),
      ]),
    });
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    await userEvent.setup().click(bell);
    const items = await screen.findAllByTestId('notification-centre-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Mention');
    expect(items[0]).toHaveTextContent('TA-10 Issue 10');
    expect(items[0]).toHaveTextContent('Olga Coordenadora · Torre A · “Pode verificar?”');
    expect(items[1]).toHaveTextContent('New issue');
    expect(items[1]).toHaveTextContent('Someone · Torre A');
    expect(screen.getByRole('link', { name: 'Notification settings', hidden: true })).toHaveAttribute(
      'href',
      '/workspace/user/notifications',
    );
  });

  it('says when there is nothing unread, and then offers nothing to mark', async () => {
    await renderBell({ UserNotifications: list([]) });
    const bell = await screen.findByRole('button', { name: 'Notifications: 0 unread' });
    await userEvent.setup().click(bell);
    expect(await screen.findByTestId('notification-centre-empty')).toHaveTextContent('You are up to date.');
    expect(screen.getByRole('button', { name: 'Mark all as read', hidden: true })).toBeDisabled();
  });

  it('opens an issue from the list and marks it read', async () => {
    const graphql: Record<string, unknown> = {
      UserNotifications: list([item(1, 10), item(2, 10), item(3, 12)]),
      NotificationCentreMarkRead: { data: { deleteProjectIssueNotifications: true } },
    };
    const { operations } = await renderBell(graphql);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications: 3 unread' }));
    const [first] = await screen.findAllByTestId('notification-centre-item');
    graphql['UserNotifications'] = list([item(3, 12)]);
    await user.click(first as HTMLElement);
    expect(await screen.findByText('issue page')).toBeInTheDocument();
    await waitFor(() =>
      expect(operations('NotificationCentreMarkRead').map((o) => o.variables)).toEqual([{ issuesId: [10] }]),
    );
  });

  it('marks all as read, one call for every issue listed, and shows the new count', async () => {
    const graphql: Record<string, unknown> = {
      UserNotifications: list([item(1, 10), item(2, 10), item(3, 12)]),
      NotificationCentreMarkRead: { data: { deleteProjectIssueNotifications: true } },
    };
    const { operations } = await renderBell(graphql);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications: 3 unread' }));
    graphql['UserNotifications'] = list([]);
    // The dropdown's opening transition leaves it hidden to jsdom's accessibility tree.
    await user.click(await screen.findByRole('button', { name: 'Mark all as read', hidden: true }));
    await waitFor(() =>
      expect(operations('NotificationCentreMarkRead').map((o) => o.variables)).toEqual([
        { issuesId: [10, 12] },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Notifications: 0 unread' })).toBeInTheDocument();
  });

  it('refetches once when the window regains focus, and not on its own re-renders', async () => {
    const graphql: Record<string, unknown> = { UserNotifications: list([item(1, 10)]) };
    const { count } = await renderBell(graphql);
    await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    const loaded = count('UserNotifications');
    expect(loaded).toBeGreaterThanOrEqual(1);
    graphql['UserNotifications'] = list([item(1, 10), item(2, 11)]);
    act(() => {
      fireEvent.focus(window);
    });
    expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
    // The new answer re-rendered the bell: that alone fetched nothing more.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(count('UserNotifications')).toBe(loaded + 1);
  });
});
