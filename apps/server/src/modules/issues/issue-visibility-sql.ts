import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '@obra/domain';
import { issueComments, issues } from '../../db/schema/index.ts';
import { anyId } from '../../db/any-id-sql.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import { requireIssueReader } from '../projects/project-access.ts';

/** Who looks at a project's issues: what visibility and the pending rules need, in SQL terms. */
export interface IssueAudience {
  readonly projectId: number;
  readonly userId: number;
  readonly manageDisciplines: boolean;
  readonly groupIds: readonly number[];
  readonly userDisciplines: readonly number[];
}

/**
 * The audience of a loaded project access. Every read of issues and comments goes through here, so a caller who
 * reads no issues at all (a platform administrator, spec core §6) is refused here with FORBIDDEN whatever the call.
 */
export function audienceOf(access: ProjectAccess): IssueAudience {
  requireIssueReader(access);
  return {
    projectId: access.project.id,
    userId: access.actor.account.id,
    manageDisciplines: access.manageDisciplines,
    groupIds: access.groupIds,
    userDisciplines: access.userDisciplines,
  };
}

/** The caller as the domain's visibility policy sees them (FORBIDDEN for those who read no issues). */
export function projectActorOf(access: ProjectAccess): ProjectActor {
  requireIssueReader(access);
  return {
    userId: access.actor.account.id,
    manageDisciplines: access.manageDisciplines,
    groupIds: access.groupIds,
  };
}

/**
 * canSeeIssue (domain visibility policy) as a WHERE clause, so issues the caller may not see never leave the
 * database: the creator always; group the group's members; project_management the coordinators; semi_public
 * both; public everyone in the project. Kept in step with canSeeIssue by the visibility matrix tests.
 */
export function visibleIssuesWhere(actor: IssueAudience): SQL {
  // One array parameter whatever the number of groups: the statement's text (and its prepared name) stays the same.
  const inGroup = actor.groupIds.length > 0 ? anyId(issues.groupId, actor.groupIds) : sql`false`;
  const manager = actor.manageDisciplines ? sql`true` : sql`false`;
  const visible = or(
    eq(issues.createdByUserId, actor.userId),
    eq(issues.visibility, 'public'),
    and(eq(issues.visibility, 'group'), inGroup),
    and(eq(issues.visibility, 'project_management'), manager),
    and(eq(issues.visibility, 'semi_public'), or(inGroup, manager)),
  );
  return and(eq(issues.projectId, actor.projectId), visible) ?? sql`false`;
}

/**
 * canSeeComment (domain visibility policy) as a WHERE clause over issue_comments, for comments of issues the
 * caller already sees: the author always; group the group's members; project_management the coordinators;
 * public everyone. Kept in step with canSeeComment by the comment visibility matrix test.
 */
export function visibleCommentsWhere(a: IssueAudience): SQL {
  const inGroup = a.groupIds.length > 0 ? inArray(issueComments.groupId, [...a.groupIds]) : sql`false`;
  return (
    or(
      eq(issueComments.createdByUserId, a.userId),
      eq(issueComments.visibility, 'public'),
      and(eq(issueComments.visibility, 'group'), inGroup),
      and(eq(issueComments.visibility, 'project_management'), a.manageDisciplines ? sql`true` : sql`false`),
    ) ?? sql`false`
  );
}
