import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { getIssue } from '../issues/list/issue-query-service.ts';
import { issueCommentViews } from '../issues/comments/issue-comment-query-service.ts';
import { projectUsersOf, workspaceProjects } from '../projects/project-query-service.ts';
import type { IssueView } from '../issues/issue-repository.ts';
import type { AiToolSpec } from './ai-provider.ts';
import {
  filterOf,
  int,
  projectsOf,
  SEARCH_LIMIT,
  str,
  summary,
  today,
  visibleIssues,
  type Args,
} from './ai-tool-kit.ts';
import { AI_DRAFT_TOOLS, draftBulkChange, draftIssue } from './ai-draft-tools.ts';
import { AI_READ_TOOLS, findDocuments, summarizeThread } from './ai-read-tools.ts';

export { issueLink } from './ai-tool-kit.ts';
export type { AiBulkDraft, AiIssueDraft } from './ai-draft-tools.ts';

// The assistant's tools (the reading ones of threads and documents in ai-read-tools.ts, the drafts of issues and
// bulk changes in ai-draft-tools.ts). Each runs with the asking user's own identity through the services the API uses
// (getIssues, getIssue, the comment reads, the workspace's projects): what a tool returns is what the user could
// read in the app, never more. Hidden issues and comments are filtered in SQL by those services, and a refused read
// (NOT_FOUND, PROJECT_NOT_FOUND, FORBIDDEN) comes back to the model as "not found", like a missing one.

/** Counting reads at most this many issues per project (4 pages). */
const COUNT_LIMIT = 2000;

const projectIdParam = {
  type: 'integer',
  description: "Id of one project (see list_projects); leave out for all of the user's projects.",
};
const filterParam = {
  type: 'string',
  enum: ['all', 'actives', 'pendencies', 'latePendencies'],
  description:
    "all: every issue; actives: not closed; pendencies: issues waiting on the user's disciplines; latePendencies: those past their deadline.",
};

