import { describe, expect, it } from 'vitest';
import {
  allowedDocumentStatuses,
  canDeleteDocument,
  canSeeDocument,
  checkDriveFileName,
  documentContentType,
  parseDocumentName,
  type DriveDocumentFacts,
  type DriveViewer,
  type NamingContext,
} from './index.ts';

const context: NamingContext = {
  rule: ['project', 'discipline', 'local', 'phase', 'sequence', 'description', 'revision'],
  separator: '-',
  disciplines: [
    { id: 1, abbreviation: 'ARQ' },
    { id: 2, abbreviation: 'EST' },
  ],
  locals: [
    { id: 10, abbreviation: 'TA', isGroup: true },
    { id: 11, abbreviation: 'P01', isGroup: false },
  ],
  phases: [{ id: 9, abbreviation: 'ED' }],
};

describe('parseDocumentName', () => {
  it('reads every field and resolves codes to ids', () => {
    const result = parseDocumentName('TRV-arq-P01-ED-0001-Planta-baixa-R02.pdf', context);
    expect(result).toEqual({
      ok: true,
      parsed: {
        values: {
          project: 'TRV',
          discipline: 'arq',
          local: 'P01',
          phase: 'ED',
          sequence: '0001',
          description: 'Planta-baixa',
          revision: 'R02',
        },
        documentName: 'TRV-arq-P01-ED-0001-Planta-baixa',
        revisionName: 'R02',
        extension: 'pdf',
        disciplineId: 1,
        localId: 11,
        phase: 9,
      },
    });
  });

  it('names the wrong field and its value', () => {
    expect(parseDocumentName('TRV-XYZ-P01-ED-0001-Planta-R02.pdf', context)).toEqual({
      ok: false,
      problem: { reason: 'invalidValue', field: 'discipline', value: 'XYZ' },
    });
    expect(parseDocumentName('TRV-ARQ-TA-ED-0001-Planta-R02.pdf', context)).toEqual({
      ok: false,
      problem: { reason: 'locationGroup', field: 'local', value: 'TA' },
    });
    expect(parseDocumentName('TRV-ARQ-P01-ED-0001-Planta-R_2.pdf', context)).toMatchObject({
      ok: false,
      problem: { reason: 'invalidRevision', field: 'revision' },
    });
    expect(parseDocumentName('TRV-ARQ-P01-XX-0001-Planta-R02.pdf', context)).toMatchObject({
      ok: false,
      problem: { field: 'phase', value: 'XX' },
    });
    expect(
      parseDocumentName('planta.pdf', { ...context, rule: ['discipline', 'sequence', 'revision'] }),
    ).toEqual({
      ok: false,
      problem: { reason: 'pattern', expected: 3, found: 1 },
    });
    expect(
      parseDocumentName('ARQ--R01.pdf', { ...context, rule: ['discipline', 'sequence', 'revision'] }),
    ).toEqual({ ok: false, problem: { reason: 'emptyField', field: 'sequence' } });
  });

  it('accepts any name without a rule', () => {
    expect(parseDocumentName('Memorial descritivo.docx', { ...context, rule: [] })).toMatchObject({
      ok: true,
      parsed: { documentName: 'Memorial descritivo', revisionName: '', extension: 'docx' },
    });
  });
});

