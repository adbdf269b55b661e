/**
 * The websocket a subscription runs on, as its resolvers see it: they end the whole connection when its access
 * ends (sign-out, removal from the company) or when the database is away (the client reconnects and subscribes
 * again, instead of keeping a socket whose subscriptions have silently ended).
 */
export interface LiveConnection {
  close(reason: LiveCloseReason): void;
}

/**
 * Why a connection is closed, with the graphql-ws close codes clients act on: 4401 (Unauthorized) is final for
 * graphql-ws clients; 4403 (Forbidden) and 1013 (Try Again Later) make them reconnect and subscribe again. An
 * access token that expires ends its connection with 4403 "Token expired": the client reconnects with a fresh
 * token (the web refreshes it first) and its subscriptions carry on — 4401 would end them for good.
 */
export const LIVE_CLOSE = {
  signedOut: { code: 4401, reason: 'Unauthorized' },
  accessEnded: { code: 4403, reason: 'Forbidden' },
  tokenExpired: { code: 4403, reason: 'Token expired' },
  unavailable: { code: 1013, reason: 'Try Again Later' },
} as const;

export type LiveCloseReason = keyof typeof LIVE_CLOSE;
