import { z } from 'zod';
import { STANDARD_ISSUE_FILTERS } from '../enums/project-enums.ts';
import {
  DATE_FILTER_FIELDS,
  FILTER_DATE_PATTERN,
  ID_FILTER_FIELDS,
  MAX_FILTER_CONDITIONS,
  TEXT_FILTER_FIELDS,
} from './filter-fields.ts';

// The filter JSON's schema, apart from the rules in filters.ts: a bundle that only applies filters (the web's
// issue list) then carries no schema library.

const ids = z.array(z.number().int()).max(10_000);
const isoDate = z.string().regex(FILTER_DATE_PATTERN);

const condition = z.discriminatedUnion('field', [
  z.object({ field: z.enum(TEXT_FILTER_FIELDS), values: z.array(z.string()).min(1) }),
  z.object({ field: z.enum(ID_FILTER_FIELDS), values: ids.min(1) }),
  z.object({ field: z.enum(DATE_FILTER_FIELDS), from: isoDate.optional(), to: isoDate.optional() }),
]);

/** The filter JSON of getIssues (documented in docs/api.md). */
export const issueFilterSchema = z
  .object({
    standard: z.enum(STANDARD_ISSUE_FILTERS).default('all'),
    ids: ids.optional(),
    search: z.string().max(500).optional(),
    combination: z.enum(['and', 'or']).default('or'),
    conditions: z.array(condition).max(MAX_FILTER_CONDITIONS).default([]),
    /** Minutes to add to local time to get UTC (Date.getTimezoneOffset()), for date ranges on timestamps. */
    timezoneOffset: z.number().int().min(-840).max(840).default(0),
  })
  .strict();

/** A parsed issue filter. */
export type IssueFilter = z.output<typeof issueFilterSchema>;

/** A condition of a custom filter. */
export type IssueFilterCondition = z.output<typeof condition>;
