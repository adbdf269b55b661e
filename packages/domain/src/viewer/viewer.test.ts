import { describe, expect, it } from 'vitest';
import {
  DIVIDER_MIN_GAP,
  IDENTITY_ALIGNMENT,
  OVERLAY_BASE_COLOUR,
  OVERLAY_COMMON_COLOUR,
  OVERLAY_COMPARED_COLOUR,
  OVERLAY_PAPER_COLOUR,
  OVERLAY_TRANSPARENT,
  alignmentFromPairs,
  alignmentMatrix,
  applyAlignment,
  compositeOverlay,
  createDividers,
  dividerSections,
  dragDivider,
  encodeCompareDocumentsParam,
  invertAlignment,
  isAlignment,
  overlayColour,
  parseCompareDocumentsParam,
  forRevision,
  pinsForRevision,
  referencePin,
  resizeDividers,
  sheetReference,
  type Alignment,
  type DocumentPin,
} from '../index.ts';

function close(actual: { x: number; y: number }, expected: { x: number; y: number }) {
  expect(actual.x).toBeCloseTo(expected.x, 9);
  expect(actual.y).toBeCloseTo(expected.y, 9);
}

describe('alignment from two point pairs', () => {
  it('finds a pure translation', () => {
    const a = alignmentFromPairs(
      { compared: { x: 0, y: 0 }, base: { x: 10, y: 20 } },
      { compared: { x: 100, y: 0 }, base: { x: 110, y: 20 } },
    );
    expect(a).not.toBeNull();
    expect(a!.scale).toBeCloseTo(1, 12);
    expect(a!.rotation).toBeCloseTo(0, 12);
    expect(a!.translateX).toBeCloseTo(10, 9);
    expect(a!.translateY).toBeCloseTo(20, 9);
  });

  it('recovers a known scale, rotation and translation, and maps both picked points exactly', () => {
    const known: Alignment = { scale: 2, rotation: Math.PI / 6, translateX: -40, translateY: 75 };
    const c1 = { x: 12, y: 30 };
    const c2 = { x: 250, y: -80 };
    const pairs = [
      { compared: c1, base: applyAlignment(known, c1) },
      { compared: c2, base: applyAlignment(known, c2) },
    ] as const;
    const found = alignmentFromPairs(pairs[0], pairs[1])!;
    expect(found.scale).toBeCloseTo(2, 9);
    expect(found.rotation).toBeCloseTo(Math.PI / 6, 9);
    expect(found.translateX).toBeCloseTo(-40, 9);
    expect(found.translateY).toBeCloseTo(75, 9);
    close(applyAlignment(found, c1), pairs[0].base);
    close(applyAlignment(found, c2), pairs[1].base);
    // A third point follows the same transform.
    close(applyAlignment(found, { x: -7, y: 3 }), applyAlignment(known, { x: -7, y: 3 }));
  });

  it('keeps the rotation within −π…π and handles a half turn', () => {
    const found = alignmentFromPairs(
      { compared: { x: 0, y: 0 }, base: { x: 0, y: 0 } },
      { compared: { x: 10, y: 0 }, base: { x: -5, y: 0 } },
    )!;
    expect(found.scale).toBeCloseTo(0.5, 12);
    expect(Math.abs(found.rotation)).toBeCloseTo(Math.PI, 12);
  });

  it('refuses pairs whose points coincide, and absurd scales', () => {
    expect(
      alignmentFromPairs(
        { compared: { x: 5, y: 5 }, base: { x: 0, y: 0 } },
        { compared: { x: 5.2, y: 5 }, base: { x: 100, y: 0 } },
      ),
    ).toBeNull();
    expect(
      alignmentFromPairs(
        { compared: { x: 0, y: 0 }, base: { x: 0, y: 0 } },
        { compared: { x: 10, y: 0 }, base: { x: 0, y: 0 } },
      ),
    ).toBeNull();
    expect(
      alignmentFromPairs(
        { compared: { x: 0, y: 0 }, base: { x: 0, y: 0 } },
        { compared: { x: 2, y: 0 }, base: { x: 5000, y: 0 } },
      ),
    ).toBeNull();
  });

  it('inverts, and gives the canvas matrix of the same transform', () => {
    const a: Alignment = { scale: 1.5, rotation: -0.4, translateX: 30, translateY: -12 };
    const p = { x: 44, y: 91 };
    close(applyAlignment(invertAlignment(a), applyAlignment(a, p)), p);
    const [m11, m12, m21, m22, dx, dy] = alignmentMatrix(a);
    close({ x: m11 * p.x + m21 * p.y + dx, y: m12 * p.x + m22 * p.y + dy }, applyAlignment(a, p));
    close(applyAlignment(IDENTITY_ALIGNMENT, p), p);
  });

  it('tells a storable alignment', () => {
    expect(isAlignment(IDENTITY_ALIGNMENT)).toBe(true);
    expect(isAlignment({ scale: 0, rotation: 0, translateX: 0, translateY: 0 })).toBe(false);
    expect(isAlignment({ scale: 1, rotation: Number.NaN, translateX: 0, translateY: 0 })).toBe(false);
    expect(isAlignment({ scale: 1, rotation: 0, translateX: 0 })).toBe(false);
    expect(isAlignment(null)).toBe(false);
  });
});

