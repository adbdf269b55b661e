import { AppError } from '../errors/app-error.ts';
import { throwFirstProblem, type FieldProblem } from '../validation/field-problems.ts';
import { textLengthProblems } from '../validation/text-limits.ts';

/** The parts of an issue draft that creation checks (spec core §5). */
export interface IssueDraftFacts {
  readonly title?: string | null;
  readonly description?: string | null;
  readonly status?: string | null;
  readonly priority?: string | null;
  readonly visibility?: string | null;
  readonly projectId?: number | null;
  readonly disciplineIds: readonly number[];
  /** Whether the issue has a location pin (on a drawing, image, document or model). */
  readonly hasPin: boolean;
}

/** The fields an issue cannot be created without. */
export const ISSUE_REQUIRED_FIELDS = ['title', 'status', 'priority', 'visibility', 'projectId'] as const;

/** The text problems of an issue's title and description (TEXT_TOO_LONG beyond TEXT_LIMITS), by field. */
export function issueTextProblems(fields: {
  readonly title?: string | null | undefined;
  readonly description?: string | null | undefined;
}): FieldProblem[] {
  return textLengthProblems([
    ['title', fields.title, 'issueTitle'],
    ['description', fields.description, 'issueDescription'],
  ]);
}

/** The text problems of a comment's message, by field. */
export function commentTextProblems(fields: {
  readonly message?: string | null | undefined;
}): FieldProblem[] {
  return textLengthProblems([['message', fields.message, 'commentMessage']]);
}

/** Checks an issue's required fields, text lengths, disciplines and pin; throws the first failing code. */
export function validateIssueDraft(draft: IssueDraftFacts): void {
  const missing = ISSUE_REQUIRED_FIELDS.filter((f) => {
    const value = draft[f];
    return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
  if (missing.length > 0) throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields: missing });
  throwFirstProblem(issueTextProblems(draft));
  validateDisciplines(draft.disciplineIds);
  if (!draft.hasPin) throw new AppError('INSERT_PIN_LOCATION');
}

/** At least one discipline and none repeated (ISSUE_MUST_HAVE_DISCIPLINES, DUPLICATED_DISCIPLINES). */
export function validateDisciplines(disciplineIds: readonly number[]): void {
  if (disciplineIds.length === 0) throw new AppError('ISSUE_MUST_HAVE_DISCIPLINES');
  if (new Set(disciplineIds).size !== disciplineIds.length) throw new AppError('DUPLICATED_DISCIPLINES');
}
