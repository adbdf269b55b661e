import { ISSUE_CATEGORIES, PROJECT_PHASES, type IssueStatus, type Priority } from '../enums/project-enums.ts';
import { LOCALES } from '../enums/project-enums.ts';
import { translateShared } from '../i18n/translate.ts';

/**
 * The pure half of BCF import and export: how BCF's free-text fields (TopicType, TopicStatus, Priority,
 * Stage, Labels) meet Obra's enumerations (categories, statuses, priorities, phases, labels). Each function
 * answers the value and whether the match was exact, synonym-based or absent, so that the import preview
 * can report what it guessed (docs/bcf.md "Mapping").
 */

/** How a BCF value found its Obra counterpart. */
export type BcfMatch = 'exact' | 'synonym' | 'chosen' | 'default' | 'none';

export interface BcfMapped<T> {
  value: T;
  match: BcfMatch;
}

/** Lower-case, accents and punctuation removed, spaces collapsed: how BCF words are compared. */
export function bcfKey(value: string | undefined | null): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const STATUS_SYNONYMS: Record<string, IssueStatus> = {
  open: 'active',
  active: 'active',
  new: 'active',
  'in progress': 'active',
  inprogress: 'active',
  reopened: 'active',
  're opened': 'active',
  assigned: 'active',
  pending: 'active',
  'on hold': 'active',
  ativo: 'active',
  activo: 'active',
  abierto: 'active',
  aberto: 'active',
  resolved: 'resolved',
  closed: 'resolved',
  done: 'resolved',
  fixed: 'resolved',
  approved: 'resolved',
  solved: 'resolved',
  resolvido: 'resolved',
  resuelto: 'resolved',
  fechado: 'resolved',
  cerrado: 'resolved',
  rejected: 'reproved',
  reproved: 'reproved',
  invalid: 'reproved',
  cancelled: 'reproved',
  canceled: 'reproved',
  declined: 'reproved',
  reprovado: 'reproved',
  rechazado: 'reproved',
};

/** The TopicStatus Obra writes for each of its statuses (and reads back exactly). */
export const BCF_STATUS_OF: Record<IssueStatus, string> = {
  active: 'Open',
  resolved: 'Resolved',
  reproved: 'Rejected',
};

/** TopicStatus → issue status: Open/In Progress/ReOpened… are active, Resolved/Closed resolved, Rejected reproved. */
export function mapBcfStatus(value: string | undefined, chosen?: string): BcfMapped<IssueStatus> {
  if (chosen === 'active' || chosen === 'resolved' || chosen === 'reproved')
    return { value: chosen, match: 'chosen' };
  const key = bcfKey(value);
  if (key === '') return { value: 'active', match: 'default' };
  const exact = (Object.entries(BCF_STATUS_OF) as [IssueStatus, string][]).find(
    ([, bcf]) => bcfKey(bcf) === key,
  );
  if (exact) return { value: exact[0], match: 'exact' };
  const synonym = STATUS_SYNONYMS[key] ?? STATUS_SYNONYMS[key.replace(/ /g, '')];
  if (synonym) return { value: synonym, match: 'synonym' };
  return { value: 'active', match: 'none' };
}

const PRIORITY_SYNONYMS: Record<string, Priority> = {
  critical: 'high',
  blocker: 'high',
  urgent: 'high',
  major: 'high',
  alta: 'high',
  normal: 'medium',
  moderate: 'medium',
  media: 'medium',
  minor: 'low',
  trivial: 'low',
  'on hold': 'low',
  baja: 'low',
  baixa: 'low',
};

/** The Priority Obra writes for each of its priorities. */
export const BCF_PRIORITY_OF: Record<Priority, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** Priority → issue priority (High/Critical/Major high, Normal/Medium medium, Low/Minor low; absent: low). */
export function mapBcfPriority(value: string | undefined, chosen?: string): BcfMapped<Priority> {
  if (chosen === 'high' || chosen === 'medium' || chosen === 'low') return { value: chosen, match: 'chosen' };
  const key = bcfKey(value);
  if (key === '') return { value: 'low', match: 'default' };
  if (key === 'high' || key === 'medium' || key === 'low') return { value: key, match: 'exact' };
  const synonym = PRIORITY_SYNONYMS[key];
  if (synonym) return { value: synonym, match: 'synonym' };
  return { value: 'low', match: 'none' };
}

/** namesOf by `namespace.key`: the translations are static, and a page of imported topics asks again and again. */
const NAMES = new Map<string, readonly string[]>();

/** The names a category or phase has in any of Obra's languages, plus its key. */
function namesOf(namespace: 'categories' | 'phases', key: string): readonly string[] {
  const id = `${namespace}.${key}`;
  let names = NAMES.get(id);
  if (!names) {
    names = [key, ...LOCALES.map((l) => translateShared(l, 'enums', id) ?? '')]
      .map(bcfKey)
      .filter((n) => n !== '');
    NAMES.set(id, names);
  }
  return names;
}

