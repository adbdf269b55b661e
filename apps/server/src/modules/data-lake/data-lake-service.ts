import { AppError, type Locale } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadProjectAccess, type ProjectAccess } from '../projects/project-access.ts';
import { requireIssueReader } from '../projects/project-access.ts';
import {
  feedEntity,
  propertyOf,
  type EntityProperty,
  type FeedEntity,
  type FeedScope,
  updatedSinceWhere,
} from './data-lake-entities-sql.ts';
import { projectIdsOfCompany } from '../projects/project-company-repository.ts';
import { countFeedRows, selectFeedRows } from './data-lake-repository.ts';
import { readDatabase } from '../../db/read-replicas.ts';
import { parseFilter } from './odata-filter.ts';
import { filterSql } from './odata-filter-sql.ts';

/** Rows per page unless asked otherwise, and the most a page may hold. */
export const FEED_PAGE_SIZE = 1000;
export const FEED_MAX_PAGE_SIZE = 5000;

/** The feed is read with an access key only: a personal, revocable credential meant for tools. */
export function requireKeyActor(actor: Actor | undefined): Actor {
  if (!actor || actor.via !== 'accessKey') throw new AppError('UNAUTHENTICATED');
  return actor;
}

function readsIssues(access: ProjectAccess): boolean {
  try {
    requireIssueReader(access);
    return true;
  } catch {
    return false;
  }
}

/**
 * The projects the key's user takes part in (one project when projectId is given: PROJECT_NOT_FOUND when it is
 * not theirs), with the access the issue list would give them in each.
 */
export async function loadFeedScope(
  services: AppServices,
  actor: Actor,
  projectId: number | undefined,
  locale: Locale,
): Promise<FeedScope> {
  const db = readDatabase(services, actor);
  let accesses: ProjectAccess[];
  if (projectId !== undefined) {
    accesses = [await loadProjectAccess(db, actor, projectId)];
  } else {
    const companyId = actor.account.companyId;
    const rows = companyId === null ? [] : await projectIdsOfCompany(db, companyId);
    accesses = [];
    for (const row of rows) accesses.push(await loadProjectAccess(db, actor, row.projectId));
  }
  // Platform administrators reach projects only through the admin area: the feed shows them nothing.
  if (actor.account.isAdmin) accesses = [];
  return { projects: accesses, issueReaders: accesses.filter(readsIssues), locale };
}

/** An opaque keyset cursor. */
export function encodeCursor(key: readonly number[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A cursor's key, or BAD_USER_INPUT. */
export function decodeCursor(text: string, entity: FeedEntity, field = 'cursor'): number[] {
  try {
    const key = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(key) &&
      key.length === entity.key.length &&
      key.every((k) => typeof k === 'number' && Number.isSafeInteger(k))
    )
      return key as number[];
  } catch {
    // refused below
  }
  throw new AppError('BAD_USER_INPUT', { field });
}

/** A whole number parameter within bounds, or BAD_USER_INPUT. */
export function intParam(raw: unknown, field: string, min: number, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new AppError('BAD_USER_INPUT', { field });
  return value;
}

/** An instant parameter (ISO 8601), or BAD_USER_INPUT. */
export function instantParam(raw: unknown, field: string): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = typeof raw === 'string' ? new Date(raw) : new Date(Number.NaN);
  if (Number.isNaN(value.getTime())) throw new AppError('BAD_USER_INPUT', { field });
  return value;
}

/** The REST feed's request. */
export interface FeedRequest {
  entity: string;
  projectId?: number | undefined;
  updatedSince?: Date | undefined;
  /** Page number from 1 (offset paging); absent: keyset paging with `cursor`. */
  page?: number | undefined;
  pageSize?: number | undefined;
  cursor?: string | undefined;
  locale: Locale;
}

/** A page of the REST feed. */
export interface FeedPage {
  entity: string;
  data: Record<string, unknown>[];
  pageSize: number;
  page: number | null;
  hasMore: boolean;
  /** The cursor of the next page (keyset paging), or null at the end. */
  nextCursor: string | null;
}

