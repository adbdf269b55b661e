/** One changed field of a history entry: `{ field: { old, new } }` as the server stores it. */
export interface FieldChange {
  readonly field: string;
  readonly old: unknown;
  readonly new: unknown;
}

/** The changes of an entry's `fields` JSON, in a stable order (creation first). */
export function fieldChanges(fields: unknown): FieldChange[] {
  if (!fields || typeof fields !== 'object') return [];
  const entries = Object.entries(fields as Record<string, unknown>).map(([field, change]) => {
    const c = change && typeof change === 'object' ? (change as Record<string, unknown>) : {};
    return { field, old: c['old'] ?? null, new: c['new'] ?? null };
  });
  const rank = (f: string) => (f === 'created' || f === 'copiedFrom' ? 0 : 1);
  return entries.sort((a, b) => rank(a.field) - rank(b.field));
}

interface DisciplineValue {
  readonly disciplineId: number;
  readonly status: string | null;
  readonly deadline: string | null;
}

/** What happened to one discipline between two lists. */
export interface DisciplineChange {
  readonly disciplineId: number;
  readonly kind: 'added' | 'removed' | 'changed';
  readonly statusFrom: string | null;
  readonly statusTo: string | null;
  readonly deadlineFrom: string | null;
  readonly deadlineTo: string | null;
}

function disciplineList(value: unknown): DisciplineValue[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object')
    .filter((d) => typeof d['disciplineId'] === 'number')
    .map((d) => ({
      disciplineId: d['disciplineId'] as number,
      status: typeof d['status'] === 'string' ? d['status'] : null,
      deadline: typeof d['deadline'] === 'string' ? d['deadline'] : null,
    }));
}

/** The per-discipline differences of a `disciplines` change (added, removed, status or deadline changed). */
export function disciplineChanges(oldValue: unknown, newValue: unknown): DisciplineChange[] {
  const before = new Map(disciplineList(oldValue).map((d) => [d.disciplineId, d]));
  const after = new Map(disciplineList(newValue).map((d) => [d.disciplineId, d]));
  const out: DisciplineChange[] = [];
  for (const [id, next] of after) {
    const prev = before.get(id);
    if (!prev) {
      out.push({
        disciplineId: id,
        kind: 'added',
        statusFrom: null,
        statusTo: next.status,
        deadlineFrom: null,
        deadlineTo: next.deadline,
      });
    } else if (prev.status !== next.status || prev.deadline !== next.deadline) {
      out.push({
        disciplineId: id,
        kind: 'changed',
        statusFrom: prev.status,
        statusTo: next.status,
        deadlineFrom: prev.deadline,
        deadlineTo: next.deadline,
      });
    }
  }
  for (const [id, prev] of before) {
    if (!after.has(id)) {
      out.push({
        disciplineId: id,
        kind: 'removed',
        statusFrom: prev.status,
        statusTo: null,
        deadlineFrom: prev.deadline,
        deadlineTo: null,
      });
    }
  }
  return out;
}
