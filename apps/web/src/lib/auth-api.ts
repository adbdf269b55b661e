import { api, type ApiAnswer } from './api/rest-client.ts';

/** What sign-in, refresh and the federated exchange answer. */
export type TokenResponse = ApiAnswer<'/auth/sign-in', 'post'>;

/** The federated providers a server may enable. */
export type FederatedProvider = 'google' | 'microsoft';

const PROVIDERS: readonly FederatedProvider[] = ['google', 'microsoft'];

/**
 * The REST client of the identity contract (issue 3), on the web's one REST client: a failure is a RestError with
 * the server's `{code, message}`; an /auth answer of 401 is an answer (a wrong password), never a refresh.
 */
export const authApi = {
  signUp: (body: { email: string; password: string; name: string; lastName: string }) =>
    api.post('/auth/sign-up', { body }),
  confirmSignUp: (body: { email: string; code: string }) => api.post('/auth/confirm-sign-up', { body }),
  resendCode: (body: { email: string }) => api.post('/auth/resend-code', { body }),
  signIn: (body: { email: string; password: string }): Promise<TokenResponse> =>
    api.post('/auth/sign-in', { body }),
  refresh: (): Promise<TokenResponse> => api.post('/auth/refresh', { body: {} }),
  signOut: () => api.post('/auth/sign-out', { body: {} }),
  forgotPassword: (body: { email: string }) => api.post('/auth/forgot-password', { body }),
  confirmForgotPassword: (body: { email: string; code: string; newPassword: string }) =>
    api.post('/auth/confirm-forgot-password', { body }),
  changePassword: (body: { oldPassword: string; newPassword: string }) =>
    api.post('/auth/change-password', { body }),
  providers: async (): Promise<FederatedProvider[]> => parseProviders(await api.get('/auth/providers')),
  exchangeFederatedCode: (body: { code: string }): Promise<TokenResponse> =>
    api.post('/auth/federated/exchange', { body }),
};

/**
 * Accepts either a list of names or a list of `{id|name|provider}` objects, so that the screen keeps working
 * whichever of the two shapes the server settles on.
 */
export function parseProviders(json: unknown): FederatedProvider[] {
  const list = Array.isArray(json)
    ? json
    : json && typeof json === 'object' && Array.isArray((json as Record<string, unknown>)['providers'])
      ? ((json as Record<string, unknown>)['providers'] as unknown[])
      : [];
  const names = list.map((item) => {
    if (typeof item === 'string') return item;
    if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const name = record['id'] ?? record['name'] ?? record['provider'];
      const enabled = record['enabled'];
      if (enabled === false) return null;
      return typeof name === 'string' ? name : null;
    }
    return null;
  });
  return PROVIDERS.filter((p) => names.some((n) => n?.toLowerCase() === p));
}

/** The address that starts a federated sign-in (a full-page navigation, not a fetch). */
export function federatedStartUrl(
  provider: FederatedProvider,
  redirect: string | null,
  email?: string | null,
): string {
  const params = new URLSearchParams();
  if (redirect) params.set('redirect', redirect);
  if (email) params.set('email', email);
  const query = params.toString();
  return `/auth/federated/${provider}/start${query ? `?${query}` : ''}`;
}
