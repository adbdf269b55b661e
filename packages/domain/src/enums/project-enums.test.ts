import { describe, expect, it } from 'vitest';
import {
  DISCIPLINE_STATUSES,
  ISSUE_CATEGORIES,
  PROJECT_PHASES,
  resolveLocale,
  toIssueVisibility,
  toPriority,
} from './project-enums.ts';
import { STANDARD_DISCIPLINES } from './standard-disciplines.ts';
import { translateShared, errorMessage } from '../i18n/translate.ts';
import { ERROR_CODES, httpStatusOf, isErrorCode } from '../errors/error-codes.ts';

describe('project enumerations', () => {
  it('lists the classification codes of the spec, 0 to 8 then 11 and 12', () => {
    expect(ISSUE_CATEGORIES.map((c) => c.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12]);
  });

  it('pairs phases 0–13 with their keys in order and unique abbreviations', () => {
    expect(PROJECT_PHASES.map((p) => p.id)).toEqual([...Array(14).keys()]);
    expect(PROJECT_PHASES[0]?.key).toBe('NOT_DEFINED');
    expect(PROJECT_PHASES[13]?.key).toBe('CUSTOMIZATION');
    const abbreviations = PROJECT_PHASES.map((p) => p.abbreviation);
    expect(new Set(abbreviations).size).toBe(14);
    for (const a of abbreviations) expect(a).toMatch(/^[A-Z]{2,3}$/);
  });

  it('treats unknown priorities as low and normalises visibility spellings', () => {
    expect(toPriority('high')).toBe('high');
    expect(toPriority('urgent')).toBe('low');
    expect(toPriority(undefined)).toBe('low');
    expect(toIssueVisibility('MANAGEMENT')).toBe('project_management');
    expect(toIssueVisibility('management')).toBe('project_management');
    expect(toIssueVisibility('PUBLIC')).toBe('public');
    expect(toIssueVisibility('semi_public')).toBe('semi_public');
    expect(toIssueVisibility('whatever')).toBe('creator');
    expect(toIssueVisibility(42)).toBe('creator');
  });

  it('gives each pending discipline status a responsibility and keeps the issue active', () => {
    for (const s of DISCIPLINE_STATUSES) {
      expect(s.keepIssueActive).toBe(s.responsibility !== null);
      expect(s.statusGroup === 'pending').toBe(s.responsibility !== null);
    }
    expect(DISCIPLINE_STATUSES.map((s) => s.key)).not.toContain('varies');
  });

  it('has at least 20 standard disciplines with unique ids, keys and abbreviations', () => {
    expect(STANDARD_DISCIPLINES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(STANDARD_DISCIPLINES.map((d) => d.id)).size).toBe(STANDARD_DISCIPLINES.length);
    expect(new Set(STANDARD_DISCIPLINES.map((d) => d.abbreviation)).size).toBe(STANDARD_DISCIPLINES.length);
    for (const d of STANDARD_DISCIPLINES) {
      for (const locale of ['en', 'es', 'pt-BR'] as const) {
        expect(translateShared(locale, 'enums', `standardDisciplines.${d.key}`)).toBeTruthy();
      }
    }
  });

  it('resolves locales from language tags and Accept-Language headers', () => {
    expect(resolveLocale('pt-BR,pt;q=0.9')).toBe('pt-BR');
    expect(resolveLocale('es-AR')).toBe('es');
    expect(resolveLocale('fr-FR,de;q=0.5')).toBe('en');
    expect(resolveLocale('fr-FR, es;q=0.5')).toBe('es');
    expect(resolveLocale(undefined)).toBe('en');
  });
});

describe('error catalogue', () => {
  it('has a translated message for every code in every locale', () => {
    for (const code of ERROR_CODES) {
      for (const locale of ['en', 'es', 'pt-BR'] as const) {
        expect(errorMessage(locale, code)).not.toBe(code);
      }
    }
    expect(errorMessage('pt-BR', 'PROJECT_NOT_FOUND')).toBe('Projeto não encontrado.');
  });

  it('recognises codes and maps them to HTTP statuses', () => {
    expect(isErrorCode('FORBIDDEN_DEMO_MODE')).toBe(true);
    expect(isErrorCode('NOPE')).toBe(false);
    expect(httpStatusOf('UNAUTHENTICATED')).toBe(401);
    expect(httpStatusOf('PROJECT_NOT_FOUND')).toBe(404);
    expect(httpStatusOf('INTERNAL_SERVER_ERROR')).toBe(500);
    expect(httpStatusOf('REQUIRED_FIELD')).toBe(400);
  });
});
