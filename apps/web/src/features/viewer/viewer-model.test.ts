import { describe, expect, it } from 'vitest';
import { MAX_PAGE_PIXELS, MAX_RENDER_SCALE, renderScaleFor } from './sheet-source.ts';
import { documentViewerPath } from './viewer-api.ts';

describe('document viewer addresses', () => {
  it('names the document, and the revision, page and compared revision when given', () => {
    expect(documentViewerPath(4, 12)).toBe('/workspace/project/4/drive/documents/12');
    expect(documentViewerPath(4, 12, { revision: 'R01', page: 3, compareWith: 'R00' })).toBe(
      '/workspace/project/4/drive/documents/12?revision=R01&page=3&compare=R00',
    );
    expect(documentViewerPath(4, 12, { page: 1 })).toBe('/workspace/project/4/drive/documents/12');
  });
});

describe('page render scale', () => {
  it('draws small sheets sharp enough for 4× zoom', () => {
    expect(renderScaleFor(595, 842)).toBe(MAX_RENDER_SCALE);
  });

  it('keeps an A0 sheet within the pixel budget', () => {
    const [width, height] = [3370, 2384];
    const scale = renderScaleFor(width, height);
    expect(scale).toBeLessThan(MAX_RENDER_SCALE);
    expect(width * scale * height * scale).toBeLessThanOrEqual(MAX_PAGE_PIXELS * 1.0001);
  });
});
