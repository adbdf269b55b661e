import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { setAccessToken } from '../../lib/auth-token.ts';
import { ConnectedAppsPage } from './connected-apps-page.tsx';

/** What the REST client sends with every call of a signed-in session. */
const SESSION_HEADERS = {
  accept: 'application/json',
  'accept-language': 'en',
  authorization: 'Bearer session-token',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const routes = [{ path: '/workspace/user/connectedApps', element: <ConnectedAppsPage /> }];

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
});

describe('connected applications', () => {
  it('lists the allowed applications and revokes one after a confirmation', async () => {
    setAccessToken('session-token', 300);
    let apps = [
      {
        clientId: 'c1',
        clientName: 'Coordination Desktop',
        grantedAt: '2026-11-20T10:00:00.000Z',
        lastUsedAt: '2026-11-25T08:30:00.000Z',
      },
      { clientId: 'c2', clientName: null, grantedAt: '2026-11-21T10:00:00.000Z', lastUsedAt: null },
    ];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        apps = apps.filter((a) => !url.endsWith(`/${a.clientId}`));
        return new Response(null, { status: 204 });
      }
      return json(apps);
    });
    vi.stubGlobal('fetch', fetch);
    await renderRoutes(
      routes,
      '/workspace/user/connectedApps',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const table = await screen.findByTestId('connected-apps-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('Coordination Desktop');
    expect(rows[2]?.textContent).toContain('An application without a name');
    expect(rows[2]?.textContent).toContain('Never');
    expect(fetch.mock.calls[0]?.[0]).toBe('/bcf-oauth-applications');
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual(SESSION_HEADERS);

    // Revoke asks first; cancelling keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Coordination Desktop' }));
    expect(await screen.findByText(/Coordination Desktop will no longer reach your issues/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('connected-apps-confirm')).toBeNull());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Coordination Desktop' }));
    fireEvent.click(await screen.findByTestId('connected-apps-confirm'));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/bcf-oauth-applications/c1',
        expect.objectContaining({ method: 'DELETE', headers: SESSION_HEADERS }),
      ),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('connected-apps-table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.queryByText('Coordination Desktop')).toBeNull();
  });

  it('says when no application was allowed', async () => {
    setAccessToken('session-token', 300);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([])),
    );
    await renderRoutes(
      routes,
      '/workspace/user/connectedApps',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    expect((await screen.findByTestId('connected-apps-empty')).textContent).toBe(
      'You have not allowed any application.',
    );
  });
});
