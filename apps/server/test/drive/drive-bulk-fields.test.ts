import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { addDisciplines, createProject } from '../projects/project-test-kit.ts';
import { buildDriveWorld, join, rest, uploadFile, type DriveWorld } from './drive-test-kit.ts';

/**
 * Bulk edit of the document fields (issue 14: "bulk update … discipline, location, phase"): POST
 * /files/bulk-update with newDisciplineId, newLocalId, newPhase. The fields belong to the document, so every
 * revision follows; a field the naming rule reads from the name is not editable apart from it.
 */

let t: TestServer;
let w: DriveWorld;
/** A project without a naming rule. */
let free: DriveWorld;
let disciplines: number[];
let wing: number;
let block: number;
let collab: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Campos');
  const projectId = await createProject(t, w.owner, 'Obra Campos Livres');
  disciplines = await addDisciplines(t, w.owner, projectId);
  free = { ...w, projectId, base: `/project-drive/projects/${projectId}`, disciplineIds: disciplines };
  const { db } = t.server.services.database;
  const inserted = (await db.execute(
    sql`insert into project_locals (project_id, name, abbreviation) values (${projectId}, 'Bloco 1', 'B1') returning id`,
  )) as unknown as { rows: { id: number }[] };
  block = Number(inserted.rows[0]?.id);
  const child = (await db.execute(
    sql`insert into project_locals (project_id, name, abbreviation, parent_id) values (${projectId}, 'Ala A', 'B1A', ${block}) returning id`,
  )) as unknown as { rows: { id: number }[] };
  wing = Number(child.rows[0]?.id);
  await db.execute(
    sql`insert into project_phases (project_id, phase_id, active) values (${projectId}, 5, false)
        on conflict (project_id, phase_id) do update set active = false`,
  );
  collab = await join(t, projectId, 3, [disciplines[0] as number]);
});
afterAll(async () => {
  await t.close();
});

type FileAnswer = {
  disciplineId: number | null;
  localId: number | null;
  phase: number | null;
  revisions: { disciplineId: number | null; localId: number | null; phase: number | null }[];
};

describe('bulk edit of discipline, location and phase', () => {
  it('changes the fields of each document, every revision following; null clears a field', async () => {
    const a1 = await uploadFile(t, free, w.owner, 'Planta térreo.pdf');
    const a2 = await uploadFile(t, free, w.owner, 'Planta térreo.pdf');
    const b = await uploadFile(t, free, w.owner, 'Corte AA.pdf');
    const [arq] = disciplines as [number];
    const answer = await rest(t, w.owner, 'POST', `${free.base}/files/bulk-update`, {
      filesIds: [a2.id, b.id],
      newDisciplineId: arq,
      newLocalId: wing,
      newPhase: 4,
    });
    expect(answer.body).toEqual({ updated: [a2.id, b.id], failed: [] });
    const file = await rest<FileAnswer>(t, w.owner, 'GET', `${free.base}/files/${a1.id}`);
    expect(file.body).toMatchObject({ disciplineId: arq, localId: wing, phase: 4 });
    expect(file.body.revisions.map((r) => [r.disciplineId, r.localId, r.phase])).toEqual([
      [arq, wing, 4],
      [arq, wing, 4],
    ]);
    // The list filters by the new fields.
    const listed = await rest<{ files: { id: number }[] }>(
      t,
      w.owner,
      'GET',
      `${free.base}/files?localId=${wing}&phase=4&disciplineId=${arq}&sort=fileName&order=asc`,
    );
    expect(listed.body.files.map((f) => f.id)).toEqual([b.id, a2.id]);
    const cleared = await rest(t, w.owner, 'POST', `${free.base}/files/bulk-update`, {
      filesIds: [b.id],
      newLocalId: null,
      newPhase: null,
    });
    expect(cleared.body).toEqual({ updated: [b.id], failed: [] });
    expect((await rest(t, w.owner, 'GET', `${free.base}/files/${b.id}`)).body).toMatchObject({
      disciplineId: arq,
      localId: null,
      phase: null,
    });
  });

  it('refuses unknown values, a location group and a phase switched off, for the whole call', async () => {
    const file = await uploadFile(t, free, w.owner, 'Fachada leste.pdf');
    const post = (body: Record<string, unknown>) =>
      rest(t, w.owner, 'POST', `${free.base}/files/bulk-update`, { filesIds: [file.id], ...body });
    expect((await post({ newDisciplineId: 2147483646 })).body).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: { field: 'newDisciplineId' },
    });
    expect((await post({ newLocalId: 2147483646 })).body).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: { field: 'newLocalId' },
    });
    expect((await post({ newLocalId: block })).body).toMatchObject({
      code: 'DOCUMENT_NAME_INVALID',
      details: { reason: 'locationGroup', field: 'local', value: 'B1' },
    });
    expect((await post({ newPhase: 5 })).body).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: { field: 'newPhase' },
    });
    expect((await post({ newPhase: 14 })).body['code']).toBe('BAD_USER_INPUT');
  });

  it('a field the naming rule reads from the name is not editable: INVALID_ACTION', async () => {
    const file = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.pdf');
    for (const [body, field] of [
      [{ newDisciplineId: w.disciplineIds[1] }, 'discipline'],
      [{ newPhase: 4 }, 'phase'],
    ] as const) {
      const answer = await rest(t, w.owner, 'POST', `${w.base}/files/bulk-update`, {
        filesIds: [file.id],
        ...body,
      });
      expect([answer.status, answer.body['code'], answer.body['details']]).toMatchObject([
        400,
        'INVALID_ACTION',
        { reason: 'namingRule', field },
      ]);
    }
    // The rule has no location: that one is editable (there is no location in this project, so it is refused
    // as unknown, not as ruled).
    const local = await rest(t, w.owner, 'POST', `${w.base}/files/bulk-update`, {
      filesIds: [file.id],
      newLocalId: 2147483646,
    });
    expect(local.body).toMatchObject({ code: 'BAD_USER_INPUT', details: { field: 'newLocalId' } });
  });

  it('collaborators edit only their own documents, and only into their disciplines', async () => {
    const [arq, est] = disciplines as [number, number];
    const own = await uploadFile(t, free, collab, 'Detalhe escada.pdf', { disciplineId: arq });
    const others = await uploadFile(t, free, w.owner, 'Detalhe rampa.pdf', { disciplineId: arq });
    const move = await rest(t, collab, 'POST', `${free.base}/files/bulk-update`, {
      filesIds: [own.id, others.id],
      newDisciplineId: est,
    });
    expect(move.body).toEqual({
      updated: [],
      failed: [
        { fileId: own.id, code: 'DOCUMENT_PERMISSION_DENIED' },
        { fileId: others.id, code: 'DOCUMENT_PERMISSION_DENIED' },
      ],
    });
    const phase = await rest(t, collab, 'POST', `${free.base}/files/bulk-update`, {
      filesIds: [own.id, others.id],
      newPhase: 4,
    });
    expect(phase.body).toEqual({
      updated: [own.id],
      failed: [{ fileId: others.id, code: 'DOCUMENT_PERMISSION_DENIED' }],
    });
    expect((await rest(t, w.owner, 'GET', `${free.base}/files/${others.id}`)).body).toMatchObject({
      phase: null,
    });
  });
});
