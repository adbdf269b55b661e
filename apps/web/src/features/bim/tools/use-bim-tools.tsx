import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { BimTreeNode } from '../bim-api.ts';
import type { BimViewerEngine } from '../bim-viewer-engine.ts';
import { BimToolsController } from './bim-tools-controller.ts';
import { BimToolsOverlay, BimToolsToolbar } from './bim-tools-toolbar.tsx';
import { forgetMarkedUpSnapshot } from './marked-up-snapshot.ts';
import { projectOnPlane } from './measure-math.ts';
import { offsetPlane, sectionBoxPlanes, type SectionPlane, type Vec3 } from './section-math.ts';
import { classesOf, storeysOf } from './view-math.ts';

/** The tool a click on the model goes to (else it selects, as the viewer does). */
export type PickingTool = 'section' | 'distance' | 'area' | null;
/** The panel open beside the toolbar. */
export type ToolPanel = 'section' | 'classes' | 'measure' | 'plan' | null;

/** A section plane placed by the user: where it was placed, and how far it was moved along its normal since. */
export interface PlacedPlane {
  base: SectionPlane;
  offset: number;
}

export interface Measurement {
  id: string;
  kind: 'distance' | 'area';
  points: Vec3[];
  /** Area picks: the plane of the first face, which the next corners are projected on. */
  face?: { point: Vec3; normal: Vec3 };
  done: boolean;
}

/** A model of the viewer as the tools see it: its id in the engine and its spatial tree. */
export interface ToolModel {
  modelId: string;
  label: string;
  tree: BimTreeNode;
}

/** Everything the toolbar, panel and overlay share (use-bim-tools.tsx holds it, bim-tools-toolbar.tsx shows it). */
export interface ToolsState {
  controller: BimToolsController | null;
  engine: BimViewerEngine | null;
  picking: PickingTool;
  setPicking: (tool: PickingTool) => void;
  panel: ToolPanel;
  setPanel: (panel: ToolPanel) => void;
  planes: PlacedPlane[];
  setPlanes: (planes: PlacedPlane[]) => void;
  box: SectionPlane[];
  setBox: (box: SectionPlane[]) => void;
  boxAround: (target: 'selection' | 'model') => Promise<void>;
  modelSize: number;
  classes: { cls: string; count: number; parts: { modelId: string; ids: number[] }[] }[];
  hiddenClasses: ReadonlySet<string>;
  toggleClass: (cls: string) => void;
  showAllClasses: () => void;
  ghost: boolean;
  setGhost: (on: boolean) => void;
  hasSelection: boolean;
  measurements: Measurement[];
  setMeasurements: (m: Measurement[]) => void;
  storeys: { modelId: string; label: string; node: BimTreeNode }[];
  plan: string | null;
  openPlan: (storey: { modelId: string; node: BimTreeNode } | null) => Promise<void>;
  walking: boolean;
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
  const [picking, setPicking] = useState<PickingTool>(null);
  const [panel, setPanel] = useState<ToolPanel>(null);
  const [planes, setPlanes] = useState<PlacedPlane[]>([]);
  const [box, setBox] = useState<SectionPlane[]>([]);
  const [hiddenClasses, setHiddenClasses] = useState<ReadonlySet<string>>(new Set());
  const [ghost, setGhost] = useState(false);
  const [measurements, setMeasurements] = useState<Measurement[]>([]);
  const [plan, setPlan] = useState<string | null>(null);
  const [walking, setWalkingState] = useState(false);
  const [modelSize, setModelSize] = useState(10);

  // One controller per loaded engine.
  useEffect(() => {
    const engine = engineRef.current;
    if (!loaded || !engine) return;
    const tools = new BimToolsController(engine);
    tools.onWalkEnded = () => setWalkingState(false);
    setController(tools);
    void tools
      .boxOf()
      .then((b) => b && setModelSize(Math.hypot(...b.max.map((v, i) => v - (b.min[i] ?? 0)))));
    return () => {
      tools.dispose();
      forgetMarkedUpSnapshot(engine);
      setController(null);
      setPlan(null);
      setWalkingState(false);
    };
  }, [engineRef, loaded]);

