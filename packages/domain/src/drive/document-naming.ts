import type { NamingRuleField } from '../projects/naming-rule.ts';

/** The longest drive file name (common file systems' limit). */
export const MAX_DRIVE_FILE_NAME = 255;

/**
 * Characters a file name may never hold: path separators, control characters, those Windows refuses, bidirectional
 * overrides and isolates (`x\u202Efdp.exe` shows as `xexe.pdf`) and unpaired surrogates (not text: they would be
 * stored as U+FFFD, a name other than the one given).
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_NAME_CHARACTERS = /[/\\\u0000-\u001f\u007f<>:"|?*\u202a-\u202e\u2066-\u2069\p{Cs}]/u;

/** Why a file name is refused before any rule applies. */
export type FileNameProblem = 'empty' | 'tooLong' | 'forbiddenCharacter' | 'noExtension';

/** A file name split into its base and lower-case extension. */
export interface SplitFileName {
  readonly base: string;
  readonly extension: string;
}

/** The base and lower-case extension of a name (`a.b.PDF` → `a.b`, `pdf`). */
export function splitFileName(fileName: string): SplitFileName {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { base: fileName, extension: '' };
  return { base: fileName.slice(0, dot), extension: fileName.slice(dot + 1).toLowerCase() };
}

/**
 * Screens a drive file name: trimmed, NFC-normalised, 1–255 characters, no path (no `/`, `\`, `..` as the whole
 * name), no control characters, an extension. Returns the clean name or the problem.
 */
export function checkDriveFileName(
  raw: string,
): { ok: true; fileName: string } | { ok: false; problem: FileNameProblem } {
  const fileName = raw.normalize('NFC').trim();
  if (fileName === '') return { ok: false, problem: 'empty' };
  if ([...fileName].length > MAX_DRIVE_FILE_NAME) return { ok: false, problem: 'tooLong' };
  if (FORBIDDEN_NAME_CHARACTERS.test(fileName) || fileName === '.' || fileName === '..')
    return { ok: false, problem: 'forbiddenCharacter' };
  if (splitFileName(fileName).extension === '') return { ok: false, problem: 'noExtension' };
  return { ok: true, fileName };
}

/** What the project offers to resolve a name's codes. */
export interface NamingContext {
  readonly rule: readonly NamingRuleField[];
  readonly separator: string;
  readonly disciplines: readonly { id: number; abbreviation: string }[];
  /** Locations; a location with children is a group, not a location (editor §5.5). */
  readonly locals: readonly { id: number; abbreviation: string; isGroup: boolean }[];
  readonly phases: readonly { id: number; abbreviation: string }[];
}

/** Why a name breaks the rule (editor §5.5), with the field and the value shown to the user. */
export type NamingProblem =
  | { readonly reason: 'pattern'; readonly expected: number; readonly found: number }
  | { readonly reason: 'emptyField'; readonly field: NamingRuleField }
  | { readonly reason: 'invalidValue'; readonly field: NamingRuleField; readonly value: string }
  | { readonly reason: 'locationGroup'; readonly field: 'local'; readonly value: string }
  | { readonly reason: 'invalidRevision'; readonly field: 'revision'; readonly value: string };

/** The fields read from a name that follows the rule. */
export interface ParsedDocumentName {
  /** Every field's text as written. */
  readonly values: Partial<Record<NamingRuleField, string>>;
  /** The document's name: the base name without the revision (and its separator). */
  readonly documentName: string;
  readonly revisionName: string;
  readonly extension: string;
  readonly disciplineId: number | null;
  readonly localId: number | null;
  readonly phase: number | null;
}

const TOKEN = /^[\p{L}\p{N}]+$/u;
const REVISION = /^[A-Za-z0-9]{1,10}$/;

/**
 * Parses a file name by the project's naming rule (editor §5.4/§5.5). The base name (without extension) is split
 * by the separator; it must have one part per field, except that a `description` field takes the extra parts
 * (descriptions often hold the separator). Discipline, location and phase are codes of the project (case-
 * insensitive abbreviations) and resolve to their ids; the revision is 1–10 letters or digits; other fields are
 * letters and digits. Without a rule any name is a document whose name is its base name, revision empty.
 */
export function parseDocumentName(
  fileName: string,
  context: NamingContext,
): { ok: true; parsed: ParsedDocumentName } | { ok: false; problem: NamingProblem } {
  const { base, extension } = splitFileName(fileName.normalize('NFC').trim());
  const { rule, separator } = context;
  if (rule.length === 0) {
    return {
      ok: true,
      parsed: {
        values: {},
        documentName: base,
        revisionName: '',
        extension,
        disciplineId: null,
        localId: null,
        phase: null,
      },
    };
  }
  let parts = base.split(separator);
  const descriptionAt = rule.indexOf('description');
  if (parts.length > rule.length && descriptionAt >= 0) {
    const extra = parts.length - rule.length;
    parts = [
      ...parts.slice(0, descriptionAt),
      parts.slice(descriptionAt, descriptionAt + extra + 1).join(separator),
      ...parts.slice(descriptionAt + extra + 1),
    ];
  }
  if (parts.length !== rule.length)
    return { ok: false, problem: { reason: 'pattern', expected: rule.length, found: parts.length } };
  const values: Partial<Record<NamingRuleField, string>> = {};
  let disciplineId: number | null = null;
  let localId: number | null = null;
  let phase: number | null = null;
  for (const [i, field] of rule.entries()) {
    const value = parts[i] ?? '';
    values[field] = value;
    if (value.trim() === '') return { ok: false, problem: { reason: 'emptyField', field } };
    const code = value.toLowerCase();
    switch (field) {
      case 'discipline': {
        const found = context.disciplines.find((d) => d.abbreviation.toLowerCase() === code);
        if (!found) return { ok: false, problem: { reason: 'invalidValue', field, value } };
        disciplineId = found.id;
        break;
      }
      case 'local': {
        const found = context.locals.find((l) => l.abbreviation.toLowerCase() === code);
        if (!found) return { ok: false, problem: { reason: 'invalidValue', field, value } };
        if (found.isGroup) return { ok: false, problem: { reason: 'locationGroup', field, value } };
        localId = found.id;
        break;
      }
      case 'phase': {
        const found = context.phases.find((p) => p.abbreviation.toLowerCase() === code);
        if (!found) return { ok: false, problem: { reason: 'invalidValue', field, value } };
        phase = found.id;
        break;
      }
      case 'revision':
        if (!REVISION.test(value)) return { ok: false, problem: { reason: 'invalidRevision', field, value } };
        break;
      case 'description':
        break;
      default:
        if (!TOKEN.test(value)) return { ok: false, problem: { reason: 'invalidValue', field, value } };
    }
  }
  const revisionName = values.revision ?? '';
  const documentName = parts.slice(0, -1).join(separator);
  return {
    ok: true,
    parsed: { values, documentName, revisionName, extension, disciplineId, localId, phase },
  };
}
