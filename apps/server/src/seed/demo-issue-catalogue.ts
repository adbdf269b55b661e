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

export const DEMO_ISSUE_TEMPLATES: readonly DemoIssueTemplate[] = [
  {
    disciplines: ['HID', 'EST'],
    category: 3,
    title: 'Prumada de esgoto conflita com o pilar {el} no {lv}',
    description:
      'A prumada de esgoto TQ-02 passa a 5 cm da face do pilar. Deslocar a prumada para o shaft ou prever furo na laje afastado do pilar.',
    levels: ['TIPO', 'TER', 'SS'],
  },
  {
    disciplines: ['HVAC', 'ELE'],
    category: 3,
    title: 'Duto de insuflamento interfere com eletrocalha no forro da circulação ({lv})',
    description:
      'No corte AA o duto 600x300 e a eletrocalha de 300 mm ocupam a mesma cota (2,70 m). Definir cotas de passagem no forro.',
    levels: ['TIPO', 'TER'],
  },
  {
    disciplines: ['EST', 'HID'],
    category: 4,
    title: 'Furo na viga {el} não previsto para passagem de tubulação',
    description:
      'O projeto hidráulico prevê travessia de Ø100 mm na viga, sem furo indicado no detalhamento estrutural.',
    levels: ['TIPO', 'TER', 'COB'],
  },
  {
    disciplines: ['ARQ'],
    category: 1,
    title: 'Esquadria do dormitório diverge entre planta e fachada ({lv})',
    description:
      'Planta indica J3 (120x120), fachada norte indica J4 (150x120). Confirmar o tipo e atualizar o quadro de esquadrias.',
    levels: ['TIPO'],
  },
  {
    disciplines: ['ARQ', 'EST'],
    category: 7,
    title: 'Guarda-corpo da varanda com altura inferior a 1,10 m',
    description:
      'Altura de 1,00 m medida a partir do piso acabado: não atende à NBR 14718. Ajustar detalhe e fixação na laje.',
    levels: ['TIPO', 'COB'],
  },
  {
    disciplines: ['ELE'],
    category: 2,
    title: 'Quadro de distribuição {el} sem espaço de reserva',
    description:
      'O quadro está com 100% dos disjuntores ocupados. Prever ao menos 20% de reserva conforme memorial.',
    levels: ['TER', 'TIPO', 'SS'],
  },
  {
    disciplines: ['ELE', 'ARQ'],
    category: 7,
    title: 'Iluminação de emergência da escada não atende à NBR 10898',
    description:
      'Faltam luminárias nos patamares intermediários; autonomia indicada de 30 min, exigida de 1 h.',
    levels: ['TER', 'TIPO', 'SS'],
  },
  {
    disciplines: ['HID'],
    category: 2,
    title: 'Reservatório superior sem extravasor detalhado',
    description: 'O detalhe do reservatório não mostra extravasor nem limpeza. Incluir diâmetros e destino.',
    levels: ['COB'],
  },
  {
    disciplines: ['HVAC', 'EST'],
    category: 2,
    title: 'Condensadoras na cobertura sem base antivibratória',
    description: 'Incluir base com amortecedores e verificar a sobrecarga da laje da área técnica.',
    levels: ['COB'],
  },
  {
    disciplines: ['HVAC', 'HID'],
    category: 2,
    title: 'Dreno dos splits sem destino definido ({lv})',
    description: 'Os drenos das evaporadoras dos dormitórios não têm ligação à rede de águas pluviais.',
    levels: ['TIPO'],
  },
  {
    disciplines: ['ARQ', 'HID', 'ELE'],
    category: 3,
    title: 'Shaft sem acesso para manutenção no {lv}',
    description:
      'O shaft de instalações está fechado em alvenaria em todos os pavimentos. Prever portinhola de inspeção 60x60.',
    levels: ['TIPO', 'TER'],
  },
  {
    disciplines: ['EST'],
    category: 4,
    title: 'Pilar {el} desalinhado entre subsolo e térreo',
    description: 'Há 15 cm de excentricidade entre as formas do subsolo e do térreo. Verificar a locação.',
    levels: ['SS', 'TER'],
  },
  {
    disciplines: ['ARQ'],
    category: 7,
    title: 'Rampa de acesso com inclinação acima de 8,33%',
    description:
      'A rampa da entrada principal tem 9,5%. Ajustar conforme NBR 9050 ou prever patamar intermediário.',
    levels: ['TER'],
  },
  {
    disciplines: ['ELE', 'HID'],
    category: 3,
    title: 'Eletroduto cruza a tubulação de água fria sob a laje ({lv})',
    description: 'Cruzamento sem distância mínima entre a tubulação de água e o eletroduto. Reposicionar.',
    levels: ['TIPO', 'TER'],
  },
  {
    disciplines: ['HID', 'ARQ'],
    category: 4,
    title: 'Ralo do box sem caimento indicado',
    description:
      'A planta de pisos não indica caimento para o ralo linear do banheiro. Indicar 1% no detalhe.',
    levels: ['TIPO'],
  },
  {
    disciplines: ['EST', 'HVAC'],
    category: 2,
    title: 'Laje da cobertura sem sobrecarga de equipamentos',
    description:
      'O memorial estrutural considera 1,5 kN/m²; as condensadoras e o reservatório exigem reavaliação.',
    levels: ['COB'],
  },
  {
    disciplines: ['ELE'],
    category: 5,
    title: 'Tomadas da cozinha em um único circuito',
    description: 'Forno, micro-ondas e geladeira no mesmo circuito de 20 A. Separar em circuitos dedicados.',
    levels: ['TIPO'],
  },
  {
    disciplines: ['ARQ', 'ELE'],
    category: 1,
    title: 'Luminária do hall diverge entre projeto luminotécnico e forro',
    description: 'O forro de gesso prevê sancas; o luminotécnico, luminárias de embutir. Definir a solução.',
    levels: ['TER'],
  },
  {
    disciplines: ['HID'],
    category: 5,
    title: 'Registro de gaveta inacessível atrás do revestimento',
    description:
      'O registro geral do apartamento fica atrás do revestimento cerâmico, sem acabamento de acesso.',
    levels: ['TIPO'],
  },
  {
    disciplines: ['ARQ'],
    category: 6,
    title: 'Sugestão: trocar o piso da garagem por concreto polido',
    description: 'Reduz manutenção e custo frente à pintura epóxi. Avaliar com o cliente.',
    levels: ['SS'],
  },
  {
    disciplines: ['HVAC', 'ARQ'],
    category: 3,
    title: 'Fire damper missing where the duct crosses the stair shaft wall',
    description:
      'The supply duct crosses a 2 h fire-rated wall without a damper. Add a damper and an access panel.',
    levels: ['TIPO', 'TER'],
  },
  {
    disciplines: ['ELE', 'HVAC'],
    category: 3,
    title: 'Cable tray clashes with the ventilation duct in the {lv} corridor',
    description:
      'Clash found in the federated model: 12 cm overlap at grid line C. Lower the tray or reroute the duct.',
    levels: ['TIPO', 'SS'],
  },
  {
    disciplines: ['ARQ'],
    category: 1,
    title: 'Door schedule does not match the floor plan ({lv})',
    description:
      'P2 doors are 80 cm in the schedule and 90 cm on the plan. Confirm the width and update the schedule.',
    levels: ['TIPO', 'TER'],
  },
  {
    disciplines: ['EST', 'ARQ'],
    category: 4,
    title: 'Beam {el} drop conflicts with the ceiling height',
    description: 'With a 60 cm beam the free height under it is 2.35 m, below the 2.50 m in the brief.',
    levels: ['TER', 'TIPO'],
  },
  {
    disciplines: ['HID', 'ELE'],
    category: 2,
    title: 'Bomba de recalque sem alimentação elétrica indicada',
    description: 'O projeto elétrico não prevê o circuito das bombas de recalque da cisterna.',
    levels: ['SS'],
  },
  {
    disciplines: ['ELE'],
    category: 7,
    title: 'Subestação sem distância de segurança para a rampa de veículos',
    description: 'A porta da subestação abre para a rampa. Rever a posição da porta ou a proteção.',
    levels: ['SS'],
  },
  {
    disciplines: ['ARQ', 'HVAC'],
    category: 2,
    title: 'Casa de máquinas sem ventilação permanente',
    description: 'Não há veneziana nem exaustão indicada na casa de máquinas dos elevadores.',
    levels: ['COB'],
  },
  {
    disciplines: ['EST'],
    category: 5,
    title: 'Armadura de espera do pilar {el} ausente no detalhamento',
    description: 'As esperas do pilar não aparecem na prancha de fundações.',
    levels: ['SS'],
  },
  {
    disciplines: ['ARQ', 'EST', 'HID', 'ELE'],
    category: 3,
    title: 'Compatibilizar furação das lajes para os shafts ({lv})',
    description:
      'Reunir os furos de todas as disciplinas em uma planta única de furação e aprovar com a estrutura antes da concretagem.',
    levels: ['TIPO', 'TER', 'COB'],
  },
  {
    disciplines: ['HID'],
    category: 0,
    title: 'Infiltração no teto sob a área técnica',
    description:
      'Foto de obra: mancha de umidade e forro danificado. Verificar a impermeabilização e as calhas.',
    levels: ['COB', 'TIPO'],
  },
];

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
