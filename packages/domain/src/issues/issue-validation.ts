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

/** What the issue form itself holds of a draft (the project is the form's context, not a field). */
export type IssueFormFacts = Omit<IssueDraftFacts, 'projectId'>;

/**
 * Every problem of an issue draft as a form holds it, by field, in the order the server reports them: required
 * fields (REQUIRED_FIELD), text lengths (TEXT_TOO_LONG), disciplines (ISSUE_MUST_HAVE_DISCIPLINES,
 * DUPLICATED_DISCIPLINES, under `disciplines`) and the location pin (INSERT_PIN_LOCATION, under `pin`).
 */
export function issueFormProblems(facts: IssueFormFacts): FieldProblem[] {
  return [
    ...requiredProblems(facts, ['title', 'status', 'priority', 'visibility']),
    ...issueTextProblems(facts),
    ...disciplineProblems(facts.disciplineIds),
    ...(facts.hasPin ? [] : [{ field: 'pin', code: 'INSERT_PIN_LOCATION' } as const]),
  ];
}

/** Every problem of an issue draft by field: the project, then what the form holds (issueFormProblems). */
export function issueDraftProblems(draft: IssueDraftFacts): FieldProblem[] {
  return [...requiredProblems(draft, ['projectId']), ...issueFormProblems(draft)];
}

/**
 * Checks an issue's required fields, text lengths, disciplines and pin; throws the first failing code (every
 * missing field together under one REQUIRED_FIELD, with their names in `fields`).
 */
export function validateIssueDraft(draft: IssueDraftFacts): void {
  const problems = issueDraftProblems(draft);
  const missing = problems.filter((p) => p.code === 'REQUIRED_FIELD').map((p) => p.field);
  const fields = ISSUE_REQUIRED_FIELDS.filter((f) => missing.includes(f));
  if (fields.length > 0) throw new AppError('REQUIRED_FIELD', 'REQUIRED_FIELD', { fields });
  throwFirstProblem(problems);
}

/** The required fields that are missing (null, undefined or blank text), each a REQUIRED_FIELD problem. */
function requiredProblems<T extends object>(facts: T, fields: readonly (keyof T & string)[]): FieldProblem[] {
  return fields
    .filter((f) => {
      const value: unknown = facts[f];
      return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    })
    .map((field) => ({ field, code: 'REQUIRED_FIELD' }));
}

/** At least one discipline and none repeated, as problems of the field `disciplines`. */
export function disciplineProblems(disciplineIds: readonly number[]): FieldProblem[] {
  if (disciplineIds.length === 0) return [{ field: 'disciplines', code: 'ISSUE_MUST_HAVE_DISCIPLINES' }];
  if (new Set(disciplineIds).size !== disciplineIds.length)
    return [{ field: 'disciplines', code: 'DUPLICATED_DISCIPLINES' }];
  return [];
}

/** At least one discipline and none repeated (ISSUE_MUST_HAVE_DISCIPLINES, DUPLICATED_DISCIPLINES). */
export function validateDisciplines(disciplineIds: readonly number[]): void {
  const [problem] = disciplineProblems(disciplineIds);
  if (problem) throw new AppError(problem.code);
}
