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
 * graphql-ws clients; 4403 (Forbidden) and 1013 (Try Again Later) make them reconnect and subscribe again.
 */
export const LIVE_CLOSE = {
  signedOut: { code: 4401, reason: 'Unauthorized' },
  accessEnded: { code: 4403, reason: 'Forbidden' },
  unavailable: { code: 1013, reason: 'Try Again Later' },
} as const;

export type LiveCloseReason = keyof typeof LIVE_CLOSE;
