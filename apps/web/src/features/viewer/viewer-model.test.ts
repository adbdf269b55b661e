import { describe, expect, it } from 'vitest';
import { MAX_PAGE_PIXELS, MAX_RENDER_SCALE, renderScaleFor } from './sheet-source.ts';
import { alignmentPair } from './use-saved-alignment.ts';
import { documentViewerPath, pairQuery } from './viewer-api.ts';
import { apiUrl } from '../../lib/api/rest-client.ts';

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
  it('draws small sheets sharp enough for 4× zoom, larger ones within the budget (tiles draw deeper zooms)', () => {
    expect(renderScaleFor(600, 400)).toBe(MAX_RENDER_SCALE);
    expect(renderScaleFor(595, 842)).toBeCloseTo(Math.sqrt(MAX_PAGE_PIXELS / (595 * 842)), 6);
  });

  it('keeps an A0 sheet within the pixel budget', () => {
    const [width, height] = [3370, 2384];
    const scale = renderScaleFor(width, height);
    expect(scale).toBeLessThan(MAX_RENDER_SCALE);
    expect(width * scale * height * scale).toBeLessThanOrEqual(MAX_PAGE_PIXELS * 1.0001);
  });
});

describe('the pair an alignment is kept for', () => {
  it('is two documents whatever their revisions, or two revisions of one document', () => {
    const a = { documentId: 3, revision: 'R01' };
    expect(alignmentPair(a, { documentId: 5, revision: 'A' })).toEqual({
      baseDocumentId: 3,
      comparedDocumentId: 5,
    });
    expect(alignmentPair(a, { documentId: 3, revision: 'R00' })).toEqual({
      baseDocumentId: 3,
      comparedDocumentId: 3,
      baseRevision: 'R01',
      comparedRevision: 'R00',
    });
    expect(alignmentPair(a, { documentId: 3, revision: 'r01' })).toBeNull();
    expect(alignmentPair(a, null)).toBeNull();
  });

  it('names the revisions in the address only for one document', () => {
    const address = (pair: Parameters<typeof pairQuery>[0]) =>
      apiUrl('/viewer/alignments', {}, pairQuery(pair));
    expect(
      address({ baseDocumentId: 3, comparedDocumentId: 5, baseRevision: 'R01', comparedRevision: 'A' }),
    ).toBe('/viewer/alignments?baseDocumentId=3&comparedDocumentId=5');
    expect(
      address({ baseDocumentId: 3, comparedDocumentId: 3, baseRevision: 'R01', comparedRevision: 'R 00' }),
    ).toBe('/viewer/alignments?baseDocumentId=3&comparedDocumentId=3&baseRevision=R01&comparedRevision=R+00');
  });
});
