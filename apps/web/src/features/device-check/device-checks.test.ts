import { describe, expect, it } from 'vitest';
import { clockOffsetSeconds, deviceChecks, STORAGE_LOW_BYTES, type DeviceFacts } from './device-checks.ts';

const ALL: DeviceFacts = {
  webgl2: true,
  serviceWorker: true,
  indexedDb: true,
  push: true,
  workers: true,
  online: true,
  storage: { usage: 10 * 1024 * 1024, quota: 2000 * 1024 * 1024 },
};

describe('device checks (/test)', () => {
  it('passes a capable browser and shows its storage', () => {
    const checks = deviceChecks(ALL);
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(checks.find((c) => c.key === 'storage')?.detail).toBe('10 / 2000 MB');
  });

  it('names each missing capability, and little or unknown storage', () => {
    const checks = deviceChecks({ ...ALL, webgl2: false, push: false, storage: null });
    expect(checks.filter((c) => !c.ok).map((c) => c.key)).toEqual(['webgl2', 'push', 'storage']);
    const low = deviceChecks({ ...ALL, storage: { usage: 0, quota: STORAGE_LOW_BYTES - 1 } });
    expect(low.find((c) => c.key === 'storage')?.ok).toBe(false);
  });

  it('measures the clock against the server’s Date header, allowing for the round trip', () => {
    const server = Date.parse('2026-11-29T10:00:00Z');
    expect(clockOffsetSeconds('Sun, 29 Nov 2026 10:00:00 GMT', server + 119_000, server + 121_000)).toBe(120);
    expect(clockOffsetSeconds(null, 0, 0)).toBeNull();
    expect(clockOffsetSeconds('not a date', 0, 0)).toBeNull();
  });
});
