import { afterEach, describe, expect, it, vi } from 'vitest';
import { putWithProgress } from './drive-api.ts';
import { isRetryableStatus, putWithRetry, type RetryPolicy } from './drive-upload.ts';

/**
 * A stand-in for the browser's XMLHttpRequest: each send plays the next scripted outcome — the connection drops
 * after some progress (onerror), or the bytes arrive with a status.
 */
type Outcome = { drop: number } | { status: number };
function scriptedXhr(outcomes: Outcome[]) {
  const sent: { method: string; url: string; headers: Record<string, string> }[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: Blob) {
      sent.push(this.request);
      const outcome = outcomes.shift() ?? { status: 500 };
      const total = body.size;
      queueMicrotask(() => {
        if ('drop' in outcome) {
          this.upload.onprogress?.({ lengthComputable: true, loaded: outcome.drop * total, total });
          this.onerror?.();
        } else {
          this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total });
          this.upload.onprogress?.({ lengthComputable: true, loaded: total, total });
          this.status = outcome.status;
          this.onload?.();
        }
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function instantPolicy(attempts = 4): RetryPolicy & { waits: number[] } {
  const waits: number[] = [];
  return {
    attempts,
    baseDelayMs: 1000,
    waits,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sending a file again after a dropped connection', () => {
  it('retries a PUT whose connection dropped, with backoff and progress back to 0, until the bytes arrive', async () => {
    const sent = scriptedXhr([{ drop: 0.6 }, { drop: 0.3 }, { status: 200 }]);
    const file = new Blob([new Uint8Array(1000)]);
    const progress: number[] = [];
    const retries: [number, number][] = [];
    const policy = instantPolicy();
    const status = await putWithRetry(
      (onProgress) =>
        putWithProgress(
          '/files/drive/1/abc?sig=x',
          file,
          { 'content-type': 'application/octet-stream' },
          onProgress,
        ),
      (p) => progress.push(p),
      { policy, onRetry: (attempt, attempts) => retries.push([attempt, attempts]) },
    );
    expect(status).toBe(200);
    // Three PUTs of the whole file to the same address, with the same headers.
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => `${s.method} ${s.url}`))).toEqual(
      new Set(['PUT /files/drive/1/abc?sig=x']),
    );
    expect(sent.every((s) => s.headers['content-type'] === 'application/octet-stream')).toBe(true);
    // Progress starts from 0 on every attempt: 60 % lost, then 30 % lost, then the whole file.
    expect(progress).toEqual([0, 0.6, 0, 0.3, 0, 0.5, 1]);
    expect(policy.waits).toEqual([1000, 2000]);
    expect(retries).toEqual([
      [2, 4],
      [3, 4],
    ]);
  });

  it('reports the failure after the last attempt', async () => {
    const sent = scriptedXhr([{ drop: 0.1 }, { status: 502 }, { drop: 0.9 }, { drop: 0.5 }, { status: 200 }]);
    const policy = instantPolicy(4);
    const status = await putWithRetry(
      (onProgress) => putWithProgress('/u', new Blob(['x']), {}, onProgress),
      () => undefined,
      { policy },
    );
    expect(status).toBe(0);
    expect(sent).toHaveLength(4);
    expect(policy.waits).toEqual([1000, 2000, 4000]);
  });

  it('does not send again what the server refused (too large, expired or altered address)', async () => {
    for (const refused of [413, 403]) {
      const sent = scriptedXhr([{ status: refused }, { status: 200 }]);
      const policy = instantPolicy();
      const status = await putWithRetry(
        (onProgress) => putWithProgress('/u', new Blob(['x']), {}, onProgress),
        () => undefined,
        { policy },
      );
      expect(status).toBe(refused);
      expect(sent).toHaveLength(1);
      expect(policy.waits).toEqual([]);
    }
    expect([0, 408, 429, 500, 503].every(isRetryableStatus)).toBe(true);
    expect([200, 400, 403, 404, 413].some(isRetryableStatus)).toBe(false);
  });

  it('stops waiting once the upload is cancelled', async () => {
    const sent = scriptedXhr([{ drop: 0.2 }, { status: 200 }]);
    const controller = new AbortController();
    const policy: RetryPolicy = {
      attempts: 4,
      baseDelayMs: 1000,
      sleep: () => {
        controller.abort();
        return Promise.resolve();
      },
    };
    const status = await putWithRetry(
      (onProgress) => putWithProgress('/u', new Blob(['x']), {}, onProgress, controller.signal),
      () => undefined,
      { policy, signal: controller.signal },
    );
    expect(status).toBe(0);
    expect(sent).toHaveLength(1);
  });
});
