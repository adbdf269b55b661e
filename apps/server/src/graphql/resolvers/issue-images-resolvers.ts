import { requireActor, type GraphQLContext } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { loadProjectAccess } from '../../modules/projects/project-access.ts';
import { listTree, type TreeItem, type TreeKind } from '../../modules/projects/project-tree-repository.ts';
import { loadUserSummaries, type UserSummary } from '../../modules/issues/issue-comment-repository.ts';
import { confirmIssueFileUpload, createIssueFileUpload } from '../../modules/issues/issue-file-service.ts';
import {
  loadCommentImages,
  loadIssueImages,
  loadIssueImageTitles,
  loadProjectIssueImages,
  type ImageView,
} from '../../modules/issues/issue-image-repository.ts';
import { batched, commentImagesServed, originOf } from './issue-request-cache.ts';
import { presentImage, presentIssueFile, type UrlContext } from './issue-images-presenters.ts';

const urls = (ctx: GraphQLContext): UrlContext => ({ files: ctx.services.files, origin: ctx.origin });

function groupImages(
  views: readonly ImageView[],
  key: (v: ImageView) => number | null,
  ids: readonly number[],
): Map<number, ImageView[]> {
  const map = new Map<number, ImageView[]>(ids.map((id) => [id, []]));
  for (const view of views) {
    const id = key(view);
    if (id !== null) map.get(id)?.push(view);
  }
  return map;
}

/** The own images of an issue already presented to the caller (batched over a page). */
async function issueImagesOf(ctx: GraphQLContext, issueId: number): Promise<ImageView[]> {
  const found = await batched(ctx, 'issueImages', issueId, async (ids) =>
    groupImages(await loadIssueImages(ctx.services.database.db, ids), (v) => v.issueId, ids),
  );
  return found ?? [];
}

/** A user of an issue or history entry (batched over the request). */
async function userOf(ctx: GraphQLContext, id: number | null | undefined): Promise<UserSummary | null> {
  if (id == null) return null;
  const found = await batched(ctx, 'users', id, (ids) => loadUserSummaries(ctx.services.database.db, ids));
  return found ?? null;
}

const trees = new WeakMap<object, Map<string, Promise<Map<number, TreeItem>>>>();

/** A project's locals or labels by id, loaded once per request. */
async function treeItem(
  ctx: GraphQLContext,
  kind: TreeKind,
  projectId: number | undefined,
  id: number | null | undefined,
): Promise<TreeItem | null> {
  if (projectId === undefined || id == null) return null;
  let perRequest = trees.get(ctx);
  if (!perRequest) trees.set(ctx, (perRequest = new Map()));
  const key = `${kind}:${projectId}`;
  let items = perRequest.get(key);
  if (!items)
    perRequest.set(
      key,
      (items = listTree(ctx.services.database.db, kind, projectId).then(
        (list) => new Map(list.map((t) => [t.id, t])),
      )),
    );
  return (await items).get(id) ?? null;
}

type WithProject = { projectId?: number };

/** Images, uploads and the issue's sub-objects (spec core §3, §7 issuesImages, createProjectIssueFileUploadSignedUrl). */
export const issueImagesResolvers: Resolvers = {
  Query: {
    issuesImages: async (_r, { projectId }, ctx) => {
      const access = await loadProjectAccess(ctx.services.database.db, requireActor(ctx), projectId);
      const u = urls(ctx);
      return (await loadProjectIssueImages(ctx.services.database.db, access)).map((view) =>
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
      if (parent.id == null || parent.projectId == null) return [];
      const origin = await originOf(parent as typeof parent & { projectId: number }, ctx);
      if (!origin.include.images) return [];
      const u = urls(ctx);
      return (await issueImagesOf(ctx, parent.id)).map((view) => presentImage(u, view));
    },
    imageTitles: async (parent, _a, ctx) => {
      if (parent.id == null) return [];
      const found = await batched(ctx, 'issueImageTitles', parent.id, (ids) =>
        loadIssueImageTitles(ctx.services.database.db, ids),
      );
      return found ?? [];
    },
    cover: async (parent, _a, ctx) => {
      if (parent.id == null) return null;
      const [first] = await issueImagesOf(ctx, parent.id);
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
    local: (parent, _a, ctx) => treeItem(ctx, 'locals', (parent as WithProject).projectId, parent.localId),
  },
  IssueLabel: {
    label: (parent, _a, ctx) => treeItem(ctx, 'labels', (parent as WithProject).projectId, parent.labelId),
  },
  Comment: {
    images: async (parent, _a, ctx) => {
      if (parent.id == null || !commentImagesServed(parent)) return [];
      // A deleted comment keeps nothing but its tombstone for everyone but its author (like its message).
      if (parent.deletedAt != null && parent.createdByUserId !== requireActor(ctx).account.id) return [];
      const commentId = parent.id;
      const found = await batched(ctx, 'commentImages', commentId, async (ids) =>
        groupImages(await loadCommentImages(ctx.services.database.db, ids), (v) => v.commentId, ids),
      );
      const u = urls(ctx);
      return (found ?? []).map((view) => presentImage(u, view));
    },
  },
};
