import { z } from 'zod';
import { ISSUE_SORT_KEYS, STANDARD_ISSUE_FILTERS } from '../enums/project-enums.ts';
import { issueFilterSchema } from '../issues/filter-schema.ts';
import { ISSUE_TABLE_COLUMNS, SAVED_VIEW_NAME_MAX } from './saved-view-rules.ts';

/** What a saved view remembers of the list: the tab, search, custom filter and the sort leading the order. */
export const savedViewFilterSchema = z
  .object({
    standard: z.enum(STANDARD_ISSUE_FILTERS),
    search: issueFilterSchema.shape.search.unwrap(),
    combination: z.enum(['and', 'or']),
    conditions: issueFilterSchema.shape.conditions.unwrap(),
    sort: z.object({ key: z.enum(ISSUE_SORT_KEYS), direction: z.enum(['asc', 'desc']) }).nullable(),
  })
  .strict();

/** A saved view's filter. */
export type SavedViewFilter = z.output<typeof savedViewFilterSchema>;

/** The whole of a saved view as the user saves it. */
export const savedViewContentSchema = z.object({
  name: z.string().trim().min(1).max(SAVED_VIEW_NAME_MAX),
  filter: savedViewFilterSchema,
  columns: z.array(z.enum(ISSUE_TABLE_COLUMNS)).min(1).max(ISSUE_TABLE_COLUMNS.length),
  viewMode: z.enum(['list', 'table']),
});

/** A saved view's content, checked. */
export type SavedViewContent = z.output<typeof savedViewContentSchema>;
