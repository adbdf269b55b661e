import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import {
  FragmentsModels,
  RenderedFaces,
  type FragmentsModel,
  type LoadProgressEvent,
} from '@thatopen/fragments';
import fragmentsWorkerUrl from '@thatopen/fragments/worker?url';
import { pinAtScreenPoint } from './bim-pin-pick.ts';

/** The selection colour of the viewer (an element picked in the model or the tree). */
const SELECTION = {
  color: new THREE.Color('#f08c00'),
  opacity: 1,
  transparent: false,
  renderedFaces: RenderedFaces.TWO,
};

/**
 * Whether WebGL runs on the CPU (SwiftShader, llvmpipe: headless browsers, machines without a GPU driver), where
 * every pixel costs CPU time: the viewer then draws without multisampling and at half resolution while the
 * camera moves.
 */
export function softwareRendering(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
  } catch {
    return false;
  }
}

/** A camera as the viewer saves and restores it (world coordinates). */
export interface ViewerCamera {
  position: [number, number, number];
  target: [number, number, number];
}

/**
 * The 3D view of converted models (That Open Engine fragments on three.js): orbit (left drag), pan (right drag),
 * zoom (wheel), fit, pick, highlight, hide and isolate. The fragments worker is served by Obra with the web
 * build. One engine per canvas; `dispose` frees the GPU and the worker.
 */
export class BimViewerEngine {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera: THREE.PerspectiveCamera;
  readonly controls: OrbitControls;
  readonly fragments: FragmentsModels;
  private readonly models = new Map<string, FragmentsModel>();
  private readonly resizeObserver: ResizeObserver;
  private frame = 0;
  private disposed = false;
  private marker: THREE.Mesh | null = null;
  /** The camera that draws and picks when not the perspective one (the tools' plan view: setViewCamera). */
  private viewCamera: THREE.OrthographicCamera | null = null;
  /** Called with the camera after each orbit, pan or zoom, fit and restore. */
  onCameraChanged: ((camera: ViewerCamera) => void) | null = null;
  /** Called once, after the first frame that draws some model geometry. */
  onFirstGeometry: (() => void) | null = null;
  private firstGeometryDrawn = false;

