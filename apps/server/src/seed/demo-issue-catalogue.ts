import templates from './demo-issue-templates.json' with { type: 'json' };

/**
 * What the demo project's issues say: realistic coordination problems of a residential tower, mostly in
 * Portuguese (the demo project is Brazilian) with some in English, as mixed teams write them. `{el}` is replaced
 * by an element mark (P12, V23…), `{lv}` by the level's name.
 */
export interface DemoIssueTemplate {
  /** Abbreviations of the disciplines involved, the first one leading. */
  readonly disciplines: readonly string[];
  /** ISSUE_CATEGORIES id. */
  readonly category: number;
  readonly title: string;
  readonly description: string;
  /** Levels (location abbreviations) where it can happen. */
  readonly levels: readonly string[];
}

/** The catalogue itself is data: demo-issue-templates.json (the compiler checks it against DemoIssueTemplate). */
export const DEMO_ISSUE_TEMPLATES: readonly DemoIssueTemplate[] = templates;

/** What people say in the demo's comments (a few mention someone: `@`). */
export const DEMO_COMMENTS: readonly string[] = [
  'Verifiquei no modelo federado: o conflito se confirma.',
  'Enviei a revisão R03 com a correção. Favor conferir.',
  'Podemos discutir na reunião de compatibilização de quinta-feira?',
  'A solução proposta atende, mas impacta o forro. @ consegue avaliar?',
  'Aguardando retorno do cliente sobre o acabamento.',
  'Ajustado na prancha, falta atualizar o modelo.',
  'Não concordo com a solução: a viga não pode ser furada nesse trecho.',
  'Checked on site today: the clash is real, photo attached to the issue.',
  'Revision uploaded, please review @',
  'Incluído no relatório semanal de pendências.',
  'Prazo acordado com a obra: até o fim do mês.',
  'Resolvido na revisão R04 do projeto.',
  '@ precisamos da sua validação antes da concretagem.',
  'Proposta alternativa: passar pelo shaft vizinho.',
  'A obra já executou conforme a revisão anterior; avaliar impacto.',
];

/** Element marks used in titles, by the kind of element the title names before `{el}`. */
export function elementMarks(title: string): readonly string[] {
  const before = title.slice(0, title.indexOf('{el}')).toLowerCase();
  if (before.includes('pilar')) return ['P7', 'P9', 'P12', 'P14', 'P21'];
  if (before.includes('quadro')) return ['QD-3', 'QD-5', 'QDL-2'];
  return ['V8', 'V12', 'V23', 'V31'];
}