/** The tools offered to the model, with their JSON Schema parameters. */
export const AI_TOOLS: readonly AiToolSpec[] = [
  {
    name: 'list_projects',
    description: 'The projects the user takes part in: id and name.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'search_issues',
    description:
      'Finds issues the user may see by words of their code, title or description, a standard filter, a status and a deadline range. Each result has a link to open it.',
    parameters: {
      type: 'object',
      properties: {
        projectId: projectIdParam,
        text: { type: 'string', description: 'Words or a code to look for.' },
        filter: filterParam,
        status: { type: 'string', enum: ['active', 'resolved', 'closed', 'draft'] },
        deadlineBefore: { type: 'string', description: 'YYYY-MM-DD: deadline on or before this day.' },
      },
      additionalProperties: false,
    },
  },
  {
    name: 'count_issues',
    description:
      'Counts the issues the user may see, grouped by status, discipline, company (of the author) or deadline (late, this week, later, none).',
    parameters: {
      type: 'object',
      properties: {
        projectId: projectIdParam,
        by: { type: 'string', enum: ['status', 'discipline', 'company', 'deadline'] },
        filter: filterParam,
      },
      required: ['by'],
      additionalProperties: false,
    },
  },
  {
    name: 'read_issue',
    description: 'One issue with its disciplines, deadline and the comments the user may see.',
    parameters: {
      type: 'object',
      properties: { projectId: { type: 'integer' }, issueId: { type: 'integer' } },
      required: ['projectId', 'issueId'],
      additionalProperties: false,
    },
  },
  {
    name: 'draft_comment',
    description:
      'Drafts a comment on an issue for the user. It is NOT posted: the page shows it and the user confirms, edits or discards it. Say so in your answer.',
    parameters: {
      type: 'object',
      properties: {
        projectId: { type: 'integer' },
        issueId: { type: 'integer' },
        message: { type: 'string', description: "The comment, in the user's language." },
      },
      required: ['projectId', 'issueId', 'message'],
      additionalProperties: false,
    },
  },
  {
    name: 'my_pending_items',
    description:
      "The issues waiting on the user (their disciplines' pendencies) in every project, late ones first.",
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  ...AI_READ_TOOLS,
  ...AI_DRAFT_TOOLS,
];

function deadlineBucket(view: IssueView): string {
  const d = view.row.deadline;
  if (!d) return 'none';
  const now = today();
  if (d < now) return 'late';
  const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return d <= week ? 'thisWeek' : 'later';
}

async function countIssues(services: AppServices, actor: Actor, args: Args) {
  const by = str(args, 'by') ?? 'status';
  const counts: Record<string, number> = {};
  let total = 0;
  for (const project of await projectsOf(services, actor, args)) {
    const views = await visibleIssues(services, actor, project.id, filterOf(args), COUNT_LIMIT);
    const companyOf = new Map<number, string>();
    if (by === 'company')
      for (const u of await projectUsersOf(services, actor, project.id))
        companyOf.set(u.id, u.company?.name ?? '—');
    for (const view of views) {
      total += 1;
      const keys =
        by === 'discipline'
          ? view.disciplines.map((d) => d.discipline?.abbreviation ?? '—')
          : by === 'company'
            ? [companyOf.get(view.row.createdByUserId) ?? '—']
            : by === 'deadline'
              ? [deadlineBucket(view)]
              : [view.row.status];
      for (const key of keys.length > 0 ? keys : ['—']) counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return { by, total, counts };
}

async function searchIssues(services: AppServices, actor: Actor, args: Args) {
  const results: ReturnType<typeof summary>[] = [];
  for (const project of await projectsOf(services, actor, args)) {
    if (results.length >= SEARCH_LIMIT) break;
    const views = await visibleIssues(
      services,
      actor,
      project.id,
      filterOf(args),
      SEARCH_LIMIT - results.length,
    );
    results.push(...views.map(summary));
  }
  return { issues: results, truncated: results.length >= SEARCH_LIMIT };
}

async function readIssue(services: AppServices, actor: Actor, args: Args) {
  const projectId = int(args, 'projectId');
  const issueId = int(args, 'issueId');
  if (projectId === undefined || issueId === undefined)
    return { error: 'projectId and issueId are required' };
  const { access, view } = await getIssue(services, actor, projectId, issueId);
  const comments = await issueCommentViews(services, access, issueId, view.row.visibility);
  return {
    ...summary(view),
    description: view.row.description,
    createdAt: view.row.createdAt.toISOString(),
    comments: comments
      .filter((c) => c.showMessage)
      .map((c) => {
        const author = c.users.get(c.row.createdByUserId);
        return {
          author: author ? [author.name, author.lastName].filter(Boolean).join(' ') || author.email : null,
          at: c.row.createdAt.toISOString(),
          message: c.row.message,
        };
      }),
  };
}

/** A comment the assistant proposes; the user confirms it in the page (confirmAiCommentDraft). */
export interface AiCommentDraft {
  projectId: number;
  issueId: number;
  code: string;
  message: string;
}

async function draftComment(services: AppServices, actor: Actor, args: Args) {
  const projectId = int(args, 'projectId');
  const issueId = int(args, 'issueId');
  const message = str(args, 'message');
  if (projectId === undefined || issueId === undefined || !message)
    return { error: 'projectId, issueId and message are required' };
  // Only an issue the user sees may get a draft (the confirmation checks the comment rights again).
  const { view } = await getIssue(services, actor, projectId, issueId);
  const draft: AiCommentDraft = { projectId, issueId, code: view.row.code, message: message.slice(0, 5000) };
  return { draft, posted: false, note: 'Shown to the user, who confirms or discards it.' };
}

async function myPendingItems(services: AppServices, actor: Actor) {
  const results: ReturnType<typeof summary>[] = [];
  for (const project of await workspaceProjects(services, actor)) {
    const views = await visibleIssues(services, actor, project.id, { standard: 'pendencies' }, SEARCH_LIMIT);
    results.push(...views.map(summary));
  }
  results.sort(
    (a, b) => Number(b.late) - Number(a.late) || (a.deadline ?? '9').localeCompare(b.deadline ?? '9'),
  );
  return { issues: results.slice(0, SEARCH_LIMIT), total: results.length };
}

/**
 * Runs one tool call as the user and returns its JSON answer for the model. Arguments that are not JSON, an
 * unknown tool and anything the services refuse come back as an error text (the model may try otherwise).
 */
export async function runAiTool(
  services: AppServices,
  actor: Actor,
  name: string,
  rawArguments: string,
): Promise<string> {
  let args: Args;
  try {
    const parsed = JSON.parse(rawArguments || '{}') as unknown;
    args = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Args) : {};
  } catch {
    return JSON.stringify({ error: 'arguments are not JSON' });
  }
  try {
    switch (name) {
      case 'list_projects':
        return JSON.stringify({
          projects: (await workspaceProjects(services, actor)).map((p) => ({ id: p.id, name: p.name })),
        });
      case 'search_issues':
        return JSON.stringify(await searchIssues(services, actor, args));
      case 'count_issues':
        return JSON.stringify(await countIssues(services, actor, args));
      case 'read_issue':
        return JSON.stringify(await readIssue(services, actor, args));
      case 'draft_comment':
        return JSON.stringify(await draftComment(services, actor, args));
      case 'my_pending_items':
        return JSON.stringify(await myPendingItems(services, actor));
      case 'summarize_thread':
        return JSON.stringify(await summarizeThread(services, actor, args));
      case 'find_documents':
        return JSON.stringify(await findDocuments(services, actor, args));
      case 'draft_issue':
        return JSON.stringify(await draftIssue(services, actor, args));
      case 'draft_bulk_change':
        return JSON.stringify(await draftBulkChange(services, actor, args));
      default:
        return JSON.stringify({ error: `no tool ${name}` });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A refused read looks exactly like a missing one: the model learns nothing of what the user may not see.
    const hidden = ['NOT_FOUND', 'PROJECT_NOT_FOUND', 'FORBIDDEN'].includes(error.code);
    return JSON.stringify({ error: hidden ? 'not found' : error.code });
  }
}
