import * as THREE from 'three';
import { SnappingClass } from '@thatopen/fragments';
import type { BimViewerEngine } from '../bim-viewer-engine.ts';
import { normalize, type SectionPlane, type Vec3 } from './section-math.ts';
import { lookDirection, planViewOf, walkStep, yawPitchOf, type WalkKeys } from './view-math.ts';

/** A point picked for a measurement, snapped to a vertex, an edge or a face of the geometry. */
export interface SnappedPoint {
  point: Vec3;
  normal: Vec3 | null;
  snap: 'vertex' | 'edge' | 'face';
}

const SNAP_ORDER: Record<number, number> = {
  [SnappingClass.POINT]: 0,
  [SnappingClass.LINE]: 1,
  [SnappingClass.FACE]: 2,
};

function vec(v: THREE.Vector3): Vec3 {
  return [v.x, v.y, v.z];
}

function threePlane(plane: SectionPlane): THREE.Plane {
  const n = normalize(plane.normal);
  return new THREE.Plane().setFromNormalAndCoplanarPoint(
    new THREE.Vector3(...n),
    new THREE.Vector3(...plane.point),
  );
}

/**
 * The three.js side of the viewer's tools, on a BimViewerEngine: section planes and box (the renderer's clipping
 * planes, which the fragments worker also culls and picks with), visibility by class and ghosting, snapped picks
 * for measurements, the plan view's orthographic camera and first-person navigation. The React side is
 * use-bim-tools.tsx.
 */
export class BimToolsController {
  private sections: SectionPlane[] = [];
  private planCut: SectionPlane | null = null;
  private ortho: THREE.OrthographicCamera | null = null;
  private walking: {
    yaw: number;
    pitch: number;
    keys: WalkKeys;
    fast: boolean;
    frame: number;
    last: number;
    speed: number;
    cleanup: () => void;
  } | null = null;
  /** Called when first-person navigation ends by itself (Escape). */
  onWalkEnded: (() => void) | null = null;

  constructor(readonly engine: BimViewerEngine) {}

  private applyClipping(): void {
    const planes = [...this.sections, ...(this.planCut ? [this.planCut] : [])].map(threePlane);
    this.engine.setClippingPlanes(planes);
  }

  /** The section planes and box (viewer coordinates) that cut the models now. */
  setSections(planes: readonly SectionPlane[]): void {
    this.sections = [...planes];
    this.applyClipping();
  }

  /** The box of every loaded model, or of some elements of one. */
  async boxOf(target?: { modelId: string; localIds: number[] }): Promise<{ min: Vec3; max: Vec3 } | null> {
    let box: THREE.Box3 | null = null;
    if (target) box = await this.engine.boxOf(target.modelId, target.localIds);
    else {
      box = new THREE.Box3();
      for (const model of this.engine.loadedModels.values()) box.union(model.box);
    }
    if (!box || box.isEmpty()) return null;
    return { min: vec(box.min), max: vec(box.max) };
  }

  /**
   * The geometry under a point of the canvas, snapped to the nearest vertex or edge when the fragments raycaster
   * finds one near the pointer, else the face; the face normal turned towards the viewer.
   */
  async pickSnapped(clientX: number, clientY: number): Promise<SnappedPoint | null> {
    const camera = this.engine.activeCamera;
    const mouse = new THREE.Vector2(clientX, clientY);
    const dom = this.engine.renderer.domElement;
    let best: { point: THREE.Vector3; normal?: THREE.Vector3; snap: number; distance: number } | null = null;
    for (const model of this.engine.loadedModels.values()) {
      const hits = await model.raycastWithSnapping({
        camera,
        mouse,
        dom,
        snappingClasses: [SnappingClass.POINT, SnappingClass.LINE, SnappingClass.FACE],
      });
      for (const hit of hits ?? []) {
        const snap = SNAP_ORDER[hit.snappingClass] ?? 2;
        if (!best || snap < best.snap || (snap === best.snap && hit.distance < best.distance))
          best = { point: hit.point, normal: hit.normal, snap, distance: hit.distance };
      }
    }
    if (!best) {
      const hit = await this.engine.pick(clientX, clientY);
      if (!hit) return null;
      best = { point: hit.point, normal: hit.normal ?? undefined, snap: 2, distance: 0 };
    }
    return {
      point: vec(best.point),
      normal: best.normal ? this.facingViewer(best.normal) : null,
      snap: best.snap === 0 ? 'vertex' : best.snap === 1 ? 'edge' : 'face',
    };
  }

