import { requireActor, type GraphQLContext } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import type { TreeItem, TreeKind } from '../../modules/projects/project-tree-repository.ts';
import type { UserSummary } from '../../modules/issues/comments/issue-comment-repository.ts';
import {
  confirmIssueFileUpload,
  createIssueFileUpload,
} from '../../modules/issues/images/issue-file-service.ts';
import { projectIssueImages } from '../../modules/issues/images/issue-image-service.ts';
import { presentCover, presentImage, presentIssueFile, type UrlContext } from './issue-images-presenters.ts';

const urls = (ctx: GraphQLContext): UrlContext => ({ files: ctx.services.files, origin: ctx.origin });

/** A user of an issue or history entry (batched over the request). */
function userOf(ctx: GraphQLContext, id: number | null): Promise<UserSummary | null> | null {
  return id === null ? null : ctx.loaders.users.load(id);
}

/** A project's local or label by id (the project's tree is read once per request). */
async function treeItem(
  ctx: GraphQLContext,
  kind: TreeKind,
  projectId: number,
  id: number,
): Promise<TreeItem | null> {
  return (await ctx.loaders.tree.load(`${kind}:${projectId}`)).get(id) ?? null;
}

/** Images, uploads and the issue's sub-objects (spec core §3, §7 issuesImages, createProjectIssueFileUploadSignedUrl). */
export const issueImagesResolvers: Resolvers = {
  Query: {
    issuesImages: async (_r, { projectId }, ctx) => {
      const u = urls(ctx);
      return (await projectIssueImages(ctx.services, requireActor(ctx), projectId)).map((view) =>
        presentImage(u, view),
      );
    },
  },
  Mutation: {
    createProjectIssueFileUploadSignedUrl: (_r, { projectId, filename }, ctx) =>
      createIssueFileUpload(ctx.services, requireActor(ctx), { projectId, filename, origin: ctx.origin }),
    confirmProjectIssueFileUpload: async (_r, args, ctx) =>
      presentIssueFile(urls(ctx), await confirmIssueFileUpload(ctx.services, requireActor(ctx), args)),
  },
  Issue: {
    images: async (parent, _a, ctx) => {
      if (!parent.origin.include.images) return [];
      const u = urls(ctx);
      return (await ctx.loaders.issueImages.load(parent.id)).map((view) => presentImage(u, view));
    },
    imageTitles: (parent, _a, ctx) => parent.imageTitles ?? ctx.loaders.issueImageTitles.load(parent.id),
    cover: async (parent, _a, ctx) => {
      // Read with the list page's rows when its query selects it; otherwise from the request's image loader.
      if (parent.cover !== undefined) return presentCover(urls(ctx), parent.cover);
      const [first] = await ctx.loaders.issueImages.load(parent.id);
      return first ? presentImage(urls(ctx), first).markedUpThumb : null;
    },
    createdByUser: (parent, _a, ctx) => userOf(ctx, parent.createdByUserId),
    editedByUser: (parent, _a, ctx) => userOf(ctx, parent.editedByUserId),
    visibilityUpdatedByUser: (parent, _a, ctx) => userOf(ctx, parent.visibilityUpdatedByUserId),
    statusUpdatedByUser: (parent, _a, ctx) => userOf(ctx, parent.statusUpdatedByUserId),
    toProjectManagementByUser: (parent, _a, ctx) => userOf(ctx, parent.toProjectManagementBy),
    toPublicByUser: (parent, _a, ctx) => userOf(ctx, parent.toPublicBy),
  },
  IssueHistoryEntry: {
    user: (parent, _a, ctx) => userOf(ctx, parent.userId),
  },
  IssueLocal: {
    local: (parent, _a, ctx) => treeItem(ctx, 'locals', parent.projectId, parent.localId),
  },
  IssueLabel: {
    label: (parent, _a, ctx) => treeItem(ctx, 'labels', parent.projectId, parent.labelId),
  },
  Comment: {
    images: async (parent, _a, ctx) => {
      if (!parent.imagesServed) return [];
      // A deleted comment keeps nothing but its tombstone for everyone but its author (like its message).
      if (parent.deletedAt != null && parent.createdByUserId !== requireActor(ctx).account.id) return [];
      const u = urls(ctx);
      return (await ctx.loaders.commentImages.load(parent.id)).map((view) => presentImage(u, view));
    },
  },
};
