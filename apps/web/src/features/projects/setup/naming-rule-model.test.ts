import { describe, expect, it } from 'vitest';
import { AppError, NAMING_RULE_FIELDS, validateNamingRule } from '@obra/domain';
import {
  addField,
  availableFields,
  canMove,
  draftFromStored,
  exampleName,
  moveField,
  namingFieldKind,
  namingRuleProblems,
  recommendedRule,
  removeField,
} from './naming-rule-model.ts';

const SAMPLES = {
  project: 'AUR',
  company: 'OD',
  discipline: 'ARQ',
  phase: 'EP',
  local: 'TA',
  documentType: 'PLN',
  sequence: '001',
  description: 'FACADE',
  revision: 'R00',
};

function serverAccepts(rule: readonly string[], separator: string): boolean {
  try {
    validateNamingRule(rule, separator);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

describe('naming rule editor model (editor §5.4)', () => {
  it('marks discipline, sequence number and revision mandatory; project, phase, location and type recommended', () => {
    expect(NAMING_RULE_FIELDS.filter((f) => namingFieldKind(f) === 'mandatory')).toEqual([
      'discipline',
      'sequence',
      'revision',
    ]);
    expect(NAMING_RULE_FIELDS.filter((f) => namingFieldKind(f) === 'recommended')).toEqual([
      'project',
      'phase',
      'local',
      'documentType',
    ]);
    expect(recommendedRule()).toEqual([
      'project',
      'discipline',
      'phase',
      'local',
      'documentType',
      'sequence',
      'revision',
    ]);
    expect(namingRuleProblems(recommendedRule(), '-')).toEqual([]);
  });

  it('adds a field before the revision, never twice, and offers only unused fields', () => {
    const rule = addField(['discipline', 'sequence', 'revision'], 'phase');
    expect(rule).toEqual(['discipline', 'sequence', 'phase', 'revision']);
    expect(addField(rule, 'phase')).toEqual(rule);
    expect(availableFields(rule)).toEqual(['project', 'company', 'local', 'documentType', 'description']);
    expect(addField(['discipline', 'sequence'], 'revision')).toEqual(['discipline', 'sequence', 'revision']);
  });

  it('moves fields but never past the revision, which stays last', () => {
    const rule = ['discipline', 'phase', 'sequence', 'revision'] as const;
    expect(moveField(rule, 1, -1)).toEqual(['phase', 'discipline', 'sequence', 'revision']);
    expect(canMove(rule, 2, 1)).toBe(false);
    expect(moveField(rule, 2, 1)).toEqual([...rule]);
    expect(canMove(rule, 3, -1)).toBe(false);
    expect(canMove(rule, 0, -1)).toBe(false);
  });

  it('keeps mandatory fields and removes the others', () => {
    const rule = ['project', 'discipline', 'sequence', 'revision'] as const;
    expect(removeField(rule, 'discipline')).toEqual([...rule]);
    expect(removeField(rule, 'revision')).toEqual([...rule]);
    expect(removeField(rule, 'project')).toEqual(['discipline', 'sequence', 'revision']);
  });

  it('lists every problem of a rule: repeated, missing, revision not last, unknown, separator', () => {
    expect(namingRuleProblems(['discipline', 'discipline', 'revision', 'sequence'], '-')).toEqual([
      { kind: 'repeatedField', field: 'discipline' },
      { kind: 'revisionNotLast' },
    ]);
    expect(namingRuleProblems(['floor', 'revision'], '/')).toEqual([
      { kind: 'separator' },
      { kind: 'unknownField', field: 'floor' },
      { kind: 'missingField', field: 'discipline' },
      { kind: 'missingField', field: 'sequence' },
    ]);
    expect(namingRuleProblems([], '-').map((p) => p.kind)).toEqual([
      'missingField',
      'missingField',
      'missingField',
    ]);
  });

  it('agrees with the server on which rules are valid', () => {
    const rules: string[][] = [
      recommendedRule(),
      ['discipline', 'sequence', 'revision'],
      ['sequence', 'discipline', 'description', 'revision'],
      ['discipline', 'revision', 'sequence'],
      ['discipline', 'discipline', 'sequence', 'revision'],
      ['discipline', 'revision'],
      ['discipline', 'floor', 'sequence', 'revision'],
      [],
    ];
    for (const separator of ['-', '_', '.', '/'])
      for (const rule of rules)
        expect(namingRuleProblems(rule, separator).length === 0, `${rule.join(separator)}`).toBe(
          serverAccepts(rule, separator),
        );
  });

  it('reads a stored rule once per field with the revision last, and builds the example name', () => {
    expect(draftFromStored(['revision', 'discipline', 'floor', 'discipline', 'sequence'])).toEqual([
      'discipline',
      'sequence',
      'revision',
    ]);
    expect(exampleName(recommendedRule(), '_', SAMPLES)).toBe('AUR_ARQ_EP_TA_PLN_001_R00');
  });
});