  /** The face under a point with its normal turned towards the viewer (a new section plane's place). */
  async pickFace(clientX: number, clientY: number): Promise<{ point: Vec3; normal: Vec3 } | null> {
    const hit = await this.engine.pick(clientX, clientY);
    if (!hit) return null;
    const normal = hit.normal
      ? this.facingViewer(hit.normal)
      : vec(this.engine.activeCamera.getWorldDirection(new THREE.Vector3()).negate());
    return { point: vec(hit.point), normal };
  }

  private facingViewer(normal: THREE.Vector3): Vec3 {
    const n = normal.clone().normalize();
    const view = this.engine.activeCamera.getWorldDirection(new THREE.Vector3());
    if (n.dot(view) > 0) n.negate();
    return vec(n);
  }

  /** Where a point of the model falls on the canvas (CSS pixels from its top left), or null behind the camera. */
  toScreen(point: Vec3): { x: number; y: number } | null {
    const camera = this.engine.activeCamera;
    const p = new THREE.Vector3(...point).project(camera);
    if (p.z > 1 || p.z < -1) return null;
    const canvas = this.engine.renderer.domElement;
    return { x: ((p.x + 1) / 2) * canvas.clientWidth, y: ((1 - p.y) / 2) * canvas.clientHeight };
  }

  /** Shows or hides elements of a model (the class filter). */
  async setVisible(modelId: string, localIds: number[], visible: boolean): Promise<void> {
    await this.engine.loadedModels.get(modelId)?.setVisible(localIds, visible);
    await this.engine.refresh();
  }

  /** Ghosting: every element translucent except the kept ones (none given: everything opaque again). */
  async ghost(keep: { modelId: string; localIds: number[] } | null): Promise<void> {
    for (const [id, model] of this.engine.loadedModels) {
      await model.resetOpacity(undefined);
      if (!keep) continue;
      await model.setOpacity(undefined, 0.15);
      if (id === keep.modelId && keep.localIds.length > 0) await model.resetOpacity(keep.localIds);
    }
    await this.engine.refresh();
  }

  /**
   * The plan view of a box (a storey's elements): cut `PLAN_CUT_HEIGHT` above its floor and seen from straight
   * above through an orthographic camera (pan and zoom, no orbit). Null returns to the 3D view.
   */
  setPlanView(box: { min: Vec3; max: Vec3 } | null, floor?: number): void {
    const engine = this.engine;
    if (!box) {
      if (!this.ortho) return;
      this.ortho = null;
      this.planCut = null;
      engine.controls.enableRotate = true;
      engine.setViewCamera(null);
      this.applyClipping();
      engine.fit();
      return;
    }
    this.stopWalking();
    const canvas = engine.renderer.domElement;
    const view = planViewOf(box, (canvas.clientWidth || 1) / (canvas.clientHeight || 1), floor);
    const ortho = this.ortho ?? new THREE.OrthographicCamera();
    ortho.left = -view.halfWidth;
    ortho.right = view.halfWidth;
    ortho.top = view.halfHeight;
    ortho.bottom = -view.halfHeight;
    ortho.near = view.near;
    ortho.far = view.far;
    ortho.zoom = 1;
    ortho.position.set(...view.position);
    // Looking straight down with north (-Z) at the top of the screen.
    ortho.up.set(0, 0, -1);
    ortho.lookAt(...view.target);
    ortho.updateProjectionMatrix();
    this.ortho = ortho;
    this.planCut = { id: 'plan', point: [0, view.cutY, 0], normal: [0, -1, 0] };
    engine.controls.target.set(...view.target);
    engine.controls.enableRotate = false;
    engine.setViewCamera(ortho);
    this.applyClipping();
    engine.controls.dispatchEvent({ type: 'change' });
  }

  get inPlanView(): boolean {
    return this.ortho !== null;
  }

