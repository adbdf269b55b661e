/**
 * The disciplines with the reader's own first (issue 21): a collaborator opens an issue to see and
 * change their discipline's status, so it leads; the others keep their order after it. Managers, who answer for
 * every discipline, see the order unchanged.
 */
export function readerDisciplinesFirst<D extends { disciplineId: number }>(
  disciplines: readonly D[],
  readerDisciplineIds: readonly number[],
): D[] {
  const own = new Set(readerDisciplineIds);
  return [
    ...disciplines.filter((d) => own.has(d.disciplineId)),
    ...disciplines.filter((d) => !own.has(d.disciplineId)),
  ];
}
