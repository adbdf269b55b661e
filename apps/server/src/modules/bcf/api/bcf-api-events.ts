import {
  AppError,
  COMMENT_VISIBILITIES,
  matchesODataFilter,
  orderByOData,
  parseODataCount,
  parseODataFilter,
  parseODataOrderBy,
} from '@obra/domain';
import type { Actor } from '../../../auth/actor.ts';
import type { AppServices } from '../../../services.ts';
import { commentViewsOfIssues } from '../../issues/comments/issue-comment-query-service.ts';
import { bcfRowsOfComments } from './bcf-api-repository.ts';
import { loadVisibleHistory } from '../../issues/list/issue-query-service.ts';
import { type ProjectAccess } from '../../projects/project-access.ts';
import { derivedCommentGuid } from '../bcf-guids.ts';
import { loadBcfProjectSetup, userEmailsByIds } from '../bcf-repository.ts';
import {
  TOPIC_EVENT_FIELDS,
  topicCreationActions,
  topicEventActions,
  type BcfCommentEventType,
  type EventAction,
  type TopicEventField,
} from './bcf-api-event-mapping.ts';
import { BCF_API_TOPIC_LIMIT, bcfProjectAccess, type Json } from './bcf-api-projects.ts';
import { loadTopic, topicsOf, type LoadedTopic, type ODataQuery, visibleViews } from './bcf-api-topics.ts';

// --- events ---------------------------------------------------------------------------------------------

/**
 * Topic events from the issues' history as the caller may see it (loadVisibleHistory), and comment events from
 * the comments the caller sees (created, and text updated): a comment the caller may not see leaves no event,
 * and no event carries a comment's text. `topicGuid` (and `commentGuid`) narrow the list.
 */
export async function listBcfEvents(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  kind: 'topic' | 'comment',
  options: { topicGuid?: string | undefined; commentGuid?: string | undefined; query: ODataQuery },
): Promise<Json[]> {
  const fields: Record<string, 'text' | 'date'> =
    kind === 'topic'
      ? { topic_guid: 'text', author: 'text', date: 'date', type: 'text' }
      : { topic_guid: 'text', comment_guid: 'text', author: 'text', date: 'date', type: 'text' };
  const filter = parseODataFilter(options.query.$filter, fields);
  const order = parseODataOrderBy(options.query.$orderby, ['date']);
  const top = parseODataCount('$top', options.query.$top, BCF_API_TOPIC_LIMIT);
  const skip = parseODataCount('$skip', options.query.$skip, 1_000_000) ?? 0;
  let access: ProjectAccess;
  let topics: LoadedTopic[];
  if (options.topicGuid) {
    const loaded = await loadTopic(services, actor, { projectGuid, topicGuid: options.topicGuid });
    access = loaded.access;
    topics = [loaded.topic];
  } else {
    access = await bcfProjectAccess(services, actor, projectGuid);
    topics = await topicsOf(services, access, await visibleViews(services, access));
  }
  const events =
    kind === 'topic'
      ? await topicEvents(services, access, topics)
      : await commentEvents(services, access, topics);
  const wanted = options.commentGuid?.toLowerCase();
  if (kind === 'comment' && wanted !== undefined && !events.some((e) => e['comment_guid'] === wanted))
    throw new AppError('NOT_FOUND');
  // Each event carries one action, so that `type` filters as the spec's examples do.
  const matching = orderByOData(
    events.filter(
      (e) =>
        (wanted === undefined || e['comment_guid'] === wanted) &&
        matchesODataFilter(filter, { ...e, type: (e['actions'] as EventAction<string>[])[0]?.type }, fields),
    ),
    order.length ? order : [{ field: 'date', descending: false }],
    { date: 'date' },
  );
  return matching.slice(skip, top === undefined ? undefined : skip + top);
}

async function emailsOf(
  services: AppServices,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const userIds = [...new Set(ids.filter((id): id is number => id !== null))];
  return userIds.length === 0 ? new Map() : userEmailsByIds(services.database.db, userIds);
}

/** Each field's value before its first change in the history, else its value now. */
function initialValues(
  topic: LoadedTopic,
  entries: readonly { fields: unknown }[],
): Record<TopicEventField, unknown> {
  const row = topic.view.row;
  const initial: Record<TopicEventField, unknown> = {
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    categoryId: row.categoryId,
    deadline: row.deadline,
    creationPhase: row.creationPhase,
    labels: topic.view.labelIds,
  };
  const seen = new Set<string>();
  for (const entry of entries) {
    const changed = (entry.fields ?? {}) as Record<string, { old: unknown } | undefined>;
    for (const field of TOPIC_EVENT_FIELDS) {
      const change = changed[field];
      if (change && !seen.has(field)) {
        seen.add(field);
        initial[field] = change.old;
      }
    }
  }
  return initial;
}

