import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { createIssue } from '../../modules/issues/issue-create-service.ts';
import { deleteIssue, setIssueStarring } from '../../modules/issues/issue-delete-service.ts';
import { getIssueDetail, getIssues } from '../../modules/issues/list/issue-query-service.ts';
import { updateIssue } from '../../modules/issues/issue-update-service.ts';
import type { GraphQLContext } from '../context.ts';
import { presentIssue } from './issues-presenters.ts';
import { attachIssueOrigin } from './issue-request-cache.ts';
import { issueListShape } from './issue-list-shape.ts';
import { parseCommentsFilter } from '../../modules/issues/comments/issue-comment-repository.ts';

async function issueDetail(ctx: GraphQLContext, projectId: number, issueId: number) {
  const { access, view, history, userTags } = await getIssueDetail(
    ctx.services,
    requireActor(ctx),
    projectId,
    issueId,
  );
  return attachIssueOrigin(presentIssue(access, view, history, userTags), access, true);
}

/** Issues: list, detail, create, update, delete, starring (spec core §7). */
export const issuesResolvers: Resolvers = {
  Query: {
    getIssues: async (_r, args, ctx, info) => {
      // The light variant's flags (spec core §7): what each issue of the page carries besides its own fields.
      const include = {
        images: args.includeImages,
        comments: args.includeComments,
        commentsImages: args.includeComments && args.includeCommentsImages,
        history: args.includeHistory,
        commentsFilter: parseCommentsFilter(args.commentsFilter),
      };
      // The page reads what the query asks of each issue, and with it the caller's tag names and unread marks.
      const page = await getIssues(ctx.services, requireActor(ctx), { ...args, shape: issueListShape(info) });
      return {
        issues: page.issues.map((view) =>
          attachIssueOrigin(
            presentIssue(page.access, view, page.history.get(view.row.id) ?? [], page.userTags),
            page.access,
            include,
            view.notifications,
          ),
        ),
        pageInfo: page.pageInfo,
      };
    },
    getIssue: (_r, { projectId, issueId }, ctx) => issueDetail(ctx, projectId, issueId),
    issue: (_r, { projectId, issueId }, ctx) => issueDetail(ctx, projectId, issueId),
  },
  Mutation: {
    createIssue: (_r, args, ctx) => createIssue(ctx.services, requireActor(ctx), args),
    updateIssue: (_r, args, ctx) => updateIssue(ctx.services, requireActor(ctx), args),
    deleteIssue: (_r, { projectId, issueId }, ctx) =>
      deleteIssue(ctx.services, requireActor(ctx), projectId, issueId),
    setProjectIssueStarring: (_r, args, ctx) => setIssueStarring(ctx.services, requireActor(ctx), args),
  },
};