describe('checkDriveFileName', () => {
  it('refuses paths, control characters, empty and extension-less names; keeps unicode', () => {
    expect(checkDriveFileName('../../etc/passwd.pdf')).toEqual({ ok: false, problem: 'forbiddenCharacter' });
    expect(checkDriveFileName('a\\b.pdf')).toEqual({ ok: false, problem: 'forbiddenCharacter' });
    expect(checkDriveFileName('a\u0000.pdf')).toEqual({ ok: false, problem: 'forbiddenCharacter' });
    expect(checkDriveFileName('x\u202Efdp.exe')).toEqual({ ok: false, problem: 'forbiddenCharacter' });
    expect(checkDriveFileName('x\u2067y.pdf')).toEqual({ ok: false, problem: 'forbiddenCharacter' });
    expect(checkDriveFileName('\ud800.pdf')).toEqual({ ok: false, problem: 'forbiddenCharacter' });
    // A pair is a character: an emoji is a valid name.
    expect(checkDriveFileName('🏗️ obra.pdf')).toEqual({ ok: true, fileName: '🏗️ obra.pdf' });
    expect(checkDriveFileName('  ')).toEqual({ ok: false, problem: 'empty' });
    expect(checkDriveFileName('README')).toEqual({ ok: false, problem: 'noExtension' });
    expect(checkDriveFileName(`${'a'.repeat(300)}.pdf`)).toEqual({ ok: false, problem: 'tooLong' });
    expect(checkDriveFileName(' Fachada ção 🏗.pdf ')).toEqual({ ok: true, fileName: 'Fachada ção 🏗.pdf' });
  });
});

describe('documentContentType', () => {
  const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
  it('accepts bytes that agree with the extension only', () => {
    expect(documentContentType('pdf', bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(documentContentType('pdf', bytes('<html>'))).toBeUndefined();
    expect(documentContentType('png', bytes('%PDF-1.7'))).toBeUndefined();
    expect(documentContentType('ifc', bytes('ISO-10303-21;\nHEADER;'))).toBe('application/x-step');
    expect(documentContentType('txt', bytes('olá'))).toBe('text/plain; charset=utf-8');
    expect(documentContentType('exe', bytes('MZ'))).toBeUndefined();
  });
});

describe('document visibility and permissions', () => {
  const doc = (visibility: DriveDocumentFacts['visibility']): DriveDocumentFacts => ({
    companyId: 1,
    createdByUserId: 100,
    disciplineId: 5,
    visibility,
    status: 'ANALYSING',
  });
  const viewers: Record<string, DriveViewer> = {
    ownCompany: { userId: 101, companyId: 1, role: 'collaborator', disciplineIds: [] },
    manager: { userId: 200, companyId: 2, role: 'coordinator', disciplineIds: [] },
    sameDiscipline: { userId: 300, companyId: 3, role: 'collaborator', disciplineIds: [5] },
    otherDiscipline: { userId: 400, companyId: 4, role: 'collaborator', disciplineIds: [6] },
    platformAdmin: { userId: 500, companyId: null, role: null, disciplineIds: [] },
  };
  it('widens from company to public', () => {
    const table = Object.fromEntries(
      Object.entries(viewers).map(([name, viewer]) => [
        name,
        (['company', 'project_management', 'discipline', 'public'] as const).map((v) =>
          canSeeDocument(viewer, doc(v)),
        ),
      ]),
    );
    expect(table).toEqual({
      ownCompany: [true, true, true, true],
      manager: [false, true, true, true],
      sameDiscipline: [false, false, true, true],
      otherDiscipline: [false, false, false, true],
      platformAdmin: [false, false, false, false],
    });
  });
  it('leaves approval to managers and deletion to managers or the uploader of a document in analysis', () => {
    expect(allowedDocumentStatuses(viewers['manager'] as DriveViewer, doc('public'))).toContain('APPROVED');
    expect(
      allowedDocumentStatuses(
        { userId: 100, companyId: 1, role: 'collaborator', disciplineIds: [5] },
        doc('public'),
      ),
    ).toEqual(['ANALYSING', 'OBSOLETED']);
    expect(allowedDocumentStatuses(viewers['sameDiscipline'] as DriveViewer, doc('public'))).toEqual([]);
    expect(
      canDeleteDocument(
        { userId: 100, companyId: 1, role: 'collaborator', disciplineIds: [5] },
        doc('public'),
      ),
    ).toBe(true);
    expect(canDeleteDocument(viewers['ownCompany'] as DriveViewer, doc('public'))).toBe(false);
  });
});
