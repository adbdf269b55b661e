import { PassThrough, type Readable } from 'node:stream';
import sharp from 'sharp';
import {
  AppError,
  BCF_PRIORITY_OF,
  BCF_STATUS_OF,
  COMMENT_VISIBILITIES,
  OBRA_BCF_EXTENSION_FORMAT,
  bcfDisciplineLabel,
  bcfStageOf,
  bcfTopicTypeOf,
  type BcfDocument,
  type BcfTopic,
  type BcfVersion,
  type BcfVisualization,
  type IssueStatus,
  type ObraBcfExtension,
  type Priority,
} from '@obra/domain';
import type { Actor } from '../../auth/actor.ts';
import type { AppServices } from '../../services.ts';
import { commentViewsOfIssues } from '../issues/comments/issue-comment-query-service.ts';
import { getIssues } from '../issues/list/issue-query-service.ts';
import type { IssueView } from '../issues/issue-repository.ts';
import { loadProjectAccess } from '../projects/project-access.ts';
import { requireIssueReader } from '../projects/project-access.ts';
import { derivedCommentGuid, derivedTopicGuid, derivedViewpointGuid } from './bcf-guids.ts';
import { readStoredViewpoints } from './bcf-import-files.ts';
import { keptBcfValues, type KeptBcfValue, type KeptTopic } from './bcf-kept-values.ts';
import type { BcfSnapshotFile } from './bcf-package-write.ts';
import { writeBcfPackage } from './bcf-package-write.ts';
import {
  issueImagesWithFiles,
  loadBcfProjectSetup,
  loadBcfRows,
  topicsByGuid,
  userEmailsByIds,
  type BcfProjectSetup,
} from './bcf-repository.ts';
import { createBcfZip } from './bcf-zip.ts';

/** The most issues one export holds (the issue list's `ids` bound). */
export const BCF_EXPORT_LIMIT = 10_000;

/** Longest side of an exported snapshot (issue 16). */
export const BCF_SNAPSHOT_MAX_SIDE = 1500;

export interface BcfExportInput {
  projectId: number;
  version: string | undefined;
  /** The issue list's filter (JSON text or value). */
  filter?: unknown;
  /** Only these issues (the list's selection), further narrowed by the filter. */
  ids?: readonly number[] | undefined;
  /** Told after each topic is packed (the bcf.export job's progress). */
  onTopic?: ((done: number, total: number) => void) | undefined;
}

/** The export version asked for: 3.0 by default, or 2.1 (BCF_UNSUPPORTED_VERSION otherwise). */
export function parseBcfExportVersion(value: unknown): BcfVersion {
  if (value === undefined || value === null || value === '' || value === '3.0') return '3.0';
  if (value === '2.1') return '2.1';
  throw new AppError('BCF_UNSUPPORTED_VERSION', `BCF ${String(value)}`, { version: String(value) });
}
const parseVersion = parseBcfExportVersion;

function filterWithIds(filter: unknown, ids: readonly number[] | undefined): unknown {
  let value: unknown = filter ?? {};
  if (typeof value === 'string') {
    try {
      value = value.trim() === '' ? {} : (JSON.parse(value) as unknown);
    } catch {
      throw new AppError('BAD_USER_INPUT', 'filter is not JSON', { field: 'filter' });
    }
  }
  if (!ids) return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AppError('BAD_USER_INPUT', 'invalid filter', { field: 'filter' });
  const given = (value as { ids?: unknown }).ids;
  const narrowed = Array.isArray(given) ? ids.filter((id) => given.includes(id)) : [...ids];
  return { ...value, ids: narrowed };
}

/** Every issue the caller sees through the filter, page by page (the list's own SQL and visibility). */
async function visibleIssues(
  services: AppServices,
  actor: Actor,
  input: BcfExportInput,
): Promise<IssueView[]> {
  const filter = filterWithIds(input.filter, input.ids);
  const all: IssueView[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await getIssues(services, actor, { projectId: input.projectId, filter, after, first: 500 });
    all.push(...page.issues);
    if (all.length > BCF_EXPORT_LIMIT)
      throw new AppError('BAD_USER_INPUT', 'too many issues for one export', {
        field: 'filter',
        max: BCF_EXPORT_LIMIT,
      });
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
    after = page.pageInfo.endCursor;
  }
  return all;
}

function iso(date: Date | null | undefined): string | undefined {
  return date ? date.toISOString() : undefined;
}

/**
 * The package a user exports (GET /bcf-xml/projects/{projectId}/export): the issues they see through the
 * list's filter (and selection), with the comments they see, as BCF 2.1 or 3.0. Imported topics keep their
 * GUIDs and what BCF said that Obra has no field for; Obra's own issues get GUIDs derived from their ids.
 * Answers the file name and a stream that writes the archive entry by entry.
 */
