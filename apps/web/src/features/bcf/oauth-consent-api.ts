import { RestError } from '../../lib/api-errors.ts';
import { getAccessToken } from '../../lib/auth-token.ts';

/** What the consent screen shows of a BCF client's request (GET /bcf-oauth/interaction/:uid/details). */
export interface ConsentDetails {
  uid: string;
  clientId: string;
  clientName: string | null;
  redirectUri: string;
  scopes: string[];
}

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string): Promise<T> {
  const token = getAccessToken();
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (res.status === 204 ? {} : await res.json().catch(() => ({}))) as T & {
    code?: string;
    message?: string;
  };
  if (!res.ok)
    throw new RestError(body.code ?? 'INTERNAL_SERVER_ERROR', body.message ?? res.statusText, res.status);
  return body;
}

const base = (uid: string) => `/bcf-oauth/interaction/${encodeURIComponent(uid)}`;

export function consentDetails(uid: string): Promise<ConsentDetails> {
  return call('GET', `${base(uid)}/details`);
}

/** Allows (confirm) or refuses (abort) the request; answers where the browser goes next. */
export async function decideConsent(uid: string, allow: boolean): Promise<string> {
  const answer = await call<{ redirectTo: string }>('POST', `${base(uid)}/${allow ? 'confirm' : 'abort'}`);
  return answer.redirectTo;
}

/** Sends the browser on (back to the OAuth2 server, which then redirects to the application). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

/** An application the signed-in person allowed (GET /bcf-oauth-applications). */
export interface ConnectedApplication {
  clientId: string;
  clientName: string | null;
  grantedAt: string;
  lastUsedAt: string | null;
}

export function connectedApplications(): Promise<ConnectedApplication[]> {
  return call('GET', '/bcf-oauth-applications');
}

/** Revokes everything the person allowed the application (its grants, access and refresh tokens). */
export async function revokeConnectedApplication(clientId: string): Promise<void> {
  await call('DELETE', `/bcf-oauth-applications/${encodeURIComponent(clientId)}`);
}
