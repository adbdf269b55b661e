import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { setAccessToken } from '../../lib/auth-token.ts';
import { OauthConsentPage } from './oauth-consent-page.tsx';
import type * as consentApi from './oauth-consent-api.ts';
import { leaveFor } from './oauth-consent-api.ts';

/** What the REST client sends with every call of a signed-in session. */
const SESSION_HEADERS = {
  accept: 'application/json',
  'accept-language': 'en',
  authorization: 'Bearer session-token',
};

vi.mock('./oauth-consent-api.ts', async (original) => ({
  ...(await original<typeof consentApi>()),
  leaveFor: vi.fn(),
}));

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const routes = [{ path: '/oauth/consent/:uid', element: <OauthConsentPage /> }];

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
});

describe('the consent screen of a desktop BCF client', () => {
  it('names the client and its redirect, and sends the decision with the session', async () => {
    setAccessToken('session-token', 300);
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/details'))
        return json({
          uid: 'u1',
          clientId: 'c1',
          clientName: 'Coordination Desktop',
          redirectUri: 'http://127.0.0.1:5000/callback',
          scopes: ['openid'],
        });
      expect(init?.method).toBe('POST');
      return json({ redirectTo: '/bcf-oauth/auth/u1' });
    });
    vi.stubGlobal('fetch', fetch);
    await renderRoutes(routes, '/oauth/consent/u1', fakeSession({ status: 'ready', user: READY_USER }));
    expect(await screen.findByText(/Coordination Desktop asks to act as ana@acme.com/)).toBeTruthy();
    expect(screen.getByTestId('oauth-consent-redirect').textContent).toBe('http://127.0.0.1:5000/callback');
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/bcf-oauth/auth/u1'));
    const confirm = fetch.mock.calls.find(([url]) => url.endsWith('/confirm'));
    expect(confirm?.[1]?.headers).toEqual(SESSION_HEADERS);
  });

  it('says when the request has expired', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 'NOT_FOUND', message: 'Not found' }, 404)),
    );
    await renderRoutes(routes, '/oauth/consent/gone', fakeSession({ status: 'ready', user: READY_USER }));
    expect(await screen.findByTestId('oauth-consent-expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });
});