export async function exportBcf(
  services: AppServices,
  actor: Actor,
  input: BcfExportInput,
): Promise<{ fileName: string; stream: Readable; count: number }> {
  const version = parseVersion(input.version);
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, input.projectId);
  requireIssueReader(access);
  const views = await visibleIssues(services, actor, input);
  const ids = views.map((v) => v.row.id);
  const [setup, rows, images, comments] = await Promise.all([
    loadBcfProjectSetup(db, input.projectId),
    loadBcfRows(db, ids),
    issueImagesWithFiles(db, ids),
    commentViewsOfIssues(services, access, new Map(views.map((v) => [v.row.id, v.row.visibility])), {
      visibilities: COMMENT_VISIBILITIES,
      includeDeleted: false,
    }),
  ]);
  const userIds = [
    ...new Set(views.flatMap((v) => [v.row.createdByUserId, v.row.editedByUserId ?? v.row.createdByUserId])),
  ];
  const emails = await userEmailsByIds(db, userIds);
  const projectGuid = access.project.guid;
  const exportedGuids = new Set<string>();
  const topicGuidOf = (issueId: number) =>
    rows.topics.get(issueId)?.guid ?? derivedTopicGuid(projectGuid, issueId);
  for (const id of ids) exportedGuids.add(topicGuidOf(id));
  const related = [
    ...new Set(
      [...rows.topics.values()].flatMap((t) =>
        ((t.topic as KeptTopic).relatedTopics ?? []).filter((g) => !exportedGuids.has(g)),
      ),
    ),
  ];
  const projectGuids = new Set((await topicsByGuid(db, input.projectId, related)).keys());
  const imageByFile = new Map(images.map((i) => [i.fileGuid, i]));
  const obra: ObraBcfExtension = { format: OBRA_BCF_EXTENSION_FORMAT, version: 1, projectGuid, topics: {} };
  const documents = new Map<string, BcfDocument & { storageKey: string }>();
  const snapshotImages = new Map<string, number>();
  const topics: BcfTopic[] = views.map((view) => {
    const row = view.row;
    const kept = (rows.topics.get(row.id)?.topic ?? {}) as KeptTopic;
    const guid = topicGuidOf(row.id);
    const status = row.status as IssueStatus;
    const priority = row.priority as Priority;
    const disciplineLabels = view.disciplines.map((d) =>
      bcfDisciplineLabel(d.discipline?.abbreviation ?? String(d.disciplineId), d.status),
    );
    const labelNames = view.labelIds
      .map((id) => setup.labels.find((l) => l.id === id)?.name)
      .filter((n): n is string => n !== undefined);
    obra.topics[guid] = {
      issueId: row.id,
      code: row.code,
      status,
      priority,
      visibility: row.visibility,
      category: row.categoryId,
      creationPhase: row.creationPhase,
      resolutionPhase: row.resolutionPhase,
      disciplines: view.disciplines.map((d) => ({
        abbreviation: d.discipline?.abbreviation ?? '',
        name: d.discipline?.name ?? '',
        standardDisciplineId: d.discipline?.standardDisciplineId ?? null,
        status: d.status,
        deadline: d.deadline,
      })),
      disciplineLabels,
    };
    for (const d of kept.documents ?? [])
      documents.set(d.guid, {
        guid: d.guid,
        filename: d.filename,
        description: d.description,
        storageKey: d.storageKey,
      });
    const stored = readStoredViewpoints(
      row.viewpoints,
      images.filter((i) => i.issueId === row.id),
    );
    const usedFiles = new Set(stored.map((v) => v.snapshot).filter((s): s is string => s !== null));
    const viewpoints = [
      ...stored.map((v) => {
        const image = v.snapshot ? imageByFile.get(v.snapshot) : undefined;
        if (image) snapshotImages.set(`${guid}/${v.guid}`, image.id);
        return {
          guid: v.guid,
          index: v.index ?? undefined,
          snapshot: image ? 'snapshot' : undefined,
          visualization: (v.visualization ?? undefined) as BcfVisualization | undefined,
        };
      }),
      // The issue's other images become viewpoints with only a snapshot.
      ...images
        .filter((i) => i.issueId === row.id && !usedFiles.has(i.fileGuid))
        .map((i) => {
          const vguid = derivedViewpointGuid(projectGuid, i.id);
          snapshotImages.set(`${guid}/${vguid}`, i.id);
          return { guid: vguid, index: undefined, snapshot: 'snapshot', visualization: undefined };
        }),
    ];
    const viewpointGuids = new Set(viewpoints.map((v) => v.guid));
    // What the imported topic said is written back while Obra's value still reads the same; else Obra's. An
    // element the package left out stays out while Obra's value is the one its absence reads as, so a package
    // exported again says what it said; the BCF-API (topicOf, api/bcf-api-mapping.ts) answers Obra's there.
    const imported = rows.topics.has(row.id);
    const values = keptBcfValues(row, kept, setup);
    const keep = (value: KeptBcfValue): string | undefined =>
      imported && value.same ? value.kept : value.obra;
    return {
      guid,
      serverAssignedId: row.code,
      topicType: keep(values.topicType),
      topicStatus: keep(values.topicStatus),
      referenceLinks: kept.referenceLinks ?? [],
      title: row.title,
      priority: keep(values.priority),
      index: kept.index,
      labels: [...new Set([...labelNames, ...(kept.unmappedLabels ?? []), ...disciplineLabels])],
      creationDate: kept.creationDate || row.createdAt.toISOString(),
      creationAuthor: kept.creationAuthor || (emails.get(row.createdByUserId) ?? 'unknown'),
      modifiedDate: iso(row.editedAt) ?? kept.modifiedDate,
      modifiedAuthor: row.editedByUserId ? emails.get(row.editedByUserId) : kept.modifiedAuthor,
      dueDate: row.deadline ? `${row.deadline}T00:00:00Z` : undefined,
      assignedTo: kept.assignedTo,
      stage: keep(values.stage),
      description: row.description ?? undefined,
      bimSnippet: kept.bimSnippet,
      documentReferences: kept.documentReferences ?? [],
      // A related topic that is an issue of the project outside this export (perhaps one the caller may not
      // see) is left out; GUIDs the project does not know are kept as the package had them.
      relatedTopics: (kept.relatedTopics ?? []).filter((g) => exportedGuids.has(g) || !projectGuids.has(g)),
      headerFiles: kept.headerFiles ?? [],
      comments: (comments.get(row.id) ?? []).map((c) => {
        const bcf = rows.comments.get(c.row.id);
        const data = (bcf?.comment ?? {}) as Record<string, string | undefined>;
        const author = c.users.get(c.row.createdByUserId)?.email;
        const viewpointGuid = data['viewpointGuid'];
        return {
          guid: bcf?.guid ?? derivedCommentGuid(projectGuid, c.row.id),
          date: data['date'] ?? c.row.createdAt.toISOString(),
          author: data['author'] ?? author ?? 'unknown',
          comment: c.row.message,
          viewpointGuid: viewpointGuid && viewpointGuids.has(viewpointGuid) ? viewpointGuid : undefined,
          modifiedDate: iso(c.row.editedAt) ?? data['modifiedDate'],
          modifiedAuthor: c.row.editedAt ? author : data['modifiedAuthor'],
        };
      }),
      viewpoints,
    };
  });
  const extensions = projectExtensions(setup, topics);
  const zip = createBcfZip();
  const out = new PassThrough();
  zip.stream.pipe(out);
  const documentList = await Promise.all(
    [...documents.values()].map(async (d) => ({
      ...d,
      bytes: await services.files.store.read(d.storageKey).catch(() => undefined),
    })),
  );
  void writeBcfPackage(
    zip,
    {
      version,
      project: { projectId: projectGuid, name: access.project.name },
      extensions,
      documents: documentList,
      topics,
      obra,
      now: new Date().toISOString(),
    },
    (topic, viewpointGuid) =>
      snapshotOf(services, images, snapshotImages.get(`${topic.guid}/${viewpointGuid}`)),
    input.onTopic,
  )
    .then(() => zip.end())
    .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error('export failed')));
  const name = access.project.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'project';
  return { fileName: `${name}-bcf-${version}.bcf`, stream: out, count: topics.length };
}

