import { and, or, sql, type SQL } from 'drizzle-orm';
import { ISSUE_CATEGORIES, PROJECT_PHASES, translateShared, type Locale } from '@obra/domain';
import { visibleCommentsWhere, visibleIssuesWhere } from '../issues/issue-repository.ts';
import { type ProjectAccess, audienceOf } from '../projects/project-access.ts';

/** The EDM type of a property (OData v4) and how its values travel in JSON. */
export type EdmType = 'Edm.Int32' | 'Edm.String' | 'Edm.Boolean' | 'Edm.Date' | 'Edm.DateTimeOffset';

/** A property of an entity: its name, SQL expression (fixed text, never user input) and type. */
export interface EntityProperty {
  name: string;
  /** SQL over the entity's FROM clause. */
  expr: string;
  type: EdmType;
  nullable: boolean;
}

/** What an entity is read in: the projects the key's user takes part in, with their access. */
export interface FeedScope {
  /** Projects the user takes part in (settings entities). */
  projects: readonly ProjectAccess[];
  /** Those whose issues the user may read (issue entities). */
  issueReaders: readonly ProjectAccess[];
  locale: Locale;
}

/** An entity of the feed. */
export interface FeedEntity {
  /** The REST path segment (`/data-lake/{path}`). */
  path: string;
  /** The OData entity set (and, singular, entity type). */
  set: string;
  type: string;
  properties: readonly EntityProperty[];
  /** The key properties, in keyset order. */
  key: readonly string[];
  /** FROM clause (fixed text). */
  from: (scope: FeedScope) => SQL;
  /** Which rows the scope may read. */
  where: (scope: FeedScope) => SQL;
  /** The property updatedSince compares with; undefined: a small settings table, always read whole. */
  updated?: string;
}

const p = (name: string, expr: string, type: EdmType, nullable = true): EntityProperty => ({
  name,
  expr,
  type,
  nullable,
});

const ids = (accesses: readonly ProjectAccess[]): SQL =>
  accesses.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        accesses.map((a) => sql`${a.project.id}`),
        sql`, `,
      )})`;

const inProjects = (column: string, accesses: readonly ProjectAccess[]): SQL =>
  accesses.length === 0 ? sql`false` : sql`${sql.raw(column)} in ${ids(accesses)}`;

/** The issues the user sees in each project (the issue list's own visibility clause), OR-ed over projects. */
function visibleIssues(scope: FeedScope): SQL {
  if (scope.issueReaders.length === 0) return sql`false`;
  return or(...scope.issueReaders.map((a) => visibleIssuesWhere(audienceOf(a)))) ?? sql`false`;
}

/** The comments the user sees: of issues they see, by the comment visibility rule, not deleted. */
function visibleComments(scope: FeedScope): SQL {
  if (scope.issueReaders.length === 0) return sql`false`;
  return (
    or(
      ...scope.issueReaders.map((a) => {
        const audience = audienceOf(a);
        return and(visibleIssuesWhere(audience), visibleCommentsWhere(audience));
      }),
    ) ?? sql`false`
  );
}

/** A VALUES list of an enumeration with its names in the scope's language. */
function enumValues(
  rows: readonly { id: number; key: string; abbreviation?: string }[],
  group: string,
  locale: Locale,
): SQL {
  return sql`(values ${sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::int, ${r.key}::text, ${translateShared(locale, 'enums', `${group}.${r.key}`) ?? r.key}::text, ${r.abbreviation ?? null}::text)`,
    ),
    sql`, `,
  )}) as e(id, key, name, abbreviation)`;
}

const ISSUE_UPDATED =
  'greatest(issues.created_at, issues.edited_at, issues.status_updated_at, issues.visibility_updated_at)';

