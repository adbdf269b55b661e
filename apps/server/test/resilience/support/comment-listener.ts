import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { COMMENT_CHANGED, type CommentChange } from '../../issues/subscription-test-kit.ts';

/**
 * A client of a project's comment events that reconnects as the web app's does (graphql-ws, retrying every close
 * every 200 ms): what it received, the errors it met, the close codes of its sockets and how often it connected.
 */
export function listenToComments(serverUrl: string, token: string, projectId: number) {
  const events: CommentChange[] = [];
  const errors: unknown[] = [];
  const closeCodes: number[] = [];
  let connections = 0;
  const client = createClient({
    url: `${serverUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    lazy: false,
    onNonLazyError: () => undefined,
    retryAttempts: 1_000,
    retryWait: () => new Promise((resolve) => setTimeout(resolve, 200)),
    shouldRetry: () => true,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  client.on('connected', () => (connections += 1));
  client.on('closed', (event) => closeCodes.push((event as { code: number }).code));
  const unsubscribe = client.subscribe<{ projectIssueCommentChanged: CommentChange }>(
    { query: COMMENT_CHANGED, variables: { projectId } },
    {
      next: (value) => {
        if (value.errors) errors.push(value.errors);
        if (value.data) events.push(value.data.projectIssueCommentChanged);
      },
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return {
    events,
    errors,
    closeCodes,
    connections: () => connections,
    /** Ends the subscription and the client. */
    close: async () => {
      unsubscribe();
      await client.dispose();
    },
  };
}
