import { errorMessage, type ErrorCode } from '@obra/domain';
import { requireActor, type GraphQLContext } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { updateIssues } from '../../modules/issues/issue-bulk-update-service.ts';
import { copyProjectIssues } from '../../modules/issues/issue-copy-service.ts';
import { issuesGeneralData, setIssueUserTags } from '../../modules/issues/issue-personal-service.ts';
import { getChangedIssues } from '../../modules/issues/list/issue-query-service.ts';
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
        groups: data.groups,
        mentionableIssues: data.mentionableIssues,
      };
    },
  },
  Mutation: {
    updateIssues: async (_r, args, ctx) => {
      const actor = requireActor(ctx);
      const result = await updateIssues(ctx.services, actor, args);
      // The answer carries the issues as they are now, as the caller sees them.
      const { access, views, userTags } = await getChangedIssues(
        ctx.services,
        actor,
        args.projectId,
        result.updatedIds,
      );
      return {
        updated: views.map((v) => presentIssue(access, v, [], userTags)),
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
