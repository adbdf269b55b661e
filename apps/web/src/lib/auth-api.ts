import { RestError } from './api-errors.ts';
import { getAccessToken } from './auth-token.ts';
import { statusAwareFetch } from './service-status.ts';

/** What sign-in, refresh and the federated exchange answer. */
export interface TokenResponse {
  accessToken: string;
  /** Lifetime of the access token, in seconds. */
  expiresIn: number;
}

/** The federated exchange may also say where the user was going (else the return address carries it). */
export interface FederatedTokenResponse extends TokenResponse {
  redirect?: string | null;
}

/** The federated providers a server may enable. */
export type FederatedProvider = 'google' | 'microsoft';

const PROVIDERS: readonly FederatedProvider[] = ['google', 'microsoft'];

/** Calls one /auth endpoint; a failure becomes a RestError carrying the server's `{code, message}`. */
async function authCall<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; bearer?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': document.documentElement.lang || 'en',
  };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const token = init.bearer ? getAccessToken() : null;
  if (token) headers['authorization'] = `Bearer ${token}`;
  const response = await statusAwareFetch(`/auth/${path}`, {
    method: init.method ?? 'POST',
    credentials: 'include',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const json: unknown = text ? safeParse(text) : null;
  if (!response.ok) {
    const { code, message } = readError(json, response.status);
    throw new RestError(code, message, response.status);
  }
  return json as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function readError(json: unknown, status: number): { code: string; message: string } {
  if (json && typeof json === 'object') {
    const record = json as Record<string, unknown>;
    const code = typeof record['code'] === 'string' ? record['code'] : null;
    const message = typeof record['message'] === 'string' ? record['message'] : '';
    if (code) return { code, message };
  }
  if (status === 429) return { code: 'TOO_MANY_REQUESTS', message: `HTTP ${status}` };
  return { code: 'UNEXPECTED', message: `HTTP ${status}` };
}

/** The REST client of the identity contract (issue 3). */
export const authApi = {
  signUp: (input: { email: string; password: string; name: string; lastName: string }) =>
    authCall<unknown>('sign-up', { body: input }),
  confirmSignUp: (input: { email: string; code: string }) =>
    authCall<unknown>('confirm-sign-up', { body: input }),
  resendCode: (input: { email: string }) => authCall<unknown>('resend-code', { body: input }),
  signIn: (input: { email: string; password: string }) => authCall<TokenResponse>('sign-in', { body: input }),
  refresh: () => authCall<TokenResponse>('refresh', { body: {} }),
  signOut: () => authCall<unknown>('sign-out', { body: {} }),
  forgotPassword: (input: { email: string }) => authCall<unknown>('forgot-password', { body: input }),
  confirmForgotPassword: (input: { email: string; code: string; newPassword: string }) =>
    authCall<unknown>('confirm-forgot-password', { body: input }),
  changePassword: (input: { oldPassword: string; newPassword: string }) =>
    authCall<unknown>('change-password', { body: input, bearer: true }),
  providers: async (): Promise<FederatedProvider[]> =>
    parseProviders(await authCall<unknown>('providers', { method: 'GET' })),
  exchangeFederatedCode: (input: { code: string }) =>
    authCall<FederatedTokenResponse>('federated/exchange', { body: input }),
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
