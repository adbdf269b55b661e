import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { getIssue } from '../issues/list/issue-query-service.ts';
import { issueCommentViews } from '../issues/comments/issue-comment-query-service.ts';
import { projectUsersOf } from '../projects/project-query-service.ts';
import { listFiles } from '../drive/drive-file-service.ts';
import { searchSmartDocs, smartDocsSources } from '../smart-docs/smart-docs-service.ts';
import type { AiToolSpec } from './ai-provider.ts';
import { documentLink, int, projectsOf, str, summary, type Args } from './ai-tool-kit.ts';

// The assistant's reading tools of issue 31 item 3: a thread to summarise (the tool returns the data; the model
// writes the summary) and the drive documents the user may see. Both run as the user through the services the API
// uses: getIssue and the comment reads (their visibility in SQL), the drive's own list (its visibility SQL and its
// search of names and PDF page text) and Smart Docs' retrieval (the same visibility inside its statement).

/** Most comments and history entries of a thread sent to the model (the latest ones). */
const THREAD_LIMIT = 60;
/** Most documents one search returns per project. */
const DOCUMENTS_LIMIT = 20;
/** Most indexed revisions Smart Docs searches for one question (the newest visible revision of each document). */
const SOURCES_LIMIT = 500;

export const AI_READ_TOOLS: readonly AiToolSpec[] = [
  {
    name: 'summarize_thread',
    description:
      "An issue's description, comments and history (what changed, who, when) that the user may see, compactly, for you to summarise: what was asked, what was answered, what is still open and who owes the next step.",
    parameters: {
      type: 'object',
      properties: { projectId: { type: 'integer' }, issueId: { type: 'integer' } },
      required: ['projectId', 'issueId'],
      additionalProperties: false,
    },
  },
  {
    name: 'find_documents',
    description:
      'Finds drive documents the user may see by words of their name or number, or of their text (a quoted sentence too), and the best passages of indexed PDFs with their page. Each has a link that opens the document viewer (on the page for a passage).',
    parameters: {
      type: 'object',
      properties: {
        projectId: { type: 'integer', description: "Leave out for all of the user's projects." },
        text: { type: 'string', description: 'A name, a number or words of the text.' },
      },
      required: ['text'],
      additionalProperties: false,
    },
  },
];

function clip(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function compact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return clip(text, 200);
}

/** summarize_thread: the issue, its comments and its history as the user sees them. */
export async function summarizeThread(services: AppServices, actor: Actor, args: Args) {
  const projectId = int(args, 'projectId');
  const issueId = int(args, 'issueId');
  if (projectId === undefined || issueId === undefined)
    return { error: 'projectId and issueId are required' };
  const { access, view, history } = await getIssue(services, actor, projectId, issueId);
  const comments = await issueCommentViews(services, access, issueId, view.row.visibility);
  const people = new Map<number, string>();
  for (const u of await projectUsersOf(services, actor, projectId))
    people.set(u.id, [u.name, u.lastName].filter(Boolean).join(' ') || u.email);
  const who = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  const shown = comments.filter((c) => c.showMessage);
  return {
    ...summary(view),
    description: clip(view.row.description, 2000),
    createdAt: view.row.createdAt.toISOString(),
    createdBy: who(view.row.createdByUserId),
    comments: shown.slice(-THREAD_LIMIT).map((c) => ({
      by: who(c.row.createdByUserId),
      at: c.row.createdAt.toISOString(),
      message: clip(c.row.message, 1000),
    })),
    history: history.slice(-THREAD_LIMIT).map((h) => ({
      by: who(h.userId),
      at: h.createdAt.toISOString(),
      changes: Object.fromEntries(
        Object.entries((h.fields ?? {}) as Record<string, { old?: unknown; new?: unknown } | null>).map(
          ([field, change]) => [field, { old: compact(change?.old), new: compact(change?.new) }],
        ),
      ),
    })),
    ...(shown.length > THREAD_LIMIT || history.length > THREAD_LIMIT ? { olderLeftOut: true } : {}),
  };
}

/** The best passages of the indexed documents of a project the user sees, by Smart Docs' retrieval. */
async function passagesOf(services: AppServices, actor: Actor, projectId: number, text: string) {
  const sources = await smartDocsSources(services, actor, projectId);
  const fileIds = sources
    .filter((s) => s.state === 'indexed')
    .map((s) => s.fileId)
    .slice(0, SOURCES_LIMIT);
  if (fileIds.length === 0) return [];
  const hits = await searchSmartDocs(services, actor, { projectId, fileIds, question: text });
  return hits.map((p) => ({
    documentId: p.documentId,
    name: p.documentName,
    revision: p.revisionName,
    page: p.pageNumber,
    text: clip(p.text, 400),
    link: documentLink(projectId, p.documentId, { revision: p.revisionName, page: p.pageNumber }),
  }));
}

/** find_documents: the drive's own list and search, then Smart Docs' passages, per project the user sees. */
export async function findDocuments(services: AppServices, actor: Actor, args: Args) {
  const text = str(args, 'text')?.slice(0, 500);
  if (!text) return { error: 'text is required' };
  const documents: unknown[] = [];
  const passages: unknown[] = [];
  let truncated = false;
  for (const project of await projectsOf(services, actor, args)) {
    try {
      const page = await listFiles(services, actor, {
        projectId: project.id,
        page: 1,
        pageSize: DOCUMENTS_LIMIT,
        sort: 'updatedAt',
        order: 'desc',
        filters: { search: text },
        origin: '',
      });
      truncated ||= page.total > page.files.length;
      documents.push(
        ...page.files.map((f) => ({
          projectId: project.id,
          documentId: f.documentId,
          fileId: f.id,
          name: f.documentName,
          fileName: f.fileName,
          revision: f.revisionName,
          status: f.status,
          link: documentLink(project.id, f.documentId, { revision: f.revisionName }),
        })),
      );
      passages.push(...(await passagesOf(services, actor, project.id, text)));
    } catch (error) {
      // A project whose drive the user may not read (a platform admin's) simply has no documents for them.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { documents, passages, ...(truncated ? { truncated: true } : {}) };
}