describe('overlay colours', () => {
  it('colours the base ink red, the compared ink cyan and common ink dark; paper transparent', () => {
    expect(overlayColour(0, 255)).toEqual(OVERLAY_BASE_COLOUR);
    expect(overlayColour(255, 0)).toEqual(OVERLAY_COMPARED_COLOUR);
    expect(overlayColour(10, 20)).toEqual(OVERLAY_COMMON_COLOUR);
    expect(overlayColour(255, 250)).toEqual(OVERLAY_TRANSPARENT);
    expect(OVERLAY_BASE_COLOUR[0]).toBeGreaterThan(200);
    expect(OVERLAY_COMPARED_COLOUR[2]).toBeGreaterThan(200);
    expect(OVERLAY_COMPARED_COLOUR[0]).toBeLessThan(50);
  });

  it('keeps white paper when white-to-transparent is off', () => {
    expect(overlayColour(255, 255, { whiteToTransparent: false, liftNearBlack: true })).toEqual(
      OVERLAY_PAPER_COLOUR,
    );
  });

  it('without lift near-black, colours only near-black ink and keeps lighter ink grey', () => {
    const filters = { whiteToTransparent: true, liftNearBlack: false };
    expect(overlayColour(30, 255, filters)).toEqual(OVERLAY_BASE_COLOUR);
    expect(overlayColour(150, 255, filters)).toEqual([150, 150, 150, 255]);
    expect(overlayColour(150, 255)).toEqual(OVERLAY_BASE_COLOUR);
  });

  it('composites RGBA arrays pixel by pixel, reading transparent pixels as paper', () => {
    // Pixels: base ink only, compared ink only, both, neither, base transparent + compared ink.
    const base = new Uint8ClampedArray([
      0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 0,
    ]);
    const compared = new Uint8ClampedArray([
      255, 255, 255, 255, 0, 0, 0, 255, 20, 20, 20, 255, 255, 255, 255, 255, 0, 0, 0, 255,
    ]);
    const out = new Uint8ClampedArray(base.length);
    compositeOverlay(base, compared, out);
    expect([...out.slice(0, 4)]).toEqual([...OVERLAY_BASE_COLOUR]);
    expect([...out.slice(4, 8)]).toEqual([...OVERLAY_COMPARED_COLOUR]);
    expect([...out.slice(8, 12)]).toEqual([...OVERLAY_COMMON_COLOUR]);
    expect([...out.slice(12, 16)]).toEqual([...OVERLAY_TRANSPARENT]);
    expect([...out.slice(16, 20)]).toEqual([...OVERLAY_COMPARED_COLOUR]);
    expect(() => compositeOverlay(base, compared.slice(4), out)).toThrow(RangeError);
  });
});

