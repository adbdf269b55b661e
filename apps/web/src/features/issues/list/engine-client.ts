import type { IssueFacts } from '@obra/domain';
import { IssueListEngine, type EngineQuery, type EngineResult } from './issue-list-engine.ts';
import type { EngineRequest, EngineResponse } from './engine-protocol.ts';

/** The list engine as the page talks to it: in a worker when the browser has them, else in the page. */
export interface EngineClient {
  upsert(issues: IssueFacts[]): void;
  remove(ids: number[]): void;
  reset(): void;
  query(query: EngineQuery): Promise<EngineResult>;
  dispose(): void;
}

function workerClient(create: () => Worker): EngineClient {
  let seq = 0;
  let worker: Worker | null = null;
  const waiting = new Map<
    number,
    { resolve: (result: EngineResult) => void; reject: (error: Error) => void }
  >();
  // Created on first use, so a client disposed and used again (React's strict effects) gets a fresh worker.
  const ensure = (): Worker => {
    if (worker) return worker;
    const created = create();
    created.onmessage = (event: MessageEvent<EngineResponse>) => {
      const pending = waiting.get(event.data.seq);
      waiting.delete(event.data.seq);
      pending?.resolve(event.data.result);
    };
    worker = created;
    return created;
  };
  const send = (message: EngineRequest) => ensure().postMessage(message);
  return {
    upsert: (issues) => send({ type: 'upsert', issues }),
    remove: (ids) => send({ type: 'remove', ids }),
    reset: () => send({ type: 'reset' }),
    query: (query) =>
      new Promise((resolve, reject) => {
        seq += 1;
        waiting.set(seq, { resolve, reject });
        send({ type: 'query', seq, query });
      }),
    dispose: () => {
      worker?.terminate();
      worker = null;
      for (const pending of waiting.values()) pending.reject(new Error('engine disposed'));
      waiting.clear();
    },
  };
}

/** The same engine in the page (tests, and browsers without module workers). */
export function inlineEngineClient(): EngineClient {
  let engine = new IssueListEngine();
  return {
    upsert: (issues) => engine.upsert(issues),
    remove: (ids) => engine.remove(ids),
    reset: () => {
      engine = new IssueListEngine();
    },
    query: (query) => Promise.resolve(engine.query(query)),
    dispose: () => undefined,
  };
}

/** Up to this many issues the engine runs in the page: a worker's start-up would cost more than it saves. */
export const WORKER_THRESHOLD = 2_000;

/**
 * The engine in the page while the list is small (the first page shows without waiting for a worker), moved
 * into a worker, with every issue it holds, once the list grows past the threshold. Messages keep their order,
 * so a query sent after the move sees every issue sent before it.
 */
export function hybridEngineClient(
  createWorkerClient: () => EngineClient,
  threshold = WORKER_THRESHOLD,
): EngineClient {
  let inline = new IssueListEngine();
  const held = new Map<number, IssueFacts>();
  let worker: EngineClient | null = null;
  return {
    upsert: (issues) => {
      if (worker) return worker.upsert(issues);
      inline.upsert(issues);
      for (const issue of issues) held.set(issue.id, issue);
      if (held.size > threshold) {
        worker = createWorkerClient();
        worker.upsert([...held.values()]);
        held.clear();
        inline = new IssueListEngine();
      }
    },
    remove: (ids) => {
      if (worker) return worker.remove(ids);
      inline.remove(ids);
      for (const id of ids) held.delete(id);
    },
    reset: () => {
      worker?.dispose();
      worker = null;
      held.clear();
      inline = new IssueListEngine();
    },
    query: (query) => (worker ? worker.query(query) : Promise.resolve(inline.query(query))),
    dispose: () => {
      worker?.dispose();
      worker = null;
    },
  };
}

/** A client of the list engine: in the page for small lists, in a module worker for large ones. */
export function createEngineClient(): EngineClient {
  if (typeof Worker === 'undefined') return inlineEngineClient();
  return hybridEngineClient(() =>
    workerClient(() => new Worker(new URL('./issue-list.worker.ts', import.meta.url), { type: 'module' })),
  );
}