/**
 * Topic events (the official types, docs/api-bcf.md "Events") from the issues' history as the caller may see
 * it, one action each: the creation entry gives `topic_created` and an event per field then set; later
 * entries give an event per change BCF names.
 */
async function topicEvents(
  services: AppServices,
  access: ProjectAccess,
  topics: readonly LoadedTopic[],
): Promise<Json[]> {
  const [history, setup] = await Promise.all([
    loadVisibleHistory(
      services,
      access,
      topics.map((t) => t.view.row),
    ),
    loadBcfProjectSetup(services.database.db, access.project.id),
  ]);
  const labels = new Map(setup.labels.map((l) => [l.id, l.name]));
  const labelName = (id: number) => labels.get(id);
  const emails = await emailsOf(
    services,
    [...history.values()].flat().map((e) => e.userId),
  );
  const events: Json[] = [];
  for (const topic of topics) {
    const entries = history.get(topic.view.row.id) ?? [];
    for (const [position, entry] of entries.entries()) {
      const changed = (entry.fields ?? {}) as Record<string, { old: unknown; new: unknown } | undefined>;
      // The creation entry is `created` (createIssue's history).
      const actions =
        changed['created'] !== undefined
          ? topicCreationActions(initialValues(topic, entries.slice(position + 1)), labelName)
          : Object.entries(changed).flatMap(([field, change]) =>
              change ? topicEventActions(field, change, labelName) : [],
            );
      const author = (entry.userId !== null ? emails.get(entry.userId) : undefined) ?? 'unknown';
      for (const action of actions)
        events.push({
          topic_guid: topic.guid,
          date: entry.createdAt.toISOString(),
          author,
          actions: [action],
        });
    }
  }
  return events;
}

async function commentEvents(
  services: AppServices,
  access: ProjectAccess,
  topics: readonly LoadedTopic[],
): Promise<Json[]> {
  const byIssue = await commentViewsOfIssues(
    services,
    access,
    new Map(topics.map((t) => [t.view.row.id, t.view.row.visibility])),
    { visibilities: COMMENT_VISIBILITIES, includeDeleted: false },
  );
  const views = [...byIssue.values()].flat().filter((v) => v.row.deletedAt === null && v.showMessage);
  const kept = await bcfRowsOfComments(
    services.database.db,
    views.map((v) => v.row.id),
  );
  const guids = new Map(kept.map((k) => [k.commentId, k.guid]));
  const viewpoints = new Map(
    kept.map((k) => [k.commentId, (k.comment as { viewpointGuid?: unknown } | null)?.viewpointGuid]),
  );
  const events: Json[] = [];
  for (const topic of topics)
    for (const view of byIssue.get(topic.view.row.id) ?? []) {
      if (view.row.deletedAt !== null || !view.showMessage) continue;
      const guid = guids.get(view.row.id) ?? derivedCommentGuid(access.project.guid, view.row.id);
      const author = view.users.get(view.row.createdByUserId)?.email ?? 'unknown';
      const base = { comment_guid: guid, topic_guid: topic.guid, author };
      const created = view.row.createdAt.toISOString();
      const viewpoint = viewpoints.get(view.row.id);
      const actions: [string, EventAction<BcfCommentEventType>][] = [
        [created, { type: 'comment_created', value: null }],
        // As the spec asks, a comment made with a viewpoint also has its viewpoint_updated event.
        ...(typeof viewpoint === 'string'
          ? [
              [created, { type: 'viewpoint_updated', value: viewpoint }] as [
                string,
                EventAction<BcfCommentEventType>,
              ],
            ]
          : []),
        // The last edit of the text (Obra keeps when, not every version): its text is the comment's text now.
        ...(view.row.editedAt
          ? [
              [
                view.row.editedAt.toISOString(),
                { type: 'comment_text_updated', value: view.row.message },
              ] as [string, EventAction<BcfCommentEventType>],
            ]
          : []),
      ];
      for (const [date, action] of actions) events.push({ ...base, date, actions: [action] });
    }
  return events;
}
