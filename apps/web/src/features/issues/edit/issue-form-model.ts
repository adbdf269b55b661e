import {
  ISSUE_VISIBILITIES,
  issueFormProblems,
  toIssueVisibility,
  toPriority,
  type IssueStatus,
  type IssueVisibility,
  type Priority,
} from '@obra/domain';
import { imageFromStored, type FormImage } from './form-images-model.ts';

/** The location pin as stored in the issue's `pin` JSON: a point on one of the issue's images. */
export interface IssuePinValue {
  readonly x: number;
  readonly y: number;
  readonly color: string;
  /** The image it was placed on: its position among the issue's images, title and pixel size. */
  readonly image: {
    readonly index: number;
    readonly title: string;
    readonly width?: number;
    readonly height?: number;
  } | null;
}

/** The pin while editing: a point on the form image `imageKey` (page pixels of that image). */
export interface FormPin {
  readonly x: number;
  readonly y: number;
  readonly imageKey: string | null;
}

/** One discipline row of the form; `disciplineId` is null until chosen. */
export interface DisciplineRow {
  readonly key: string;
  readonly disciplineId: number | null;
  readonly status: string;
  /** `YYYY-MM-DD` or ''. */
  readonly deadline: string;
}

/** Everything the create/edit form holds (spec core §3 Issue). */
export interface IssueFormValues {
  readonly title: string;
  readonly description: string;
  readonly status: IssueStatus;
  readonly priority: Priority;
  readonly visibility: IssueVisibility;
  readonly category: number | null;
  readonly creationPhase: number | null;
  readonly resolutionPhase: number | null;
  /** `YYYY-MM-DD` or ''. */
  readonly deadline: string;
  readonly groupId: number | null;
  readonly locals: readonly number[];
  readonly labels: readonly number[];
  readonly disciplines: readonly DisciplineRow[];
  readonly images: readonly FormImage[];
  readonly pin: FormPin | null;
}

/** The form fields errors can point at. */
export type IssueFormField =
  | 'title'
  | 'description'
  | 'status'
  | 'priority'
  | 'visibility'
  | 'category'
  | 'creationPhase'
  | 'resolutionPhase'
  | 'deadline'
  | 'groupId'
  | 'locals'
  | 'labels'
  | 'disciplines'
  | 'pin'
  | 'form';

/** Error codes by field (codes of the catalogue, shown through the errors namespace). */
export type IssueFormErrors = Partial<Record<IssueFormField, string>>;

let rowCounter = 0;

/** A new discipline row. */
export function newDisciplineRow(
  disciplineId: number | null = null,
  status = 'todo',
  deadline = '',
): DisciplineRow {
  rowCounter += 1;
  return { key: `row-${rowCounter}`, disciplineId, status, deadline };
}

/** The values of a new issue. */
export function emptyIssueForm(defaultStatus = 'todo'): IssueFormValues {
  return {
    title: '',
    description: '',
    status: 'active',
    priority: 'medium',
    visibility: 'public',
    category: null,
    creationPhase: null,
    resolutionPhase: null,
    deadline: '',
    groupId: null,
    locals: [],
    labels: [],
    disciplines: [newDisciplineRow(null, defaultStatus)],
    images: [],
    pin: null,
  };
}

/** The issue as the form needs it to edit. */
export interface EditableIssue {
  readonly title: string;
  readonly description: string | null;
  readonly status: string;
  readonly priority: string;
  readonly visibility: string;
  readonly category: number | null;
  readonly creationPhase: number | null;
  readonly resolutionPhase: number | null;
  readonly deadline: string | null;
  readonly groupId: number | null;
  readonly locals: readonly { localId: number }[];
  readonly labels: readonly { labelId: number }[];
  readonly disciplines: readonly { disciplineId: number; status: string; deadline: string | null }[];
  readonly pin: unknown;
  readonly images?: readonly {
    id: number;
    index: number;
    title: string;
    original: string;
    markedUp?: string | null;
    markUp?: unknown;
  }[];
}

/** The form values of an existing issue. */
export function issueToForm(issue: EditableIssue): IssueFormValues {
  const images = [...(issue.images ?? [])].sort((a, b) => a.index - b.index).map(imageFromStored);
  const stored = parsePin(issue.pin);
  const pin: FormPin | null = stored
    ? { x: stored.x, y: stored.y, imageKey: stored.image ? (images[stored.image.index]?.key ?? null) : null }
    : null;
  const status: IssueStatus =
    issue.status === 'resolved' || issue.status === 'reproved' ? issue.status : 'active';
  return {
    title: issue.title,
    description: issue.description ?? '',
    status,
    priority: toPriority(issue.priority),
    visibility: toIssueVisibility(issue.visibility),
    category: issue.category,
    creationPhase: issue.creationPhase,
    resolutionPhase: issue.resolutionPhase,
    deadline: issue.deadline ?? '',
    groupId: issue.groupId,
    locals: issue.locals.map((l) => l.localId),
    labels: issue.labels.map((l) => l.labelId),
    disciplines: issue.disciplines.map((d) => newDisciplineRow(d.disciplineId, d.status, d.deadline ?? '')),
    images,
    pin,
  };
}

/** Reads a stored pin; anything without numeric x and y is no pin. */
export function parsePin(value: unknown): IssuePinValue | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v['x'] !== 'number' || typeof v['y'] !== 'number') return null;
  const image = v['image'] && typeof v['image'] === 'object' ? (v['image'] as Record<string, unknown>) : null;
  return {
    x: v['x'],
    y: v['y'],
    color: typeof v['color'] === 'string' ? v['color'] : 'red',
    image: image
      ? {
          index: typeof image['index'] === 'number' ? image['index'] : 0,
          title: typeof image['title'] === 'string' ? image['title'] : '',
          ...(typeof image['width'] === 'number' ? { width: image['width'] } : {}),
          ...(typeof image['height'] === 'number' ? { height: image['height'] } : {}),
        }
      : null,
  };
}

