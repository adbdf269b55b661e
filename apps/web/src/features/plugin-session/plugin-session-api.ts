import type { BcfViewpoint } from '@obra/domain';
import { api, type ApiAnswer } from '../../lib/api/rest-client.ts';

/** The web app's reading of its plugin session (GET /plugin-sessions/{id}; docs/plugins.md). */
export type OpenedPluginSession = Omit<ApiAnswer<'/plugin-sessions/{sessionId}', 'get'>, 'viewpoint'> & {
  viewpoint: BcfViewpoint | null;
};

/** What the overlay follows while it is open (GET /plugin-sessions/{id}/viewpoint). */
export type PluginSessionViewpoint = Omit<
  ApiAnswer<'/plugin-sessions/{sessionId}/viewpoint', 'get'>,
  'viewpoint'
> & {
  viewpoint: BcfViewpoint | null;
};

export async function openPluginSession(sessionId: string): Promise<OpenedPluginSession> {
  const answer = await api.get('/plugin-sessions/{sessionId}', { path: { sessionId } });
  // The viewpoint is stored as issues store theirs (packages/domain BcfViewpoint).
  return { ...answer, viewpoint: (answer.viewpoint as BcfViewpoint | null) ?? null };
}

export async function followPluginSession(sessionId: string): Promise<PluginSessionViewpoint> {
  const answer = await api.get('/plugin-sessions/{sessionId}/viewpoint', { path: { sessionId } });
  return { ...answer, viewpoint: (answer.viewpoint as BcfViewpoint | null) ?? null };
}
