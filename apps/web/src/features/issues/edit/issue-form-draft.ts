import { newDisciplineRow, type IssueFormValues } from './issue-form-model.ts';

/**
 * The unsaved New-issue form of a project, kept in localStorage so that closing the form (or the tab) loses
 * nothing: the texts and choices. Images and the pin (files picked on this device) are not kept.
 */
export interface IssueFormDraft {
  readonly version: 1;
  readonly values: Omit<IssueFormValues, 'images' | 'pin' | 'disciplines'> & {
    readonly disciplines: readonly { disciplineId: number | null; status: string; deadline: string }[];
  };
}

const key = (projectId: number) => `obra.issueDraft.${projectId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** What of the form a draft keeps, comparable between two forms. */
function draftOf(values: IssueFormValues): IssueFormDraft {
  const { images: _images, pin: _pin, disciplines, ...rest } = values;
  return {
    version: 1,
    values: {
      ...rest,
      disciplines: disciplines.map((d) => ({
        disciplineId: d.disciplineId,
        status: d.status,
        deadline: d.deadline,
      })),
    },
  };
}

/** True when the form holds something the user typed or chose (compared with the form it started as). */
export function isFormChanged(values: IssueFormValues, initial: IssueFormValues): boolean {
  return (
    values.images.length !== initial.images.length ||
    values.images.some((image, i) => image !== initial.images[i]) ||
    JSON.stringify(values.pin) !== JSON.stringify(initial.pin) ||
    JSON.stringify(draftOf(values)) !== JSON.stringify(draftOf(initial))
  );
}

/** Keeps the form as the project's draft, or forgets the draft when nothing was typed. */
export function saveIssueDraft(projectId: number, values: IssueFormValues, empty: IssueFormValues): void {
  const store = storage();
  if (!store) return;
  try {
    if (JSON.stringify(draftOf(values)) === JSON.stringify(draftOf(empty))) store.removeItem(key(projectId));
    else store.setItem(key(projectId), JSON.stringify(draftOf(values)));
  } catch {
    // A full or refused storage only loses the draft, never the form.
  }
}

/** The project's draft as form values (over `empty`), or null without one (or an unreadable one). */
export function loadIssueDraft(projectId: number, empty: IssueFormValues): IssueFormValues | null {
  const raw = storage()?.getItem(key(projectId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<IssueFormDraft>;
    if (draft.version !== 1 || !draft.values || typeof draft.values.title !== 'string') return null;
    const { disciplines, ...rest } = draft.values;
    return {
      ...empty,
      ...rest,
      disciplines: Array.isArray(disciplines)
        ? disciplines.map((d) => newDisciplineRow(d.disciplineId, d.status, d.deadline))
        : empty.disciplines,
      images: [],
      pin: null,
    };
  } catch {
    return null;
  }
}

/** Forgets the project's draft (created, or discarded by the user). */
export function clearIssueDraft(projectId: number): void {
  try {
    storage()?.removeItem(key(projectId));
  } catch {
    // Nothing to forget.
  }
}