  /** The drawing resolution (device pixels per CSS pixel) at rest. */
  private readonly pixelRatio = Math.min(window.devicePixelRatio, 2);
  /** Whether WebGL runs on the CPU (softwareRendering). */
  readonly software: boolean;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.software = softwareRendering();
    this.renderer = new THREE.WebGLRenderer({
      canvas,
      antialias: !this.software,
      preserveDrawingBuffer: true,
    });
    this.renderer.setPixelRatio(this.pixelRatio);
    this.scene.background = new THREE.Color('#eef1f5');
    this.camera = new THREE.PerspectiveCamera(50, 1, 0.1, 5000);
    this.camera.position.set(20, 20, 20);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2.5));
    const sun = new THREE.DirectionalLight(0xffffff, 1.5);
    sun.position.set(30, 60, 20);
    this.scene.add(sun);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = false;
    this.controls.addEventListener('change', () => this.requestRender());
    this.controls.addEventListener('start', () => {
      this.userMoved = true;
      // Drawn on the CPU, a moving view is drawn at half resolution (a quarter of the pixels), sharp again at rest.
      if (this.software) this.setResolution(this.pixelRatio / 2);
    });
    this.controls.addEventListener('end', () => {
      if (this.software) this.setResolution(this.pixelRatio);
      void this.refresh();
      this.onCameraChanged?.(this.getCamera());
    });
    this.fragments = new FragmentsModels(fragmentsWorkerUrl);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    this.resize();
  }

  private setResolution(ratio: number): void {
    if (this.renderer.getPixelRatio() === ratio) return;
    this.renderer.setPixelRatio(ratio);
    this.resize();
  }

  private resize(): void {
    const width = this.canvas.clientWidth || 1;
    const height = this.canvas.clientHeight || 1;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  /** Draws on the next animation frame (the view renders on change only, not continuously). */
  requestRender(): void {
    if (this.disposed || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.renderer.render(this.scene, this.activeCamera);
      if (this.shown.size < this.models.size) this.markShownModels();
    });
  }

  /** The models some geometry of which has been drawn. */
  private readonly shown = new Set<string>();

  /** Marks each model's first frame with geometry (`bim:shown:{modelId}`), and the first of all. */
  private markShownModels(): void {
    for (const [modelId, model] of this.models) {
      if (this.shown.has(modelId) || !this.drawsGeometry(model)) continue;
      this.shown.add(modelId);
      // The bench (bench/bim/bim-viewer-bench.ts) reads these marks: first geometry on screen, and each model's.
      performance.mark(`bim:shown:${modelId}`);
      if (!this.firstGeometryDrawn) {
        this.firstGeometryDrawn = true;
        performance.mark('bim:first-geometry');
        this.onFirstGeometry?.();
      }
    }
  }

  /** Whether some geometry of a model (a tile the fragments worker sent) is in the scene. */
  private drawsGeometry(model: FragmentsModel): boolean {
    let found = false;
    model.object.traverse((object) => {
      const geometry = (object as THREE.Mesh).geometry as THREE.BufferGeometry | undefined;
      if (!found && (object as THREE.Mesh).isMesh && (geometry?.getAttribute('position')?.count ?? 0) > 0)
        found = true;
    });
    return found;
  }

  /**
   * Puts the camera where the models will open, before any is loaded (docs/bim.md "Loading: nearest first"):
   * framing a box (the union of the models' recorded bounds, in the viewer world's coordinates), then at a
   * viewpoint's camera when one is being opened.
   */
  openAt(box: { min: [number, number, number]; max: [number, number, number] }, camera?: ViewerCamera): void {
    this.frameBox(new THREE.Box3(new THREE.Vector3(...box.min), new THREE.Vector3(...box.max)));
    if (camera) {
      this.camera.position.set(...camera.position);
      this.controls.target.set(...camera.target);
      this.controls.update();
    }
    this.onCameraChanged?.(this.getCamera());
  }

  /**
   * Resolves once the fragments worker has sent the geometry of the current view for every loaded model (no
   * model busy any more; at most `timeoutMs`), after the frame that draws it.
   */
  async settle(timeoutMs = 30_000): Promise<void> {
    const until = performance.now() + timeoutMs;
    do {
      await this.fragments.update(true);
      if ([...this.models.values()].every((model) => !model.isBusy)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (performance.now() < until && !this.disposed);
    this.requestRender();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }

  /**
   * Asks the fragments worker for the geometry of the current view and draws it, again a little later too (the
   * worker answers asynchronously; the view renders on demand, never in a continuous loop).
   */
  async refresh(): Promise<void> {
    await this.fragments.update(true);
    this.requestRender();
    for (const delay of [100, 400, 1200]) setTimeout(() => this.requestRender(), delay);
  }

  /**
   * Loads one converted model and adds it to the scene. The fragments worker then streams its geometry tile by
   * tile for the current view: culled to the view, the largest elements first, far small ones as boxes (LOD).
   */
  async load(
    modelId: string,
    buffer: ArrayBuffer | Uint8Array,
    onProgress?: (event: LoadProgressEvent) => void,
    /** Frame the camera on this model before its first geometry is asked for (the first model opened). */
    frame = false,
  ): Promise<FragmentsModel> {
    const model = await this.fragments.load(buffer, {
      modelId,
      camera: this.camera,
      ...(onProgress ? { onProgress } : {}),
    });
    this.scene.add(model.object);
    this.models.set(modelId, model);
    model.onViewUpdated.add(() => this.requestRender());
    // The worker culls and picks against the same section planes as the renderer draws.
    model.getClippingPlanesEvent = () => this.renderer.clippingPlanes;
    if (this.viewCamera) model.useCamera(this.viewCamera);
    if (frame && this.frameBox(model.box)) this.onCameraChanged?.(this.getCamera());
    await this.refresh();
    this.requestRender();
    return model;
  }

  /** Whether the user has orbited, panned or zoomed since the engine started. */
  get cameraMoved(): boolean {
    return this.userMoved;
  }
  private userMoved = false;

  /** Frames every loaded model (or the given box). */
  fit(box?: THREE.Box3): void {
    const bounds = box ?? new THREE.Box3();
    if (!box) for (const model of this.models.values()) bounds.union(model.box);
    if (!this.frameBox(bounds)) return;
    void this.refresh();
    this.onCameraChanged?.(this.getCamera());
  }

  /** Puts the camera where it sees the whole box (no redraw). False when the box is empty. */
  private frameBox(bounds: THREE.Box3): boolean {
    if (bounds.isEmpty()) return false;
    const sphere = bounds.getBoundingSphere(new THREE.Sphere());
    const distance = sphere.radius / Math.sin(THREE.MathUtils.degToRad(this.camera.fov / 2));
    const direction = new THREE.Vector3(1, 0.8, 1).normalize();
    this.camera.position.copy(sphere.center).addScaledVector(direction, distance);
    this.camera.near = Math.max(0.01, distance / 1000);
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(sphere.center);
    this.controls.update();
    return true;
  }

  /** The element under a point of the canvas (client coordinates), or null. */
  async pick(
    clientX: number,
    clientY: number,
  ): Promise<{
    modelId: string;
    localId: number;
    point: THREE.Vector3;
    normal: THREE.Vector3 | null;
  } | null> {
    const mouse = new THREE.Vector2(clientX, clientY);
    let best: {
      modelId: string;
      localId: number;
      point: THREE.Vector3;
      normal: THREE.Vector3 | null;
      distance: number;
    } | null = null;
    for (const [modelId, model] of this.models) {
      const hit = await model.raycast({ camera: this.activeCamera, mouse, dom: this.canvas });
      if (hit && (!best || hit.distance < best.distance))
        best = {
          modelId,
          localId: hit.localId,
          point: hit.point,
          normal: hit.normal ?? null,
          distance: hit.distance,
        };
    }
    return best && { modelId: best.modelId, localId: best.localId, point: best.point, normal: best.normal };
  }

  /** The loaded models by id (the tools read their classes, boxes and snapping). */
  get loadedModels(): ReadonlyMap<string, FragmentsModel> {
    return this.models;
  }

  /** The camera that draws and picks: the perspective one, or the plan view's orthographic one. */
  get activeCamera(): THREE.PerspectiveCamera | THREE.OrthographicCamera {
    return this.viewCamera ?? this.camera;
  }

  /** Draws and picks through an orthographic camera (a plan view), or the perspective one again with null. */
  setViewCamera(camera: THREE.OrthographicCamera | null): void {
    this.viewCamera = camera;
    this.controls.object = camera ?? this.camera;
    for (const model of this.models.values()) model.useCamera(camera ?? this.camera);
    this.controls.update();
    void this.refresh();
  }

  /** Cuts the models with these planes (section planes and box: what lies behind a plane's normal is hidden). */
  setClippingPlanes(planes: THREE.Plane[]): void {
    this.renderer.clippingPlanes = planes;
    void this.refresh();
  }

  /** Highlights the given elements of a model (and clears the others' highlight). */
  async select(modelId: string | null, localIds: number[]): Promise<void> {
    for (const model of this.models.values()) await model.resetHighlight();
    const model = modelId ? this.models.get(modelId) : undefined;
    if (model && localIds.length > 0) await model.highlight(localIds, { ...SELECTION });
    await this.refresh();
  }

  async hide(modelId: string, localIds: number[]): Promise<void> {
    await this.models.get(modelId)?.setVisible(localIds, false);
    await this.refresh();
  }

  /** Shows only the given elements of a model (the other models are hidden). */
  async isolate(modelId: string, localIds: number[]): Promise<void> {
    for (const [id, model] of this.models) {
      await model.setVisible(undefined, false);
      if (id === modelId) await model.setVisible(localIds, true);
    }
    await this.refresh();
  }

  async showAll(): Promise<void> {
    for (const model of this.models.values()) await model.resetVisible();
    await this.refresh();
  }

  /** The box of some elements of a model. */
  async boxOf(modelId: string, localIds: number[]): Promise<THREE.Box3 | null> {
    const model = this.models.get(modelId);
    return model ? model.getMergedBox(localIds) : null;
  }

  getCamera(): ViewerCamera {
    const p = this.camera.position;
    const t = this.controls.target;
    return { position: [p.x, p.y, p.z], target: [t.x, t.y, t.z] };
  }

  setCamera(camera: ViewerCamera): void {
    this.camera.position.set(...camera.position);
    this.controls.target.set(...camera.target);
    this.controls.update();
    void this.refresh();
    this.onCameraChanged?.(this.getCamera());
  }

  /** Vertical field of view (degrees) and aspect ratio of the camera, for BCF viewpoints. */
  getLens(): { fieldOfView: number; aspectRatio: number } {
    return { fieldOfView: this.camera.fov, aspectRatio: this.camera.aspect };
  }

  /** Shows the issue pin marker at a point (or removes it with null). */
  setMarker(point: { x: number; y: number; z: number } | null): void {
    if (this.marker) {
      this.scene.remove(this.marker);
      this.marker.geometry.dispose();
      (this.marker.material as THREE.Material).dispose();
      this.marker = null;
    }
    if (point) {
      const bounds = new THREE.Box3();
      for (const model of this.models.values()) bounds.union(model.box);
      const size = bounds.isEmpty()
        ? 0.3
        : Math.max(0.05, bounds.getSize(new THREE.Vector3()).length() / 150);
      this.marker = new THREE.Mesh(
        new THREE.SphereGeometry(size, 16, 12),
        new THREE.MeshBasicMaterial({ color: '#e03131', depthTest: false }),
      );
      this.marker.renderOrder = 10;
      this.marker.position.set(point.x, point.y, point.z);
      this.scene.add(this.marker);
    }
    this.requestRender();
  }

  /**
   * The viewer world's coordination offset (docs/bim.md "Georeferencing"): the translation the conversion applied
   * to the first loaded model (the fragments align the others on it), in viewer axes.
   */
  getCoordination(): [number, number, number] {
    const [x = 0, y = 0, z = 0] = this.fragments.baseCoordinates ?? [];
    return [x, y, z];
  }

  /**
   * What is shown, by IFC GUID, in BCF's terms: every element but the hidden ones, or (after an isolate, when
   * fewer are shown than hidden) only the shown ones.
   */
  async getVisibility(): Promise<{ defaultVisibility: boolean; exceptions: string[] }> {
    const hiddenIds = new Map<FragmentsModel, number[]>();
    const shownIds = new Map<FragmentsModel, number[]>();
    let hiddenCount = 0;
    let shownCount = 0;
    for (const model of this.models.values()) {
      const [off, on] = await Promise.all([
        model.getItemsByVisibility(false),
        model.getItemsByVisibility(true),
      ]);
      hiddenIds.set(model, off);
      shownIds.set(model, on);
      hiddenCount += off.length;
      shownCount += on.length;
    }
    if (hiddenCount === 0) return { defaultVisibility: true, exceptions: [] };
    const isolated = shownCount < hiddenCount;
    const exceptions: string[] = [];
    for (const [model, ids] of isolated ? shownIds : hiddenIds) {
      if (ids.length === 0) continue;
      const guids = await model.getGuidsByLocalIds(ids);
      exceptions.push(...guids.filter((g): g is string => !!g));
    }
    return { defaultVisibility: !isolated, exceptions };
  }

  /** Shows every element but the exceptions, or only the exceptions (GUIDs of any loaded model). */
  async applyVisibility(visibility: { defaultVisibility: boolean; exceptions: string[] }): Promise<void> {
    for (const model of this.models.values()) {
      await model.setVisible(undefined, visibility.defaultVisibility);
      if (visibility.exceptions.length === 0) continue;
      const ids = (await model.getLocalIdsByGuids(visibility.exceptions)).filter(
        (id): id is number => id !== null,
      );
      if (ids.length > 0) await model.setVisible(ids, !visibility.defaultVisibility);
    }
    await this.refresh();
  }

  /** The local ids of some IFC GUIDs in each model. */
  async localIdsOf(guids: string[]): Promise<Map<string, number[]>> {
    const found = new Map<string, number[]>();
    for (const [modelId, model] of this.models) {
      const ids = (await model.getLocalIdsByGuids(guids)).filter((id): id is number => id !== null);
      if (ids.length > 0) found.set(modelId, ids);
    }
    return found;
  }

  /** A PNG picture of the view as it is drawn now (the issue image of an issue created in 3D). */
  async snapshot(): Promise<Blob | null> {
    this.renderer.render(this.scene, this.camera);
    return new Promise((resolve) => this.canvas.toBlob((blob) => resolve(blob), 'image/png'));
  }

  private issueMarkers: THREE.Mesh[] = [];
  private issuePins: { issueId: number; point: { x: number; y: number; z: number } }[] = [];

  /** The issue whose pin is under a point of the canvas (client coordinates), or null. */
  issueMarkerAt(clientX: number, clientY: number): number | null {
    if (this.issuePins.length === 0) return null;
    const rect = this.canvas.getBoundingClientRect();
    const hit = pinAtScreenPoint(
      this.issuePins,
      this.activeCamera,
      rect.width,
      rect.height,
      clientX - rect.left,
      clientY - rect.top,
    );
    return hit?.issueId ?? null;
  }

  /** Shows the issues' pins, each a sphere in its issue status colour (replacing the previous ones). */
  setIssueMarkers(
    markers: { issueId: number; point: { x: number; y: number; z: number }; color: string }[],
  ): void {
    this.issuePins = markers.map(({ issueId, point }) => ({ issueId, point }));
    for (const marker of this.issueMarkers) {
      this.scene.remove(marker);
      marker.geometry.dispose();
      (marker.material as THREE.Material).dispose();
    }
    this.issueMarkers = [];
    const bounds = new THREE.Box3();
    for (const model of this.models.values()) bounds.union(model.box);
    const size = bounds.isEmpty() ? 0.25 : Math.max(0.04, bounds.getSize(new THREE.Vector3()).length() / 180);
    for (const { point, color } of markers) {
      const marker = new THREE.Mesh(
        new THREE.SphereGeometry(size, 14, 10),
        new THREE.MeshBasicMaterial({ color, depthTest: false, transparent: true, opacity: 0.9 }),
      );
      marker.renderOrder = 9;
      marker.position.set(point.x, point.y, point.z);
      this.scene.add(marker);
      this.issueMarkers.push(marker);
    }
    this.requestRender();
  }

  dispose(): void {
    this.disposed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
    this.controls.dispose();
    void this.fragments.dispose();
    this.renderer.dispose();
  }
}
