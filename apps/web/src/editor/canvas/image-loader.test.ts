import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_LOAD_ERROR, loadImage, withAnonymousMarker } from './image-loader';

describe('image loading', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('marks image requests as anonymous, except inline URLs', () => {
    expect(withAnonymousMarker('/files/a.png?sig=1', 'https://obra.test/x')).toBe(
      'https://obra.test/files/a.png?sig=1&anonymous=true',
    );
    expect(withAnonymousMarker('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(withAnonymousMarker('blob:https://obra.test/1')).toBe('blob:https://obra.test/1');
  });

  it("fails with 'error loading image' when the file cannot be fetched", async () => {
    const fetchMock = vi.fn(async (_input: string) => new Response('missing', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadImage('/missing.png')).rejects.toThrow(IMAGE_LOAD_ERROR);
    expect(fetchMock.mock.calls[0]?.[0]).toContain('anonymous=true');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(loadImage('/offline.png')).rejects.toThrow('error loading image');
  });
});