const TYPE_SYNONYMS: Record<string, string> = {
  clash: 'interference',
  collision: 'interference',
  interference: 'interference',
  conflict: 'interference',
  error: 'drawingFailure',
  fault: 'drawingFailure',
  'modeling error': 'drawingFailure',
  inquiry: 'missingInformation',
  question: 'missingInformation',
  'request for information': 'missingInformation',
  rfi: 'missingInformation',
  'missing information': 'missingInformation',
  remark: 'suggestion',
  comment: 'suggestion',
  suggestion: 'suggestion',
  request: 'definition',
  decision: 'definition',
  task: 'task',
  todo: 'task',
  'to do': 'task',
  issue: 'undefined',
  undefined: 'undefined',
  information: 'informationDivergences',
  'code compliance': 'technicalInconsistency',
  'code check': 'technicalInconsistency',
  compliance: 'technicalInconsistency',
};

/** The TopicType Obra writes for a category: its English name (read back by name). */
export function bcfTopicTypeOf(categoryId: number | null): string {
  const category = ISSUE_CATEGORIES.find((c) => c.id === categoryId) ?? ISSUE_CATEGORIES[0];
  let name = ENGLISH_NAMES.get(`categories.${category.key}`);
  if (name === undefined) {
    name = translateShared('en', 'enums', `categories.${category.key}`) ?? category.key;
    ENGLISH_NAMES.set(`categories.${category.key}`, name);
  }
  return name;
}

/** The English names of categories and phases by `namespace.key` (static: looked up once, not per topic). */
const ENGLISH_NAMES = new Map<string, string>();

/**
 * TopicType → category among the project's active ones: by name in any language or key, then by synonym
 * (Clash → interference, Inquiry → missing information, …); no match leaves the category empty.
 */
export function mapBcfTopicType(
  value: string | undefined,
  activeCategoryIds: readonly number[],
  chosen?: number | null,
): BcfMapped<number | null> {
  if (chosen !== undefined) return { value: chosen, match: 'chosen' };
  const key = bcfKey(value);
  if (key === '') return { value: null, match: 'default' };
  const active = ISSUE_CATEGORIES.filter((c) => activeCategoryIds.includes(c.id));
  const exact = active.find((c) => namesOf('categories', c.key).includes(key));
  if (exact) return { value: exact.id, match: 'exact' };
  const synonym = active.find((c) => c.key === TYPE_SYNONYMS[key]);
  if (synonym) return { value: synonym.id, match: 'synonym' };
  return { value: null, match: 'none' };
}

/** The Stage Obra writes for a phase: its English name. */
export function bcfStageOf(phaseId: number | null): string | undefined {
  const phase = PROJECT_PHASES.find((p) => p.id === phaseId);
  if (!phase) return undefined;
  let name = ENGLISH_NAMES.get(`phases.${phase.key}`);
  if (name === undefined) {
    name = translateShared('en', 'enums', `phases.${phase.key}`) ?? phase.key;
    ENGLISH_NAMES.set(`phases.${phase.key}`, name);
  }
  return name;
}

/** Stage → creation phase among the project's active ones, by name in any language, key or abbreviation. */
export function mapBcfStage(
  value: string | undefined,
  activePhaseIds: readonly number[],
  chosen?: number | null,
): BcfMapped<number | null> {
  if (chosen !== undefined) return { value: chosen, match: 'chosen' };
  const key = bcfKey(value);
  if (key === '') return { value: null, match: 'default' };
  const phase = PROJECT_PHASES.filter((p) => activePhaseIds.includes(p.id)).find(
    (p) => namesOf('phases', p.key).includes(key) || bcfKey(p.abbreviation) === key,
  );
  return phase ? { value: phase.id, match: 'exact' } : { value: null, match: 'none' };
}

/** A label of the project as matching sees it. */
export interface BcfLabelCandidate {
  id: number;
  name: string;
  abbreviation: string;
}

/** Labels → project labels by name or abbreviation (case and accents ignored); the rest are reported. */
export function mapBcfLabels(
  values: readonly string[],
  labels: readonly BcfLabelCandidate[],
  chosen: Readonly<Record<string, number | null>> = {},
): { ids: number[]; unmapped: string[] } {
  const ids: number[] = [];
  const unmapped: string[] = [];
  for (const value of values) {
    const pick = chosen[value];
    if (pick === null) continue;
    const key = bcfKey(value);
    const label =
      pick !== undefined
        ? labels.find((l) => l.id === pick)
        : (labels.find((l) => bcfKey(l.name) === key) ?? labels.find((l) => bcfKey(l.abbreviation) === key));
    if (label) {
      if (!ids.includes(label.id)) ids.push(label.id);
    } else unmapped.push(value);
  }
  return { ids, unmapped };
}

/** The label Obra adds for each discipline's responsibility, read by other tools ("ARQ: todo"). */
export function bcfDisciplineLabel(abbreviation: string, status: string): string {
  return `${abbreviation}: ${status}`;
}

/** A BCF date-time (xs:dateTime) as an Obra date (YYYY-MM-DD), or undefined when it does not read. */
export function bcfDateOnly(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match?.[1];
}

/** Whether a string is a GUID as BCF 3.0 writes it (lower-case). */
export function isBcfGuid(value: string | undefined): boolean {
  return /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/.test(value ?? '');
}
