import { hash as oneShotHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import {
  AppError,
  BCF_MAX_BITMAP_BYTES,
  OBRA_BCF_EXTENSION_FILE,
  OBRA_BCF_EXTENSION_FORMAT,
  type BcfCamera,
  type BcfComment,
  type BcfComponent,
  type BcfDocumentReference,
  type BcfExtensions,
  type BcfPackage,
  type BcfPoint,
  type BcfTopic,
  type BcfViewpoint,
  type BcfVisualization,
  type ObraBcfExtension,
} from '@obra/domain';
import { openBcfArchive, type BcfArchive } from './bcf-zip.ts';

/** Elements that may repeat, read as arrays whatever their count. */
const REPEATED = new Set([
  'File',
  'ReferenceLink',
  'Labels',
  'Label',
  'DocumentReference',
  'RelatedTopic',
  'Comment',
  'Viewpoints',
  'ViewPoint',
  'Component',
  'Color',
  'Line',
  'ClippingPlane',
  'Bitmap',
  'TopicType',
  'TopicStatus',
  'Priority',
  'TopicLabel',
  'User',
  'SnippetType',
  'Stage',
  'Document',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  isArray: (name, jpath) =>
    REPEATED.has(name) &&
    // <Comment> inside <Comment> is the text, not a list; <Bitmap> inside a 2.1 <Bitmap> is the format.
    !/\.Comment\.Comment$/.test(String(jpath)) &&
    !/\.Bitmap\.Bitmap$/.test(String(jpath)) &&
    !/\.Topic\.Priority$/.test(String(jpath)) &&
    !/\.Topic\.Stage$/.test(String(jpath)),
});

type Node = Record<string, unknown>;

function parseXml(bytes: Buffer, what: string): Node {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  try {
    return parser.parse(text, true) as Node;
  } catch (error) {
    throw new AppError('BCF_INVALID_PACKAGE', `${what} is not well-formed XML`, {
      reason: `${what}: ${error instanceof Error ? error.message : 'not XML'}`,
    });
  }
}

function node(value: unknown): Node | undefined {
  if (Array.isArray(value)) return node(value[0]);
  return value !== null && typeof value === 'object' ? (value as Node) : undefined;
}

function nodes(value: unknown): Node[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => (typeof v === 'object' && v !== null ? (v as Node) : { '#text': v }));
}

/** The text of an element (a plain value, or #text beside attributes); blank text reads as undefined. */
function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const n = node(value);
  return n ? text(n['#text']) : undefined;
}

function texts(value: unknown): string[] {
  return nodes(value)
    .map((n) => text(n))
    .filter((t): t is string => t !== undefined);
}

