import { AppError, PRIORITIES, type Priority } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { getIssue } from '../issues/list/issue-query-service.ts';
import { loadForWrite, loadProjectAccess } from '../projects/project-access.ts';
import { listDisciplines, listDisciplineStatuses } from '../projects/project-settings-repository.ts';
import { listTree } from '../projects/project-tree-repository.ts';
import type { IssueView } from '../issues/issue-repository.ts';
import type { AiToolSpec } from './ai-provider.ts';
import {
  byName,
  date,
  filterOf,
  int,
  ints,
  issueLink,
  str,
  strings,
  visibleIssues,
  type Args,
} from './ai-tool-kit.ts';

// The assistant's drafts of an issue and of a bulk change (issue 31 item 3). A tool only returns a draft, read as
// the user; nothing is written. The page shows it as a card, and only the user's confirmation applies it, through
// the normal creation and bulk update (confirmAiIssueDraft, confirmAiBulkChange in ai-chat-service.ts).

/** Most issues one drafted bulk change lists. */
export const BULK_DRAFT_LIMIT = 100;

/** A discipline of a draft, with its names for the card. */
export interface AiDraftDiscipline {
  disciplineId: number;
  name: string;
  abbreviation: string;
  status: string;
  deadline: string | null;
}

/** A location or label of a draft, with its name. */
export interface AiDraftItem {
  id: number;
  name: string;
}

/** An issue the assistant proposes; the user completes (location pin) and creates it in the page. */
export interface AiIssueDraft {
  projectId: number;
  projectName: string;
  title: string;
  description: string | null;
  priority: Priority;
  deadline: string | null;
  disciplines: AiDraftDiscipline[];
  locals: AiDraftItem[];
  labels: AiDraftItem[];
  /** The project's discipline statuses that may be chosen (switched on). */
  statuses: string[];
}

/** A change of many issues the assistant proposes; the user confirms it in the page. */
export interface AiBulkDraft {
  projectId: number;
  projectName: string;
  issues: { id: number; code: string; title: string; link: string }[];
  deadline: string | null;
  clearDeadline: boolean;
  priority: Priority | null;
  disciplines: AiDraftDiscipline[];
  addLabels: AiDraftItem[];
  removeLabels: AiDraftItem[];
}

const disciplinesParam = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      discipline: { type: 'string', description: 'Abbreviation or name of a discipline of the project.' },
      status: {
        type: 'string',
        description: "The discipline's responsibility status, e.g. todo, doing, active, done.",
      },
      deadline: { type: 'string', description: "YYYY-MM-DD: this discipline's deadline." },
    },
    required: ['discipline'],
    additionalProperties: false,
  },
};

const priorityParam = { type: 'string', enum: PRIORITIES.map((p) => p.key) };

export const AI_DRAFT_TOOLS: readonly AiToolSpec[] = [
  {
    name: 'draft_issue',
    description:
      'Drafts a new issue for the user. It is NOT created: the page shows it, the user adds the photo with the location pin, edits and creates or discards it. Say so in your answer.',
    parameters: {
      type: 'object',
      properties: {
        projectId: { type: 'integer' },
        title: { type: 'string', description: "Short title, in the user's language." },
        description: { type: 'string', description: 'What, where, who, by when.' },
        disciplines: disciplinesParam,
        deadline: { type: 'string', description: 'YYYY-MM-DD' },
        priority: priorityParam,
        locations: { type: 'array', items: { type: 'string' }, description: 'Names of project locations.' },
        labels: { type: 'array', items: { type: 'string' }, description: 'Names of project labels.' },
      },
      required: ['projectId', 'title'],
      additionalProperties: false,
    },
  },
  {
    name: 'draft_bulk_change',
    description:
      'Drafts one change of many issues (by their ids, or by a search as in search_issues): a deadline, a priority, the status of disciplines, labels added or removed. It is NOT applied: the page lists the issues and the user confirms or discards it. Say so in your answer.',
    parameters: {
      type: 'object',
      properties: {
        projectId: { type: 'integer' },
        issueIds: { type: 'array', items: { type: 'integer' } },
        text: { type: 'string', description: 'Words or a code the issues contain (instead of issueIds).' },
        filter: { type: 'string', enum: ['all', 'actives', 'pendencies', 'latePendencies'] },
        status: { type: 'string', enum: ['active', 'resolved', 'closed', 'draft'] },
        deadlineBefore: { type: 'string', description: 'YYYY-MM-DD' },
        deadline: { type: 'string', description: 'YYYY-MM-DD: the new deadline.' },
        clearDeadline: { type: 'boolean', description: 'Remove the deadline.' },
        priority: priorityParam,
        disciplines: disciplinesParam,
        addLabels: { type: 'array', items: { type: 'string' } },
        removeLabels: { type: 'array', items: { type: 'string' } },
      },
      required: ['projectId'],
      additionalProperties: false,
    },
  },
];