async function snapshotOf(
  services: AppServices,
  images: Awaited<ReturnType<typeof issueImagesWithFiles>>,
  imageId: number | undefined,
): Promise<BcfSnapshotFile | undefined> {
  const image = images.find((i) => i.id === imageId);
  if (!image) return undefined;
  const bytes = await services.files.store.read(image.storageKey).catch(() => undefined);
  if (!bytes) return undefined;
  const resized = sharp(bytes).rotate().resize({
    width: BCF_SNAPSHOT_MAX_SIDE,
    height: BCF_SNAPSHOT_MAX_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  if (image.contentType === 'image/jpeg') return { bytes: await resized.jpeg().toBuffer(), extension: 'jpg' };
  return { bytes: await resized.png().toBuffer(), extension: 'png' };
}

/** extensions.xml (3.0) from the project's setup and what the exported topics use. */
function projectExtensions(setup: BcfProjectSetup, topics: readonly BcfTopic[]) {
  const values = (pick: (t: BcfTopic) => (string | undefined)[]) =>
    topics.flatMap(pick).filter((v): v is string => v !== undefined && v.trim() !== '');
  return {
    topicTypes: [...setup.activeCategoryIds.map((id) => bcfTopicTypeOf(id)), ...values((t) => [t.topicType])],
    topicStatuses: [...Object.values(BCF_STATUS_OF), ...values((t) => [t.topicStatus])],
    priorities: [...Object.values(BCF_PRIORITY_OF), ...values((t) => [t.priority])],
    topicLabels: [...setup.labels.map((l) => l.name), ...values((t) => t.labels)],
    users: [
      ...[...setup.members.values()].map((m) => m.email),
      ...values((t) => [t.assignedTo, t.creationAuthor]),
    ],
    snippetTypes: values((t) => [t.bimSnippet?.snippetType]),
    stages: [
      ...setup.activePhaseIds.map((id) => bcfStageOf(id)).filter((s): s is string => s !== undefined),
      ...values((t) => [t.stage]),
    ],
  };
}
