import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
} from 'react';
import type { BimTreeNode } from '../bim-api.ts';
import type { BimViewerEngine } from '../bim-viewer-engine.ts';
import { BimToolsController } from './bim-tools-controller.ts';
import {
  bimToolsReducer,
  effectiveSections,
  initialToolsState,
  planKey,
  type BimToolsAction,
  type BimToolsModelState,
  type ToolModel,
} from './bim-tools-model.ts';
import { BimToolsOverlay } from './bim-tools-overlay.tsx';
import { BimToolsToolbar } from './bim-tools-toolbar.tsx';
import { forgetMarkedUpSnapshot } from './marked-up-snapshot.ts';
import { sectionBoxPlanes, type SectionPlane } from './section-math.ts';
import { classesOf, storeysOf } from './view-math.ts';

export type { Measurement, PickingTool, PlacedPlane, ToolModel, ToolPanel } from './bim-tools-model.ts';

/**
 * Everything the toolbar, panels and overlay share: the tools' state (bim-tools-model.ts) and its dispatch, and
 * what needs the engine (use-bim-tools.tsx holds it, bim-tools-toolbar.tsx and the panels show it).
 */
export interface ToolsState extends BimToolsModelState {
  controller: BimToolsController | null;
  engine: BimViewerEngine | null;
  dispatch: Dispatch<BimToolsAction>;
  boxAround: (target: 'selection' | 'model') => Promise<void>;
  classes: { cls: string; count: number; parts: { modelId: string; ids: number[] }[] }[];
  toggleClass: (cls: string) => void;
  showAllClasses: () => void;
  hasSelection: boolean;
  storeys: { modelId: string; label: string; node: BimTreeNode }[];
  openPlan: (storey: { modelId: string; node: BimTreeNode } | null) => Promise<void>;
  setWalking: (on: boolean) => void;
}

/**
 * The viewer's tools (issue 17): section planes and box, class filters and ghosting, distance and area
 * measurement, plan views per storey, first-person navigation and markup over a frozen view. The viewer renders
 * `toolbar` and `overlay` (inside the canvas box: the open tool's panel and the measurements), sends canvas clicks to `onCanvasClick` first, and
 * reads and restores the cuts through `sectionPlanes` and `setSectionPlanes` (BCF viewpoints).
 */
