import type { IssueFilter } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { getIssues } from '../issues/list/issue-query-service.ts';
import { workspaceProjects } from '../projects/project-query-service.ts';
import type { IssueView } from '../issues/issue-repository.ts';

// What the assistant's tools share: reading the model's arguments, the links they give, an issue's summary, and
// the issues of a project through the list's own service (its visibility and filter).

/** At most this many issues go back to the model from one search (the count tool counts them all). */
export const SEARCH_LIMIT = 30;

export type Args = Record<string, unknown>;

export function int(args: Args, key: string): number | undefined {
  const v = args[key];
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

export function str(args: Args, key: string): string | undefined {
  const v = args[key];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** A list of whole numbers (anything else in it is left out). */
export function ints(args: Args, key: string): number[] {
  const v = args[key];
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)) : [];
}

/** A list of non-blank texts (numbers are taken as their text: the model may name an item by its id). */
export function strings(args: Args, key: string): string[] {
  const v = args[key];
  if (!Array.isArray(v)) return [];
  return v
    .map((x) => (typeof x === 'number' ? String(x) : typeof x === 'string' ? x.trim() : ''))
    .filter((x) => x !== '');
}

/** A calendar date YYYY-MM-DD, or undefined. */
export function date(args: Args, key: string): string | undefined {
  const v = str(args, key);
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
}

/** The address of an issue in the web app, relative to its origin. */
export function issueLink(projectId: number, issueId: number): string {
  return `/workspace/project/${projectId}/issues/${issueId}`;
}

/** The address of a drive document in the viewer (a revision, a page), relative to the web app's origin. */
export function documentLink(
  projectId: number,
  documentId: number,
  at: { revision?: string | undefined; page?: number | undefined } = {},
): string {
  const query = new URLSearchParams();
  if (at.revision) query.set('revision', at.revision);
  if (at.page && at.page > 1) query.set('page', String(at.page));
  const search = query.toString();
  return `/workspace/project/${projectId}/drive/documents/${documentId}${search ? `?${search}` : ''}`;
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** An issue as the assistant's tools answer it: its row's main fields, whether it is late, its disciplines, its link. */
export function summary(view: IssueView) {
  const { id, projectId, code, title, status, priority, deadline } = view.row;
  return {
    id,
    projectId,
    code,
    title,
    status,
    priority,
    deadline,
    late: deadline !== null && deadline < today() && status !== 'closed',
    disciplines: view.disciplines.map((d) => d.discipline?.abbreviation ?? '').filter(Boolean),
    link: issueLink(projectId, id),
  };
}

export async function projectsOf(services: AppServices, actor: Actor, args: Args) {
  const all = await workspaceProjects(services, actor);
  const only = int(args, 'projectId');
  return only === undefined ? all : all.filter((p) => p.id === only);
}

export function filterOf(args: Args): Record<string, unknown> {
  const standard = str(args, 'filter') ?? 'all';
  const filter: Partial<IssueFilter> & Record<string, unknown> = {
    standard: ['all', 'actives', 'pendencies', 'latePendencies'].includes(standard)
      ? (standard as IssueFilter['standard'])
      : 'all',
  };
  const text = str(args, 'text');
  if (text) filter.search = text.slice(0, 500);
  const conditions: unknown[] = [];
  const status = str(args, 'status');
  if (status) conditions.push({ field: 'status', values: [status] });
  const before = str(args, 'deadlineBefore');
  if (before && /^\d{4}-\d{2}-\d{2}$/.test(before)) conditions.push({ field: 'deadline', to: before });
  if (conditions.length > 0) Object.assign(filter, { combination: 'and', conditions });
  return filter;
}

/** Issues of the projects through getIssues (the list's own visibility and filter), up to `limit`. */
export async function visibleIssues(
  services: AppServices,
  actor: Actor,
  projectId: number,
  filter: Record<string, unknown>,
  limit: number,
): Promise<IssueView[]> {
  const found: IssueView[] = [];
  let after: string | null = null;
  do {
    const page = await getIssues(services, actor, { projectId, filter, after, first: Math.min(500, limit) });
    found.push(...page.issues);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after && found.length < limit);
  return found.slice(0, limit);
}

/** Folds case and accents, for matching the names the model gives to a project's disciplines, labels, places. */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** The item a name stands for: its id (as text), abbreviation, full abbreviation or name, case and accents aside. */
export function byName<
  T extends { id: number; name: string; abbreviation?: string; abbreviationTree?: string },
>(items: readonly T[], wanted: string): T | undefined {
  const key = folded(wanted);
  return items.find(
    (i) =>
      String(i.id) === key ||
      folded(i.name) === key ||
      (i.abbreviation !== undefined && folded(i.abbreviation) === key) ||
      (i.abbreviationTree !== undefined && folded(i.abbreviationTree) === key),
  );
}
