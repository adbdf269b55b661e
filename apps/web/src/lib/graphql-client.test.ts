// Issue 12 #12: when the server ends the websocket (1013 while its database is away, 1001 on restart), the web
// client reconnects, subscribes again to what was live, and tells the screens to reload what they missed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGraphQLClients } from './graphql-client.ts';
import { IssuesListIssueChangedDocument, LoggedUserDataDocument } from '../gql/generated.ts';
import { PERSISTED_OPERATION_IDS } from '../gql/persisted-operations.ts';
import { onLiveResumed } from './live-resume.ts';
import { clearSession, startSession } from './auth-session.ts';

interface Message {
  type: string;
  id?: string;
  payload?: { query?: string; extensions?: { persistedQuery?: { sha256Hash?: string } } };
}

/** A WebSocket speaking graphql-transport-ws as the server would, driven by the test. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static opened: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  readonly protocol = 'graphql-transport-ws';
  readonly received: Message[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((error: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
    setTimeout(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    }, 0);
  }

  send(data: string): void {
    const message = JSON.parse(data) as Message;
    this.received.push(message);
    if (message.type === 'connection_init')
      setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: 'connection_ack' }) }), 0);
  }

  close(code = 1000, reason = ''): void {
    this.closeWith(code, reason);
  }

  /** The server ends the connection. */
  closeWith(code: number, reason: string): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    setTimeout(() => this.onclose?.({ code, reason, wasClean: true }), 0);
  }

  subscriptions(): string[] {
    return this.received.filter((m) => m.type === 'subscribe').map((m) => m.payload?.query ?? '');
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

const QUERY = 'subscription { projectIssueChanged(projectId: 1) { kind issueId } }';
const last = (): FakeSocket => FakeSocket.opened[FakeSocket.opened.length - 1] as FakeSocket;

afterEach(() => {
  FakeSocket.opened = [];
  clearSession();
});

describe('the GraphQL websocket client', () => {
  it('reconnects after the server ends the socket, subscribes again, and tells screens to reload once', async () => {
    const { client, ws } = createGraphQLClients('http://obra.test', {
      webSocketImpl: FakeSocket,
      retryWait: async () => undefined,
    });
    let resumed = 0;
    const stop = onLiveResumed(() => (resumed += 1));
    const live = client.subscription(QUERY, {}).subscribe(() => undefined);
    try {
      await until(() => last()?.subscriptions().length === 1, 'the first subscription');
      expect(resumed).toBe(0);

      // The database went away: the server ends the socket with 1013 (Try Again Later).
      last().closeWith(1013, 'Try Again Later');
      await until(
        () => FakeSocket.opened.length === 2 && last().subscriptions().length === 1,
        'the resubscription',
      );
      expect(last().subscriptions()[0]).toContain('projectIssueChanged');
      await until(() => resumed === 1, 'the screens to be told');

      // A new access token reconnects too, but that is the client's own doing: no gap, no reload.
      startSession({ accessToken: 'novo', expiresIn: 900 }, false);
      await until(
        () => FakeSocket.opened.length === 3 && last().subscriptions().length === 1,
        'the new identity',
      );
      expect(resumed).toBe(1);
    } finally {
      live.unsubscribe();
      stop();
      await ws.dispose();
    }
  });

  // Issue 30 #10: the server ends a connection whose access token expired with 4403 "Token expired".
  it('reconnects after its token expired with a fresh token, and subscribes again', async () => {
    const refreshed = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ accessToken: 'fresco', expiresIn: 900 }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', refreshed);
    // A token that has already expired (a tab asleep past its refresh timer).
    startSession({ accessToken: 'vencido', expiresIn: 0 }, false);
    const { client, ws } = createGraphQLClients('http://obra.test', {
      webSocketImpl: FakeSocket,
      retryWait: async () => undefined,
    });
    const live = client.subscription(QUERY, {}).subscribe(() => undefined);
    const authorization = (socket: FakeSocket): unknown =>
      (
        socket.received.find((m) => m.type === 'connection_init')?.payload as
          Record<string, unknown> | undefined
      )?.['authorization'];
    try {
      await until(() => last()?.subscriptions().length === 1, 'the first subscription');
      // The expired token was refreshed before the first connection, too.
      expect(authorization(last())).toBe('Bearer fresco');
      // The tab sleeps past the token's expiry: no refresh timer ran, no token change was announced.
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + 901_000);
      const before = FakeSocket.opened.length;
      refreshed.mockClear();
      last().closeWith(4403, 'Token expired');
      await until(
        () => FakeSocket.opened.length === before + 1 && last().subscriptions().length === 1,
        'the resubscription',
      );
      expect(refreshed).toHaveBeenCalledTimes(1);
      expect(String(refreshed.mock.calls[0]?.[0])).toContain('/auth/refresh');
      expect(authorization(last())).toBe('Bearer fresco');
    } finally {
      live.unsubscribe();
      await ws.dispose();
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
  });

  it('does not ask for a reload when the socket closed because no subscription was left', async () => {
    const { client, ws } = createGraphQLClients('http://obra.test', {
      webSocketImpl: FakeSocket,
      retryWait: async () => undefined,
    });
    let resumed = 0;
    const stop = onLiveResumed(() => (resumed += 1));
    try {
      const first = client.subscription(QUERY, {}).subscribe(() => undefined);
      await until(() => last()?.subscriptions().length === 1, 'the first subscription');
      first.unsubscribe();
      await until(() => last().readyState === FakeSocket.CLOSED, 'the lazy close');
      const second = client.subscription(QUERY, {}).subscribe(() => undefined);
      await until(
        () => FakeSocket.opened.length === 2 && last().subscriptions().length === 1,
        'a new connection',
      );
      second.unsubscribe();
      expect(resumed).toBe(0);
    } finally {
      stop();
      await ws.dispose();
    }
  });
});

