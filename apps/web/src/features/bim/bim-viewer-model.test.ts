import { describe, expect, it } from 'vitest';
import { indexTree, type BimProperties, type BimTreeNode } from './bim-api.ts';
import { ModelLoadStore } from './bim-load-progress.tsx';
import {
  bimViewerReducer,
  clickedElement,
  initialViewerState,
  issueOpening,
  issueSource,
  selectedModelLabel,
  selectionTarget,
  visibilityCommand,
  type BimViewerAction,
  type BimViewerState,
  type ViewerSource,
} from './bim-viewer-model.ts';
import {
  bimToolsReducer,
  effectiveSections,
  initialToolsState,
  measurementValue,
  openMeasurement,
  type BimToolsAction,
  type BimToolsModelState,
} from './tools/bim-tools-model.ts';

const node = (id: number, cls: string, guid: string | null, children: BimTreeNode[] = []): BimTreeNode => ({
  id,
  cls,
  guid,
  name: null,
  spatial: children.length > 0,
  children,
});

/** A model with a storey holding two walls (one without a GUID) and a slab. */
function modelTree(prefix: string): BimTreeNode {
  return node(1, 'IfcProject', `${prefix}-project`, [
    node(2, 'IfcBuildingStorey', `${prefix}-storey`, [
      node(3, 'IfcWall', `${prefix}-wall`),
      node(4, 'IfcWall', null),
      node(5, 'IfcSlab', `${prefix}-slab`),
    ]),
  ]);
}

const architecture: ViewerSource = { fileId: 11, documentId: 101, disciplineId: 1, label: 'Architecture' };
const structure: ViewerSource = { fileId: 12, documentId: 102, disciplineId: 2, label: 'Structure' };

/**
 * Drives the BIM viewer screen's state without a browser, the way a session goes: the viewer's reducer, the
 * tools' reducer and the per-model load progress, each step as the component and its engine report it.
 */
class TestBimViewer {
  state: BimViewerState = initialViewerState;
  tools: BimToolsModelState = initialToolsState;
  readonly loads = new ModelLoadStore();
  private ids = 0;

  constructor(readonly sources: ViewerSource[]) {}

  viewer(...actions: BimViewerAction[]): this {
    for (const action of actions) this.state = bimViewerReducer(this.state, action);
    return this;
  }

  tool(...actions: BimToolsAction[]): this {
    for (const action of actions) this.tools = bimToolsReducer(this.tools, action);
    return this;
  }

  /** The loading starts (again): every model waits. */
  open(): this {
    this.loads.reset(this.sources.map((s) => ({ fileId: s.fileId, label: s.label })));
    return this.viewer({ type: 'loadStarted', order: this.sources.map((s) => s.fileId) });
  }

  /** A model is downloaded, opened by the fragments worker, and shown with its spatial tree. */
  shown(source: ViewerSource): this {
    this.loads.downloaded(source.fileId, { received: 1000, total: 1000 });
    this.loads.update(source.fileId, { stage: 'opening', opening: 0 });
    this.loads.update(source.fileId, { stage: 'shown' });
    const tree = modelTree(source.label);
    const properties = { tree } as BimProperties;
    return this.viewer({ type: 'modelShown', model: { source, properties, byId: indexTree(tree) } });
  }

  /** A click on the model: what the engine's pick answered. */
  click(hit: { modelId: string; localId: number; point: { x: number; y: number; z: number } } | null): this {
    const { selection, pin } = clickedElement(this.state.models, hit, [10, 0, 0]);
    this.viewer({ type: 'select', selection });
    return pin ? this.viewer({ type: 'pinned', pin }) : this;
  }

  /** A node picked in the spatial tree (it selects with what it contains). */
  pickInTree(fileId: number, localId: number): this {
    const model = this.state.models.find((m) => m.source.fileId === fileId);
    const picked = model?.byId.get(localId);
    if (!picked) throw new Error(`no node ${localId} in model ${fileId}`);
    return this.viewer({ type: 'select', selection: { fileId, node: picked, withContents: true } });
  }

  nextId(): string {
    this.ids += 1;
    return `id-${this.ids}`;
  }

  get stages(): string[] {
    return this.loads.get().map((l) => `${l.label}:${l.stage}`);
  }
}

