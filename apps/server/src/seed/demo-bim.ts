import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppServices } from '../services.ts';
import type { Actor } from '../auth/actor.ts';
import { driveFiles, projectDisciplines, users } from '../db/schema/index.ts';
import { toAccount } from '../modules/identity/account.ts';
import { confirmDriveUpload, createDriveFile } from '../modules/drive/drive-upload-service.ts';
import { createFederatedModel } from '../modules/bim/bim-federated-service.ts';
import { createIssue } from '../modules/issues/issue-create-service.ts';
import type { DemoUser } from './demo-seed.ts';

/** The buildingSMART BCF test models (CC BY-ND 4.0, fixtures/ifc/bcf-xml/SOURCE.md): one site, three disciplines. */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/ifc/bcf-xml');

const MODELS = [
  { file: 'Architectural.ifc', discipline: 'ARQ', sequence: '0101' },
  { file: 'Estructura.ifc', discipline: 'EST', sequence: '0102' },
  { file: 'MEP.ifc', discipline: 'HVAC', sequence: '0103' },
] as const;

/** The name of the demo's federated model. */
export const DEMO_FEDERATED_NAME = 'Coordenação BIM';

type Point = { x: number; y: number; z: number };

/**
 * Issues pinned in 3D on elements of the models: GUID, express id and the element's centre in IFC world
 * coordinates (Z up), read once with web-ifc from the fixtures.
 */
const PINNED = [
  {
    model: 'Estructura.ifc',
    title: 'Pilar P1 interfere com a parede da fachada',
    discipline: 'EST',
    guid: '1QUmVplzPCtAUgz0TVSle2',
    localId: 14126,
    world: { x: 15.206, y: -6.382, z: 1.65 },
  },
  {
    model: 'MEP.ifc',
    title: 'Duto sem folga para a viga',
    discipline: 'HVAC',
    guid: '1wlrA3OY1En95av2mL6981',
    localId: 93,
    world: { x: 13.076, y: -8.046, z: 8.047 },
  },
  {
    model: 'Architectural.ifc',
    title: 'Conferir vão da porta FFC-T21',
    discipline: 'ARQ',
    guid: '2ABTOtP4HAZgIuV7LUYbfs',
    localId: 10609,
    world: { x: 11.762, y: -16.024, z: 7.25 },
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
 * The demo project's BIM (issue 17): the three BCF test models uploaded to the drive by the manager (their
 * conversion is the same bim.convert job as any upload, run after the start), a federated model of them that
 * always loads the latest revisions, and three issues pinned in 3D with a BCF viewpoint each. First run only, and
 * a project that already has an IFC document is left alone. Answers the number of models uploaded.
 */
export async function seedDemoBim(services: AppServices, demoUsers: readonly DemoUser[]): Promise<number> {
  const { db } = services.database;
  const manager = demoUsers.find((u) => u.role === 'manager');
  const projectId = manager?.projectIds[0];
  if (!manager || projectId === undefined || !fs.existsSync(FIXTURES)) return 0;
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
  for (const model of MODELS) {
    try {
      const bytes = fs.readFileSync(path.join(FIXTURES, model.file));
      const created = await createDriveFile(services, actor, {
        projectId,
        fileName: `OBR-${model.discipline}-ED-TER-MOD-${model.sequence}-R00.ifc`,
        fileSize: bytes.length,
        visibility: 'public',
        origin: services.config.publicUrl,
      });
      await services.files.store.write(created.file.storageKey, bytes, 'application/x-step');
      await confirmDriveUpload(services, actor, { projectId, fileId: created.file.id });
      uploaded.set(model.file, { fileId: created.file.id, documentId: created.file.documentId });
    } catch (error) {
      services.logger.info({ err: error, file: model.file }, 'demo model skipped');
    }
  }
  if (uploaded.size === 0) return 0;
  await createFederatedModel(services, actor, {
    projectId,
    name: DEMO_FEDERATED_NAME,
    items: [...uploaded.values()].map((m) => ({ documentId: m.documentId, fileId: null })),
  });
  for (const pin of PINNED) {
    const model = uploaded.get(pin.model);
    const disciplineId = disciplineOf(pin.discipline);
    if (!model || disciplineId === undefined) continue;
    try {
      await createIssue(services, actor, {
        projectId,
        title: pin.title,
        status: 'active',
        priority: 'medium',
        visibility: 'public',
        disciplines: [{ disciplineId, status: 'todo' }],
        viewpoints: [viewpointAt(pin.guid, pin.world)],
        bimPins: [
          {
            fileId: model.fileId,
            documentId: model.documentId,
            guid: pin.guid,
            localId: pin.localId,
            // The viewer places a pin by its world point; `point` is that point in the viewer's axes (Y up).
            point: { x: pin.world.x, y: pin.world.z, z: -pin.world.y },
            world: pin.world,
          },
        ],
      });
    } catch (error) {
      services.logger.info({ err: error, title: pin.title }, 'demo 3D issue skipped');
    }
  }
  return uploaded.size;
}
