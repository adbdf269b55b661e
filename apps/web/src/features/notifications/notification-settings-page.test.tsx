import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { NotificationSettingsPage } from './notification-settings-page.tsx';
import { badgeCount } from './notification-bell.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };
// jsdom has no scrollIntoView; Mantine's Select calls it when its options open.
Element.prototype.scrollIntoView ??= () => undefined;

afterEach(() => vi.unstubAllGlobals());

const settings = {
  __typename: 'NotificationSettings',
  deviceEnabled: false,
  issueEmails: 'hourly',
  pendingSummary: 'weekly',
  immediateMention: true,
  immediateAssigned: true,
  immediateComment: false,
  projects: [],
  pushPublicKey: 'BKey',
};

describe('NotificationSettingsPage', SLOW, () => {
  it('shows the settings and saves a new issue e-mail frequency and an immediate switch', async () => {
    const calls = stubAuthFetch(
      {},
      {
        NotificationSettingsScreen: {
          data: {
            notificationSettings: settings,
            workspaceProjects: [{ __typename: 'ProjectCard', id: 3, name: 'Torre A' }],
          },
        },
        SetNotificationSettings: { data: { setNotificationSettings: { ...settings, issueEmails: 'daily' } } },
      },
    );
    await renderRoutes(
      [{ path: '/n', element: <NotificationSettingsPage /> }],
      '/n',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const user = userEvent.setup();
    const issueEmails = await screen.findByTestId('notifications-issue-emails');
    expect(issueEmails).toHaveValue('Hourly');
    expect(screen.getByTestId('notifications-pending-summary')).toHaveValue('Weekly');
    expect(screen.getByText('Torre A')).toBeInTheDocument();
    await user.click(issueEmails);
    // The dropdown's opening transition leaves its options hidden to jsdom: click the option directly.
    const listbox = document.getElementById(issueEmails.getAttribute('aria-controls') ?? '');
    if (!listbox) throw new Error('no options');
    fireEvent.click(await within(listbox).findByRole('option', { name: 'Daily', hidden: true }));
    await user.click(
      screen.getByRole('switch', { name: 'When someone comments on an issue I created or follow' }),
    );
    const sent = () =>
      calls
        .filter((c) => c.path === '/graphql' && c.body !== null)
        .map((c) => c.body as { operationName: string; variables: unknown })
        .filter((b) => b.operationName === 'SetNotificationSettings')
        .map((b) => b.variables);
    await waitFor(() =>
      expect(sent()).toEqual([{ input: { issueEmails: 'daily' } }, { input: { immediateComment: true } }]),
    );
  });

  it('counts the bell up to 99, then 99+', () => {
    expect(badgeCount(7)).toBe('7');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});
