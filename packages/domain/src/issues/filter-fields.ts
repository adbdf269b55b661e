// The fields a custom filter condition can name, by the kind of values it takes (spec editor §3.6). Shared by the
// filter JSON's schema (filter-schema.ts) and by clients that read conditions without the schema library (the
// web's list address).

/** Conditions on these fields list text values (enumeration keys). */
export const TEXT_FILTER_FIELDS = ['status', 'priority', 'visibility', 'disciplineStatus'] as const;

/** Conditions on these fields list ids. */
export const ID_FILTER_FIELDS = [
  'category',
  'creationPhase',
  'resolutionPhase',
  'discipline',
  'local',
  'label',
  'tag',
  'createdBy',
  'group',
] as const;

/** Conditions on these fields give an inclusive date range (`from`, `to`: YYYY-MM-DD). */
export const DATE_FILTER_FIELDS = ['createdAt', 'visibilityUpdatedAt', 'deadline'] as const;

/** A filter date: YYYY-MM-DD. */
export const FILTER_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** At most this many conditions in one filter. */
export const MAX_FILTER_CONDITIONS = 50;
