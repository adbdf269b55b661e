import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { pdfPages } from '../support/pdf-text.ts';
import { call } from '../projects/project-test-kit.ts';
import { commentAs } from '../issues/comment-test-kit.ts';
import { UPDATE_ISSUE } from '../issues/issue-test-kit.ts';
import { RENDER_PNG, UPDATE_IMAGES, uploadImage } from '../issues/image-test-kit.ts';
import { buildExportWorld, download, WORLD_TITLES, type ExportWorld } from './export-test-kit.ts';

let t: TestServer;
let w: ExportWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildExportWorld(t);
  const issueId = w.issueIds.get(WORLD_TITLES.public);
  const original = await uploadImage(t, w.creator, w.projectId);
  const markedUp = await uploadImage(t, w.creator, w.projectId, RENDER_PNG, 'markup.png');
  await call(t, w.creator, UPDATE_IMAGES, {
    projectId: w.projectId,
    issueId,
    images: [{ title: 'Foto da viga', original, markedUp, index: 0, markUp: { texts: [] } }],
  });
  await commentAs(t, w.creator, w, issueId ?? 0, { message: 'Comentário público visível' });
  await commentAs(t, w.creator, w, issueId ?? 0, {
    message: 'Nota só da coordenação',
    visibility: 'project_management',
  });
  await call(t, w.creator, UPDATE_ISSUE, { projectId: w.projectId, issueId, priority: 'medium' });
});
afterAll(async () => {
  await t.close();
});

async function report(token: string, params: Record<string, string>): Promise<Uint8Array> {
  const response = await download(
    t,
    `/exports/issues-report.pdf?${new URLSearchParams({ projectId: String(w.projectId), ...params }).toString()}`,
    token,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toMatch(/issues-report-\d{4}-\d{2}-\d{2}\.pdf/);
  return new Uint8Array(await response.arrayBuffer());
}

describe('issues report (PDF)', () => {
  it('writes a cover with project, filter and totals, then a page per issue with fields, disciplines, images, comments and history', async () => {
    const bytes = await report(w.creator.token, { comments: 'true', history: 'true', locale: 'pt-BR' });
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(7);
    const cover = pages[0] ?? '';
    expect(cover).toContain('Relatório de apontamentos');
    expect(cover).toContain('Torre Issues');
    expect(cover).toContain('Todos os apontamentos que o usuário pode ver');
    expect(cover).toContain('Apontamentos: 6');
    const issuePage = pages.find((p) => p.includes(WORLD_TITLES.public)) ?? '';
    expect(issuePage).toContain('Torre A / Pavimento 2');
    expect(issuePage).toMatch(/Disciplinas.*Status da disciplina/);
    expect(issuePage).toContain('Foto da viga');
    expect(issuePage).toContain('Comentário público visível');
    expect(issuePage).toContain('Nota só da coordenação');
    expect(issuePage).toMatch(/Histórico.*priority/);
    expect(issuePage).toContain('Página');
    // The image is embedded (the marked-up render).
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Subtype \/Image/);
    for (const title of Object.values(WORLD_TITLES)) expect(pages.join('\n')).toContain(title);
  });

  it('shows a collaborator only what they may see, and follows the filter and the selection', async () => {
    const pages = await pdfPages(await report(w.collaboratorSame.token, { comments: 'true', locale: 'en' }));
    const text = pages.join('\n');
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Issues: 2');
    expect(text).toContain('Comentário público visível');
    expect(text).not.toContain('Nota só da coordenação');
    for (const hidden of [WORLD_TITLES.creator, WORLD_TITLES.group, WORLD_TITLES.project_management])
      expect(text).not.toContain(hidden);
    const filtered = await pdfPages(
      await report(w.creator.token, {
        locale: 'en',
        filter: JSON.stringify({ conditions: [{ field: 'priority', values: ['low'] }] }),
      }),
    );
    expect(filtered).toHaveLength(2);
    expect(filtered[0]).toMatch(/priority: Low/);
    const selected = await pdfPages(
      await report(w.creator.token, { locale: 'en', ids: String(w.issueIds.get(WORLD_TITLES.group)) }),
    );
    expect(selected).toHaveLength(2);
    expect(selected[0]).toContain('Selected issues: 1');
    expect(selected[1]).toContain(WORLD_TITLES.group);
  });

  it('refuses bad options with BAD_USER_INPUT', async () => {
    const response = await download(
      t,
      `/exports/issues-report.pdf?projectId=${w.projectId}&comments=maybe`,
      w.creator.token,
    );
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([
      400,
      'BAD_USER_INPUT',
    ]);
  });
});

