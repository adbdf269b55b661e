import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures.ts';
import type { Person } from './issue-view-helpers.ts';

/**
 * Chromium for the BIM journeys: the viewer needs WebGL2, which headless Chromium gives through SwiftShader; the
 * suite's --disable-gpu switches it off, so these files launch Chromium with the same arguments without it
 * (`test.use({ launchOptions: WEBGL_LAUNCH_OPTIONS })`).
 */
export const WEBGL_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ],
};

/** The viewer's camera as its canvas shows it (`data-camera`). */
export interface Camera {
  position: [number, number, number];
  target: [number, number, number];
}

/**
 * How far apart two cameras are: the larger of their positions' distance (model metres) and their view directions'
 * difference (unit vectors). BCF keeps no orbit target, so targets are compared by direction only.
 */
export function cameraDistance(a: Camera | null, b: Camera | null): number {
  if (!a || !b) return Number.POSITIVE_INFINITY;
  const d = (p: number[], q: number[]) => Math.hypot(...p.map((v, i) => v - (q[i] ?? 0)));
  const direction = (c: Camera) => {
    const v = c.target.map((t, i) => t - (c.position[i] ?? 0));
    const n = Math.hypot(...v) || 1;
    return v.map((x) => x / n);
  };
  return Math.max(d(a.position, b.position), d(direction(a), direction(b)));
}

/** Uploads a drive file through the REST API (create, PUT the bytes, confirm) and returns its id. */
export async function uploadByApi(
  request: APIRequestContext,
  who: Person,
  projectId: number,
  fileName: string,
  bytes: Buffer,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const headers = { authorization: `Bearer ${who.token}` };
  const created = await request.post(`/project-drive/projects/${projectId}/files`, {
    headers,
    data: { fileName, fileSize: bytes.length, ...fields },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as {
    file: { id: number };
    upload: { url: string; headers: Record<string, string> };
  };
  const put = await request.put(body.upload.url, { data: bytes, headers: body.upload.headers });
  expect(put.status()).toBe(200);
  const confirmed = await request.patch(
    `/project-drive/projects/${projectId}/files/${body.file.id}/confirm-upload`,
    { headers },
  );
  expect(confirmed.status()).toBe(200);
  return body.file.id;
}

/** Uploads an IFC through the drive's REST API and waits for its conversion; answers its file and document. */
export async function convertedModel(
  request: APIRequestContext,
  who: Person,
  projectId: number,
  file: string,
): Promise<{ fileId: number; documentId: number }> {
  const headers = { authorization: `Bearer ${who.token}` };
  const fileId = await uploadByApi(request, who, projectId, path.basename(file), fs.readFileSync(file));
  let model: { processingState: string; documentId: number } | null = null;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/bim/projects/${projectId}/models/${fileId}`, { headers });
        model = (await answer.json()) as { processingState: string; documentId: number };
        return model.processingState;
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe('success');
  return { fileId, documentId: model!.documentId };
}
