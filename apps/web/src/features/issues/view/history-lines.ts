import { ISSUE_CATEGORIES } from '@obra/domain';
import { disciplineChanges, type FieldChange } from './history-model.ts';
import { displayName } from './issue-format.ts';
import type { IssueScreen } from './use-issue-screen.ts';

/** A translation function with the `issue` namespace as default and `enums:` reachable. */
export type HistoryT = (key: string, options?: Record<string, unknown>) => string;

/** How the history names what a stored value points at (ids of the project's items, dates). */
export interface HistoryNames {
  readonly discipline: (id: number) => string | undefined;
  readonly local: (id: number) => string | undefined;
  readonly label: (id: number) => string | undefined;
  readonly group: (id: number) => string | undefined;
  readonly phase: (id: number) => string | undefined;
  readonly user: (id: number) => string | undefined;
  readonly date: (day: string) => string;
}

/** The fields whose value is only said to have changed (positions, long texts, tool data). */
const CHANGED_ONLY = new Set(['description', 'pin', 'viewpoints', 'bimPins', 'aiAssistantLogs', 'settings']);

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

const recordsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => Boolean(v) && typeof v === 'object')
    : [];

const stringOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** One line for an item of a list (image, document): the named variant, or the untitled one. */
function itemLine(t: HistoryT, key: string, title: string, extra: Record<string, unknown> = {}): string {
  return title ? t(key, { title, ...extra }) : t(`${key}Untitled`, extra);
}

/** What became of each image between two stored lists (matched by id): added, removed, renamed, redrawn. */
function imageLines(t: HistoryT, oldValue: unknown, newValue: unknown): string[] {
  const before = new Map(recordsOf(oldValue).map((i) => [i['id'], i]));
  const after = recordsOf(newValue);
  const lines: string[] = [];
  let reordered = false;
  for (const image of after) {
    const title = stringOf(image['title']);
    const prev = image['id'] !== undefined ? before.get(image['id']) : undefined;
    if (!prev) {
      lines.push(itemLine(t, 'history.image.added', title));
      continue;
    }
    const prevTitle = stringOf(prev['title']);
    if (prev['original'] !== image['original']) lines.push(itemLine(t, 'history.image.replaced', title));
    if (prevTitle !== title) {
      lines.push(
        !prevTitle
          ? t('history.image.titled', { title })
          : !title
            ? t('history.image.untitled', { title: prevTitle })
            : t('history.image.renamed', { from: prevTitle, to: title }),
      );
    }
    if (prev['markedUp'] !== image['markedUp'] && prev['original'] === image['original'])
      lines.push(itemLine(t, 'history.image.markup', title));
    if (prev['index'] !== image['index']) reordered = true;
  }
  const kept = new Set(after.map((i) => i['id']));
  for (const [id, prev] of before) {
    if (!kept.has(id)) lines.push(itemLine(t, 'history.image.removed', stringOf(prev['title'])));
  }
  if (reordered) lines.push(t('history.image.reordered'));
  return lines.length > 0 ? lines : [t('history.changed', { field: t('history.the.images') })];
}

/** Added and removed document references, by title and revision. */
function referenceLines(t: HistoryT, kind: string, oldValue: unknown, newValue: unknown): string[] {
  const name = (r: Record<string, unknown>) =>
    [stringOf(r['title']), stringOf(r['rev'])].filter((s) => s.length > 0).join(' ');
  const before = recordsOf(oldValue).map(name);
  const after = recordsOf(newValue).map(name);
  const lines = [
    ...after.filter((n) => !before.includes(n)).map((n) => itemLine(t, `history.reference.${kind}Added`, n)),
    ...before
      .filter((n) => !after.includes(n))
      .map((n) => itemLine(t, `history.reference.${kind}Removed`, n)),
  ];
  return lines.length > 0 ? lines : [t('history.changed', { field: t(`history.the.${kind}`) })];
}

/** Added and removed locations or labels, by name. */
function treeLines(
  t: HistoryT,
  kind: 'locals' | 'labels',
  oldValue: unknown,
  newValue: unknown,
  name: (id: number) => string | undefined,
): string[] {
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
  const before = ids(oldValue);
  const after = ids(newValue);
  const label = (id: number) => name(id) ?? t('history.unknownItem');
  return [
    ...after
      .filter((id) => !before.includes(id))
      .map((id) => t(`history.${kind}.added`, { name: label(id) })),
    ...before
      .filter((id) => !after.includes(id))
      .map((id) => t(`history.${kind}.removed`, { name: label(id) })),
  ];
}

/** A single value in words: enumerations translated, ids named, dates formatted, texts quoted. */
function valueText(t: HistoryT, field: string, value: unknown, names: HistoryNames): string {
  switch (field) {
    case 'title':
      return t('history.quoted', { text: String(value) });
    case 'status':
      return t(`enums:issueStatuses.${String(value)}`, { defaultValue: String(value) });
    case 'priority':
      return t(`enums:priorities.${String(value)}`, { defaultValue: String(value) });
    case 'visibility':
      return t(`enums:visibilities.${String(value)}`, { defaultValue: String(value) });
    case 'category':
    case 'categoryId': {
      const c = ISSUE_CATEGORIES.find((x) => x.id === value);
      return c ? t(`enums:categories.${c.key}`) : t('history.unknownItem');
    }
    case 'creationPhase':
    case 'resolutionPhase':
      return (typeof value === 'number' && names.phase(value)) || t('history.unknownItem');
    case 'deadline':
      return names.date(String(value));
    case 'groupId':
      return (typeof value === 'number' && names.group(value)) || t('history.unknownItem');
    default:
      return typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : t('history.unknownItem');
  }
}