/** A page of an entity of the REST feed (`/data-lake/{entity}`). */
export async function readFeedPage(
  services: AppServices,
  actor: Actor,
  request: FeedRequest,
): Promise<FeedPage> {
  const entity = feedEntity(request.entity, 'path');
  if (!entity) throw new AppError('NOT_FOUND');
  const scope = await loadFeedScope(services, actor, request.projectId, request.locale);
  const pageSize = request.pageSize ?? FEED_PAGE_SIZE;
  if (request.page !== undefined && request.cursor !== undefined)
    throw new AppError('BAD_USER_INPUT', 'page or cursor, not both', { field: 'cursor' });
  const after = request.cursor ? decodeCursor(request.cursor, entity) : undefined;
  // The BI feed is read-only: a fresh-enough read replica may answer it (db/read-replicas.ts).
  const { rows, keys } = await selectFeedRows(readDatabase(services, actor), {
    entity,
    scope,
    where: [updatedSinceWhere(entity, request.updatedSince)],
    orderBy: [],
    after,
    offset: request.page !== undefined ? (request.page - 1) * pageSize : undefined,
    limit: pageSize + 1,
  });
  const hasMore = rows.length > pageSize;
  const data = rows.slice(0, pageSize);
  const lastOfPage = keys[data.length - 1];
  return {
    entity: entity.path,
    data,
    pageSize,
    page: request.page ?? null,
    hasMore,
    nextCursor: hasMore && request.page === undefined && lastOfPage ? encodeCursor(lastOfPage) : null,
  };
}

/** An OData read of an entity set. */
export interface ODataRequest {
  set: string;
  projectId?: number | undefined;
  filter?: string | undefined;
  orderby?: string | undefined;
  select?: string | undefined;
  top?: number | undefined;
  skip?: number | undefined;
  skiptoken?: string | undefined;
  count: boolean;
  /** The page size the client prefers (Prefer: odata.maxpagesize). */
  maxPageSize?: number | undefined;
  locale: Locale;
}

/** An OData answer before it is written: the rows, the count, and how the next page continues. */
export interface ODataPage {
  entity: FeedEntity;
  value: Record<string, unknown>[];
  count: number | undefined;
  next:
    { skiptoken: string; top: number | undefined } | { skip: number; top: number | undefined } | undefined;
}

function parseOrderBy(
  text: string | undefined,
  entity: FeedEntity,
): { property: EntityProperty; desc: boolean }[] {
  if (!text?.trim()) return [];
  return text.split(',').map((part) => {
    const [name = '', direction = 'asc', ...rest] = part.trim().split(/\s+/);
    const property = propertyOf(entity, name);
    if (!property || rest.length > 0 || (direction !== 'asc' && direction !== 'desc'))
      throw new AppError('BAD_USER_INPUT', `$orderby: cannot order by “${part.trim()}”`, {
        field: '$orderby',
      });
    return { property, desc: direction === 'desc' };
  });
}

function parseSelect(text: string | undefined, entity: FeedEntity): EntityProperty[] | undefined {
  if (!text?.trim() || text.trim() === '*') return undefined;
  return text.split(',').map((name) => {
    const property = propertyOf(entity, name.trim());
    if (!property)
      throw new AppError('BAD_USER_INPUT', `$select: ${entity.type} has no property “${name.trim()}”`, {
        field: '$select',
      });
    return property;
  });
}

/**
 * A page of an OData entity set. Server-driven paging: without $orderby and $skip the next page continues after
 * the last key ($skiptoken, stable under inserts); with them, by offset. $top bounds the whole answer.
 */
export async function readODataPage(
  services: AppServices,
  actor: Actor,
  request: ODataRequest,
): Promise<ODataPage> {
  const entity = feedEntity(request.set, 'set');
  if (!entity) throw new AppError('NOT_FOUND');
  const scope = await loadFeedScope(services, actor, request.projectId, request.locale);
  const where = request.filter?.trim() ? [filterSql(parseFilter(request.filter, entity))] : [];
  const orderBy = parseOrderBy(request.orderby, entity);
  const select = parseSelect(request.select, entity);
  const serverPage = Math.min(request.maxPageSize ?? FEED_PAGE_SIZE, FEED_MAX_PAGE_SIZE);
  const keyset = orderBy.length === 0 && !request.skip;
  if (request.skiptoken && !keyset) throw new AppError('BAD_USER_INPUT', { field: '$skiptoken' });
  const after = request.skiptoken ? decodeCursor(request.skiptoken, entity, '$skiptoken') : undefined;
  const wanted = request.top === undefined ? serverPage : Math.min(request.top, serverPage);
  const db = readDatabase(services, actor);
  const { rows, keys } = await selectFeedRows(db, {
    entity,
    scope,
    where,
    orderBy,
    after,
    offset: keyset ? undefined : request.skip,
    limit: wanted + 1,
    select,
  });
  const more = rows.length > wanted;
  const value = rows.slice(0, wanted);
  const count = request.count ? await countFeedRows(db, { entity, scope, where }) : undefined;
  const remainingTop = request.top === undefined ? undefined : request.top - value.length;
  let next: ODataPage['next'];
  if (more && (remainingTop === undefined || remainingTop > 0)) {
    const key = keys[value.length - 1];
    if (keyset && key) next = { skiptoken: encodeCursor(key), top: remainingTop };
    else if (!keyset) next = { skip: (request.skip ?? 0) + value.length, top: remainingTop };
  }
  return { entity, value, count, next };
}
