import {
  Client,
  cacheExchange,
  fetchExchange,
  getOperationName,
  makeOperation,
  mapExchange,
  subscriptionExchange,
  type Operation,
} from 'urql';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { getAccessToken, getAccessTokenExpiry, onAccessTokenChange } from './auth-token.ts';
import { refreshSession } from './auth-session.ts';
import { statusAwareFetch } from './service-status.ts';
import { reportSessionErrors } from './session-events.ts';
import { notifyLiveResumed } from './live-resume.ts';
import { PERSISTED_OPERATION_IDS } from '../gql/persisted-operations.ts';
import { offlineReadExchange } from './offline/read-exchange.ts';

/** The GraphQL client and its websocket, created once per page. */
export interface GraphQLClients {
  client: Client;
  ws: WsClient;
}

/** Close codes that are no gap in live updates: the client's own lazy close, and its reconnect for a new token. */
const CLIENT_CLOSES = new Set([1000, 4499]);

/** Options for tests: the WebSocket implementation and the wait between reconnects. */
export interface GraphQLClientOptions {
  webSocketImpl?: unknown;
  retryWait?: (retries: number) => Promise<void>;
}

/**
 * The operation with its persisted id instead of its text (docs/operations.md "Persisted operations"): the
 * server holds the text of every web operation, so a request carries only the id, its variables and its name.
 * An operation the build did not persist (none in a built app) is sent as text.
 */
export function withPersistedId(operation: Operation): Operation {
  if (operation.kind === 'teardown') return operation;
  const name = getOperationName(operation.query);
  const id = name ? PERSISTED_OPERATION_IDS[name] : undefined;
  if (!id) return operation;
  return makeOperation(
    operation.kind,
    { ...operation, extensions: { ...operation.extensions, persistedQuery: { version: 1, sha256Hash: id } } },
    operation.context,
  );
}

/** A token this close to its expiry is refreshed before a websocket connects with it. */
const TOKEN_EXPIRY_MARGIN_MS = 5_000;

/**
 * Queries are network-only (spec core §7); queries that may be cached say so per call. The websocket reconnects
 * whenever it drops (the server closes it with 1013 when its database is away, 1001 when it restarts); graphql-ws
 * then subscribes again to every live subscription, and screens are told to reload what they may have missed.
 */
export function createGraphQLClients(
  origin: string = window.location.origin,
  options: GraphQLClientOptions = {},
): GraphQLClients {
  const wsUrl = `${origin.replace(/^http/, 'ws')}/graphql`;
  const ws = createWsClient({
    url: wsUrl,
    lazy: true,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
    ...(options.retryWait ? { retryWait: options.retryWait } : {}),
    connectionParams: async () => {
      // The server ends a connection whose token expired (4403 "Token expired"; a tab asleep past its refresh
      // timer): the reconnection refreshes the token first instead of presenting the expired one again.
      const expiry = getAccessTokenExpiry();
      if (getAccessToken() && expiry !== null && expiry - Date.now() < TOKEN_EXPIRY_MARGIN_MS) {
        refreshingForConnection = true;
        try {
          await refreshSession();
        } finally {
          refreshingForConnection = false;
        }
      }
      const token = getAccessToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
  });
  // A new token means a new identity on the socket: reconnect with it (unless the connection being opened
  // asked for it, and uses it already).
  let refreshingForConnection = false;
  onAccessTokenChange(() => {
    if (!refreshingForConnection) ws.terminate();
  });
  // A connection that was up and closed by anyone but this client is a gap in live updates.
  let up = false;
  let dropped = false;
  ws.on('closed', (event) => {
    const code = (event as { code?: number } | undefined)?.code;
    if (up && (code === undefined || !CLIENT_CLOSES.has(code))) dropped = true;
    up = false;
  });
  ws.on('connected', () => {
    up = true;
    if (!dropped) return;
    dropped = false;
    notifyLiveResumed();
  });

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
      // The offline copy (issue 34): stores the answers of the screens' queries, answers them without a network.
      offlineReadExchange(),
      mapExchange({ onOperation: withPersistedId }),
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