describe('the BIM viewer loading its models', () => {
  it('lists the models in their given order whatever order they open in, and is loaded once all are', () => {
    const viewer = new TestBimViewer([architecture, structure]).open();
    expect(viewer.state).toMatchObject({ loaded: false, failed: false, firstShown: false, models: [] });
    expect(viewer.stages).toEqual(['Architecture:waiting', 'Structure:waiting']);

    // The structure is nearer the opening camera: it loads first.
    viewer.loads.downloaded(structure.fileId, { received: 500, total: 1000 });
    expect(viewer.loads.get().find((l) => l.fileId === structure.fileId)).toMatchObject({
      stage: 'downloading',
      received: 500,
      total: 1000,
    });
    viewer.shown(structure).viewer({ type: 'firstGeometry' });
    expect(viewer.state.firstShown).toBe(true);
    expect(viewer.state.loaded).toBe(false);
    expect(viewer.state.models.map((m) => m.source.label)).toEqual(['Structure']);

    viewer.shown(architecture).viewer({ type: 'allShown', coordination: [10, 0, 0] });
    expect(viewer.state.models.map((m) => m.source.label)).toEqual(['Architecture', 'Structure']);
    expect(viewer.state).toMatchObject({ loaded: true, coordination: [10, 0, 0] });
    expect(viewer.stages).toEqual(['Architecture:shown', 'Structure:shown']);
  });

  it('says so when a model fails, keeps what is shown, and starts clean when the models load again', () => {
    const viewer = new TestBimViewer([architecture, structure]).open().shown(architecture);
    viewer.loads.update(structure.fileId, { stage: 'downloading' });
    viewer.viewer({ type: 'loadFailed' });
    expect(viewer.state).toMatchObject({ failed: true, loaded: false });
    expect(viewer.state.models.map((m) => m.source.label)).toEqual(['Architecture']);
    expect(viewer.stages).toEqual(['Architecture:shown', 'Structure:downloading']);

    // Loading again: no error, nothing loaded yet, the previous models on screen until a new one shows.
    viewer.open();
    expect(viewer.state).toMatchObject({
      failed: false,
      loaded: false,
      firstShown: false,
      openingView: null,
    });
    expect(viewer.state.models).toHaveLength(1);
    expect(viewer.stages).toEqual(['Architecture:waiting', 'Structure:waiting']);
    viewer.shown(structure);
    expect(viewer.state.models.map((m) => m.source.label)).toEqual(['Structure']);
  });
});

describe('selecting, hiding and isolating in the BIM viewer', () => {
  const loaded = () =>
    new TestBimViewer([architecture, structure])
      .open()
      .shown(architecture)
      .shown(structure)
      .viewer({ type: 'allShown', coordination: [10, 0, 0] });

  it('selects a tree node with its contents, and hides or isolates all of them', () => {
    const viewer = loaded();
    expect(visibilityCommand(viewer.state, 'hide')).toBeNull();
    expect(visibilityCommand(viewer.state, 'isolate')).toBeNull();
    expect(visibilityCommand(viewer.state, 'showAll')).toEqual({ kind: 'showAll' });

    viewer.pickInTree(structure.fileId, 2);
    expect(selectionTarget(viewer.state.selection)).toEqual({ modelId: '12', ids: [2, 3, 4, 5] });
    expect(visibilityCommand(viewer.state, 'isolate')).toEqual({
      kind: 'isolate',
      modelId: '12',
      ids: [2, 3, 4, 5],
    });
    expect(visibilityCommand(viewer.state, 'hide')).toMatchObject({ kind: 'hide', ids: [2, 3, 4, 5] });
    // Among several models, the properties panel names the selection's model.
    expect(selectedModelLabel(viewer.state, viewer.sources)).toBe('Structure');

    // Hiding clears the selection (the component selects nothing after it).
    viewer.viewer({ type: 'select', selection: null });
    expect(visibilityCommand(viewer.state, 'hide')).toBeNull();
    expect(selectedModelLabel(viewer.state, viewer.sources)).toBeUndefined();
  });

  it('selects a clicked element alone and pins it, in viewer and world coordinates', () => {
    const viewer = loaded().click({ modelId: '11', localId: 3, point: { x: 12, y: 3, z: -4 } });
    expect(selectionTarget(viewer.state.selection)).toEqual({ modelId: '11', ids: [3] });
    expect(viewer.state.pin).toEqual({
      fileId: 11,
      documentId: 101,
      guid: 'Architecture-wall',
      localId: 3,
      point: { x: 12, y: 3, z: -4 },
      // The coordination offset taken away, and Y-up turned into IFC's Z-up.
      world: { x: 2, y: 4, z: 3 },
    });

    // An element without a GUID is selected but leaves no pin; selecting anew drops the previous pin.
    viewer.click({ modelId: '11', localId: 4, point: { x: 0, y: 0, z: 0 } });
    expect(viewer.state.selection?.node.id).toBe(4);
    expect(viewer.state.pin).toBeNull();

    // A click on nothing, or on a model not loaded, selects nothing.
    viewer.click({ modelId: '99', localId: 3, point: { x: 0, y: 0, z: 0 } });
    expect(viewer.state.selection).toBeNull();
    viewer.click({ modelId: '11', localId: 5, point: { x: 0, y: 0, z: 0 } }).click(null);
    expect(viewer.state).toMatchObject({ selection: null, pin: null });
  });

  it('names no model for a selection when only one is loaded', () => {
    const viewer = new TestBimViewer([architecture]).open().shown(architecture).pickInTree(11, 3);
    expect(selectedModelLabel(viewer.state, viewer.sources)).toBeUndefined();
  });
});

