import { Client, cacheExchange, fetchExchange, mapExchange, subscriptionExchange } from 'urql';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { getAccessToken, onAccessTokenChange } from './auth-token.ts';
import { statusAwareFetch } from './service-status.ts';
import { reportSessionErrors } from './session-events.ts';

/** The GraphQL client and its websocket, created once per page. */
export interface GraphQLClients {
  client: Client;
  ws: WsClient;
}

/** Queries are network-only (spec core §7); queries that may be cached say so per call. */
export function createGraphQLClients(origin: string = window.location.origin): GraphQLClients {
  const wsUrl = `${origin.replace(/^http/, 'ws')}/graphql`;
  const ws = createWsClient({
    url: wsUrl,
    lazy: true,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    connectionParams: () => {
      const token = getAccessToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
  });
  // A new token means a new identity on the socket: reconnect with it.
  onAccessTokenChange(() => ws.terminate());

  const client = new Client({
    url: `${origin}/graphql`,
    requestPolicy: 'network-only',
    fetch: statusAwareFetch,
    fetchOptions: () => {
      const token = getAccessToken();
      const headers: Record<string, string> = { 'accept-language': document.documentElement.lang || 'en' };
      if (token) headers['authorization'] = `Bearer ${token}`;
      return { credentials: 'include', headers };
    },
    exchanges: [
      mapExchange({ onError: reportSessionErrors }),
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({
            unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink),
          }),
        }),
      }),
    ],
  });
  return { client, ws };
}