  // The cuts: the placed planes (moved by their offsets) and the section box.
  const effective = useMemo(
    () => [...planes.map((p) => offsetPlane(p.base, p.offset)), ...box],
    [planes, box],
  );
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
      const next = new Set(hiddenClasses);
      if (hide) next.add(cls);
      else next.delete(cls);
      setHiddenClasses(next);
      void (async () => {
        for (const part of entry.parts) await controller.setVisible(part.modelId, part.ids, !hide);
      })();
    },
    [classes, controller, hiddenClasses],
  );

  const showAllClasses = useCallback(() => {
    if (!controller) return;
    const hidden = classes.filter((c) => hiddenClasses.has(c.cls));
    setHiddenClasses(new Set());
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
        setPlan(null);
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
      setWalkingState(false);
      controller.setPlanView(storeyBox, standingBox?.min[1]);
      setPlan(`${storey.modelId}:${storey.node.id}`);
    },
    [controller],
  );

  const setWalking = useCallback(
    (on: boolean) => {
      if (!controller) return;
      if (on) {
        setPlan(null);
        setPicking(null);
        controller.startWalking();
        engineRef.current?.renderer.domElement.focus();
      } else controller.stopWalking();
      setWalkingState(on);
    },
    [controller, engineRef],
  );

  const boxAround = useCallback(
    async (target: 'selection' | 'model') => {
      if (!controller) return;
      const around = await controller.boxOf(target === 'selection' ? (selection ?? undefined) : undefined);
      if (around) setBox(sectionBoxPlanes(around, Math.max(0.05, modelSize / 200)));
    },
    [controller, selection, modelSize],
  );

  // Picks resolve asynchronously (a raycast per click): they are chained so that quick clicks apply in their
  // order, and each applies to the latest measurements (a functional update), so that no click is lost.
  const pickQueue = useRef<Promise<void>>(Promise.resolve());
  const onCanvasClick = useCallback(
    (clientX: number, clientY: number): boolean => {
      if (!controller || !picking) return false;
      if (picking === 'section') {
        void controller.pickFace(clientX, clientY).then((face) => {
          if (!face) return;
          // The plane keeps what lies behind the clicked face, seen from the camera; move it to cut deeper.
          const normal: Vec3 = [-face.normal[0], -face.normal[1], -face.normal[2]];
          setPlanes((all) => [
            ...all,
            { base: { id: crypto.randomUUID(), point: face.point, normal }, offset: 0 },
          ]);
          setPicking(null);
        });
        return true;
      }
      const kind = picking;
      pickQueue.current = pickQueue.current
        .then(() => controller.pickSnapped(clientX, clientY))
        .then((hit) => {
          if (!hit) return;
          setMeasurements((all) => {
            const last = all[all.length - 1];
            const open = last && !last.done && last.kind === kind ? last : null;
            if (!open) {
              const face = hit.normal ? { point: hit.point, normal: hit.normal } : undefined;
              return [...all, { id: crypto.randomUUID(), kind, points: [hit.point], face, done: false }];
            }
            const point =
              open.kind === 'area' && open.face
                ? projectOnPlane(hit.point, open.face.point, open.face.normal)
                : hit.point;
            const points = [...open.points, point];
            return [...all.slice(0, -1), { ...open, points, done: open.kind === 'distance' }];
          });
        })
        .catch(() => undefined);
      return true;
    },
    [controller, picking],
  );

  const state: ToolsState = {
    controller,
    engine: controller?.engine ?? null,
    picking,
    setPicking,
    panel,
    setPanel,
    planes,
    setPlanes,
    box,
    setBox,
    boxAround,
    modelSize,
    classes,
    hiddenClasses,
    toggleClass,
    showAllClasses,
    ghost,
    setGhost,
    hasSelection: !!selection && selection.localIds.length > 0,
    measurements,
    setMeasurements,
    storeys,
    plan,
    openPlan,
    walking,
    setWalking,
  };

  return {
    toolbar: <BimToolsToolbar state={state} />,
    overlay: <BimToolsOverlay state={state} />,
    onCanvasClick,
    sectionPlanes: () => effectiveRef.current,
    setSectionPlanes: (restored) => {
      setBox([]);
      setPlanes(restored.map((base) => ({ base, offset: 0 })));
    },
  };
}