function attr(n: Node | undefined, name: string): string | undefined {
  const value = n?.[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function bool(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return value === 'true' || value === '1';
}

function num(value: unknown): number | undefined {
  const t = text(value);
  if (t === undefined) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

function point(value: unknown): BcfPoint {
  const n = node(value);
  return { x: num(n?.['X']) ?? 0, y: num(n?.['Y']) ?? 0, z: num(n?.['Z']) ?? 0 };
}

/** A GUID as Obra keeps it: lower-case; a missing one is derived from where it was found, so it stays stable. */
export function normalGuid(value: string | undefined, seed: string): string {
  const v = value?.trim().toLowerCase();
  if (v && /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/.test(v)) return v;
  return derivedGuid(`${seed}|${v ?? ''}`);
}

/** A name-based GUID (the layout of RFC 4122 version 5, from SHA-1) of a seed string. */
export function derivedGuid(seed: string): string {
  // One-shot hashing (node >= 20.12): a page of topics derives hundreds of GUIDs.
  const hash = oneShotHash('sha1', seed, 'buffer');
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function component(n: Node): BcfComponent {
  return {
    ifcGuid: attr(n, 'IfcGuid'),
    originatingSystem: text(n['OriginatingSystem']),
    authoringToolId: text(n['AuthoringToolId']),
  };
}

function components(value: unknown): BcfComponent[] {
  return nodes(node(value)?.['Component']).map(component);
}

function camera(root: Node): BcfCamera | undefined {
  for (const kind of ['orthogonal', 'perspective'] as const) {
    const n = node(root[kind === 'orthogonal' ? 'OrthogonalCamera' : 'PerspectiveCamera']);
    if (!n) continue;
    return {
      kind,
      viewPoint: point(n['CameraViewPoint']),
      direction: point(n['CameraDirection']),
      upVector: point(n['CameraUpVector']),
      ...(kind === 'orthogonal'
        ? { viewToWorldScale: num(n['ViewToWorldScale']) ?? 1 }
        : { fieldOfView: num(n['FieldOfView']) ?? 60 }),
      aspectRatio: num(n['AspectRatio']),
    };
  }
  return undefined;
}

/** Reads a visinfo document (2.0, 2.1 or 3.0). */
export function readVisualization(bytes: Buffer, seed: string): BcfVisualization {
  const root = node(parseXml(bytes, seed)['VisualizationInfo']);
  if (!root)
    throw new AppError('BCF_INVALID_PACKAGE', 'no VisualizationInfo', {
      reason: `${seed}: no VisualizationInfo`,
    });
  const c = node(root['Components']);
  const visibility = node(c?.['Visibility']);
  // 2.1 puts ViewSetupHints in Components, 3.0 in Visibility.
  const hints = node(visibility?.['ViewSetupHints']) ?? node(c?.['ViewSetupHints']);
  const bitmapNodes = [...nodes(root['Bitmap']), ...nodes(node(root['Bitmaps'])?.['Bitmap'])];
  return {
    guid: normalGuid(attr(root, 'Guid'), seed),
    components: c
      ? {
          viewSetupHints: hints
            ? {
                spacesVisible: bool(attr(hints, 'SpacesVisible')) ?? false,
                spaceBoundariesVisible: bool(attr(hints, 'SpaceBoundariesVisible')) ?? false,
                openingsVisible: bool(attr(hints, 'OpeningsVisible')) ?? false,
              }
            : undefined,
          selection: components(c['Selection']),
          visibility: {
            defaultVisibility: bool(attr(visibility, 'DefaultVisibility')) ?? false,
            exceptions: components(visibility?.['Exceptions']),
          },
          coloring: nodes(node(c['Coloring'])?.['Color']).map((color) => ({
            color: attr(color, 'Color') ?? 'FF000000',
            // 3.0 wraps the components of a colour in <Components>, 2.1 does not.
            components: [
              ...nodes(color['Component']),
              ...nodes(node(color['Components'])?.['Component']),
            ].map(component),
          })),
        }
      : undefined,
    camera: camera(root),
    lines: nodes(node(root['Lines'])?.['Line']).map((l) => ({
      start: point(l['StartPoint']),
      end: point(l['EndPoint']),
    })),
    clippingPlanes: nodes(node(root['ClippingPlanes'])?.['ClippingPlane']).map((p) => ({
      location: point(p['Location']),
      direction: point(p['Direction']),
    })),
    bitmaps: bitmapNodes.map((b) => ({
      format: /jpe?g/i.test(text(b['Format']) ?? text(b['Bitmap']) ?? '') ? 'jpg' : 'png',
      reference: text(b['Reference']) ?? '',
      location: point(b['Location']),
      normal: point(b['Normal']),
      up: point(b['Up']),
      height: num(b['Height']) ?? 1,
    })),
  };
}

function documentReferences(topic: Node, topicGuid: string): BcfDocumentReference[] {
  const list = [
    ...nodes(topic['DocumentReference']),
    ...nodes(node(topic['DocumentReferences'])?.['DocumentReference']),
  ];
  return list.map((d, i) => ({
    guid: normalGuid(attr(d, 'Guid'), `${topicGuid}/document/${i}`),
    documentGuid: text(d['DocumentGuid'])?.toLowerCase(),
    url: text(d['Url']) ?? text(d['ReferencedDocument']),
    isExternal:
      bool(attr(d, 'isExternal') ?? attr(d, 'IsExternal')) ?? (text(d['Url']) !== undefined || undefined),
    description: text(d['Description']),
  }));
}

function comment(n: Node, seed: string): BcfComment {
  return {
    guid: normalGuid(attr(n, 'Guid'), seed),
    date: text(n['Date']) ?? '1970-01-01T00:00:00Z',
    author: text(n['Author']) ?? 'unknown',
    comment: text(n['Comment']) ?? '',
    viewpointGuid: attr(node(n['Viewpoint']), 'Guid')?.toLowerCase(),
    modifiedDate: text(n['ModifiedDate']),
    modifiedAuthor: text(n['ModifiedAuthor']),
  };
}

/** Reads one topic folder's markup.bcf with its viewpoints; throws BCF_INVALID_PACKAGE with a reason. */
export async function readTopic(archive: BcfArchive, folder: string): Promise<BcfTopic> {
  const markup = node(parseXml(await archive.read(`${folder}/markup.bcf`), `${folder}/markup.bcf`)['Markup']);
  const topic = node(markup?.['Topic']);
  if (!markup || !topic)
    throw new AppError('BCF_INVALID_PACKAGE', 'no Topic', { reason: `${folder}/markup.bcf has no Topic` });
  const guid = normalGuid(attr(topic, 'Guid') ?? folder, folder);
  const header = node(markup['Header']);
  const headerFiles = [...nodes(header?.['File']), ...nodes(node(header?.['Files'])?.['File'])].map((f) => ({
    ifcProject: attr(f, 'IfcProject'),
    ifcSpatialStructureElement: attr(f, 'IfcSpatialStructureElement'),
    isExternal: bool(attr(f, 'isExternal') ?? attr(f, 'IsExternal')),
    filename: text(f['Filename']),
    date: text(f['Date']),
    reference: text(f['Reference']),
  }));
  // 2.1: <Comment> and <Viewpoints> beside <Topic>; 3.0: <Comments>/<Comment> and <Viewpoints>/<ViewPoint> inside it.
  const commentNodes = [...nodes(markup['Comment']), ...nodes(node(topic['Comments'])?.['Comment'])];
  const viewpointNodes = [...nodes(markup['Viewpoints']), ...nodes(node(topic['Viewpoints'])?.['ViewPoint'])];
  const viewpoints: BcfViewpoint[] = [];
  for (const [i, v] of viewpointNodes.entries()) {
    const file = text(v['Viewpoint']);
    const seed = `${guid}/${file ?? i}`;
    const vguid = normalGuid(attr(v, 'Guid'), seed);
    const path = file ? `${folder}/${file}` : undefined;
    const visualization =
      path && archive.has(path) ? readVisualization(await archive.read(path), seed) : undefined;
    if (visualization)
      for (const bitmap of visualization.bitmaps) {
        const bitmapPath = `${folder}/${bitmap.reference}`;
        if (bitmap.reference && archive.has(bitmapPath))
          bitmap.data = (await archive.read(bitmapPath, BCF_MAX_BITMAP_BYTES)).toString('base64');
      }
    const snapshot = text(v['Snapshot']);
    viewpoints.push({
      guid: vguid,
      index: num(v['Index']),
      snapshot: snapshot && archive.has(`${folder}/${snapshot}`) ? snapshot : undefined,
      visualization: visualization ? { ...visualization, guid: vguid } : undefined,
    });
  }
  // 2.0/2.1 packages may have a viewpoint.bcfv and snapshot.png without any <Viewpoints> entry.
  if (viewpoints.length === 0 && archive.has(`${folder}/viewpoint.bcfv`)) {
    const seed = `${guid}/viewpoint.bcfv`;
    const visualization = readVisualization(await archive.read(`${folder}/viewpoint.bcfv`), seed);
    viewpoints.push({
      guid: visualization.guid,
      snapshot: archive.has(`${folder}/snapshot.png`) ? 'snapshot.png' : undefined,
      visualization,
    });
  }
  // 2.1 repeats <Labels>text</Labels>; 3.0 has <Labels><Label>text</Label>…</Labels>.
  const labels = nodes(topic['Labels']).flatMap((n) =>
    n['Label'] !== undefined ? texts(n['Label']) : texts(n),
  );
  const title = text(topic['Title']);
  return {
    guid,
    folder,
    serverAssignedId: attr(topic, 'ServerAssignedId'),
    topicType: attr(topic, 'TopicType'),
    topicStatus: attr(topic, 'TopicStatus'),
    referenceLinks: [
      ...texts(topic['ReferenceLink']),
      ...texts(node(topic['ReferenceLinks'])?.['ReferenceLink']),
    ],
    title: title ?? '',
    priority: text(topic['Priority']),
    index: num(topic['Index']),
    labels: [...new Set(labels)],
    creationDate: text(topic['CreationDate']) ?? '',
    creationAuthor: text(topic['CreationAuthor']) ?? '',
    modifiedDate: text(topic['ModifiedDate']),
    modifiedAuthor: text(topic['ModifiedAuthor']),
    dueDate: text(topic['DueDate']),
    assignedTo: text(topic['AssignedTo']),
    stage: text(topic['Stage']),
    description: text(topic['Description']),
    bimSnippet: node(topic['BimSnippet'])
      ? {
          snippetType: attr(node(topic['BimSnippet']), 'SnippetType') ?? 'unknown',
          isExternal: bool(
            attr(node(topic['BimSnippet']), 'isExternal') ?? attr(node(topic['BimSnippet']), 'IsExternal'),
          ),
          reference: text(node(topic['BimSnippet'])?.['Reference']) ?? '',
          referenceSchema: text(node(topic['BimSnippet'])?.['ReferenceSchema']) ?? '',
        }
      : undefined,
    documentReferences: documentReferences(topic, guid),
    relatedTopics: [...nodes(topic['RelatedTopic']), ...nodes(node(topic['RelatedTopics'])?.['RelatedTopic'])]
      .map((r) => attr(r, 'Guid')?.toLowerCase())
      .filter((g): g is string => g !== undefined),
    headerFiles,
    comments: commentNodes.map((c, i) => comment(c, `${guid}/comment/${i}`)),
    viewpoints,
  };
}

function extensions(root: Node | undefined): BcfExtensions | undefined {
  if (!root) return undefined;
  const list = (outer: string, inner: string) => texts(node(root[outer])?.[inner]);
  return {
    topicTypes: list('TopicTypes', 'TopicType'),
    topicStatuses: list('TopicStatuses', 'TopicStatus'),
    priorities: list('Priorities', 'Priority'),
    topicLabels: list('TopicLabels', 'TopicLabel'),
    users: list('Users', 'User'),
    snippetTypes: list('SnippetTypes', 'SnippetType'),
    stages: list('Stages', 'Stage'),
  };
}

function readObraExtension(bytes: Buffer): ObraBcfExtension | undefined {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as Partial<ObraBcfExtension>;
    if (value.format !== OBRA_BCF_EXTENSION_FORMAT || typeof value.topics !== 'object' || !value.topics)
      return undefined;
    return value as ObraBcfExtension;
  } catch {
    return undefined;
  }
}

/** The version a package declares: 2.0, 2.1 and 3.0 are read; anything else is BCF_UNSUPPORTED_VERSION. */
async function readVersion(archive: BcfArchive): Promise<string> {
  if (!archive.has('bcf.version')) {
    if (archive.paths.some((p) => /^[^/]+\/markup\.bcf$/i.test(p))) return '2.1';
    throw new AppError('BCF_INVALID_PACKAGE', 'no bcf.version', { reason: 'the archive has no bcf.version' });
  }
  const root = node(parseXml(await archive.read('bcf.version', 1_000_000), 'bcf.version')['Version']);
  const id = attr(root, 'VersionId') ?? text(root?.['DetailedVersion']) ?? '';
  const version = /^3\.0/.test(id) ? '3.0' : /^2\.[01]/.test(id) ? '2.1' : undefined;
  if (!version) throw new AppError('BCF_UNSUPPORTED_VERSION', `BCF ${id}`, { version: id });
  return version;
}

/** Reads a whole package (XML only; snapshots and documents are read from the archive when stored). */
export async function readBcfPackage(archive: BcfArchive): Promise<BcfPackage> {
  const version = await readVersion(archive);
  const projectXml = archive.has('project.bcfp')
    ? parseXml(await archive.read('project.bcfp'), 'project.bcfp')
    : undefined;
  // 3.0: ProjectInfo/Project; 2.1: ProjectExtension/Project.
  const project = node(node(projectXml?.['ProjectInfo'] ?? projectXml?.['ProjectExtension'])?.['Project']);
  const ext = archive.has('extensions.xml')
    ? extensions(node(parseXml(await archive.read('extensions.xml'), 'extensions.xml')['Extensions']))
    : undefined;
  const docs = archive.has('documents.xml')
    ? nodes(
        node(
          node(parseXml(await archive.read('documents.xml'), 'documents.xml')['DocumentInfo'])?.['Documents'],
        )?.['Document'],
      )
    : [];
  const folders = [
    ...new Set(
      archive.paths
        .filter((p) => p.split('/').length === 2 && !/^documents\//i.test(p))
        .map((p) => p.split('/')[0] ?? ''),
    ),
  ].filter((f) => f !== '');
  const topics: BcfTopic[] = [];
  const unreadable: BcfPackage['unreadable'] = [];
  for (const folder of folders) {
    if (!archive.has(`${folder}/markup.bcf`)) {
      unreadable.push({ folder, reason: 'the folder has no markup.bcf' });
      continue;
    }
    try {
      topics.push(await readTopic(archive, folder));
    } catch (error) {
      const reason =
        error instanceof AppError ? String(error.details?.['reason'] ?? error.message) : 'unreadable';
      unreadable.push({ folder, reason });
    }
  }
  return {
    version,
    project: project
      ? { projectId: attr(project, 'ProjectId') ?? '', name: text(project['Name']) }
      : undefined,
    extensions: ext,
    documents: docs.map((d) => ({
      guid: (attr(d, 'Guid') ?? '').toLowerCase(),
      filename: text(d['Filename']) ?? '',
      description: text(d['Description']),
    })),
    topics,
    obra: archive.has(OBRA_BCF_EXTENSION_FILE)
      ? readObraExtension(await archive.read(OBRA_BCF_EXTENSION_FILE, 20_000_000))
      : undefined,
    unreadable,
  };
}

/**
 * Opens a package file and reads it (bounded by openBcfArchive's limits): the archive stays open for the
 * snapshots and documents the import reads later, and is the caller's to close; it is closed here when the
 * package cannot be read.
 */
export async function openBcfPackage(file: string): Promise<{ archive: BcfArchive; pkg: BcfPackage }> {
  const archive = await openBcfArchive(file);
  try {
    return { archive, pkg: await readBcfPackage(archive) };
  } catch (error) {
    archive.close();
    throw error;
  }
}
