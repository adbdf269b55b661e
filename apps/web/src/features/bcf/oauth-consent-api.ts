import { api, type ApiAnswer } from '../../lib/api/rest-client.ts';

/** What the consent screen shows of a BCF client's request (GET /bcf-oauth/interaction/:uid/details). */
export type ConsentDetails = ApiAnswer<'/bcf-oauth/interaction/{uid}/details', 'get'>;

export function consentDetails(uid: string): Promise<ConsentDetails> {
  return api.get('/bcf-oauth/interaction/{uid}/details', { path: { uid } });
}

/** Allows (confirm) or refuses (abort) the request; answers where the browser goes next. */
export async function decideConsent(uid: string, allow: boolean): Promise<string> {
  const answer = allow
    ? await api.post('/bcf-oauth/interaction/{uid}/confirm', { path: { uid } })
    : await api.post('/bcf-oauth/interaction/{uid}/abort', { path: { uid } });
  return answer.redirectTo;
}

/** Sends the browser on (back to the OAuth2 server, which then redirects to the application). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

/** An application the signed-in person allowed (GET /bcf-oauth-applications). */
export type ConnectedApplication = ApiAnswer<'/bcf-oauth-applications', 'get'>[number];

export function connectedApplications(): Promise<ConnectedApplication[]> {
  return api.get('/bcf-oauth-applications');
}

/** Revokes everything the person allowed the application (its grants, access and refresh tokens). */
export async function revokeConnectedApplication(clientId: string): Promise<void> {
  await api.delete('/bcf-oauth-applications/{clientId}', { path: { clientId } });
}
