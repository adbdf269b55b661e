import { describe, expect, it } from 'vitest';
import { demoSheetPdf } from '../../src/seed/demo-sheet-pdf.ts';
import { pdfPages } from '../support/pdf-text.ts';

const sheet = {
  discipline: 'ARQ',
  local: 'TER',
  type: 'PLA',
  title: 'Planta baixa - térreo',
  code: 'OBR-ARQ-ED-TER-PLA-0001-R01',
  revision: 'R01',
  company: 'Obra Demo',
};

describe('the demo drawing sheets', () => {
  it('read right in a PDF reader: Portuguese accents, the rooms of the level and the title block', async () => {
    const bytes = await demoSheetPdf(sheet);
    const [page, ...rest] = await pdfPages(bytes);
    expect(rest).toEqual([]);
    for (const text of [
      'Edifício Aurora',
      'Planta baixa - térreo',
      'Recepção',
      'Salão de festas',
      'Térreo',
      'OBR-ARQ-ED-TER-PLA-0001-R01',
      'corta-fogo P-90',
    ])
      expect(page).toContain(text);
    // No replacement of an accented letter by another glyph (the old sheets read "tÈrreo").
    expect(page).not.toMatch(/t[^é]rreo/);
  });

  it('embed their font (no reliance on a viewer substituting a standard font)', async () => {
    const raw = (await demoSheetPdf(sheet)).toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toMatch(/\/BaseFont\s*\/Helvetica\b/);
  });

  it('draw each discipline of the level: formwork, lighting, a building section', async () => {
    const formwork = (
      await pdfPages(await demoSheetPdf({ ...sheet, discipline: 'EST', local: 'SS', type: 'FOR' }))
    )[0];
    expect(formwork).toContain('V1 (20×50)');
    expect(formwork).toContain('P35');
    expect(formwork).toContain('Subsolo');
    const lighting = (await pdfPages(await demoSheetPdf({ ...sheet, discipline: 'ELE', local: 'TIPO' })))[0];
    expect(lighting).toContain('Apto 01 — Dormitório');
    expect(lighting).toContain('luminárias LED');
    const section = (await pdfPages(await demoSheetPdf({ ...sheet, local: 'COB', type: 'COR' })))[0];
    expect(section).toContain('Corte AA');
    expect(section).toContain('+28,50');
  });
});