/**
 * One issue history change as sentences in the user's language (never raw data): every field kind the
 * server records (creation, copy, the issue's own fields, disciplines, locations, labels, images, references).
 */
export function issueHistoryLines(change: FieldChange, t: HistoryT, names: HistoryNames): string[] {
  const { field } = change;
  switch (field) {
    case 'created': {
      const created = (change.new ?? {}) as { code?: string; title?: string };
      return [t('history.created', { code: created.code ?? '', title: created.title ?? '' })];
    }
    case 'copiedFrom': {
      const from = (change.new ?? {}) as { code?: string };
      return [t('history.copiedFrom', { code: from.code ?? '' })];
    }
    case 'disciplines': {
      const status = (s: string | null) =>
        s ? t(`enums:disciplineStatuses.${s}`, { defaultValue: s }) : t('none');
      return disciplineChanges(change.old, change.new).map((d) => {
        const line = t(`history.discipline.${d.kind}`, {
          discipline: names.discipline(d.disciplineId) ?? t('history.unknownItem'),
          from: status(d.statusFrom),
          to: status(d.statusTo),
        });
        if (d.kind !== 'changed' || d.deadlineFrom === d.deadlineTo) return line;
        return `${line} · ${t('history.deadline', {
          from: d.deadlineFrom ? names.date(d.deadlineFrom) : t('none'),
          to: d.deadlineTo ? names.date(d.deadlineTo) : t('none'),
        })}`;
      });
    }
    case 'images':
      return imageLines(t, change.old, change.new);
    case 'documentsReferences':
      return referenceLines(t, 'documents', change.old, change.new);
    case 'ccodeDocumentsReferences':
      return referenceLines(t, 'codeDocuments', change.old, change.new);
    case 'locals':
      return treeLines(t, 'locals', change.old, change.new, names.local);
    case 'labels':
      return treeLines(t, 'labels', change.old, change.new, names.label);
  }
  const the = t(`history.the.${field === 'categoryId' ? 'category' : field}`, {
    defaultValue: t('history.the.other'),
  });
  if (CHANGED_ONLY.has(field)) return [t('history.changed', { field: the })];
  if (isEmpty(change.old) && isEmpty(change.new)) return [t('history.changed', { field: the })];
  if (isEmpty(change.old))
    return [t('history.set', { field: the, to: valueText(t, field, change.new, names) })];
  if (isEmpty(change.new))
    return [t('history.cleared', { field: the, from: valueText(t, field, change.old, names) })];
  return [
    t('history.changedFromTo', {
      field: the,
      from: valueText(t, field, change.old, names),
      to: valueText(t, field, change.new, names),
    }),
  ];
}

/** One comment history change as sentences (spec core §7 getProjectIssueCommentHistory). */
export function commentHistoryLines(change: FieldChange, t: HistoryT, names: HistoryNames): string[] {
  switch (change.field) {
    case 'message':
      return [
        change.old === null
          ? t('history.comment.wrote', { text: String(change.new ?? '') })
          : t('history.comment.edited', { text: String(change.new ?? '') }),
      ];
    case 'visibility': {
      const v = (x: unknown) => t(`comments.visibilities.${String(x)}`, { defaultValue: String(x) });
      return [
        change.old === null
          ? t('history.comment.visibleTo', { to: v(change.new) })
          : t('history.comment.visibility', { from: v(change.old), to: v(change.new) }),
      ];
    }
    case 'groupId':
      return isEmpty(change.new)
        ? []
        : [
            t('history.comment.group', {
              name: (typeof change.new === 'number' && names.group(change.new)) || t('history.unknownItem'),
            }),
          ];
    case 'mentionedUsers': {
      const ids = (v: unknown) =>
        Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
      const before = ids(change.old);
      const added = ids(change.new).filter((id) => !before.includes(id));
      const removed = before.filter((id) => !ids(change.new).includes(id));
      const who = (id: number) => names.user(id) ?? t('unknownUser');
      return [
        ...added.map((id) => t('history.comment.mentioned', { name: who(id) })),
        ...removed.map((id) => t('history.comment.unmentioned', { name: who(id) })),
      ];
    }
    case 'images':
      return imageLines(t, change.old, change.new);
    case 'deletedAt':
      return [t('history.comment.deleted')];
    case 'createdAt':
      return [t('history.comment.created')];
    default:
      return [t('history.changed', { field: t('history.the.other') })];
  }
}

/** How the history names the items of the issue's project (disciplines, locations, groups, people…). */
export function historyNames(
  screen: Pick<IssueScreen, 'project' | 'general' | 'usersById'>,
  t: HistoryT,
  date: (day: string) => string,
): HistoryNames {
  const { project, general } = screen;
  return {
    discipline: (id) => project.disciplines.find((d) => d.id === id)?.abbreviation,
    local: (id) => project.locals.find((i) => i.id === id)?.name,
    label: (id) => project.labels.find((i) => i.id === id)?.name,
    group: (id) => general.groups.find((g) => g.id === id)?.name,
    phase: (id) => {
      const p = project.phases.find((x) => x.id === id);
      return p ? t(`enums:phases.${p.key}`, { defaultValue: p.name }) : undefined;
    },
    user: (id) => {
      const user = screen.usersById.get(id);
      return user ? displayName(user, t('unknownUser')) : undefined;
    },
    date,
  };
}