/** The report as data (for the web's /issues-report page). */
async function reportData(
  token: string | undefined,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await download(
    t,
    `/exports/issues-report.json?${new URLSearchParams({ projectId: String(w.projectId), ...params }).toString()}`,
    token,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface ReportData {
  projectName: string;
  labels: Record<string, string>;
  filters: string[];
  totals: { total: number; byStatus: { label: string; count: number }[] };
  issues: {
    code: string;
    title: string;
    fields: { label: string; value: string }[];
    disciplines: { abbreviation: string; status: string }[];
    images: { url: string; title: string }[];
    comments: { message: string }[];
  }[];
}

describe('issues report (data for the printable page)', () => {
  it('holds what the PDF holds, in the asked language: cover, fields, disciplines, signed image links, comments', async () => {
    const { status, body } = await reportData(w.creator.token, { comments: 'true', locale: 'pt-BR' });
    expect(status).toBe(200);
    const data = body as unknown as ReportData;
    expect(data.projectName).toBe('Torre Issues');
    expect(data.labels['reportTitle']).toBe('Relatório de apontamentos');
    expect(data.filters).toEqual(['Todos os apontamentos que o usuário pode ver']);
    expect(data.totals.total).toBe(6);
    expect(data.issues.map((i) => i.title).sort()).toEqual(Object.values(WORLD_TITLES).sort());
    const issue = data.issues.find((i) => i.title === WORLD_TITLES.public);
    expect(issue?.fields).toContainEqual({ label: 'Locais', value: 'Torre A / Pavimento 2' });
    expect(issue?.disciplines.length).toBeGreaterThan(0);
    expect(issue?.comments.map((c) => c.message)).toEqual([
      'Comentário público visível',
      'Nota só da coordenação',
    ]);
    // The image link is the marked-up render, fetched without credentials (a signed URL), as the browser prints it.
    expect(issue?.images).toHaveLength(1);
    expect(issue?.images[0]?.title).toBe('Foto da viga');
    const url = new URL(issue?.images[0]?.url ?? '');
    const image = await fetch(new URL(`${url.pathname}${url.search}`, t.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('shows a collaborator only what the list shows them, and follows the filter', async () => {
    const data = (await reportData(w.collaboratorSame.token, { comments: 'true', locale: 'en' }))
      .body as unknown as ReportData;
    expect(data.totals.total).toBe(2);
    expect(data.issues).toHaveLength(2);
    const text = JSON.stringify(data);
    expect(text).toContain('Comentário público visível');
    expect(text).not.toContain('Nota só da coordenação');
    for (const hidden of [WORLD_TITLES.creator, WORLD_TITLES.group, WORLD_TITLES.project_management])
      expect(text).not.toContain(hidden);
    const filtered = (
      await reportData(w.creator.token, {
        locale: 'en',
        filter: JSON.stringify({ conditions: [{ field: 'priority', values: ['low'] }] }),
      })
    ).body as unknown as ReportData;
    expect(filtered.filters).toEqual(['priority: Low']);
    expect(filtered.issues).toHaveLength(1);
    expect(filtered.totals.total).toBe(1);
  });

  it('refuses without credentials and with bad options', async () => {
    expect((await reportData(undefined, {})).body['code']).toBe('UNAUTHENTICATED');
    const bad = await reportData(w.creator.token, { images: 'maybe' });
    expect([bad.status, bad.body['code']]).toEqual([400, 'BAD_USER_INPUT']);
  });
});
