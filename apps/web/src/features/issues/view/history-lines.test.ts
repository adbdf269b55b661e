import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import { commentHistoryLines, issueHistoryLines, type HistoryNames, type HistoryT } from './history-lines.ts';
import { fieldChanges } from './history-model.ts';

async function translator(lng: string): Promise<HistoryT> {
  const i18n = await createI18n({ lng });
  await i18n.loadNamespaces(['issue', 'enums']);
  return i18n.getFixedT(lng, 'issue') as HistoryT;
}

const names: HistoryNames = {
  discipline: (id) => ({ 7: 'EST' })[id],
  local: (id) => ({ 100: 'Cobertura', 101: 'Térreo' })[id],
  label: (id) => ({ 200: 'Urgente' })[id],
  group: (id) => ({ 9: 'Projetistas' })[id],
  phase: (id) => ({ 1: 'Obra' })[id],
  user: (id) => ({ 3: 'Ana Silva' })[id],
  date: (day) => day.split('-').reverse().join('/'),
};

const planta = { id: 1, index: 0, title: 'planta', original: 11, markedUp: null };

/** Every kind of field the server records in an issue's history, as it stores them. */
const ISSUE_FIELDS: Record<string, { old: unknown; new: unknown }> = {
  created: { old: null, new: { code: '012', title: 'Viga', status: 'active', visibility: 'public' } },
  copiedFrom: { old: null, new: { projectId: 2, issueId: 5, code: '004' } },
  title: { old: 'Viga', new: 'Viga V12' },
  description: { old: null, new: 'Texto' },
  status: { old: 'active', new: 'resolved' },
  priority: { old: 'low', new: 'high' },
  visibility: { old: 'public', new: 'group' },
  categoryId: { old: null, new: 3 },
  creationPhase: { old: null, new: 1 },
  resolutionPhase: { old: 1, new: null },
  deadline: { old: '2026-03-01', new: '2026-03-20' },
  groupId: { old: null, new: 9 },
  pin: { old: { x: 1, y: 2 }, new: { x: 3, y: 4 } },
  viewpoints: { old: [], new: [{ x: 1 }] },
  bimPins: { old: [], new: [{ x: 1 }] },
  documentsReferences: { old: [], new: [{ title: 'Planta A1', rev: 'R2' }] },
  ccodeDocumentsReferences: { old: [{ title: 'NBR 9050', rev: null }], new: [] },
  aiAssistantLogs: { old: null, new: [{ role: 'user' }] },
  images: { old: null, new: [planta] },
  disciplines: {
    old: [{ disciplineId: 7, status: 'todo', deadline: null }],
    new: [{ disciplineId: 7, status: 'done', deadline: null }],
  },
  locals: { old: [100], new: [101] },
  labels: { old: [], new: [200] },
};

describe('issue history lines', () => {
  it('tells image changes as sentences, never as data', async () => {
    const t = await translator('en');
    const lines = (old: unknown, next: unknown) =>
      issueHistoryLines({ field: 'images', old, new: next }, t, names);
    expect(lines(null, [planta])).toEqual(['Added the image “planta”']);
    expect(lines([planta], [])).toEqual(['Removed the image “planta”']);
    expect(lines([planta], [{ ...planta, title: 'planta baixa' }])).toEqual([
      'Renamed the image “planta” to “planta baixa”',
    ]);
    expect(lines([planta], [{ ...planta, markedUp: 12 }])).toEqual([
      'Changed the markup of the image “planta”',
    ]);
    expect(lines([], [{ id: 2, index: 0, title: '', original: 3, markedUp: null }])).toEqual([
      'Added an untitled image',
    ]);
    const es = await translator('es');
    expect(issueHistoryLines({ field: 'images', old: null, new: [planta] }, es, names)).toEqual([
      'Agregó la imagen «planta»',
    ]);
    const pt = await translator('pt-BR');
    expect(issueHistoryLines({ field: 'images', old: null, new: [planta] }, pt, names)).toEqual([
      'Adicionou a imagem “planta”',
    ]);
  });

  it('reads every field kind the history records as a sentence in each language', async () => {
    for (const lng of ['en', 'es', 'pt-BR']) {
      const t = await translator(lng);
      for (const change of fieldChanges(ISSUE_FIELDS)) {
        const lines = issueHistoryLines(change, t, names);
        expect(lines.length, `${lng} ${change.field}`).toBeGreaterThan(0);
        for (const line of lines) {
          // No raw data: no JSON, no key paths, no stored field names (camelCase ones).
          expect(line, `${lng} ${change.field}`).not.toMatch(/[{}[\]]|history\.|enums:|[a-z][A-Z]/);
        }
      }
    }
  });

  it('names what ids point at and words each change', async () => {
    const t = await translator('en');
    const all = fieldChanges(ISSUE_FIELDS).flatMap((c) => issueHistoryLines(c, t, names));
    expect(all).toEqual(
      expect.arrayContaining([
        'Created issue 012 “Viga”',
        'Changed the title from “Viga” to “Viga V12”',
        'Changed the status from Active to Resolved',
        'Set the group to Projetistas',
        'Set the creation phase to Obra',
        'Cleared the resolution phase (was Obra)',
        'Changed the deadline from 01/03/2026 to 20/03/2026',
        'Added the location “Térreo”',
        'Removed the location “Cobertura”',
        'Added the label “Urgente”',
        'Added the document reference “Planta A1 R2”',
        'Removed the code-document reference “NBR 9050”',
        'Changed the location pin',
        'EST: To do → Done',
      ]),
    );
  });
});

describe('comment history lines', () => {
  it('tells a comment change as sentences with names', async () => {
    const t = await translator('en');
    const fields = {
      message: { old: null, new: 'Ver @Ana' },
      visibility: { old: null, new: 'public' },
      groupId: { old: null, new: 9 },
      mentionedUsers: { old: null, new: [3] },
      images: { old: null, new: [planta] },
    };
    const lines = fieldChanges(fields).flatMap((c) => commentHistoryLines(c, t, names));
    expect(lines).toContain('Mentioned Ana Silva');
    expect(lines).toContain('Shared it with the group “Projetistas”');
    expect(lines).toContain('Added the image “planta”');
    for (const line of lines) expect(line).not.toMatch(/[{}[\]]/);
  });
});