interface ProjectChoices {
  disciplines: { id: number; name: string; abbreviation: string }[];
  statuses: string[];
}

/** The disciplines named by the model, each with a status the project has on (else the first one on). */
function draftDisciplines(
  choices: ProjectChoices,
  wanted: unknown,
  unknown: string[],
  defaultStatus: string | null,
): AiDraftDiscipline[] {
  const found: AiDraftDiscipline[] = [];
  for (const item of Array.isArray(wanted) ? wanted : []) {
    const entry = (item && typeof item === 'object' ? item : { discipline: item }) as Args;
    const name =
      str(entry, 'discipline') ??
      (typeof entry['discipline'] === 'number' ? String(entry['discipline']) : '');
    const discipline = byName(choices.disciplines, name);
    if (!discipline) {
      if (name) unknown.push(name);
      continue;
    }
    if (found.some((d) => d.disciplineId === discipline.id)) continue;
    const asked = str(entry, 'status');
    const status = asked && choices.statuses.includes(asked) ? asked : defaultStatus;
    if (asked && asked !== status) unknown.push(`${name}: ${asked}`);
    if (!status) continue;
    found.push({
      disciplineId: discipline.id,
      name: discipline.name,
      abbreviation: discipline.abbreviation,
      status,
      deadline: date(entry, 'deadline') ?? null,
    });
  }
  return found;
}

async function projectChoices(services: AppServices, projectId: number): Promise<ProjectChoices> {
  const { db } = services.database;
  const [disciplines, statuses] = await Promise.all([
    listDisciplines(db, projectId),
    listDisciplineStatuses(db, projectId),
  ]);
  return {
    disciplines: disciplines.map((d) => ({ id: d.id, name: d.name, abbreviation: d.abbreviation })),
    statuses: statuses.filter((s) => s.active).map((s) => s.key),
  };
}

async function treeItems(
  services: AppServices,
  kind: 'locals' | 'labels',
  projectId: number,
  names: readonly string[],
  unknown: string[],
): Promise<AiDraftItem[]> {
  if (names.length === 0) return [];
  const items = await listTree(services.database.db, kind, projectId);
  const found: AiDraftItem[] = [];
  for (const name of names) {
    const item = byName(items, name);
    if (!item) unknown.push(name);
    else if (!found.some((f) => f.id === item.id)) found.push({ id: item.id, name: item.abbreviationTree });
  }
  return found;
}

function priorityOf(args: Args): Priority | undefined {
  const p = str(args, 'priority');
  return PRIORITIES.find((x) => x.key === p)?.key;
}

