import { afterEach, describe, expect, it, vi } from 'vitest';
import { RestError } from './api-errors.ts';
import { authApi, federatedStartUrl, parseProviders } from './auth-api.ts';
import { setAccessToken } from './auth-token.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
});

describe('authApi', () => {
  it('turns the server {code, message} into a RestError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'NotAuthorizedException', message: 'bad' }), { status: 401 }),
      ),
    );
    const error = await authApi.signIn({ email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({ code: 'NotAuthorizedException', message: 'bad', status: 401 });
  });

  it('sends the bearer token to change-password and the cookie everywhere', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    setAccessToken('tok', 900);
    await authApi.changePassword({ oldPassword: 'a', newPassword: 'b' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/auth/change-password');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>)['authorization']).toBe('Bearer tok');
  });

  it('maps a bare 429 to TOO_MANY_REQUESTS', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 429 })),
    );
    await expect(authApi.forgotPassword({ email: 'a@b.c' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

describe('parseProviders', () => {
  it('reads lists of names or of objects, keeping only known and enabled providers', () => {
    expect(parseProviders(['google'])).toEqual(['google']);
    expect(
      parseProviders({ providers: [{ id: 'microsoft' }, { id: 'google', enabled: false }, { id: 'x' }] }),
    ).toEqual(['microsoft']);
    expect(parseProviders(null)).toEqual([]);
  });
});

describe('federatedStartUrl', () => {
  it('carries the redirect path and the forced e-mail', () => {
    expect(federatedStartUrl('google', '/workspace/user/profile', 'a@b.c')).toBe(
      '/auth/federated/google/start?redirect=%2Fworkspace%2Fuser%2Fprofile&email=a%40b.c',
    );
    expect(federatedStartUrl('microsoft', null)).toBe('/auth/federated/microsoft/start');
  });
});
