import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { FileUrlSigner } from '../../src/storage/url-signer.ts';

const HOUR = 3_600_000;
// The start of an hour, so the tests know where the signing window turns.
const START = Math.floor(Date.UTC(2026, 10, 29, 10) / HOUR) * HOUR;

const SECRET = randomBytes(32);

function signer(cacheSize?: number) {
  const s = new FileUrlSigner(SECRET, cacheSize);
  const signed = vi.spyOn(s, 'signedPath');
  return { s, signed };
}

function query(path: string): URLSearchParams {
  return new URL(`http://x${path}`).searchParams;
}

afterEach(() => {
  vi.restoreAllMocks();
});

// The list signs a thumbnail URL per row; the signer keeps what it signed for the rest of the signing window.
describe('signed download URLs are cached per key', () => {
  it('signs a key once while its window lasts, and answers exactly what signing would', () => {
    const { s, signed } = signer();
    const first = s.downloadPath('projects/1/a.webp', 'image/webp', START + 1_000);
    const again = s.downloadPath('projects/1/a.webp', 'image/webp', START + 59 * 60_000);
    expect(again).toBe(first);
    expect(signed).toHaveBeenCalledTimes(1);
    // The same URL a signer without a cache gives at that time, and one that verifies.
    expect(
      new FileUrlSigner(SECRET, 0).downloadPath('projects/1/a.webp', 'image/webp', START + 59 * 60_000),
    ).toBe(again);
    const verified = s.verify(
      'GET',
      'projects/1/a.webp',
      Object.fromEntries(query(first)),
      START + 59 * 60_000,
    );
    expect(verified).toEqual({ method: 'GET', key: 'projects/1/a.webp', contentType: 'image/webp' });
  });

  it('never hands out a cached URL with less than an hour to run: an expired entry is signed again', () => {
    const { s, signed } = signer();
    const first = s.downloadPath('projects/1/a.webp', 'image/webp', START + 1_000);
    const firstExpiry = Number(query(first).get('expires')) * 1000;
    expect(firstExpiry - (START + 1_000)).toBeGreaterThanOrEqual(HOUR);
    // The window turns: the entry is stale, and the key is signed again with a later expiry.
    const later = s.downloadPath('projects/1/a.webp', 'image/webp', START + HOUR + 1_000);
    expect(signed).toHaveBeenCalledTimes(2);
    expect(later).not.toBe(first);
    const laterExpiry = Number(query(later).get('expires')) * 1000;
    expect(laterExpiry).toBe(firstExpiry + HOUR);
    expect(laterExpiry - (START + HOUR + 1_000)).toBeGreaterThanOrEqual(HOUR);
    // Each URL handed out was valid for at least an hour after it was handed out, and one stays cached again.
    expect(s.downloadPath('projects/1/a.webp', 'image/webp', START + HOUR + 2_000)).toBe(later);
    expect(signed).toHaveBeenCalledTimes(2);
  });

  it('keeps keys and content types apart, and the most recently used within its bound', () => {
    const { s, signed } = signer(2);
    const a = s.downloadPath('a', 'image/webp', START);
    expect(s.downloadPath('a', 'image/jpeg', START)).not.toBe(a);
    expect(signed).toHaveBeenCalledTimes(2);
    s.downloadPath('a', 'image/webp', START); // used again: now the most recent
    expect(signed).toHaveBeenCalledTimes(2);
    s.downloadPath('b', 'image/webp', START); // over the bound: 'a' as jpeg, the least recent, goes
    expect(signed).toHaveBeenCalledTimes(3);
    s.downloadPath('a', 'image/webp', START);
    expect(signed).toHaveBeenCalledTimes(3);
    s.downloadPath('a', 'image/jpeg', START);
    expect(signed).toHaveBeenCalledTimes(4);
  });
});
