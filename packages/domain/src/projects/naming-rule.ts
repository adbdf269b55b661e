import { AppError } from '../errors/app-error.ts';

/** Fields a document naming rule can be made of, in a typical order. */
export const NAMING_RULE_FIELDS = [
  'project',
  'company',
  'discipline',
  'phase',
  'local',
  'documentType',
  'sequence',
  'description',
  'revision',
] as const;

/** A naming-rule field. */
export type NamingRuleField = (typeof NAMING_RULE_FIELDS)[number];

/** Fields every rule must have: without them a document cannot be told apart or revised (Obra's choice). */
export const MANDATORY_NAMING_FIELDS: readonly NamingRuleField[] = ['discipline', 'sequence', 'revision'];

/** Fields the setup screen recommends. */
export const RECOMMENDED_NAMING_FIELDS: readonly NamingRuleField[] = [
  'project',
  'phase',
  'local',
  'documentType',
];

/** Separators a rule may use. */
export const NAMING_RULE_SEPARATORS = ['-', '_', '.'] as const;

/**
 * Checks a document naming rule (editor §5.4): known fields, none repeated, the mandatory ones present,
 * revision last, and a known separator. Throws INVALID_ACTION with the reason in the details.
 */
export function validateNamingRule(rule: readonly string[], separator: string): NamingRuleField[] {
  const known: readonly string[] = NAMING_RULE_FIELDS;
  const fail = (reason: string, field?: string): never => {
    throw new AppError('INVALID_ACTION', { reason, ...(field ? { field } : {}) });
  };
  if (!(NAMING_RULE_SEPARATORS as readonly string[]).includes(separator)) fail('separator');
  for (const field of rule) if (!known.includes(field)) fail('unknownField', field);
  const seen = new Set<string>();
  for (const field of rule) {
    if (seen.has(field)) fail('repeatedField', field);
    seen.add(field);
  }
  for (const field of MANDATORY_NAMING_FIELDS) if (!seen.has(field)) fail('missingField', field);
  if (rule.at(-1) !== 'revision') fail('revisionNotLast');
  return rule as NamingRuleField[];
}
