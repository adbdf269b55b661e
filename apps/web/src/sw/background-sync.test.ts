import { describe, expect, it } from 'vitest';
import {
  OUTBOX_SYNC_TAG,
  SEND_OUTBOX_MESSAGE,
  onSendOutboxRequest,
  requestOutboxSync,
  wakeClientsToSend,
  type WorkerContainer,
} from './background-sync.ts';

// Background Sync of the outbox (issue 34): the page registers the tag when it queues; the worker's `sync` wakes
// every open window, which sends its queue; without Background Sync nothing is registered (the page's own sending
// on `online` stays).

function container(registration: Awaited<ReturnType<WorkerContainer['getRegistration']>>) {
  const listeners = new Set<(event: { data: unknown }) => void>();
  const scopes: (string | undefined)[] = [];
  const value: WorkerContainer = {
    getRegistration: async (scope) => {
      scopes.push(scope);
      return registration;
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  return { value, listeners, scopes, post: (data: unknown) => listeners.forEach((l) => l({ data })) };
}

describe('requestOutboxSync (page)', () => {
  it("registers the outbox's tag with the app's worker where the browser has Background Sync", async () => {
    const tags: string[] = [];
    const { value, scopes } = container({ sync: { register: async (tag) => void tags.push(tag) } });
    expect(await requestOutboxSync(value)).toBe(true);
    expect(tags).toEqual([OUTBOX_SYNC_TAG]);
    expect(scopes).toEqual(['/']);
  });

  it('answers false without a worker, without Background Sync, or when the browser refuses', async () => {
    expect(await requestOutboxSync(undefined)).toBe(false);
    expect(await requestOutboxSync(container(undefined).value)).toBe(false);
    expect(await requestOutboxSync(container({}).value)).toBe(false);
    const refused = container({
      sync: {
        register: async () => {
          throw new DOMException('denied', 'NotAllowedError');
        },
      },
    });
    expect(await requestOutboxSync(refused.value)).toBe(false);
  });
});

describe('wakeClientsToSend (worker)', () => {
  it("asks every open window to send its queue on the outbox's tag, and nothing on another tag", async () => {
    const posted: unknown[][] = [[], []];
    const options: unknown[] = [];
    const clients = {
      matchAll: async (o: { type: 'window'; includeUncontrolled: boolean }) => {
        options.push(o);
        return posted.map((box) => ({ postMessage: (m: unknown) => void box.push(m) }));
      },
    };
    expect(await wakeClientsToSend('another-tag', clients)).toBe(0);
    expect(posted).toEqual([[], []]);
    expect(await wakeClientsToSend(OUTBOX_SYNC_TAG, clients)).toBe(2);
    expect(posted).toEqual([[{ type: SEND_OUTBOX_MESSAGE }], [{ type: SEND_OUTBOX_MESSAGE }]]);
    expect(options).toEqual([{ type: 'window', includeUncontrolled: true }]);
  });
});

describe('onSendOutboxRequest (page)', () => {
  it('sends the queue when the worker asks, ignores other messages, and stops when unsubscribed', () => {
    const { value, listeners, post } = container(undefined);
    let sends = 0;
    const stop = onSendOutboxRequest(value, () => (sends += 1));
    post({ type: 'CACHE_ASSETS' });
    post(null);
    post({ type: SEND_OUTBOX_MESSAGE });
    expect(sends).toBe(1);
    stop();
    expect(listeners.size).toBe(0);
    post({ type: SEND_OUTBOX_MESSAGE });
    expect(sends).toBe(1);
  });
});