  /**
   * First-person navigation: W/A/S/D (or the arrow keys) walk level, Q/E (or Page Up/Down) rise and sink, Shift
   * walks faster, a drag of the mouse looks around, Escape leaves. The orbit controls rest meanwhile; on leaving,
   * their target is put ahead of the camera.
   */
  startWalking(): void {
    if (this.walking) return;
    this.setPlanView(null);
    const engine = this.engine;
    const camera = engine.camera;
    const canvas = engine.renderer.domElement;
    const direction = camera.getWorldDirection(new THREE.Vector3());
    const { yaw, pitch } = yawPitchOf(vec(direction));
    const bounds = new THREE.Box3();
    for (const model of engine.loadedModels.values()) bounds.union(model.box);
    const size = bounds.isEmpty() ? 10 : bounds.getSize(new THREE.Vector3()).length();
    engine.controls.enabled = false;
    const keys: WalkKeys = { forward: false, back: false, left: false, right: false, up: false, down: false };
    const codes: Record<string, keyof WalkKeys> = {
      KeyW: 'forward',
      ArrowUp: 'forward',
      KeyS: 'back',
      ArrowDown: 'back',
      KeyA: 'left',
      KeyD: 'right',
      KeyQ: 'up',
      PageUp: 'up',
      KeyE: 'down',
      PageDown: 'down',
    };
    const typing = (e: KeyboardEvent) =>
      e.target instanceof HTMLElement &&
      (e.target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName));
    const onKeyDown = (e: KeyboardEvent) => {
      if (!this.walking || typing(e)) return;
      if (e.key === 'Escape') {
        this.stopWalking();
        this.onWalkEnded?.();
        return;
      }
      // The left and right arrows turn (keyboard look); the other keys walk.
      if (e.code === 'ArrowLeft' || e.code === 'ArrowRight') {
        this.walking.yaw += e.code === 'ArrowLeft' ? 0.08 : -0.08;
        this.look();
        e.preventDefault();
        return;
      }
      const key = codes[e.code];
      if (!key) return;
      e.preventDefault();
      keys[key] = true;
      this.walking.fast = e.shiftKey;
      this.loop();
    };
    const onKeyUp = (e: KeyboardEvent) => {
      const key = codes[e.code];
      if (key) keys[key] = false;
      if (this.walking) this.walking.fast = e.shiftKey;
      if (!Object.values(keys).some(Boolean)) void engine.refresh();
    };
    let drag: { x: number; y: number } | null = null;
    const onPointerDown = (e: PointerEvent) => {
      drag = { x: e.clientX, y: e.clientY };
    };
    const onPointerMove = (e: PointerEvent) => {
      if (!drag || !this.walking || (e.buttons & 1) === 0) return;
      this.walking.yaw -= (e.clientX - drag.x) * 0.005;
      this.walking.pitch -= (e.clientY - drag.y) * 0.005;
      this.walking.pitch = Math.max(-1.5, Math.min(1.5, this.walking.pitch));
      drag = { x: e.clientX, y: e.clientY };
      this.look();
    };
    const onPointerUp = () => {
      drag = null;
      void engine.refresh();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    canvas.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp);
    this.walking = {
      yaw,
      pitch,
      keys,
      fast: false,
      frame: 0,
      last: 0,
      // Walking pace: 1.5 m/s, faster on a large model (a tenth of its diagonal per second at most).
      speed: Math.max(1.5, size / 10),
      cleanup: () => {
        window.removeEventListener('keydown', onKeyDown);
        window.removeEventListener('keyup', onKeyUp);
        canvas.removeEventListener('pointerdown', onPointerDown);
        window.removeEventListener('pointermove', onPointerMove);
        window.removeEventListener('pointerup', onPointerUp);
      },
    };
    this.look();
  }

  private look(): void {
    const walking = this.walking;
    if (!walking) return;
    const camera = this.engine.camera;
    const dir = lookDirection(walking.yaw, walking.pitch);
    const target = camera.position.clone().add(new THREE.Vector3(...dir));
    camera.up.set(0, 1, 0);
    camera.lookAt(target);
    this.engine.controls.target.copy(target);
    // The tools' overlay and the render follow the controls' change event.
    this.engine.controls.dispatchEvent({ type: 'change' });
    this.engine.onCameraChanged?.(this.engine.getCamera());
  }

  private loop(): void {
    const walking = this.walking;
    if (!walking || walking.frame) return;
    walking.last = performance.now();
    const step = (now: number) => {
      const w = this.walking;
      if (!w) return;
      w.frame = 0;
      if (!Object.values(w.keys).some(Boolean)) return;
      const seconds = Math.min(0.1, (now - w.last) / 1000);
      w.last = now;
      const move = walkStep(w.keys, w.yaw, w.speed * (w.fast ? 4 : 1) * seconds);
      this.engine.camera.position.add(new THREE.Vector3(...move));
      this.look();
      w.frame = requestAnimationFrame(step);
    };
    walking.frame = requestAnimationFrame(step);
  }

  stopWalking(): void {
    const walking = this.walking;
    if (!walking) return;
    this.walking = null;
    if (walking.frame) cancelAnimationFrame(walking.frame);
    walking.cleanup();
    const engine = this.engine;
    const dir = lookDirection(walking.yaw, walking.pitch);
    engine.controls.target.copy(engine.camera.position).addScaledVector(new THREE.Vector3(...dir), 5);
    engine.controls.enabled = true;
    engine.controls.update();
    void engine.refresh();
    engine.onCameraChanged?.(engine.getCamera());
  }

  get isWalking(): boolean {
    return this.walking !== null;
  }

  /** Leaves the plan view and first-person navigation and removes the cuts (the viewer closes). */
  dispose(): void {
    this.stopWalking();
    this.sections = [];
    this.planCut = null;
    this.ortho = null;
  }
}