describe('creating an issue in the BIM viewer', () => {
  const viewpoint = { guid: 'vp', components: { selection: [] } } as never;

  it('creates it on the pinned element’s model, and shows the created issue until dismissed', () => {
    const viewer = new TestBimViewer([architecture, structure]).open().shown(architecture).shown(structure);
    const plugin = { followed: false, viewpoint: null };
    expect(issueSource(viewer.state.pin, viewer.sources, plugin)).toBeNull();

    viewer.click({ modelId: '12', localId: 5, point: { x: 1, y: 1, z: 1 } });
    const source = issueSource(viewer.state.pin, viewer.sources, plugin);
    expect(source).toBe(structure);
    viewer.viewer({
      type: 'issueStarted',
      draft: { pin: viewer.state.pin, source: source!, viewpoint, snapshot: null, fromPlugin: false },
    });
    expect(viewer.state.creating?.source.disciplineId).toBe(2);

    viewer.viewer({ type: 'issueClosed' });
    expect(viewer.state.creating).toBeNull();
    viewer.viewer(
      {
        type: 'issueStarted',
        draft: { pin: null, source: structure, viewpoint, snapshot: null, fromPlugin: false },
      },
      { type: 'issueCreated', issueId: 42 },
    );
    expect(viewer.state).toMatchObject({ creating: null, created: 42 });
    viewer.viewer({ type: 'createdDismissed' });
    expect(viewer.state.created).toBeNull();
  });

  it('creates it at a plugin’s view on the first model when nothing is pinned', () => {
    expect(issueSource(null, [architecture, structure], { followed: true, viewpoint })).toBe(architecture);
    expect(issueSource(null, [architecture, structure], { followed: true, viewpoint: null })).toBeNull();
  });
});

describe('opening an issue’s viewpoint', () => {
  const viewpoints = [{ guid: 'first' }, { guid: 'second' }];

  it('places its first pin on these models through the coordination offset', () => {
    const issue = {
      viewpoints,
      bimPins: [
        { fileId: 99, documentId: 9, guid: 'elsewhere', localId: 1, point: { x: 0, y: 0, z: 0 } },
        {
          fileId: 11,
          documentId: 101,
          guid: 'g',
          localId: 3,
          point: { x: 0, y: 0, z: 0 },
          world: { x: 2, y: 4, z: 3 },
        },
      ],
    };
    expect(issueOpening(issue, [11, 12], [10, 0, 0])).toEqual({
      viewpoint: { guid: 'first' },
      at: { x: 12, y: 3, z: -4 },
    });
  });

  it('opens a pin without its world point where it was clicked, and a viewpoint without pins with no marker', () => {
    const pin = { fileId: 12, documentId: 102, guid: 'g', localId: 3, point: { x: 1, y: 2, z: 3 } };
    expect(issueOpening({ viewpoints, bimPins: [pin] }, [12], [10, 0, 0]).at).toEqual({ x: 1, y: 2, z: 3 });
    expect(issueOpening({ viewpoints, bimPins: [pin] }, [11], [10, 0, 0])).toEqual({
      viewpoint: { guid: 'first' },
      at: undefined,
    });
    expect(issueOpening({ viewpoints: null, bimPins: null }, [11], [0, 0, 0]).viewpoint).toBeUndefined();
  });
});

