// The BCF-API's events (README §3.9): its event types and how an issue's history becomes topic and comment events.
import {
  BCF_PRIORITY_OF,
  BCF_STATUS_OF,
  bcfStageOf,
  bcfTopicTypeOf,
  type IssueStatus,
  type Priority,
} from '@obra/domain';

/** The topic event types of the BCF-API 3.0 (README §3.9.1, "Topic event types"), exactly. */
export const BCF_TOPIC_EVENT_TYPES = [
  'topic_created',
  'title_updated',
  'description_updated',
  'description_removed',
  'status_updated',
  'type_updated',
  'priority_updated',
  'priority_removed',
  'due_date_updated',
  'due_date_removed',
  'assigned_to_updated',
  'assigned_to_removed',
  'label_added',
  'label_removed',
  'stage_added',
  'stage_updated',
  'stage_removed',
] as const;

/** The comment event types of the BCF-API 3.0 (README §3.10.1, "Comment event types"), exactly. */
export const BCF_COMMENT_EVENT_TYPES = [
  'comment_created',
  'comment_text_updated',
  'viewpoint_updated',
  'viewpoint_removed',
] as const;

export type BcfTopicEventType = (typeof BCF_TOPIC_EVENT_TYPES)[number];
export type BcfCommentEventType = (typeof BCF_COMMENT_EVENT_TYPES)[number];

/** One event_action. */
export interface EventAction<T extends string = BcfTopicEventType> {
  type: T;
  value: string | null;
}

/** The issue fields Obra's history records that BCF topic events name. */
export const TOPIC_EVENT_FIELDS = [
  'title',
  'description',
  'status',
  'priority',
  'categoryId',
  'deadline',
  'creationPhase',
  'labels',
] as const;

export type TopicEventField = (typeof TOPIC_EVENT_FIELDS)[number];

const blank = (value: unknown) => value === null || value === undefined || value === '';

function ids(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
}

const dueDate = (value: unknown) => (typeof value === 'string' ? `${value.slice(0, 10)}T00:00:00Z` : null);

/**
 * The BCF events of one change of Obra's history (`{old, new}` of one field): removals where BCF has them
 * (`description_removed`, `priority_removed`, `due_date_removed`, `stage_removed`), a stage set where there was
 * none is `stage_added`, and labels give one `label_added` / `label_removed` per label. Fields BCF has no event
 * for (disciplines, locations, images, visibility…) give none.
 */
export function topicEventActions(
  field: string,
  change: { old: unknown; new: unknown },
  labelName: (id: number) => string | undefined,
): EventAction[] {
  const value = change.new;
  switch (field) {
    case 'title':
      return [{ type: 'title_updated', value: typeof value === 'string' ? value : null }];
    case 'description':
      return blank(value)
        ? [{ type: 'description_removed', value: null }]
        : [{ type: 'description_updated', value: String(value) }];
    case 'status':
      return [
        {
          type: 'status_updated',
          value: typeof value === 'string' ? (BCF_STATUS_OF[value as IssueStatus] ?? value) : null,
        },
      ];
    case 'priority':
      return blank(value)
        ? [{ type: 'priority_removed', value: null }]
        : [{ type: 'priority_updated', value: BCF_PRIORITY_OF[value as Priority] ?? String(value) }];
    case 'categoryId':
      return [{ type: 'type_updated', value: bcfTopicTypeOf(typeof value === 'number' ? value : null) }];
    case 'deadline':
      return blank(value)
        ? [{ type: 'due_date_removed', value: null }]
        : [{ type: 'due_date_updated', value: dueDate(value) }];
    case 'creationPhase': {
      const stage = typeof value === 'number' ? (bcfStageOf(value) ?? null) : null;
      if (stage === null) return [{ type: 'stage_removed', value: null }];
      return [{ type: blank(change.old) ? 'stage_added' : 'stage_updated', value: stage }];
    }
    case 'labels': {
      const before = new Set(ids(change.old));
      const after = new Set(ids(value));
      return [
        ...[...after]
          .filter((id) => !before.has(id))
          .map((id): EventAction => ({ type: 'label_added', value: labelName(id) ?? String(id) })),
        ...[...before]
          .filter((id) => !after.has(id))
          .map((id): EventAction => ({ type: 'label_removed', value: labelName(id) ?? String(id) })),
      ];
    }
    default:
      return [];
  }
}

/**
 * The events of a topic's creation: `topic_created`, then (as the spec asks, "to ensure the full history") one
 * event for every field set at creation, read from `initial` (each field's value before its first change).
 */
export function topicCreationActions(
  initial: Readonly<Record<TopicEventField, unknown>>,
  labelName: (id: number) => string | undefined,
): EventAction[] {
  const actions: EventAction[] = [{ type: 'topic_created', value: null }];
  for (const field of TOPIC_EVENT_FIELDS) {
    const value = initial[field];
    if (field === 'labels' ? ids(value).length === 0 : blank(value)) continue;
    actions.push(...topicEventActions(field, { old: field === 'labels' ? [] : null, new: value }, labelName));
  }
  return actions;
}
