import { memo } from 'react';
import { Group, Image as KonvaImage } from 'react-konva';
import { dividerSections } from '../model/divider-model';
import type { CompareState } from '../model/editor-state';
import type { Size } from '../model/geometry';
import { pickLevel, type PyramidLevel } from './image-pyramid';

/** A background image as drawn: its pyramid, plus a filtered pyramid for the overlay. */
export interface BackgroundSource {
  readonly size: Size;
  readonly levels: readonly PyramidLevel[];
  readonly filtered: readonly PyramidLevel[];
}

interface BackgroundImagesProps {
  readonly page: Size;
  readonly sources: readonly BackgroundSource[];
  readonly compare: CompareState | null;
  readonly offset: { readonly x: number; readonly y: number };
  /** Screen pixels per page pixel, rounded to a power of two so panning never re-renders this layer. */
  readonly lodScale: number;
}

function ImageAt({
  levels,
  size,
  lodScale,
}: {
  levels: readonly PyramidLevel[];
  size: Size;
  lodScale: number;
}) {
  const level = pickLevel(levels, lodScale);
  if (!level) return null;
  return (
    <KonvaImage image={level.canvas} width={size.width} height={size.height} perfectDrawEnabled={false} />
  );
}

function OverlayImage({
  source,
  compare,
  offset,
  lodScale,
  filtered,
}: {
  source: BackgroundSource;
  compare: CompareState;
  offset: { x: number; y: number };
  lodScale: number;
  filtered: boolean;
}) {
  return (
    <Group
      x={offset.x}
      y={offset.y}
      scaleX={compare.overlayScale}
      scaleY={compare.overlayScale}
      rotation={compare.overlayRotation}
      opacity={filtered ? compare.overlayOpacity : 1}
    >
      <ImageAt levels={filtered ? source.filtered : source.levels} size={source.size} lodScale={lodScale} />
    </Group>
  );
}

/**
 * Single image: the image moved by the align offset. Compare, split: first image | both overlaid | second image,
 * cut by the two dividers. Compare, overlay: the second image over the first across the whole page. Drawn at
 * the bottom of the scene layer, under the unselected shapes.
 */
export const BackgroundImages = memo(function BackgroundImages(props: BackgroundImagesProps) {
  const { page, sources, compare, offset, lodScale } = props;
  const [first, second] = sources;
  if (!first) return null;
  if (!compare || !second) {
    return (
      <Group x={offset.x} y={offset.y}>
        <ImageAt levels={first.levels} size={first.size} lodScale={lodScale} />
      </Group>
    );
  }
  const overlay = { source: second, compare, offset, lodScale };
  if (compare.mode === 'overlay') {
    return (
      <>
        <ImageAt levels={first.filtered} size={first.size} lodScale={lodScale} />
        <OverlayImage {...overlay} filtered />
      </>
    );
  }
  const [left, middle, right] = dividerSections(compare.dividers, page.width);
  return (
    <>
      {left && (
        <Group clipX={left.from} clipY={0} clipWidth={left.to - left.from} clipHeight={page.height}>
          <ImageAt levels={first.levels} size={first.size} lodScale={lodScale} />
        </Group>
      )}
      {middle && (
        <Group clipX={middle.from} clipY={0} clipWidth={middle.to - middle.from} clipHeight={page.height}>
          <ImageAt levels={first.filtered} size={first.size} lodScale={lodScale} />
          <OverlayImage {...overlay} filtered />
        </Group>
      )}
      {right && (
        <Group clipX={right.from} clipY={0} clipWidth={right.to - right.from} clipHeight={page.height}>
          <OverlayImage {...overlay} filtered={false} />
        </Group>
      )}
    </>
  );
});