/**
 * Checks the form before sending, with the server's codes (spec core §5): title, status, priority and
 * visibility are required; title and description within their limits (TEXT_TOO_LONG); at least one discipline,
 * none repeated, each chosen; a location pin; group visibility needs a group.
 */
export function validateIssueForm(values: IssueFormValues): IssueFormErrors {
  const errors: IssueFormErrors = {};
  const chosen = values.disciplines.map((d) => d.disciplineId);
  // A row whose discipline is not chosen yet is the form's own problem; every other is the domain's, which the
  // server runs too: all of them by field, the first of each field shown under it.
  if (values.disciplines.length > 0 && chosen.some((id) => id === null))
    errors.disciplines = 'REQUIRED_FIELD';
  const problems = issueFormProblems({
    title: values.title,
    description: values.description,
    status: values.status,
    priority: values.priority,
    visibility: ISSUE_VISIBILITIES.includes(values.visibility) ? values.visibility : null,
    disciplineIds: chosen.filter((id): id is number => id !== null),
    hasPin: values.pin !== null,
  });
  for (const p of problems) errors[p.field as IssueFormField] ??= p.code;
  if (values.visibility === 'group' && values.groupId === null) errors.groupId = 'REQUIRED_FIELD';
  return errors;
}

/** The ids of discipline rows whose discipline appears more than once (to mark them). */
export function duplicatedRowKeys(rows: readonly DisciplineRow[]): Set<string> {
  const count = new Map<number, number>();
  for (const r of rows)
    if (r.disciplineId !== null) count.set(r.disciplineId, (count.get(r.disciplineId) ?? 0) + 1);
  return new Set(
    rows.filter((r) => r.disciplineId !== null && (count.get(r.disciplineId) ?? 0) > 1).map((r) => r.key),
  );
}

/** The mutation variables of the form (create and update send every field). */
export function formVariables(values: IssueFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim() === '' ? null : values.description,
    status: values.status,
    priority: values.priority,
    visibility: values.visibility,
    category: values.category,
    creationPhase: values.creationPhase,
    resolutionPhase: values.resolutionPhase,
    deadline: values.deadline === '' ? null : values.deadline,
    groupId: values.groupId,
    locals: [...values.locals],
    labels: [...values.labels],
    disciplines: values.disciplines.map((d) => ({
      disciplineId: d.disciplineId ?? 0,
      status: d.status,
      deadline: d.deadline === '' ? null : d.deadline,
    })),
    pin: pinJson(values),
  };
}

/**
 * The `pin` JSON of the form: the point and the image it is on (its position among the issue's images and its
 * title), so the view can draw it over that image. A pin on an image that is no longer in the form keeps only
 * its point.
 */
export function pinJson(
  values: Pick<IssueFormValues, 'pin' | 'images'>,
  size?: { width: number; height: number },
): IssuePinValue | null {
  if (!values.pin) return null;
  const index = values.images.findIndex((i) => i.key === values.pin?.imageKey);
  const image = values.images[index];
  return {
    x: values.pin.x,
    y: values.pin.y,
    color: 'red',
    image: image ? { index, title: image.title.trim(), ...(size ?? {}) } : null,
  };
}

const FIELD_OF_CODE: Record<string, IssueFormField> = {
  ISSUE_MUST_HAVE_DISCIPLINES: 'disciplines',
  DUPLICATED_DISCIPLINES: 'disciplines',
  INSERT_PIN_LOCATION: 'pin',
  MISSING_RESOLUTION_PHASE: 'resolutionPhase',
  DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE: 'status',
  DISCIPLINE_STATUS_MUST_KEEP_ISSUE_NOT_ACTIVE: 'status',
  PROJECT_GROUP_NOT_FOUND: 'groupId',
};

const SERVER_FIELDS: Record<string, IssueFormField> = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  visibility: 'visibility',
  category: 'category',
  creationPhase: 'creationPhase',
  resolutionPhase: 'resolutionPhase',
  deadline: 'deadline',
  groupId: 'groupId',
  group: 'groupId',
  locals: 'locals',
  labels: 'labels',
  disciplines: 'disciplines',
  pin: 'pin',
};

/**
 * Places a server error next to the field it is about (spec: errors shown in place): REQUIRED_FIELD on each of
 * `details.fields`, BAD_USER_INPUT and TEXT_TOO_LONG on `details.field`, the rule codes on their field; anything else on the form.
 */
export function serverErrorsToForm(code: string, details: unknown): IssueFormErrors {
  const d = details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  if (code === 'REQUIRED_FIELD' || code === 'BAD_USER_INPUT' || code === 'TEXT_TOO_LONG') {
    const names = Array.isArray(d['fields'])
      ? d['fields']
      : typeof d['field'] === 'string'
        ? [d['field']]
        : [];
    const fields = names.map((n) =>
      typeof n === 'string' ? SERVER_FIELDS[n.split('.')[0] ?? ''] : undefined,
    );
    const known = fields.filter((f): f is IssueFormField => f !== undefined);
    if (known.length > 0) return Object.fromEntries(known.map((f) => [f, code]));
  }
  const field = FIELD_OF_CODE[code];
  return field ? { [field]: code } : { form: code };
}
