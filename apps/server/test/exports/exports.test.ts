import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { actorOf, buildExportWorld, download, WORLD_TITLES, type ExportWorld } from './export-test-kit.ts';
import { prepareIssueExport } from '../../src/modules/exports/export-service.ts';
import { writeIssuesCsv } from '../../src/modules/exports/issue-export-writers.ts';
import { GET_ISSUES } from '../issues/issue-test-kit.ts';
import { call } from '../projects/project-test-kit.ts';

let t: TestServer;
let w: ExportWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildExportWorld(t);
});
afterAll(async () => {
  await t.close();
});

async function readXlsx(response: Response): Promise<ExcelJS.Workbook> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
}

function columnValues(sheet: ExcelJS.Worksheet, header: string): unknown[] {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const index = headers.indexOf(header) + 1;
  expect(index, header).toBeGreaterThan(0);
  const values: unknown[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) values.push(row.getCell(index).value);
  });
  return values;
}

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describe('issue exports', () => {
  it('writes the creator’s whole list to .xlsx: two sheets, typed cells, filters on, names not ids', async () => {
    const workbook = await readXlsx(
      await download(
        t,
        `/exports/issues.xlsx${query({ projectId: String(w.projectId), locale: 'en' })}`,
        w.creator.token,
      ),
    );
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Issues', 'Disciplines']);
    const [issues, disciplines] = workbook.worksheets;
    if (!issues || !disciplines) throw new Error('sheets missing');
    expect(new Set(columnValues(issues, 'Title'))).toEqual(new Set(Object.values(WORLD_TITLES)));
    expect(issues.autoFilter).toBe('A1:R7');
    const row = issues.getRow(columnValues(issues, 'Title').indexOf(WORLD_TITLES.public) + 2);
    const cell = (header: string) => row.getCell((issues.getRow(1).values as unknown[]).indexOf(header));
    expect(cell('Deadline').value).toEqual(new Date('2026-03-15T00:00:00Z'));
    expect(cell('Deadline').numFmt).toBe('yyyy-mm-dd');
    expect(cell('Created at (UTC)').value).toBeInstanceOf(Date);
    expect(cell('Locations').value).toBe('Torre A / Pavimento 2');
    expect(cell('Status').value).toBe('Active');
    expect(cell('Priority').value).toBe('High');
    expect(String(cell('Created by').value)).not.toBe('');
    // One row per discipline of each issue, with its own status and deadline.
    const publicRows = columnValues(disciplines, 'Title').filter((v) => v === WORLD_TITLES.public);
    expect(publicRows).toHaveLength(2);
    expect(columnValues(disciplines, 'Discipline deadline')).toContainEqual(new Date('2026-03-10T00:00:00Z'));
    expect(columnValues(disciplines, 'Discipline status')).toEqual(
      expect.arrayContaining(['To do', 'Follow']),
    );
  });

  it('exports only what each person’s list shows (the same visibility as the list)', async () => {
    const cases = [
      [w.collaboratorSame, [WORLD_TITLES.public, WORLD_TITLES.resolved]],
      [
        w.groupMember,
        [WORLD_TITLES.public, WORLD_TITLES.resolved, WORLD_TITLES.group, WORLD_TITLES.semi_public],
      ],
      [
        w.coordinator,
        [
          WORLD_TITLES.public,
          WORLD_TITLES.resolved,
          WORLD_TITLES.project_management,
          WORLD_TITLES.semi_public,
        ],
      ],
    ] as const;
    for (const [user, titles] of cases) {
      const workbook = await readXlsx(
        await download(t, `/exports/issues.xlsx${query({ projectId: String(w.projectId) })}`, user.token),
      );
      const [issues, disciplines] = workbook.worksheets;
      if (!issues || !disciplines) throw new Error('sheets missing');
      expect(new Set(columnValues(issues, columnHeader(issues)))).toEqual(new Set(titles));
      expect(new Set(columnValues(disciplines, columnHeader(disciplines)))).toEqual(new Set(titles));
    }
  });

  it('applies the list filter JSON and the selection, in CSV (quoted, formula-safe, localized)', async () => {
    const filter = JSON.stringify({
      standard: 'all',
      combination: 'and',
      conditions: [{ field: 'priority', values: ['low'] }],
    });
    const response = await download(
      t,
      `/exports/issues.csv${query({ projectId: String(w.projectId), filter, locale: 'pt-BR' })}`,
      w.creator.token,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename=".*-issues-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse(await csvText(response), { delimiter: ';' }) as string[][];
    expect(rows[0]?.slice(0, 3)).toEqual(['Código', 'Título', 'Descrição']);
    expect(rows.slice(1).map((r) => r[1])).toEqual([`'${WORLD_TITLES.resolved}`]);
    expect(rows[1]?.[2]).toBe('linha 1\nlinha 2; fim');
    // The selection: ids narrow the filtered list; hidden ids stay hidden.
    const ids = [w.issueIds.get(WORLD_TITLES.public), w.issueIds.get(WORLD_TITLES.creator)].join(',');
    const selected = await download(
      t,
      `/exports/issues.csv${query({ projectId: String(w.projectId), ids, separator: 'comma', locale: 'en' })}`,
      w.collaboratorOther.token,
    );
    const selectedRows = parse(await csvText(selected)) as string[][];
    expect(selectedRows.slice(1).map((r) => r[1])).toEqual([WORLD_TITLES.public]);
  });

  it('writes the per-discipline CSV and takes a POST body with the filter as JSON', async () => {
    const response = await download(t, '/exports/issues-disciplines.csv', w.creator.token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId: w.projectId,
        filter: { standard: 'all', search: 'interfere' },
        locale: 'es',
        separator: 'comma',
      }),
    });
    expect(response.status).toBe(200);
    const rows = parse(await csvText(response)) as string[][];
    expect(rows[0]).toEqual([
      'Código',
      'Título',
      'Estado',
      'Disciplina',
      'Nombre de la disciplina',
      'Estado de la disciplina',
      'Plazo de la disciplina',
      'Concluida el (UTC)',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[6]])).toEqual(
      expect.arrayContaining([
        [WORLD_TITLES.public, '2026-03-10'],
        [WORLD_TITLES.public, ''],
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('reads the list page by page, in the list’s order, whatever the page size', async () => {
    const list = await call<{ getIssues: { issues: { title: string }[] } }>(t, w.creator, GET_ISSUES, {
      projectId: w.projectId,
    });
    const prepared = await prepareIssueExport(
      t.server.services,
      await actorOf(t, w.creator.id),
      { projectId: w.projectId },
      2,
    );
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const count = await writeIssuesCsv(
      prepared.pages,
      {
        db: t.server.services.database.db,
        locale: 'en',
        lookups: prepared.lookups,
        separator: ',',
        kind: 'issues',
      },
      out,
    );
    expect(count).toBe(6);
    const rows = parse(Buffer.concat(chunks).toString('utf8').slice(1)) as string[][];
    expect(rows.slice(1).map((r) => r[1]?.replace(/^'/, ''))).toEqual(
      list.getIssues.issues.map((i) => i.title),
    );
  });

  it('refuses with catalogue codes: no credentials, an outsider, a bad filter, bad ids', async () => {
    const path = `/exports/issues.xlsx${query({ projectId: String(w.projectId) })}`;
    const anonymous = await download(t, path, undefined);
    expect([anonymous.status, ((await anonymous.json()) as { code: string }).code]).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
    const outsider = await download(t, path, w.outsider.token);
    expect(outsider.status).toBeGreaterThanOrEqual(403);
    expect(outsider.status).toBeLessThan(405);
    const bad = await download(
      t,
      `${path}&filter=${encodeURIComponent('{"standard":"nope"}')}`,
      w.creator.token,
    );
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, 'BAD_USER_INPUT']);
    const badIds = await download(t, `${path}&ids=1,x`, w.creator.token);
    expect([badIds.status, ((await badIds.json()) as { code: string }).code]).toEqual([
      400,
      'BAD_USER_INPUT',
    ]);
    const noProject = await download(t, '/exports/issues.csv', w.creator.token);
    expect(noProject.status).toBe(400);
  });
});

/** The CSV's text, after checking it starts with the UTF-8 byte-order mark (Excel reads accents by it). */
async function csvText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
}

function columnHeader(sheet: ExcelJS.Worksheet): string {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  return headers[1] ?? '';
}
