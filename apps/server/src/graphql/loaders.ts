import DataLoader from 'dataloader';
import type { AppServices } from '../services.ts';
import type { Actor } from '../auth/actor.ts';
import type { ProjectAccess } from '../modules/projects/project-access.ts';
import { listTree, type TreeItem, type TreeKind } from '../modules/projects/project-tree-repository.ts';
import {
  findCompaniesByIds,
  findCompanyAdmins,
  type CompanyAdminContact,
  type CompanyRow,
} from '../modules/companies/company-repository.ts';
import {
  loadUserSummaries,
  type CommentsFilter,
  type CommentView,
  type UserSummary,
} from '../modules/issues/comments/issue-comment-repository.ts';
import { commentViewsOfIssues } from '../modules/issues/comments/issue-comment-query-service.ts';
import {
  commentImagesByComment,
  issueImagesByIssue,
  type ImageView,
} from '../modules/issues/images/issue-image-repository.ts';
import {
  loadHistoryMarks,
  loadNotificationSummaries,
  NO_NOTIFICATIONS,
  type NotificationsSummary,
} from '../modules/issues/notifications/issue-notification-sql.ts';

/**
 * Batches the keys asked for by the resolvers of one turn (all the items of a list are resolved in the same
 * turn, and `setImmediate` waits for every promise they chain) into one call of `load`, which answers the
 * distinct keys. Without `cache`, a key asked for again later is loaded again: a subscription's context lives
 * as long as the subscription, and its events must not be answered from what an earlier one read.
 */
function batchLoader<K, V>(
  load: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
  missing: V,
  options: { cache?: boolean; key?: (k: K) => unknown } = {},
): DataLoader<K, V> {
  return new DataLoader<K, V, unknown>(
    async (keys) => {
      const found = await load([...new Set(keys)]);
      return keys.map((k) => found.get(k) ?? missing);
    },
    {
      cache: options.cache ?? false,
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
      ...(options.key ? { cacheKeyFn: options.key } : {}),
    },
  );
}

/** An issue of a list page whose comments are asked for, with its visibility (what its comments show). */
export interface ListCommentsKey {
  readonly issueId: number;
  readonly visibility: string;
}

/** The per-request loaders of the GraphQL edge: one query per kind of child, whatever the number of parents. */
export interface RequestLoaders {
  /** Users with their company (issue and history authors). */
  readonly users: DataLoader<number, UserSummary | null>;
  /** The own images of issues the caller already sees. */
  readonly issueImages: DataLoader<number, ImageView[]>;
  /** The images of comments the caller already sees. */
  readonly commentImages: DataLoader<number, ImageView[]>;
  /** The caller's unread marks on issues they already see. */
  readonly notificationSummaries: DataLoader<number, NotificationsSummary>;
  /** Whether the caller has an unread mark on history entries. */
  readonly historyMarks: DataLoader<number, boolean>;
  /** A project's locals or labels by id, by `${kind}:${projectId}`, read once per request. */
  readonly tree: DataLoader<string, ReadonlyMap<number, TreeItem>>;
  /** Companies by id. */
  readonly companies: DataLoader<number, CompanyRow | null>;
  /** The administrators of companies. */
  readonly companyAdmins: DataLoader<number, CompanyAdminContact[]>;
  /** The comments of list-page issues through the page's filter, for the caller's access to the project. */
  listComments(access: ProjectAccess, filter: CommentsFilter): DataLoader<ListCommentsKey, CommentView[]>;
}

/** The loaders of one request (or one subscription); `actor` is read when a loader needs the caller. */
export function createLoaders(services: AppServices, actor: () => Actor): RequestLoaders {
  const { db } = services.database;
  const listComments = new Map<string, DataLoader<ListCommentsKey, CommentView[]>>();
  return {
    users: batchLoader((ids) => loadUserSummaries(db, ids), null),
    issueImages: batchLoader((ids) => issueImagesByIssue(db, ids), []),
    commentImages: batchLoader((ids) => commentImagesByComment(db, ids), []),
    notificationSummaries: batchLoader(
      (ids) => loadNotificationSummaries(db, actor().account.id, ids),
      NO_NOTIFICATIONS,
    ),
    historyMarks: batchLoader(async (ids) => {
      const marked = await loadHistoryMarks(db, actor().account.id, ids);
      return new Map(ids.map((id) => [id, marked.has(id)]));
    }, false),
    tree: batchLoader(
      async (keys) => {
        const trees = await Promise.all(
          keys.map(async (key) => {
            const [kind, projectId] = key.split(':');
            const items = await listTree(db, kind as TreeKind, Number(projectId));
            return [key, new Map(items.map((t) => [t.id, t]))] as const;
          }),
        );
        return new Map(trees);
      },
      new Map(),
      { cache: true },
    ),
    companies: batchLoader((ids) => findCompaniesByIds(db, ids), null),
    companyAdmins: batchLoader((ids) => findCompanyAdmins(db, ids), []),
    listComments(access, filter) {
      const name = `${access.project.id}:${JSON.stringify(filter)}`;
      let loader = listComments.get(name);
      if (!loader) {
        loader = new DataLoader<ListCommentsKey, CommentView[]>(
          async (keys) => {
            const visibilities = new Map(keys.map((k) => [k.issueId, k.visibility]));
            const byIssue = await commentViewsOfIssues(services, access, visibilities, filter);
            return keys.map((k) => byIssue.get(k.issueId) ?? []);
          },
          { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
        );
        listComments.set(name, loader);
      }
      return loader;
    },
  };
}
