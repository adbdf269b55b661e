import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { createI18n } from '../../i18n/i18n.ts';
import { ruleInputOf } from './smart-flow-rule-form.tsx';
import { ruleSentence, type RuleDraft } from './smart-flow-words.ts';

const names = { project: 'Edifício Aurora', disciplines: new Map([[3, 'Structure']]) };
const weekly: RuleDraft = {
  projectId: 7,
  name: ' Late structure ',
  trigger: { kind: 'schedule', frequency: 'weekly', weekday: 1, hour: 8, timeZone: 'America/Sao_Paulo' },
  condition: { filter: 'latePendencies', disciplineIds: [3], search: ' laje ' },
  action: { kind: 'email' },
};

async function translator(lng: string): Promise<TFunction> {
  const i18n = await createI18n({ lng });
  await i18n.loadNamespaces(['workspace']);
  return i18n.getFixedT(lng, 'workspace');
}

describe('a smart flow rule in words', () => {
  it('says when, what it does and which issues, in the three languages', async () => {
    expect(ruleSentence(await translator('en'), weekly, names, 'en')).toBe(
      'Every Monday at 8:00 AM (America/Sao_Paulo): e-mail me late issues waiting on my disciplines of Structure containing “laje” in Edifício Aurora.',
    );
    const follow: RuleDraft = { ...weekly, trigger: { kind: 'issueCreated' }, action: { kind: 'follow' } };
    expect(ruleSentence(await translator('es'), follow, names, 'es')).toBe(
      'Cuando se crea una incidencia: seguir las incidencias atrasadas pendientes de mis disciplinas de Structure que contengan «laje» en Edifício Aurora.',
    );
    const tag: RuleDraft = { ...weekly, action: { kind: 'tag', tag: ' Revisar ' } };
    expect(ruleSentence(await translator('en'), tag, names, 'en')).toBe(
      'Every Monday at 8:00 AM (America/Sao_Paulo): tag late issues waiting on my disciplines of Structure containing “laje” in Edifício Aurora as “Revisar”.',
    );
    expect(ruleInputOf(tag).action).toEqual({ kind: 'tag', tag: 'Revisar' });
    const digest: RuleDraft = { ...weekly, action: { kind: 'digest' } };
    expect(ruleSentence(await translator('en'), digest, names, 'en')).toBe(
      'Every Monday at 8:00 AM (America/Sao_Paulo): e-mail me a digest of late issues waiting on my disciplines of Structure containing “laje” in Edifício Aurora.',
    );
    expect(ruleSentence(await translator('es'), digest, names, 'es')).toBe(
      'Cada lunes a las 8:00 (America/Sao_Paulo): envíame por correo un resumen de las incidencias atrasadas pendientes de mis disciplinas de Structure que contengan «laje» en Edifício Aurora.',
    );
    expect(ruleSentence(await translator('pt-BR'), digest, names, 'pt-BR')).toBe(
      'Semanalmente (segunda-feira) às 8:00 (America/Sao_Paulo): envie-me por e-mail, com um resumo do assistente, os apontamentos atrasados pendentes das minhas disciplinas de Structure contendo “laje” em Edifício Aurora.',
    );
    expect(ruleInputOf(digest).action).toEqual({ kind: 'digest' });
    expect(ruleInputOf(weekly).action).toEqual({ kind: 'email' });
    const daily: RuleDraft = { ...weekly, trigger: { ...weekly.trigger, frequency: 'daily', hour: 17 } };
    expect(ruleSentence(await translator('pt-BR'), daily, names, 'pt-BR')).toBe(
      'Todo dia às 17:00 (America/Sao_Paulo): envie-me por e-mail os apontamentos atrasados pendentes das minhas disciplinas de Structure contendo “laje” em Edifício Aurora.',
    );
  });

  it('says an issueChanged rule that makes a discipline responsible, and sends its discipline and status', async () => {
    const assign: RuleDraft = {
      ...weekly,
      trigger: { kind: 'issueChanged', hour: 9 },
      condition: { filter: 'all', disciplineIds: [3] },
      action: { kind: 'assignDiscipline', disciplineId: 5, status: 'todo' },
    };
    const withElectrical = { ...names, disciplines: new Map([...names.disciplines, [5, 'Electrical']]) };
    expect(ruleSentence(await translator('en'), assign, withElectrical, 'en')).toBe(
      'When an issue is changed: make Electrical responsible (To do) on all issues of Structure in Edifício Aurora.',
    );
    expect(ruleSentence(await translator('pt-BR'), assign, withElectrical, 'pt-BR')).toBe(
      'Quando um apontamento é alterado: tornar Electrical responsável (A fazer) por todos os apontamentos de Structure em Edifício Aurora.',
    );
    expect(ruleSentence(await translator('es'), assign, withElectrical, 'es')).toBe(
      'Cuando se modifica una incidencia: hacer responsable a Electrical (Por hacer) de todas las incidencias de Structure en Edifício Aurora.',
    );
    const input = ruleInputOf(assign);
    expect(input.trigger).toEqual({ kind: 'issueChanged' });
    expect(input.action).toEqual({ kind: 'assignDiscipline', disciplineId: 5, status: 'todo' });
  });

  it('sends the domain shape: a daily schedule without weekday, an event without hour, words trimmed', () => {
    expect(ruleInputOf(weekly)).toEqual({
      projectId: 7,
      name: 'Late structure',
      trigger: { kind: 'schedule', frequency: 'weekly', weekday: 1, hour: 8, timeZone: 'America/Sao_Paulo' },
      condition: { filter: 'latePendencies', disciplineIds: [3], search: 'laje' },
      action: { kind: 'email' },
    });
    expect(ruleInputOf({ ...weekly, trigger: { ...weekly.trigger, frequency: 'daily' } }).trigger).toEqual({
      kind: 'schedule',
      frequency: 'daily',
      hour: 8,
      timeZone: 'America/Sao_Paulo',
    });
    const event = ruleInputOf({
      ...weekly,
      trigger: { kind: 'issueCreated', hour: 9 },
      condition: { filter: 'all', disciplineIds: [], search: '  ' },
    });
    expect(event.trigger).toEqual({ kind: 'issueCreated' });
    expect(event.condition).toEqual({ filter: 'all', disciplineIds: [] });
  });
});
