import { effectiveSearch, matchesSearch } from '@obra/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call } from '../projects/project-test-kit.ts';
import type { TestUser } from '../support/factories.ts';
import { buildIssueWorld, draft, type IssueWorld } from './issue-test-kit.ts';

// Spec core §5: every word (and quoted phrase) matches the code, title, description, an image title or a
// code-document reference. getIssues answers in SQL; the web list answers with the domain's rule over what the
// list loads (imageTitles, ccodeDocumentsReferences). Both must give the same issues for every search.

let t: TestServer;
let w: IssueWorld;

const CREATE = `mutation($projectId: Int!, $title: String, $description: String, $status: String, $priority: String,
  $visibility: String, $disciplines: [IssueDisciplineInput!], $pin: JSON, $images: [IssueImageInput!],
  $ccodeDocumentsReferences: [IssueCcodeDocumentReferenceInput!]) {
  createIssue(projectId: $projectId, title: $title, description: $description, status: $status,
    priority: $priority, visibility: $visibility, disciplines: $disciplines, pin: $pin, images: $images,
    ccodeDocumentsReferences: $ccodeDocumentsReferences) { id } }`;

const LIST = `query($projectId: Int!, $filter: JSON) { getIssues(projectId: $projectId, first: 500, filter: $filter) {
  issues { id code title description imageTitles ccodeDocumentsReferences { title rev } } } }`;

interface Listed {
  id: number;
  code: string;
  title: string;
  description: string | null;
  imageTitles: string[];
  ccodeDocumentsReferences: { title: string | null; rev: string | null }[];
}

async function list(search?: string): Promise<Listed[]> {
  const filter = search === undefined ? {} : { search };
  return (
    await call<{ getIssues: { issues: Listed[] } }>(t, w.creator, LIST, { projectId: w.projectId, filter })
  ).getIssues.issues;
}

const SIGNED_URL = `mutation($projectId: Int!, $filename: String!) {
  createProjectIssueFileUploadSignedUrl(projectId: $projectId, filename: $filename) { url fileId } }`;

/** Uploads a small PNG made here and returns the file id an image refers to. */
async function upload(user: TestUser): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0a080' } })
    .png()
    .toBuffer();
  const { createProjectIssueFileUploadSignedUrl: signed } = await call<{
    createProjectIssueFileUploadSignedUrl: { url: string; fileId: string };
  }>(t, user, SIGNED_URL, { projectId: w.projectId, filename: 'foto.png' });
  const res = await fetch(signed.url, { method: 'PUT', body: new Uint8Array(png) });
  expect(res.ok).toBe(true);
  return signed.fileId;
}

async function create(overrides: Record<string, unknown>): Promise<number> {
  const data = await call<{ createIssue: { id: number } }>(t, w.creator, CREATE, draft(w, overrides));
  return data.createIssue.id;
}

/** The domain's answer over what the list loads, as the web engine reads it. */
function domainIds(all: readonly Listed[], search: string): number[] {
  const query = effectiveSearch(search);
  return all
    .filter(
      (i) =>
        !query ||
        matchesSearch(
          {
            code: i.code,
            title: i.title,
            description: i.description,
            imageTitles: i.imageTitles,
            documentReferences: i.ccodeDocumentsReferences,
          },
          query,
        ),
    )
    .map((i) => i.id)
    .sort((a, b) => a - b);
}

const CASES = [
  'sotao',
  'SÓTÃO forro',
  '"forro quebrado"',
  '"quebrado forro"',
  'NBR',
  '9050 acessibilidade',
  'rev-03',
  'infiltracao',
  'laje planta',
  'viga',
  'planta',
  'x',
  'zz',
  '100%',
  'a_b',
  '""',
  '   ',
  '"nbr 9050" viga',
];

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  const photo = await upload(w.creator);
  const plan = await upload(w.creator);
  await create({
    title: 'Infiltração na laje',
    description: 'Mancha de água',
    images: [{ title: 'Forro quebrado no sótão', original: photo }],
  });
  await create({
    title: 'Rampa fora de norma',
    description: null,
    ccodeDocumentsReferences: [{ title: 'NBR 9050 Acessibilidade', rev: 'REV-03' }],
  });
  await create({
    title: 'Viga interfere com duto',
    images: [{ title: 'Planta baixa', original: plan }],
    ccodeDocumentsReferences: [{ title: 'NBR 6118', rev: null }],
  });
  await create({ title: 'Duto sem isolamento', description: 'a_b 100% x' });
});
afterAll(async () => {
  await t.close();
});

describe('search: getIssues and the domain rule give the same answers', () => {
  it('finds image titles and code-document references on both sides', async () => {
    const all = await list();
    expect(all).toHaveLength(4);
    const byTitle = (title: string) => all.find((i) => i.title === title)?.id;
    expect((await list('sotao')).map((i) => i.id)).toEqual([byTitle('Infiltração na laje')]);
    expect(domainIds(all, 'sotao')).toEqual([byTitle('Infiltração na laje')]);
    expect((await list('rev-03')).map((i) => i.id)).toEqual([byTitle('Rampa fora de norma')]);
    expect(domainIds(all, 'rev-03')).toEqual([byTitle('Rampa fora de norma')]);
  });

  it.each(CASES)('search %j', async (search) => {
    const all = await list();
    const server = (await list(search)).map((i) => i.id).sort((a, b) => a - b);
    expect(server).toEqual(domainIds(all, search));
  });
});