/** draft_issue: checked against the user's right to create issues in the project; nothing is written. */
export async function draftIssue(services: AppServices, actor: Actor, args: Args) {
  const projectId = int(args, 'projectId');
  const title = str(args, 'title');
  if (projectId === undefined || !title) return { error: 'projectId and title are required' };
  const access = await loadForWrite(services.database.db, actor, projectId, 'issue.create');
  const choices = await projectChoices(services, projectId);
  const unknown: string[] = [];
  const defaultStatus = choices.statuses.includes('todo') ? 'todo' : (choices.statuses[0] ?? null);
  const draft: AiIssueDraft = {
    projectId,
    projectName: access.project.name,
    title: title.slice(0, 500),
    description: str(args, 'description')?.slice(0, 10_000) ?? null,
    priority: priorityOf(args) ?? 'medium',
    deadline: date(args, 'deadline') ?? null,
    disciplines: draftDisciplines(choices, args['disciplines'], unknown, defaultStatus),
    locals: await treeItems(services, 'locals', projectId, strings(args, 'locations'), unknown),
    labels: await treeItems(services, 'labels', projectId, strings(args, 'labels'), unknown),
    statuses: choices.statuses,
  };
  return {
    draft,
    created: false,
    note: 'Shown to the user, who adds a photo with the location pin, checks it and creates or discards it.',
    ...(unknown.length > 0 ? { notRecognised: unknown } : {}),
    ...(draft.disciplines.length === 0
      ? { missing: 'at least one discipline (the user chooses it in the page)' }
      : {}),
  };
}

/** The issues a bulk draft names: by id, each read as the user (hidden and missing ones are left out alike). */
async function issuesByIds(services: AppServices, actor: Actor, projectId: number, ids: readonly number[]) {
  const views: IssueView[] = [];
  let notFound = 0;
  for (const id of [...new Set(ids)].slice(0, BULK_DRAFT_LIMIT)) {
    try {
      views.push((await getIssue(services, actor, projectId, id)).view);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      notFound += 1;
    }
  }
  return { views, notFound };
}

/** draft_bulk_change: the issues resolved as the user, the change resolved against the project; nothing is written. */
export async function draftBulkChange(services: AppServices, actor: Actor, args: Args) {
  const projectId = int(args, 'projectId');
  if (projectId === undefined) return { error: 'projectId is required' };
  const access = await loadProjectAccess(services.database.db, actor, projectId);
  const ids = ints(args, 'issueIds');
  const byFilter = ['text', 'filter', 'status', 'deadlineBefore'].some((k) => str(args, k) !== undefined);
  if (ids.length === 0 && !byFilter)
    return { error: 'issueIds or a search (text, filter, status) is required' };
  const { views, notFound } =
    ids.length > 0
      ? await issuesByIds(services, actor, projectId, ids)
      : {
          views: await visibleIssues(services, actor, projectId, filterOf(args), BULK_DRAFT_LIMIT),
          notFound: 0,
        };
  if (views.length === 0) return { error: 'no issues found' };
  const choices = await projectChoices(services, projectId);
  const unknown: string[] = [];
  const draft: AiBulkDraft = {
    projectId,
    projectName: access.project.name,
    issues: views.map((v) => ({
      id: v.row.id,
      code: v.row.code,
      title: v.row.title,
      link: issueLink(projectId, v.row.id),
    })),
    deadline: date(args, 'deadline') ?? null,
    clearDeadline: args['clearDeadline'] === true && !date(args, 'deadline'),
    priority: priorityOf(args) ?? null,
    disciplines: draftDisciplines(choices, args['disciplines'], unknown, null),
    addLabels: await treeItems(services, 'labels', projectId, strings(args, 'addLabels'), unknown),
    removeLabels: await treeItems(services, 'labels', projectId, strings(args, 'removeLabels'), unknown),
  };
  const changes =
    Number(draft.deadline !== null) +
    Number(draft.clearDeadline) +
    Number(draft.priority !== null) +
    draft.disciplines.length +
    draft.addLabels.length +
    draft.removeLabels.length;
  if (changes === 0)
    return { error: 'no change recognised', ...(unknown.length > 0 ? { notRecognised: unknown } : {}) };
  return {
    draft,
    applied: false,
    note: 'Shown to the user, who confirms or discards it; each issue then follows the normal rules.',
    ...(notFound > 0 ? { notFound } : {}),
    ...(views.length >= BULK_DRAFT_LIMIT ? { truncatedAt: BULK_DRAFT_LIMIT } : {}),
    ...(unknown.length > 0 ? { notRecognised: unknown } : {}),
  };
}