/** The entities of the feed, in the order the service document lists them. */
export const FEED_ENTITIES: readonly FeedEntity[] = [
  {
    path: 'projects',
    set: 'Projects',
    type: 'Project',
    properties: [
      p('id', 'projects.id', 'Edm.Int32', false),
      p('name', 'projects.name', 'Edm.String', false),
      p('status', 'projects.status', 'Edm.Int32', false),
      p('createdAt', 'projects.created_at', 'Edm.DateTimeOffset', false),
      p('updatedAt', 'projects.updated_at', 'Edm.DateTimeOffset', false),
    ],
    key: ['id'],
    from: () => sql`projects`,
    where: (s) => inProjects('projects.id', s.projects),
    updated: 'updatedAt',
  },
  {
    path: 'phases',
    set: 'Phases',
    type: 'Phase',
    properties: [
      p('projectId', 'projects.id', 'Edm.Int32', false),
      p('phaseId', 'e.id', 'Edm.Int32', false),
      p('key', 'e.key', 'Edm.String', false),
      p('name', 'e.name', 'Edm.String', false),
      p('abbreviation', 'e.abbreviation', 'Edm.String', false),
      p('active', 'coalesce(pp.active, true)', 'Edm.Boolean', false),
    ],
    key: ['projectId', 'phaseId'],
    // Every system phase of each project, with the project's switch (on unless switched off).
    from: (s) =>
      sql`projects cross join ${enumValues(PROJECT_PHASES, 'phases', s.locale)}
        left join project_phases pp on pp.project_id = projects.id and pp.phase_id = e.id`,
    where: (s) => inProjects('projects.id', s.projects),
  },
  {
    path: 'categories',
    set: 'Categories',
    type: 'Category',
    properties: [
      p('projectId', 'projects.id', 'Edm.Int32', false),
      p('categoryId', 'e.id', 'Edm.Int32', false),
      p('key', 'e.key', 'Edm.String', false),
      p('name', 'e.name', 'Edm.String', false),
      p('active', 'coalesce(pc.active, true)', 'Edm.Boolean', false),
    ],
    key: ['projectId', 'categoryId'],
    // Every system classification of each project, with the project's switch (on unless switched off).
    from: (s) =>
      sql`projects cross join ${enumValues(ISSUE_CATEGORIES, 'categories', s.locale)}
        left join project_categories pc on pc.project_id = projects.id and pc.category_id = e.id`,
    where: (s) => inProjects('projects.id', s.projects),
  },
  {
    path: 'disciplines',
    set: 'Disciplines',
    type: 'Discipline',
    properties: [
      p('id', 'project_disciplines.id', 'Edm.Int32', false),
      p('projectId', 'project_disciplines.project_id', 'Edm.Int32', false),
      p('name', 'project_disciplines.name', 'Edm.String', false),
      p('abbreviation', 'project_disciplines.abbreviation', 'Edm.String', false),
      p('standardDisciplineId', 'project_disciplines.standard_discipline_id', 'Edm.Int32'),
      p('createdAt', 'project_disciplines.created_at', 'Edm.DateTimeOffset', false),
      p('removedAt', 'project_disciplines.removed_at', 'Edm.DateTimeOffset'),
    ],
    key: ['id'],
    from: () => sql`project_disciplines`,
    where: (s) => inProjects('project_disciplines.project_id', s.projects),
  },
  {
    path: 'locals',
    set: 'Locals',
    type: 'Local',
    properties: [
      p('id', 'project_locals.id', 'Edm.Int32', false),
      p('projectId', 'project_locals.project_id', 'Edm.Int32', false),
      p('parentId', 'project_locals.parent_id', 'Edm.Int32'),
      p('name', 'project_locals.name', 'Edm.String', false),
      p('abbreviation', 'project_locals.abbreviation', 'Edm.String', false),
      p('position', 'project_locals.position', 'Edm.Int32', false),
      p('createdAt', 'project_locals.created_at', 'Edm.DateTimeOffset', false),
    ],
    key: ['id'],
    from: () => sql`project_locals`,
    where: (s) => inProjects('project_locals.project_id', s.projects),
  },
  {
    path: 'issues',
    set: 'Issues',
    type: 'Issue',
    properties: [
      p('id', 'issues.id', 'Edm.Int32', false),
      p('projectId', 'issues.project_id', 'Edm.Int32', false),
      p('number', 'issues.number', 'Edm.Int32', false),
      p('code', 'issues.code', 'Edm.String', false),
      p('title', 'issues.title', 'Edm.String', false),
      p('description', 'issues.description', 'Edm.String'),
      p('status', 'issues.status', 'Edm.String', false),
      p('priority', 'issues.priority', 'Edm.String', false),
      p('visibility', 'issues.visibility', 'Edm.String', false),
      p('categoryId', 'issues.category_id', 'Edm.Int32'),
      p('creationPhase', 'issues.creation_phase', 'Edm.Int32'),
      p('resolutionPhase', 'issues.resolution_phase', 'Edm.Int32'),
      p('deadline', 'issues.deadline', 'Edm.Date'),
      p('groupId', 'issues.group_id', 'Edm.Int32'),
      p('createdAt', 'issues.created_at', 'Edm.DateTimeOffset', false),
      p('createdByUserId', 'issues.created_by_user_id', 'Edm.Int32', false),
      p(
        'createdByName',
        "(select nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.last_name, '')), '') from users u where u.id = issues.created_by_user_id)",
        'Edm.String',
      ),
      p('editedAt', 'issues.edited_at', 'Edm.DateTimeOffset'),
      p('statusUpdatedAt', 'issues.status_updated_at', 'Edm.DateTimeOffset'),
      p('visibilityUpdatedAt', 'issues.visibility_updated_at', 'Edm.DateTimeOffset'),
      p('updatedAt', ISSUE_UPDATED, 'Edm.DateTimeOffset', false),
    ],
    key: ['id'],
    from: () => sql`issues`,
    where: visibleIssues,
    updated: 'updatedAt',
  },
  {
    path: 'issues-disciplines',
    set: 'IssueDisciplines',
    type: 'IssueDiscipline',
    properties: [
      p('issueId', 'd.issue_id', 'Edm.Int32', false),
      p('disciplineId', 'd.discipline_id', 'Edm.Int32', false),
      p('projectId', 'issues.project_id', 'Edm.Int32', false),
      p('status', 'd.status', 'Edm.String', false),
      p('deadline', 'd.deadline', 'Edm.Date'),
      p('effectiveDeadline', 'coalesce(d.deadline, issues.deadline)', 'Edm.Date'),
      p('doneAt', 'd.done_at', 'Edm.DateTimeOffset'),
      p('issueUpdatedAt', ISSUE_UPDATED, 'Edm.DateTimeOffset', false),
    ],
    key: ['issueId', 'disciplineId'],
    from: () => sql`issue_disciplines d join issues on issues.id = d.issue_id`,
    where: visibleIssues,
    updated: 'issueUpdatedAt',
  },
  {
    path: 'issues-locals',
    set: 'IssueLocals',
    type: 'IssueLocal',
    properties: [
      p('issueId', 'l.issue_id', 'Edm.Int32', false),
      p('localId', 'l.local_id', 'Edm.Int32', false),
      p('projectId', 'issues.project_id', 'Edm.Int32', false),
      p('issueUpdatedAt', ISSUE_UPDATED, 'Edm.DateTimeOffset', false),
    ],
    key: ['issueId', 'localId'],
    from: () => sql`issue_locals l join issues on issues.id = l.issue_id`,
    where: visibleIssues,
    updated: 'issueUpdatedAt',
  },
  {
    path: 'comments',
    set: 'Comments',
    type: 'Comment',
    properties: [
      p('id', 'issue_comments.id', 'Edm.Int32', false),
      p('issueId', 'issue_comments.issue_id', 'Edm.Int32', false),
      p('projectId', 'issue_comments.project_id', 'Edm.Int32', false),
      p('message', 'issue_comments.message', 'Edm.String', false),
      p('visibility', 'issue_comments.visibility', 'Edm.String', false),
      p('createdAt', 'issue_comments.created_at', 'Edm.DateTimeOffset', false),
      p('createdByUserId', 'issue_comments.created_by_user_id', 'Edm.Int32', false),
      p('editedAt', 'issue_comments.edited_at', 'Edm.DateTimeOffset'),
      p(
        'updatedAt',
        'greatest(issue_comments.created_at, issue_comments.edited_at, issue_comments.visibility_updated_at)',
        'Edm.DateTimeOffset',
        false,
      ),
    ],
    key: ['id'],
    from: () => sql`issue_comments join issues on issues.id = issue_comments.issue_id`,
    where: (s) => and(sql`issue_comments.deleted_at is null`, visibleComments(s)) ?? sql`false`,
    updated: 'updatedAt',
  },
];

/** The entity of a REST path or an OData entity set, or undefined. */
export function feedEntity(name: string, by: 'path' | 'set'): FeedEntity | undefined {
  return FEED_ENTITIES.find((e) => e[by] === name);
}

/** A property of an entity, or undefined. */
export function propertyOf(entity: FeedEntity, name: string): EntityProperty | undefined {
  return entity.properties.find((prop) => prop.name === name);
}

/** The entity's rows changed since an instant, or undefined (no instant, or an entity without a change time). */
export function updatedSinceWhere(entity: FeedEntity, since: Date | undefined): SQL | undefined {
  if (!since || !entity.updated) return undefined;
  const property = propertyOf(entity, entity.updated);
  if (!property) return undefined;
  return sql`(${sql.raw(property.expr)}) >= ${since.toISOString()}::timestamptz`;
}