export function useBimTools(input: {
  engineRef: RefObject<BimViewerEngine | null>;
  loaded: boolean;
  models: ToolModel[];
  selection: { modelId: string; localIds: number[] } | null;
}): {
  toolbar: ReactNode;
  overlay: ReactNode;
  onCanvasClick: (clientX: number, clientY: number) => boolean;
  sectionPlanes: () => SectionPlane[];
  setSectionPlanes: (planes: SectionPlane[]) => void;
} {
  const { engineRef, loaded, models, selection } = input;
  const [controller, setController] = useState<BimToolsController | null>(null);
  const [model, dispatch] = useReducer(bimToolsReducer, initialToolsState);
  const { picking, hiddenClasses, ghost, modelSize, planes, box } = model;

  // One controller per loaded engine.
  useEffect(() => {
    const engine = engineRef.current;
    if (!loaded || !engine) return;
    const tools = new BimToolsController(engine);
    tools.onWalkEnded = () => dispatch({ type: 'walking', on: false });
    setController(tools);
    void tools
      .boxOf()
      .then(
        (b) =>
          b && dispatch({ type: 'modelSize', size: Math.hypot(...b.max.map((v, i) => v - (b.min[i] ?? 0))) }),
      );
    return () => {
      tools.dispose();
      forgetMarkedUpSnapshot(engine);
      setController(null);
      dispatch({ type: 'engineGone' });
    };
  }, [engineRef, loaded]);

  // The cuts: the placed planes (moved by their offsets) and the section box.
  const effective = useMemo(() => effectiveSections({ planes, box }), [planes, box]);
  const effectiveRef = useRef(effective);
  effectiveRef.current = effective;
  useEffect(() => {
    controller?.setSections(effective);
  }, [controller, effective]);

  const classes = useMemo(() => {
    const byClass = new Map<string, { modelId: string; ids: number[] }[]>();
    for (const model of models)
      for (const [cls, ids] of classesOf(model.tree))
        byClass.set(cls, [...(byClass.get(cls) ?? []), { modelId: model.modelId, ids }]);
    return [...byClass.entries()]
      .map(([cls, parts]) => ({ cls, parts, count: parts.reduce((n, p) => n + p.ids.length, 0) }))
      .sort((a, b) => a.cls.localeCompare(b.cls));
  }, [models]);

  const toggleClass = useCallback(
    (cls: string) => {
      const entry = classes.find((c) => c.cls === cls);
      if (!entry || !controller) return;
      const hide = !hiddenClasses.has(cls);
      dispatch({ type: 'toggleClass', cls });
      void (async () => {
        for (const part of entry.parts) await controller.setVisible(part.modelId, part.ids, !hide);
      })();
    },
    [classes, controller, hiddenClasses],
  );

  const showAllClasses = useCallback(() => {
    if (!controller) return;
    const hidden = classes.filter((c) => hiddenClasses.has(c.cls));
    dispatch({ type: 'showAllClasses' });
    void (async () => {
      for (const entry of hidden)
        for (const part of entry.parts) await controller.setVisible(part.modelId, part.ids, true);
    })();
  }, [classes, controller, hiddenClasses]);

  // Ghosting follows the selection: everything else translucent while it is on.
  const selectionKey = selection ? `${selection.modelId}:${selection.localIds.join(',')}` : '';
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  useEffect(() => {
    if (!controller) return;
    void controller.ghost(ghost ? (selectionRef.current ?? { modelId: '', localIds: [] }) : null);
  }, [controller, ghost, selectionKey]);

  const storeys = useMemo(
    () =>
      models.flatMap((model) =>
        storeysOf(model.tree).map((node) => ({ modelId: model.modelId, label: model.label, node })),
      ),
    [models],
  );

  const openPlan = useCallback(
    async (storey: { modelId: string; node: BimTreeNode } | null) => {
      if (!controller) return;
      if (!storey) {
        controller.setPlanView(null);
        dispatch({ type: 'planClosed' });
        return;
      }
      const ids: number[] = [];
      const standing: number[] = [];
      const walk = (n: BimTreeNode) => {
        ids.push(n.id);
        if (/^IfcWall|^IfcColumn/i.test(n.cls)) standing.push(n.id);
        n.children.forEach(walk);
      };
      walk(storey.node);
      const storeyBox = await controller.boxOf({ modelId: storey.modelId, localIds: ids });
      if (!storeyBox) return;
      // The storey's floor: where its walls and columns stand (footings and foundations reach lower), else the
      // bottom of its elements.
      const standingBox =
        standing.length > 0 ? await controller.boxOf({ modelId: storey.modelId, localIds: standing }) : null;
      controller.setPlanView(storeyBox, standingBox?.min[1]);
      dispatch({ type: 'planOpened', key: planKey(storey) });
    },
    [controller],
  );

  const setWalking = useCallback(
    (on: boolean) => {
      if (!controller) return;
      if (on) {
        controller.startWalking();
        engineRef.current?.renderer.domElement.focus();
      } else controller.stopWalking();
      dispatch({ type: 'walking', on });
    },
    [controller, engineRef],
  );

  const boxAround = useCallback(
    async (target: 'selection' | 'model') => {
      if (!controller) return;
      const around = await controller.boxOf(target === 'selection' ? (selection ?? undefined) : undefined);
      if (around)
        dispatch({ type: 'setBox', box: sectionBoxPlanes(around, Math.max(0.05, modelSize / 200)) });
    },
    [controller, selection, modelSize],
  );

  // Picks resolve asynchronously (a raycast per click): they are chained so that quick clicks apply in their
  // order, and each applies to the latest measurements (the reducer), so that no click is lost.
  const pickQueue = useRef<Promise<void>>(Promise.resolve());
  const onCanvasClick = useCallback(
    (clientX: number, clientY: number): boolean => {
      if (!controller || !picking) return false;
      if (picking === 'section') {
        void controller.pickFace(clientX, clientY).then((face) => {
          if (face) dispatch({ type: 'sectionPicked', id: crypto.randomUUID(), face });
        });
        return true;
      }
      const kind = picking;
      pickQueue.current = pickQueue.current
        .then(() => controller.pickSnapped(clientX, clientY))
        .then((hit) => {
          if (hit) dispatch({ type: 'measurePoint', kind, id: crypto.randomUUID(), hit });
        })
        .catch(() => undefined);
      return true;
    },
    [controller, picking],
  );

  const state: ToolsState = {
    ...model,
    controller,
    engine: controller?.engine ?? null,
    dispatch,
    boxAround,
    classes,
    toggleClass,
    showAllClasses,
    hasSelection: !!selection && selection.localIds.length > 0,
    storeys,
    openPlan,
    setWalking,
  };

  return {
    toolbar: <BimToolsToolbar state={state} />,
    overlay: <BimToolsOverlay state={state} />,
    onCanvasClick,
    sectionPlanes: () => effectiveRef.current,
    setSectionPlanes: (restored) => dispatch({ type: 'restoreSections', planes: restored }),
  };
}