describe('the BIM viewer’s tools', () => {
  it('opens one panel at a time, and leaves the picking tool when a panel opens or closes', () => {
    const viewer = new TestBimViewer([architecture]).tool({ type: 'togglePanel', panel: 'section' });
    expect(viewer.tools.panel).toBe('section');
    viewer.tool({ type: 'togglePicking', tool: 'section' });
    expect(viewer.tools.picking).toBe('section');
    viewer.tool({ type: 'togglePanel', panel: 'measure' });
    expect(viewer.tools).toMatchObject({ panel: 'measure', picking: null });
    viewer.tool({ type: 'startMeasure', kind: 'area' }, { type: 'togglePanel', panel: 'measure' });
    expect(viewer.tools).toMatchObject({ panel: null, picking: null });
    viewer.tool({ type: 'togglePanel', panel: 'plan' }, { type: 'closePanel' });
    expect(viewer.tools.panel).toBeNull();
  });

  it('places a section plane on a clicked face, keeping what lies behind it, then flips, moves and deletes it', () => {
    const viewer = new TestBimViewer([architecture]).tool(
      { type: 'togglePanel', panel: 'section' },
      { type: 'togglePicking', tool: 'section' },
    );
    viewer.tool({ type: 'sectionPicked', id: 'p1', face: { point: [0, 2, 0], normal: [0, 1, 0] } });
    expect(viewer.tools.picking).toBeNull();
    // (A normal turned round keeps its zero components as -0: compared as plain numbers.)
    const plain = (v: readonly number[]) => v.map((x) => x + 0);
    expect(viewer.tools.planes).toHaveLength(1);
    expect(viewer.tools.planes[0]).toMatchObject({ base: { id: 'p1', point: [0, 2, 0] }, offset: 0 });
    expect(plain(viewer.tools.planes[0]!.base.normal)).toEqual([0, -1, 0]);

    viewer.tool({ type: 'movePlane', id: 'p1', offset: 0.5 });
    const moved = effectiveSections(viewer.tools)[0]!;
    expect([moved.id, plain(moved.point), plain(moved.normal)]).toEqual(['p1', [0, 1.5, 0], [0, -1, 0]]);
    viewer.tool({ type: 'flipPlane', id: 'p1' });
    expect(viewer.tools.planes[0]).toEqual({
      base: { id: 'p1', point: [0, 2, 0], normal: [0, 1, 0] },
      offset: -0.5,
    });
    expect(effectiveSections(viewer.tools)[0]?.point).toEqual([0, 1.5, 0]);

    const box = [
      {
        id: 'b1',
        point: [0, 0, 0] as [number, number, number],
        normal: [1, 0, 0] as [number, number, number],
      },
    ];
    viewer.tool({ type: 'setBox', box });
    expect(effectiveSections(viewer.tools).map((p) => p.id)).toEqual(['p1', 'b1']);
    viewer.tool({ type: 'deletePlane', id: 'p1' });
    expect(effectiveSections(viewer.tools).map((p) => p.id)).toEqual(['b1']);

    // A viewpoint's sections replace the planes and remove the box.
    viewer.tool({ type: 'restoreSections', planes: [{ id: 'v1', point: [1, 1, 1], normal: [0, 0, 1] }] });
    expect(viewer.tools.box).toEqual([]);
    expect(viewer.tools.planes).toEqual([
      { base: { id: 'v1', point: [1, 1, 1], normal: [0, 0, 1] }, offset: 0 },
    ]);
  });

  it('measures a distance in two clicks, and an area on the plane of its first face once finished', () => {
    const viewer = new TestBimViewer([architecture]).tool({ type: 'startMeasure', kind: 'distance' });
    const at = (point: [number, number, number], normal: [number, number, number] | null = null) => ({
      point,
      normal,
    });
    viewer.tool(
      { type: 'measurePoint', kind: 'distance', id: viewer.nextId(), hit: at([0, 0, 0]) },
      { type: 'measurePoint', kind: 'distance', id: viewer.nextId(), hit: at([3, 4, 0]) },
    );
    expect(viewer.tools.measurements).toHaveLength(1);
    expect(viewer.tools.measurements[0]).toMatchObject({ kind: 'distance', done: true });
    expect(measurementValue(viewer.tools.measurements[0]!, 'en')).toBe('5.000 m');

    viewer.tool({ type: 'startMeasure', kind: 'area' });
    expect(viewer.tools.picking).toBe('area');
    const corners: [number, number, number][] = [
      [0, 0, 0],
      [2, 5, 0],
      [2, -3, 2],
    ];
    viewer.tool({ type: 'measurePoint', kind: 'area', id: viewer.nextId(), hit: at(corners[0]!, [0, 1, 0]) });
    viewer.tool({ type: 'measurePoint', kind: 'area', id: viewer.nextId(), hit: at(corners[1]!) });
    // Too few corners: finishing does nothing.
    viewer.tool({ type: 'finishArea' });
    expect(openMeasurement(viewer.tools)?.points).toEqual([
      [0, 0, 0],
      [2, 0, 0],
    ]);
    viewer.tool({ type: 'measurePoint', kind: 'area', id: viewer.nextId(), hit: at(corners[2]!) });
    viewer.tool({ type: 'finishArea' });
    expect(openMeasurement(viewer.tools)).toBeUndefined();
    expect(viewer.tools.measurements.map((m) => [m.kind, m.done])).toEqual([
      ['distance', true],
      ['area', true],
    ]);
    expect(measurementValue(viewer.tools.measurements[1]!, 'en')).toBe('2.00 m²');

    // An unfinished measurement is dropped when measuring starts again; a measurement is deleted by its id.
    viewer.tool({ type: 'measurePoint', kind: 'area', id: 'open', hit: at([0, 0, 0], [0, 1, 0]) });
    viewer.tool({ type: 'startMeasure', kind: 'area' });
    expect(viewer.tools.picking).toBeNull();
    expect(viewer.tools.measurements.map((m) => m.id)).toEqual(['id-1', 'id-3']);
    viewer.tool({ type: 'deleteMeasurement', id: 'id-1' });
    expect(viewer.tools.measurements.map((m) => m.kind)).toEqual(['area']);
  });

  it('walks in first person out of a plan view, and a plan view ends the walk', () => {
    const viewer = new TestBimViewer([architecture]).tool(
      { type: 'planOpened', key: '11:2' },
      { type: 'togglePicking', tool: 'distance' },
    );
    expect(viewer.tools.plan).toBe('11:2');
    viewer.tool({ type: 'walking', on: true });
    expect(viewer.tools).toMatchObject({ walking: true, plan: null, picking: null });
    viewer.tool({ type: 'planOpened', key: '11:2' });
    expect(viewer.tools).toMatchObject({ walking: false, plan: '11:2' });
    viewer.tool({ type: 'planClosed' }, { type: 'walking', on: true }, { type: 'walking', on: false });
    expect(viewer.tools).toMatchObject({ walking: false, plan: null });

    // The engine going away (the models load again) ends the plan view and the walk.
    viewer.tool({ type: 'planOpened', key: '11:2' }, { type: 'engineGone' });
    expect(viewer.tools).toMatchObject({ walking: false, plan: null });
  });

  it('hides and shows classes, and ghosts on and off', () => {
    const viewer = new TestBimViewer([architecture]).tool(
      { type: 'toggleClass', cls: 'IfcWall' },
      { type: 'toggleClass', cls: 'IfcSlab' },
      { type: 'toggleClass', cls: 'IfcWall' },
    );
    expect([...viewer.tools.hiddenClasses]).toEqual(['IfcSlab']);
    viewer.tool({ type: 'showAllClasses' }, { type: 'ghost', on: true });
    expect(viewer.tools.hiddenClasses.size).toBe(0);
    expect(viewer.tools.ghost).toBe(true);
  });
});
