import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppServices } from '../services.ts';
import type { Actor } from '../auth/actor.ts';
import { driveFiles, projectDisciplines, users } from '../db/schema/index.ts';
import { toAccount } from '../modules/identity/account.ts';
import { confirmDriveUpload, createDriveFile } from '../modules/drive/drive-upload-service.ts';
import { createFederatedModel } from '../modules/bim/bim-federated-service.ts';
import { createIssue } from '../modules/issues/issue-create-service.ts';
import type { DemoUser } from './demo-seed-step.ts';
import { demoIfcModels, type DemoIfcElement } from './demo-ifc.ts';

/** The demo building's models (generated from its levels and rooms by demo-ifc.ts), one per discipline. */
const MODELS = [
  { discipline: 'ARQ', sequence: '0101' },
  { discipline: 'EST', sequence: '0102' },
  { discipline: 'HVAC', sequence: '0103' },
] as const;

/** The name of the demo's federated model. */
export const DEMO_FEDERATED_NAME = 'Coordenação BIM';

type Point = { x: number; y: number; z: number };

/** Issues pinned in 3D on elements of the models (the clashes demo-ifc.ts builds in, and a door to check). */
const PINNED = [
  { discipline: 'EST', element: 'column:TER:P1', title: 'Pilar P1 interfere com a parede da fachada' },
  { discipline: 'HVAC', element: 'duct:TIPO:clash', title: 'Duto DT-02 sem folga para a viga V3' },
  {
    discipline: 'ARQ',
    element: 'door:TER:Escada / Elevadores',
    title: 'Conferir vão da porta corta-fogo da escada (P-TER-04)',
  },
] as const;

/** A BCF viewpoint looking at a world point from 7 m away, above and to the south-east, selecting one element. */
function viewpointAt(guid: string, world: Point) {
  const position = { x: world.x + 5, y: world.y - 4, z: world.z + 3 };
  const d = { x: world.x - position.x, y: world.y - position.y, z: world.z - position.z };
  const n = Math.hypot(d.x, d.y, d.z);
  const id = crypto.randomUUID();
  return {
    guid: id,
    index: 0,
    visualization: {
      guid: id,
      camera: {
        kind: 'perspective',
        viewPoint: position,
        direction: { x: d.x / n, y: d.y / n, z: d.z / n },
        upVector: { x: 0, y: 0, z: 1 },
        fieldOfView: 50,
        aspectRatio: 1.6,
      },
      components: {
        selection: [{ ifcGuid: guid }],
        visibility: { defaultVisibility: true, exceptions: [] },
        coloring: [],
      },
      lines: [],
      clippingPlanes: [],
      bitmaps: [],
    },
  };
}

/**
 * The demo project's BIM (issue 17): the demo building's three models uploaded to the drive by the manager (their
 * conversion is the same bim.convert job as any upload, run after the start), a federated model of them that
 * always loads the latest revisions, and three issues pinned in 3D with a BCF viewpoint each. First run only, and
 * a project that already has an IFC document is left alone. Answers the number of models uploaded.
 */
export async function seedDemoBim(services: AppServices, demoUsers: readonly DemoUser[]): Promise<number> {
  const { db } = services.database;
  const manager = demoUsers.find((u) => u.role === 'manager');
  const projectId = manager?.projectIds[0];
  if (!manager || projectId === undefined) return 0;
  const [existing] = await db
    .select({ id: driveFiles.id })
    .from(driveFiles)
    .where(and(eq(driveFiles.projectId, projectId), eq(driveFiles.extension, 'ifc')))
    .limit(1);
  if (existing) return 0;
  const [row] = await db
    .select()
    .from(users)
    .where(inArray(users.email, [manager.email]));
  if (!row) return 0;
  const actor: Actor = { account: toAccount(row), via: 'session', sessionId: undefined };
  const disciplines = await db
    .select({ id: projectDisciplines.id, abbreviation: projectDisciplines.abbreviation })
    .from(projectDisciplines)
    .where(and(eq(projectDisciplines.projectId, projectId), isNull(projectDisciplines.removedAt)));
  const disciplineOf = (abbreviation: string) => disciplines.find((d) => d.abbreviation === abbreviation)?.id;

  const uploaded = new Map<string, { fileId: number; documentId: number }>();
  const elements = new Map<string, DemoIfcElement>();
  const generated = demoIfcModels();
  for (const model of MODELS) {
    const ifc = generated.find((g) => g.discipline === model.discipline);
    if (!ifc) continue;
    try {
      const bytes = Buffer.from(ifc.text, 'latin1');
      const created = await createDriveFile(services, actor, {
        projectId,
        fileName: `OBR-${model.discipline}-ED-TER-MOD-${model.sequence}-R00.ifc`,
        fileSize: bytes.length,
        visibility: 'public',
        origin: services.config.publicUrl,
      });
      await services.files.store.write(created.file.storageKey, bytes, 'application/x-step');
      await confirmDriveUpload(services, actor, { projectId, fileId: created.file.id });
      uploaded.set(model.discipline, { fileId: created.file.id, documentId: created.file.documentId });
      for (const [key, element] of ifc.elements) elements.set(`${model.discipline}:${key}`, element);
    } catch (error) {
      services.logger.info({ err: error, discipline: model.discipline }, 'demo model skipped');
    }
  }
  if (uploaded.size === 0) return 0;
  await createFederatedModel(services, actor, {
    projectId,
    name: DEMO_FEDERATED_NAME,
    items: [...uploaded.values()].map((m) => ({ documentId: m.documentId, fileId: null })),
  });
  for (const pin of PINNED) {
    const model = uploaded.get(pin.discipline);
    const element = elements.get(`${pin.discipline}:${pin.element}`);
    const disciplineId = disciplineOf(pin.discipline);
    if (!model || !element || disciplineId === undefined) continue;
    try {
      await createIssue(services, actor, {
        projectId,
        title: pin.title,
        status: 'active',
        priority: 'medium',
        visibility: 'public',
        disciplines: [{ disciplineId, status: 'todo' }],
        viewpoints: [viewpointAt(element.guid, element.centre)],
        bimPins: [
          {
            fileId: model.fileId,
            documentId: model.documentId,
            guid: element.guid,
            localId: element.localId,
            // The viewer places a pin by its world point; `point` is that point in the viewer's axes (Y up).
            point: { x: element.centre.x, y: element.centre.z, z: -element.centre.y },
            world: element.centre,
          },
        ],
      });
    } catch (error) {
      services.logger.info({ err: error, title: pin.title }, 'demo 3D issue skipped');
    }
  }
  return uploaded.size;
}
