import type { DisciplineFieldsFragment } from '../../../gql/generated.ts';

/** A discipline as setProjectDisciplines takes it. */
export interface DisciplineInput {
  id?: number;
  standardDisciplineId?: number;
  name: string;
  abbreviation: string;
}

/** The project's current list as input, so a change sends the whole list with every id kept. */
export function disciplinesToInput(list: readonly DisciplineFieldsFragment[]): DisciplineInput[] {
  return list.map((d) => ({
    id: d.id,
    ...(d.standardDisciplineId == null ? {} : { standardDisciplineId: d.standardDisciplineId }),
    name: d.name,
    abbreviation: d.abbreviation,
  }));
}

/** Whether another discipline already uses this abbreviation (the server refuses DUPLICATED_DISCIPLINES). */
export function abbreviationTaken(
  list: readonly Pick<DisciplineFieldsFragment, 'id' | 'abbreviation'>[],
  abbreviation: string,
  exceptId?: number,
): boolean {
  const wanted = abbreviation.trim().toLowerCase();
  return list.some((d) => d.id !== exceptId && d.abbreviation.trim().toLowerCase() === wanted);
}
