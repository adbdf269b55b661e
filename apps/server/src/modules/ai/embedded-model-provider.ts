import { Worker } from 'node:worker_threads';
import type { AiEmbeddedSettings } from '../../config.ts';
import type { AiDelta, AiMessage, AiProvider, AiToolSpec } from './ai-provider.ts';
import type { EmbeddedAnswer, EmbeddedRequest } from './embedded-model-core.mjs';

/** The worker thread's script (plain JavaScript: found beside this file in the source and the compiled server). */
const workerUrl = new URL('./embedded-model-worker.mjs', import.meta.url);

/** What the worker is started with (embedded-model-engine.mjs reads it). */
interface WorkerSettings {
  modelPath: string;
  embeddingModelPath: string | undefined;
  contextTokens: number;
  threads: number;
}

/** The embedded model failed: it could not be loaded (`stage: 'load'`) or failed while answering. */
export class EmbeddedModelError extends Error {
  constructor(
    readonly stage: 'load' | 'run',
    message: string,
  ) {
    super(message);
    this.name = 'EmbeddedModelError';
  }
}

type Job = { type: 'chat'; messages: AiMessage[]; tools: AiToolSpec[] } | { type: 'embed'; texts: string[] };

/**
 * One worker thread holding one loaded model, shared by every provider of the same settings in this process. The
 * worker starts on the first request (the model loads then, in the worker); if it dies, the requests under way fail and
 * the next request starts a new one.
 */
class EmbeddedModelHost {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly listeners = new Map<number, (answer: EmbeddedAnswer) => void>();

  constructor(private readonly settings: WorkerSettings) {}

  private start(): Worker {
    const worker = new Worker(workerUrl, { workerData: this.settings });
    // The worker does not keep the process alive by itself: the server's own handles do.
    worker.unref();
    worker.on('message', (answer: EmbeddedAnswer) => {
      const listener = this.listeners.get(answer.id);
      if (answer.kind === 'end' || answer.kind === 'error' || answer.kind === 'embeddings')
        this.listeners.delete(answer.id);
      listener?.(answer);
    });
    const fail = (message: string) => {
      if (this.worker === worker) this.worker = undefined;
      const listening = [...this.listeners];
      this.listeners.clear();
      for (const [id, listener] of listening) listener({ id, kind: 'error', stage: 'run', message });
    };
    worker.on('error', (error) => fail(`the embedded model's worker failed: ${error.message}`));
    worker.on('exit', (code) => fail(`the embedded model's worker stopped (exit code ${code})`));
    return worker;
  }

  /** Sends a request; `listener` receives its answers until the last (end, embeddings or error). */
  request(job: Job, listener: (answer: EmbeddedAnswer) => void): { cancel(): void } {
    const id = this.nextId++;
    this.worker ??= this.start();
    const worker = this.worker;
    this.listeners.set(id, listener);
    worker.postMessage({ ...job, id } satisfies EmbeddedRequest);
    return {
      cancel: () => {
        if (!this.listeners.delete(id)) return;
        worker.postMessage({ type: 'abort', id } satisfies EmbeddedRequest);
      },
    };
  }
}

const hosts = new Map<string, EmbeddedModelHost>();

function hostOf(settings: WorkerSettings): EmbeddedModelHost {
  const key = JSON.stringify(settings);
  let host = hosts.get(key);
  if (!host) {
    host = new EmbeddedModelHost(settings);
    hosts.set(key, host);
  }
  return host;
}

function failure(answer: Extract<EmbeddedAnswer, { kind: 'error' }>, modelPath: string): EmbeddedModelError {
  return new EmbeddedModelError(
    answer.stage,
    answer.stage === 'load'
      ? `the embedded model could not be loaded from ${modelPath}: ${answer.message}`
      : `the embedded model failed: ${answer.message}`,
  );
}

function aborted(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/**
 * The embedded model (AI_MODEL_PATH): a GGUF file run by node-llama-cpp in a worker thread (docs/ai.md "The
 * embedded model"). The same interface as an endpoint: a streamed turn with tool calls, cancel by the signal (the
 * worker stops generating), embeddings when AI_EMBEDDING_MODEL_PATH is set. The time-out is the caller's, as for an
 * endpoint: its signal aborts the request. No moderation (refused at start with AI_MODERATION).
 */
export function embeddedModelProvider(settings: AiEmbeddedSettings, contextTokens: number): AiProvider {
  const host = hostOf({
    modelPath: settings.modelPath,
    embeddingModelPath: settings.embeddingModel,
    contextTokens,
    threads: settings.threads,
  });
  return {
    model: settings.model,
    async *streamChat(messages, tools, signal) {
      if (signal.aborted) throw aborted(signal);
      const answers: EmbeddedAnswer[] = [];
      let wake: (() => void) | undefined;
      const request = host.request({ type: 'chat', messages: [...messages], tools: [...tools] }, (answer) => {
        answers.push(answer);
        wake?.();
      });
      const onAbort = () => {
        request.cancel();
        wake?.();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        for (;;) {
          if (signal.aborted) throw aborted(signal);
          const answer = answers.shift();
          if (!answer) {
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
            continue;
          }
          if (answer.kind === 'text') yield { kind: 'text', text: answer.text } satisfies AiDelta;
          else if (answer.kind === 'toolCalls')
            yield { kind: 'toolCalls', calls: answer.calls } satisfies AiDelta;
          else if (answer.kind === 'error') throw failure(answer, settings.modelPath);
          else if (answer.kind === 'end') return;
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
        // A consumer that stops early (or an error) leaves no generation running in the worker.
        request.cancel();
      }
    },
    embed(texts, signal) {
      return new Promise<number[][]>((resolve, reject) => {
        if (!settings.embeddingModel) {
          reject(new Error('AI_EMBEDDING_MODEL_PATH is not set'));
          return;
        }
        if (signal?.aborted) {
          reject(aborted(signal));
          return;
        }
        const onAbort = () => {
          request.cancel();
          reject(aborted(signal as AbortSignal));
        };
        const request = host.request({ type: 'embed', texts: [...texts] }, (answer) => {
          signal?.removeEventListener('abort', onAbort);
          if (answer.kind === 'embeddings') resolve(answer.vectors);
          else if (answer.kind === 'error') reject(failure(answer, settings.embeddingModel ?? ''));
          else reject(new Error('the embedded model gave no embeddings'));
        });
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    moderate() {
      return Promise.reject(
        new Error('the embedded model has no moderation (AI_MODERATION needs an endpoint)'),
      );
    },
  };
}