// Persisted operations (docs/operations.md): the web sends the id of each operation, never its text.
describe('persisted operations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends queries and mutations over HTTP by id, without their text', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        // A query within the URL limit goes as GET (its parameters in the URL), anything else as a POST body.
        const params = new URL(url).searchParams;
        const json = (v: string | null) => (v ? (JSON.parse(v) as unknown) : undefined);
        bodies.push(
          init.body
            ? (JSON.parse(String(init.body)) as Record<string, unknown>)
            : Object.fromEntries(
                [...params.keys()].map((k) => [
                  k,
                  k === 'operationName' ? params.get(k) : json(params.get(k)),
                ]),
              ),
        );
        return new Response(JSON.stringify({ data: { loggedUserData: null } }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const { client, ws } = createGraphQLClients('http://obra.test', { webSocketImpl: FakeSocket });
    const result = await client.query(LoggedUserDataDocument, {}).toPromise();
    expect(result.error).toBeUndefined();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('query');
    expect(bodies[0]).toMatchObject({
      operationName: 'LoggedUserData',
      extensions: { persistedQuery: { version: 1, sha256Hash: PERSISTED_OPERATION_IDS['LoggedUserData'] } },
    });
    await ws.dispose();
  });

  it('subscribes over the websocket by id, without the text', async () => {
    const { client, ws } = createGraphQLClients('http://obra.test', { webSocketImpl: FakeSocket });
    const subscription = client
      .subscription(IssuesListIssueChangedDocument, { projectId: 1 })
      .subscribe(() => {});
    await until(() => last()?.received.some((m) => m.type === 'subscribe') ?? false, 'the subscribe message');
    const message = last().received.find((m) => m.type === 'subscribe');
    expect(message?.payload?.query ?? '').toBe('');
    expect(message?.payload?.extensions?.persistedQuery?.sha256Hash).toBe(
      PERSISTED_OPERATION_IDS['IssuesListIssueChanged'],
    );
    subscription.unsubscribe();
    await ws.dispose();
  });
});
