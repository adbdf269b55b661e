import type { FieldProblem } from './field-problems.ts';

/**
 * The longest text, in characters, each kind of user text may be (docs/text-limits.md). Defined once: the server
 * refuses longer text with TEXT_TOO_LONG ({ field, max }) and the forms cap their inputs at the same numbers.
 */
export const TEXT_LIMITS = {
  /** An issue's title. */
  issueTitle: 200,
  /** An issue's description. */
  issueDescription: 10_000,
  /** A comment's message. */
  commentMessage: 5_000,
  /** The title of an image of an issue or a comment. */
  imageTitle: 200,
  /** A name in the project's setup (project, local, label, discipline, group, tag) or a company's name. */
  name: 120,
  /** An abbreviation of a local, label or discipline. */
  abbreviation: 20,
} as const;

/** A kind of limited text. */
export type TextKind = keyof typeof TEXT_LIMITS;

/** The length a limit counts: characters as the user sees them (code points), after trimming. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value.trim()) n++;
  return n;
}

/** Whether a text fits its limit (null and undefined fit). */
export function fitsLimit(value: string | null | undefined, kind: TextKind): boolean {
  return value === null || value === undefined || textLength(value) <= TEXT_LIMITS[kind];
}

/**
 * The TEXT_TOO_LONG problems of some fields: each entry names the field, its value and its kind of text.
 * Absent values (null, undefined) are not checked here (required fields have their own rule).
 */
export function textLengthProblems(
  fields: readonly (readonly [field: string, value: string | null | undefined, kind: TextKind])[],
): FieldProblem[] {
  return fields
    .filter(([, value, kind]) => !fitsLimit(value, kind))
    .map(([field, , kind]) => ({ field, code: 'TEXT_TOO_LONG', details: { max: TEXT_LIMITS[kind] } }));
}
