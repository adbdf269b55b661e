// The interactions the editor benchmarks drive, and the frame recorder they share (editor-frames.ts measures,
// editor-profile.ts traces the same interactions to find what fills the slow frames).
import type { Page } from '@playwright/test';

export const BUDGET_MS = 33;

export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  over: number;
  /** Every interval in order, for matching a trace's frame marks. */
  intervals: number[];
}

// Plain strings: tsx would wrap named functions with a helper that does not exist inside the page. Each tick also
// leaves a performance mark, so a Chromium trace shows where every measured frame begins.
export const START_RECORDING = `(() => {
  window.__frames = [];
  window.__recording = true;
  let last = performance.now();
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    performance.mark('bench-frame');
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => { last = now; performance.mark('bench-frame'); requestAnimationFrame(tick); });
})()`;
export const STOP_RECORDING = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
  window.__recording = false;
  resolve(window.__frames);
})))`;

export function summarise(frames: readonly number[]): FrameStats {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    frames: frames.length,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted[sorted.length - 1] ?? 0,
    over: frames.filter((f) => f > BUDGET_MS).length,
    intervals: [...frames],
  };
}

/** Starts recording rAF intervals in the page; the returned function stops and summarises them. */
async function recordFrames(page: Page): Promise<() => Promise<FrameStats>> {
  await page.evaluate(START_RECORDING);
  return async () => summarise((await page.evaluate(STOP_RECORDING)) as number[]);
}

async function stageBox(page: Page) {
  const box = await page.getByTestId('markup-editor').locator('.konvajs-content').boundingBox();
  if (!box) throw new Error('no stage');
  return box;
}

async function pan(page: Page): Promise<FrameStats> {
  const box = await stageBox(page);
  await page.keyboard.press('h');
  const stop = await recordFrames(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < 120; i += 1) {
    await page.mouse.move(cx + Math.sin(i / 10) * 250, cy + Math.cos(i / 10) * 150);
    await page.waitForTimeout(8);
  }
  await page.mouse.up();
  return stop();
}

async function dragShape(page: Page): Promise<FrameStats> {
  await page.getByRole('button', { name: 'Zoom to fit' }).click();
  const box = await stageBox(page);
  await page.keyboard.press('r');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y + 40, { steps: 3 });
  await page.mouse.up();
  await page.keyboard.press('v');
  const stop = await recordFrames(page);
  await page.mouse.move(x + 2, y + 10);
  await page.mouse.down();
  for (let i = 0; i < 120; i += 1) {
    await page.mouse.move(x + Math.sin(i / 10) * 200, y + Math.cos(i / 10) * 120);
    await page.waitForTimeout(8);
  }
  await page.mouse.up();
  return stop();
}

async function wheelZoom(page: Page): Promise<FrameStats> {
  const box = await stageBox(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const stop = await recordFrames(page);
  for (let i = 0; i < 120; i += 1) {
    await page.mouse.wheel(0, i < 60 ? -20 : 20);
    await page.waitForTimeout(8);
  }
  return stop();
}

async function sliderZoom(page: Page): Promise<FrameStats> {
  const slider = page.getByRole('slider');
  await slider.focus();
  const stop = await recordFrames(page);
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press(i < 30 ? 'ArrowRight' : 'ArrowLeft');
    await page.waitForTimeout(8);
  }
  return stop();
}

export interface Interaction {
  readonly key: string;
  readonly name: string;
  readonly run: (page: Page) => Promise<FrameStats>;
}

/** In this order: each starts from the view the previous one left, as a person working would. */
export const INTERACTIONS: readonly Interaction[] = [
  { key: 'pan', name: 'Pan (drag the view)', run: pan },
  { key: 'drag', name: 'Drag a shape (select tool)', run: dragShape },
  { key: 'wheel', name: 'Wheel zoom', run: wheelZoom },
  { key: 'slider', name: 'Slider zoom', run: sliderZoom },
];

/** Opens the showroom editor and waits until the drawing and the shapes are on screen. */
export async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Zoom to fit' }).waitFor();
  await page.waitForTimeout(1500);
}
