import {
  MANDATORY_NAMING_FIELDS,
  NAMING_RULE_FIELDS,
  NAMING_RULE_SEPARATORS,
  RECOMMENDED_NAMING_FIELDS,
  type NamingRuleField,
} from '@obra/domain';

/** A separator a rule may use. */
export type NamingSeparator = (typeof NAMING_RULE_SEPARATORS)[number];

/** What is wrong with a rule, in the order the screen lists it (editor §5.4). */
export type NamingRuleProblem =
  | { kind: 'unknownField'; field: string }
  | { kind: 'repeatedField'; field: NamingRuleField }
  | { kind: 'missingField'; field: NamingRuleField }
  | { kind: 'revisionNotLast' }
  | { kind: 'separator' };

/** How the screen marks a field. */
export type NamingFieldKind = 'mandatory' | 'recommended' | 'optional';

const KNOWN: readonly string[] = NAMING_RULE_FIELDS;

/** Whether a stored string is a field the rule knows. */
export function isNamingField(value: string): value is NamingRuleField {
  return KNOWN.includes(value);
}

/** Whether a stored string is a separator the rule accepts. */
export function isNamingSeparator(value: string): value is NamingSeparator {
  return (NAMING_RULE_SEPARATORS as readonly string[]).includes(value);
}

/** Mandatory, recommended or optional (the choice recorded in docs/web-projects.md). */
export function namingFieldKind(field: NamingRuleField): NamingFieldKind {
  if (MANDATORY_NAMING_FIELDS.includes(field)) return 'mandatory';
  if (RECOMMENDED_NAMING_FIELDS.includes(field)) return 'recommended';
  return 'optional';
}

/**
 * Every problem of a rule at once (the server's check stops at the first): unknown and repeated fields, the
 * mandatory ones missing, the revision not last, an unknown separator. An empty list means the server accepts it.
 */
export function namingRuleProblems(rule: readonly string[], separator: string): NamingRuleProblem[] {
  const problems: NamingRuleProblem[] = [];
  if (!isNamingSeparator(separator)) problems.push({ kind: 'separator' });
  const seen = new Set<string>();
  for (const field of rule) {
    if (!isNamingField(field)) problems.push({ kind: 'unknownField', field });
    else if (seen.has(field)) {
      if (!problems.some((p) => p.kind === 'repeatedField' && p.field === field))
        problems.push({ kind: 'repeatedField', field });
    }
    seen.add(field);
  }
  for (const field of MANDATORY_NAMING_FIELDS)
    if (!seen.has(field)) problems.push({ kind: 'missingField', field });
  if (seen.has('revision') && rule.at(-1) !== 'revision') problems.push({ kind: 'revisionNotLast' });
  return problems;
}

/** The rule a project starts from: the mandatory and recommended fields in their usual order. */
export function recommendedRule(): NamingRuleField[] {
  return NAMING_RULE_FIELDS.filter((f) => namingFieldKind(f) !== 'optional');
}

/** The fields not yet in the rule, in their usual order. */
export function availableFields(rule: readonly NamingRuleField[]): NamingRuleField[] {
  return NAMING_RULE_FIELDS.filter((f) => !rule.includes(f));
}

/** Adds a field once, keeping the revision last; a field already in the rule is not repeated. */
export function addField(rule: readonly NamingRuleField[], field: NamingRuleField): NamingRuleField[] {
  if (rule.includes(field)) return [...rule];
  if (field === 'revision') return [...rule, field];
  const at = rule.indexOf('revision');
  return at === -1 ? [...rule, field] : [...rule.slice(0, at), field, ...rule.slice(at)];
}

/** Removes a field; mandatory fields stay, since a rule without them cannot be saved. */
export function removeField(rule: readonly NamingRuleField[], field: NamingRuleField): NamingRuleField[] {
  if (namingFieldKind(field) === 'mandatory') return [...rule];
  return rule.filter((f) => f !== field);
}

/** Whether a field can move by `delta` places: within the list, and never swapping with the revision. */
export function canMove(rule: readonly NamingRuleField[], index: number, delta: -1 | 1): boolean {
  const target = index + delta;
  if (index < 0 || index >= rule.length || target < 0 || target >= rule.length) return false;
  return rule[index] !== 'revision' && rule[target] !== 'revision';
}

/** Moves a field one place up (-1) or down (1) when allowed. */
export function moveField(rule: readonly NamingRuleField[], index: number, delta: -1 | 1): NamingRuleField[] {
  const next = [...rule];
  if (!canMove(rule, index, delta)) return next;
  const [field] = next.splice(index, 1);
  if (field) next.splice(index + delta, 0, field);
  return next;
}

/** Reads a stored rule for editing: known fields once each, in their stored order; the revision last. */
export function draftFromStored(stored: readonly string[]): NamingRuleField[] {
  const fields = [...new Set(stored.filter(isNamingField))];
  const withoutRevision = fields.filter((f) => f !== 'revision');
  return fields.includes('revision') ? [...withoutRevision, 'revision'] : withoutRevision;
}

/** A document name following the rule, from one sample value per field (the screen's preview). */
export function exampleName(
  rule: readonly NamingRuleField[],
  separator: string,
  samples: Readonly<Record<NamingRuleField, string>>,
): string {
  return rule.map((f) => samples[f]).join(separator);
}