describe('dividers (spec editor §4.4)', () => {
  it('start at one third and two thirds', () => {
    expect(createDividers(900).map((d) => d.x)).toEqual([300, 600]);
  });

  it('push the neighbour to keep the minimum gap of 100', () => {
    const dividers = createDividers(900);
    expect(dragDivider(dividers, 'divider-1', 550, 900).map((d) => d.x)).toEqual([550, 650]);
    expect(dragDivider(dividers, 'divider-2', 320, 900).map((d) => d.x)).toEqual([220, 320]);
  });

  it('stop where a pushed neighbour meets an edge, so the gap always holds', () => {
    const dividers = createDividers(900);
    expect(dragDivider(dividers, 'divider-1', 890, 900).map((d) => d.x)).toEqual([800, 900]);
    expect(dragDivider(dividers, 'divider-2', 10, 900).map((d) => d.x)).toEqual([0, DIVIDER_MIN_GAP]);
    expect(dragDivider(dividers, 'unknown', 10, 900)).toEqual(dividers);
  });

  it('cut the width into three sections and follow a resize in proportion', () => {
    expect(dividerSections(createDividers(900), 900)).toEqual([
      { from: 0, to: 300 },
      { from: 300, to: 600 },
      { from: 600, to: 900 },
    ]);
    expect(resizeDividers(createDividers(900), 900, 300).map((d) => d.x)).toEqual([100, 200]);
    const squeezed = resizeDividers(dragDivider(createDividers(900), 'divider-1', 400, 900), 900, 150);
    expect((squeezed[1]?.x ?? 0) - (squeezed[0]?.x ?? 0)).toBeGreaterThanOrEqual(DIVIDER_MIN_GAP);
  });
});

describe('pins on sheets and their carry-over to newer revisions', () => {
  const pin = (issueId: number, revision: string, page = 1): DocumentPin => ({
    issueId,
    code: String(issueId),
    title: `Issue ${issueId}`,
    status: 'active',
    revision,
    page,
    x: 0.25,
    y: 0.5,
  });
  const revisions = ['R00', 'R01', 'R02'];

  it('shows a pin on its own revision, unmarked', () => {
    expect(pinsForRevision([pin(1, 'R01')], revisions, { revision: 'R01', page: 1 })).toEqual([
      { ...pin(1, 'R01'), revisionChanged: false },
    ]);
  });

  it('carries a pin to newer revisions at the same position, marked as changed', () => {
    const shown = pinsForRevision([pin(1, 'R00')], revisions, { revision: 'r02', page: 1 });
    expect(shown).toEqual([{ ...pin(1, 'R00'), revisionChanged: true }]);
    expect(shown[0]).toMatchObject({ x: 0.25, y: 0.5 });
  });

  it('does not show a pin on older revisions nor on other pages', () => {
    expect(pinsForRevision([pin(1, 'R02')], revisions, { revision: 'R01', page: 1 })).toEqual([]);
    expect(pinsForRevision([pin(1, 'R00', 2)], revisions, { revision: 'R01', page: 1 })).toEqual([]);
  });

  it('shows a pin of an unknown revision on the newest one only, marked', () => {
    const pins = [pin(1, 'R09')];
    expect(pinsForRevision(pins, revisions, { revision: 'R02', page: 1 })).toEqual([
      { ...pin(1, 'R09'), revisionChanged: true },
    ]);
    expect(pinsForRevision(pins, revisions, { revision: 'R01', page: 1 })).toEqual([]);
    expect(pinsForRevision(pins, revisions, { revision: 'X', page: 1 })).toEqual([]);
  });

  it('writes and reads back the document reference of an issue', () => {
    const reference = sheetReference({
      documentId: 7,
      documentName: 'TRN-ARQ-ED-0001',
      revision: 'R00',
      page: 3,
      position: { x: 1.2, y: 0.4 },
    });
    expect(reference).toEqual({
      source: 'drive',
      documentId: '7',
      documentName: 'TRN-ARQ-ED-0001',
      revision: 'R00',
      page: 3,
      pin: { x: 1, y: 0.4 },
    });
    expect(referencePin(reference, 7)).toEqual({ revision: 'R00', page: 3, x: 1, y: 0.4 });
    expect(referencePin(reference, 8)).toBeNull();
    expect(referencePin({ ...reference, page: 0 }, 7)).toBeNull();
    expect(referencePin({ ...reference, pin: { x: 2, y: 0 } }, 7)).toBeNull();
    expect(referencePin('x', 7)).toBeNull();
  });
});

