import PDFDocument from 'pdfkit';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';

/** A PDF whose pages hold the given texts (one string a page), written by pdfkit in the test. */
export function textPdf(pages: readonly string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, autoFirstPage: false });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const text of pages) {
    doc.addPage();
    if (text) doc.fontSize(11).text(text);
    else doc.rect(100, 100, 200, 100).stroke();
  }
  doc.end();
  return done;
}

export interface Source {
  area: string;
  fileId: number;
  documentId: number;
  documentName: string;
  revisionName: string;
  status: string | null;
  state: string;
  passageCount: number;
}

export interface Passage {
  area: string;
  fileId: number;
  documentId: number;
  documentName: string;
  revisionName: string;
  pageNumber: number;
  text: string;
}

export const SOURCES = `query($p: Int!) { smartDocsSources(projectId: $p) {
  area fileId documentId documentName revisionName status state passageCount } }`;
export const SEARCH = `query($i: SmartDocsQuestionInput!) { smartDocsSearch(input: $i) {
  area fileId documentId documentName revisionName pageNumber text } }`;
export const ANSWER = `subscription($i: SmartDocsQuestionInput!) { smartDocsAnswer(input: $i) {
  kind text code passages { area fileId documentName revisionName pageNumber text } } }`;

export async function sources(t: TestServer, user: TestUser, projectId: number): Promise<Source[]> {
  return (await call<{ smartDocsSources: Source[] }>(t, user, SOURCES, { p: projectId })).smartDocsSources;
}

export async function search(
  t: TestServer,
  user: TestUser,
  input: { projectId: number; fileIds?: number[]; disciplineIds?: number[]; question: string },
): Promise<Passage[]> {
  return (await call<{ smartDocsSearch: Passage[] }>(t, user, SEARCH, { i: input })).smartDocsSearch;
}

/** Waits until the owner's sources list every given revision in a settled state (indexed or unable). */
export async function settled(
  t: TestServer,
  user: TestUser,
  projectId: number,
  fileIds: readonly number[],
): Promise<Source[]> {
  for (let i = 0; i < 600; i++) {
    const list = await sources(t, user, projectId);
    const mine = fileIds.map((id) => list.find((s) => s.fileId === id));
    if (mine.every((s) => s && s.state !== 'pending')) return list;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Smart Docs sources still pending');
}
