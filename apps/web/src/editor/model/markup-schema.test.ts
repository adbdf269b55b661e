import { describe, expect, it } from 'vitest';
import { MARKUP_SCHEMA_VERSION } from './editor-constants';
import { pagePoint } from './geometry';
import { EMPTY_MARKUP, upsertShape } from './markup-model';
import { loadMarkup, serializeMarkup } from './markup-schema';
import { createArrow, createCircle, createHighlight, createRect, createText } from './shape-model';

function sampleMarkup() {
  let markup = EMPTY_MARKUP;
  markup = upsertShape(markup, { ...createRect('r1', pagePoint(10, 20), 'red'), width: 30, height: 40 });
  markup = upsertShape(markup, { ...createHighlight('h1', pagePoint(1, 2), 'blue'), width: 5, height: 5 });
  markup = upsertShape(markup, createCircle('c1', pagePoint(100, 100), 'red'));
  markup = upsertShape(markup, { ...createArrow('a1', pagePoint(0, 0), 'red'), points: [0, 0, 50, 60] });
  markup = upsertShape(markup, createText('t1', pagePoint(5, 5), 'red', 'Olá', 2));
  return {
    ...markup,
    pin: { x: 3, y: 4, color: 'red' as const },
    viewpoint: { width: 800, height: 600, x: 1, y: 2, scale: 0.5 },
  };
}

describe('markup JSON', () => {
  it('round-trips the current version through JSON', () => {
    const markup = sampleMarkup();
    const stored = JSON.stringify(serializeMarkup(markup));
    expect(JSON.parse(stored)).toMatchObject({ version: MARKUP_SCHEMA_VERSION });
    const loaded = loadMarkup(stored);
    expect(loaded).toEqual({ markup, sourceVersion: MARKUP_SCHEMA_VERSION, droppedItems: 0, problem: null });
  });

  it('migrates version-1 markup with flat Konva attributes', () => {
    const legacy = {
      rects: [
        {
          id: 7,
          x: '10',
          y: 20,
          width: 30,
          height: 40,
          stroke: 'blue',
          strokeWidth: 5,
          scale: { x: 2, y: 3 },
        },
        { x: 1, y: 1, width: 10, height: 10, fill: 'yellow', opacity: 0.5, name: 'highlight' },
      ],
      circles: [{ id: 'c', x: 5, y: 5 }],
      arrows: [{ id: 'a', x: 0, y: 0, points: [0, 0, 10, 10], stroke: 'green' }],
      texts: [{ id: 't', x: 0, y: 0, text: 'hi', fill: 'red', scaleX: 0.5, scaleY: 0.5 }],
    };
    const { markup, sourceVersion, droppedItems } = loadMarkup(legacy);
    expect(sourceVersion).toBe(0);
    expect(droppedItems).toBe(0);
    expect(markup.rects[0]).toMatchObject({ id: '7', x: 10, scaleX: 2, scaleY: 3, highlight: false });
    expect(markup.rects[0]?.style).toEqual({ stroke: 'blue', fill: null, strokeWidth: 5, opacity: 1 });
    expect(markup.rects[1]).toMatchObject({
      id: 'rect-2',
      highlight: true,
      style: { fill: 'yellow', opacity: 0.5 },
    });
    expect(markup.circles[0]).toMatchObject({ radius: 40, style: { stroke: 'red', strokeWidth: 4 } });
    expect(markup.arrows[0]).toMatchObject({ pointerLength: 15, pointerWidth: 15, style: { fill: 'green' } });
    expect(markup.texts[0]).toMatchObject({
      fontSize: 30,
      fontFamily: 'Calibri',
      style: { stroke: 'red', fill: 'red' },
    });
  });

  it('drops only the broken items of damaged markup', () => {
    const stored = serializeMarkup(sampleMarkup());
    const damaged = {
      ...stored,
      rects: [...stored.rects, { id: 'bad', kind: 'rect', x: 'NaN' }, null],
      lines: 'not a list',
      pin: { x: 1, y: 2, color: 'purple' },
    };
    const loaded = loadMarkup(damaged);
    expect(loaded.markup.rects.map((rect) => rect.id)).toEqual(['r1', 'h1']);
    expect(loaded.markup.lines).toEqual([]);
    expect(loaded.markup.pin).toBeNull();
    expect(loaded.droppedItems).toBe(4);
  });

  it('renames duplicated ids so selection stays unambiguous', () => {
    const stored = serializeMarkup(sampleMarkup());
    const loaded = loadMarkup({
      ...stored,
      circles: [stored.rects[0] && { ...stored.circles[0], id: 'r1' }],
    });
    expect(loaded.markup.circles[0]?.id).toBe('r1-copy');
  });

  it('never throws on junk and reports unreadable input', () => {
    const junk: unknown[] = [
      '{not json',
      42,
      [],
      true,
      { version: 'x', rects: {} },
      { rects: [[1, 2]] },
      Symbol('s'),
    ];
    for (const input of junk) {
      expect(() => loadMarkup(input)).not.toThrow();
    }
    expect(loadMarkup('{not json').problem).toBe('unreadable');
    expect(loadMarkup(null)).toMatchObject({ markup: EMPTY_MARKUP, problem: null });
  });

  it('reads a newer version as far as it can and says so', () => {
    const loaded = loadMarkup({
      ...serializeMarkup(sampleMarkup()),
      version: MARKUP_SCHEMA_VERSION + 1,
      extra: 1,
    });
    expect(loaded.problem).toBe('newerVersion');
    expect(loaded.markup.rects).toHaveLength(2);
  });
});
