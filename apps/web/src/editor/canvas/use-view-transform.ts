import type Konva from 'konva';
import { useLayoutEffect } from 'react';
import type { Viewpoint } from '../model/geometry';
import type { EditorStore } from '../tools/editor-store';

function apply(stage: Konva.Stage, viewpoint: Viewpoint): void {
  stage.setAttrs({ x: viewpoint.x, y: viewpoint.y, scaleX: viewpoint.scale, scaleY: viewpoint.scale });
  stage.batchDraw();
}

/**
 * Keeps the Konva stage's transform on the editor's viewpoint without React. Panning and zooming change the
 * viewpoint every frame; passed as Stage props, each change re-rendered the stage and react-konva re-ran its
 * whole layer tree. Here a change only moves the stage and asks its layers for one redraw in the next frame.
 */
export function useViewTransform(stage: Konva.Stage | null, store: EditorStore): void {
  useLayoutEffect(() => {
    if (!stage) return;
    let shown = store.getState().viewpoint;
    apply(stage, shown);
    return store.subscribe(() => {
      const { viewpoint } = store.getState();
      if (viewpoint === shown) return;
      shown = viewpoint;
      apply(stage, viewpoint);
    });
  }, [stage, store]);
}
