/** The deadlines of an issue form: its own and its disciplines' (YYYY-MM-DD, '' for none). */
export interface FormDeadlines {
  readonly deadline: string;
  readonly disciplines: readonly { readonly disciplineId: number | null; readonly deadline: string }[];
}

/**
 * The deadlines just chosen that are already past (issue 21: a deadline in the past asks for confirmation), oldest
 * first, each once: the issue's deadline and the disciplines' ones that differ from what the form opened with, and
 * fall before today. A deadline that was already there (an old issue that is late) asks nothing.
 */
export function newPastDeadlines(
  values: FormDeadlines,
  before: FormDeadlines | null,
  today: string,
): string[] {
  const past = new Set<string>();
  const isPast = (date: string) => date !== '' && date < today;
  if (isPast(values.deadline) && values.deadline !== before?.deadline) past.add(values.deadline);
  for (const row of values.disciplines) {
    const previous = before?.disciplines.find((d) => d.disciplineId === row.disciplineId)?.deadline;
    if (isPast(row.deadline) && row.deadline !== previous) past.add(row.deadline);
  }
  return [...past].sort();
}

/** Whether one deadline being set (on the issue view) is a new one in the past. */
export function isNewPastDeadline(value: string | null, previous: string | null, today: string): boolean {
  return value !== null && value !== '' && value < today && value !== previous;
}
