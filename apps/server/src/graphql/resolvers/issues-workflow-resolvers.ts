import { errorMessage, type ErrorCode } from '@obra/domain';
import { and, inArray } from 'drizzle-orm';
import { requireActor, type GraphQLContext } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { issues } from '../../db/schema/index.ts';
import { updateIssues } from '../../modules/issues/issue-bulk-update-service.ts';
import { copyProjectIssues } from '../../modules/issues/issue-copy-service.ts';
import { issuesGeneralData, setIssueUserTags } from '../../modules/issues/issue-personal-service.ts';
import { loadIssueViews } from '../../modules/issues/issue-repository.ts';
import { audienceOf, visibleIssuesWhere } from '../../modules/issues/issue-visibility-sql.ts';
import { loadProjectAccess } from '../../modules/projects/project-access.ts';
import { listUserTags } from '../../modules/projects/project-group-service.ts';
import { presentIssue } from './issues-presenters.ts';

function rejection(ctx: GraphQLContext, r: { issueId: number; code: ErrorCode }) {
  return { issueId: r.issueId, code: r.code, message: errorMessage(ctx.locale, r.code) };
}

/** Bulk edit, copy, personal tags and the general data of the issue screens. */
export const issuesWorkflowResolvers: Resolvers = {
  Query: {
    projectIssuesGeneralData: async (_r, { projectId }, ctx) => {
      const data = await issuesGeneralData(ctx.services, requireActor(ctx), projectId);
      return {
        userTags: data.userTags,
        mentions: data.mentions,
        mentionableUsers: data.mentionableUsers,
        groups: data.groups,
        mentionableIssues: data.mentionableIssues,
      };
    },
  },
  Mutation: {
    updateIssues: async (_r, args, ctx) => {
      const actor = requireActor(ctx);
      const result = await updateIssues(ctx.services, actor, args);
      const { db } = ctx.services.database;
      const access = await loadProjectAccess(db, actor, args.projectId);
      // The answer carries the issues as they are now, read with the caller's visibility (a visibility
      // change may have hidden one from them).
      const rows =
        result.updatedIds.length === 0
          ? []
          : await db
              .select()
              .from(issues)
              .where(and(inArray(issues.id, result.updatedIds), visibleIssuesWhere(audienceOf(access))));
      const tags = new Map((await listUserTags(db, args.projectId, actor.account.id)).map((t) => [t.id, t]));
      const views = await loadIssueViews(db, actor.account.id, rows);
      return {
        updated: views.map((v) => presentIssue(access, v, [], tags)),
        rejected: result.rejected.map((r) => rejection(ctx, r)),
      };
    },
    copyProjectIssues: async (_r, args, ctx) => {
      const result = await copyProjectIssues(ctx.services, requireActor(ctx), args);
      return { copies: result.copies, rejected: result.rejected.map((r) => rejection(ctx, r)) };
    },
    setProjectIssueUserTags: (_r, args, ctx) => setIssueUserTags(ctx.services, requireActor(ctx), args),
  },
};