describe('/tools/compare-documents documents parameter', () => {
  it('reads drive documents and images by address', () => {
    const raw = encodeCompareDocumentsParam([
      { projectId: 3, documentId: 10, revision: 'R01', page: 2, title: 'Planta' },
      { projectId: '3', documentId: '11' },
      { url: 'https://example.test/a.png', title: 'Ação' },
    ]);
    expect(parseCompareDocumentsParam(raw)).toEqual({
      ok: true,
      entries: [
        { kind: 'drive', projectId: 3, documentId: 10, revision: 'R01', page: 2, title: 'Planta' },
        { kind: 'drive', projectId: 3, documentId: 11 },
        { kind: 'url', url: 'https://example.test/a.png', title: 'Ação' },
      ],
    });
  });

  it('accepts URL-safe base64 without padding', () => {
    const raw = encodeCompareDocumentsParam([{ projectId: 1, documentId: 2, title: '??>>' }])
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(parseCompareDocumentsParam(raw)).toMatchObject({ ok: true });
  });

  it('reads inline raster images (data: URLs), as the editor exports them', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    expect(
      parseCompareDocumentsParam(
        encodeCompareDocumentsParam([
          { url: png, title: 'A' },
          { url: png.replace('image/png', 'image/jpeg'), title: 'B' },
        ]),
      ),
    ).toMatchObject({ ok: true, entries: [{ kind: 'url', url: png }, { kind: 'url' }] });
  });

  it('refuses what it cannot read', () => {
    expect(parseCompareDocumentsParam(null)).toEqual({ ok: false, reason: 'missing' });
    expect(parseCompareDocumentsParam('%%%')).toEqual({ ok: false, reason: 'invalidParameter' });
    expect(parseCompareDocumentsParam(btoa('{"a":1}'))).toEqual({ ok: false, reason: 'invalidParameter' });
    expect(parseCompareDocumentsParam(encodeCompareDocumentsParam([]))).toEqual({
      ok: false,
      reason: 'invalidParameter',
    });
    expect(
      parseCompareDocumentsParam(encodeCompareDocumentsParam([{ projectId: 1, documentId: -2 }])),
    ).toEqual({
      ok: false,
      reason: 'invalidParameter',
    });
    expect(parseCompareDocumentsParam(encodeCompareDocumentsParam([{ url: 'javascript:alert(1)' }]))).toEqual(
      {
        ok: false,
        reason: 'invalidParameter',
      },
    );
    for (const url of [
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:image/svg+xml;base64,PHN2Zy8+',
      'data:image/png,not-base64',
    ])
      expect(parseCompareDocumentsParam(encodeCompareDocumentsParam([{ url }]))).toEqual({
        ok: false,
        reason: 'invalidParameter',
      });
    const many = Array.from({ length: 11 }, (_, i) => ({ projectId: 1, documentId: i + 1 }));
    expect(parseCompareDocumentsParam(encodeCompareDocumentsParam(many))).toEqual({
      ok: false,
      reason: 'tooMany',
    });
  });
});

describe("markups on sheets follow the pins' carry-over rule", () => {
  const markup = (id: number, revision: string, page = 1) => ({ id, revision, page });
  const revisions = ['R00', 'R01'];

  it('shows a markup of an older revision on the newer one, marked changed, and not the other way', () => {
    const items = [markup(1, 'R00'), markup(2, 'r01'), markup(3, 'R00', 2)];
    expect(forRevision(items, revisions, { revision: 'R01', page: 1 })).toEqual([
      { ...markup(1, 'R00'), revisionChanged: true },
      { ...markup(2, 'r01'), revisionChanged: false },
    ]);
    expect(forRevision(items, revisions, { revision: 'R00', page: 1 })).toEqual([
      { ...markup(1, 'R00'), revisionChanged: false },
    ]);
  });
});
